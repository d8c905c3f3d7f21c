import type { Config } from '@netlify/functions';
import { resumeSendingIssues } from '../../src/features/newsletter/issues';
import { retryDueMail } from '../../src/features/mail/outbox';

/**
 * Scheduled (every 5 minutes): sends what waits in the outbox and is due (after a failure, backoff of 5 min
 * doubling to 6 h; without SMTP_URL, nothing), and resumes a newsletter issue left `sending` whose run went silent.
 * No path: the platform alone invokes it.
 */
export default async function mailRetry(): Promise<Response> {
  const { sent, waiting } = await retryDueMail();
  if (sent > 0 || waiting > 0) console.log(`Mail retry: ${sent} sent, ${waiting} waiting`);
  const resumed = await resumeSendingIssues();
  if (resumed > 0) console.log(`Mail retry: ${resumed} newsletter issue run(s) resumed`);
  return new Response(null, { status: 204 });
}

export const config: Config = {
  schedule: '*/5 * * * *',
};
