import type { Config } from '@netlify/functions';
import { sendDueReminders } from '../../src/features/meetings/booking';

/**
 * Scheduled (every 15 minutes): mails each visitor a reminder of their meeting once it is less than 24 hours away
 * (docs/product.md, "Meetings"), once per meeting however the runs overlap. No path: the platform alone invokes it.
 */
export default async function meetingReminders(): Promise<Response> {
  const queued = await sendDueReminders(new Date());
  if (queued > 0) console.log(`Meeting reminders: ${queued} queued`);
  return new Response(null, { status: 204 });
}

export const config: Config = {
  schedule: '*/15 * * * *',
};
