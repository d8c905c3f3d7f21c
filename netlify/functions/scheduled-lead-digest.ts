import type { Config } from '@netlify/functions';
import { sendLeadDigest } from '../../src/features/leads/inbox';

/**
 * Scheduled (Mondays 07:00 UTC): the weekly digest of new and unanswered leads to LEADS_TO (src/features/leads/inbox.ts).
 * One per ISO week (its outbox key). No path: the platform alone invokes it.
 */
export default async function leadDigest(): Promise<Response> {
  const { fresh, unanswered } = await sendLeadDigest();
  console.log(`Lead digest: ${fresh} new, ${unanswered} unanswered`);
  return new Response(null, { status: 204 });
}

export const config: Config = {
  schedule: '0 7 * * 1',
};
