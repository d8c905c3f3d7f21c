import { dataStore } from '../blobs';
import { idTime, newId } from '../ids';
import {
  LEAD_STATUSES,
  leadReplySchema,
  leadStateSchema,
  type LeadReply,
  type LeadSource,
  type LeadState,
  type LeadStatus,
} from '../schemas/lead';
import { feedKey, inBatches, settledKeys } from './feed';

/**
 * A lead's state, kept with the contact messages (store `contact-messages`; docs/architecture.md, "Lead inbox"):
 *
 * - `lead/{id}`: status and owner, written whole by the partner who changes them (absent: new, no owner);
 * - `replies/{id}/{time}-{replyId}`: one key per reply sent, append-only (a thread never loses a reply to a race);
 * - filter feeds, pointer folders shaped like the main feed (src/lib/stores/feed.ts) so a filtered page costs what an
 *   unfiltered one does: `st-{status}` (by status), `src-{source}` (by source), `st-{status}-{source}` (both). A
 *   status change writes the new status's pointers, then deletes the other statuses' (a constant 2 + 6 requests).
 *   Two racing changes can leave a record in two status folders for a moment; a filtered page reads each row's
 *   state anyway and keeps only the rows whose state matches, so a row never shows under the wrong status.
 */
const STATE = 'lead/';
const REPLIES = 'replies/';
/** Replies a lead may get at most: the thread stays small, and a stolen session cannot mail one address endlessly. */
export const MAX_REPLIES_PER_LEAD = 20;

const store = () => dataStore('contact-messages');

const NEW_STATE: LeadState = { status: 'new', owner: null, updatedAt: null };

/** The feed area a filter reads (null: no filter, the main feed). */
export function filterArea(status: LeadStatus | null, source: LeadSource | null): string | null {
  if (status && source) return `st-${status}-${source}`;
  if (status) return `st-${status}`;
  if (source) return `src-${source}`;
  return null;
}

function statusPointers(id: string, status: LeadStatus, source: LeadSource): string[] {
  const ms = idTime(id);
  return [feedKey(`st-${status}`, ms, id), feedKey(`st-${status}-${source}`, ms, id)];
}

/** Every filter pointer of a record in its current status (written with a new message). */
export function leadPointerKeys(id: string, status: LeadStatus, source: LeadSource): string[] {
  return [feedKey(`src-${source}`, idTime(id), id), ...statusPointers(id, status, source)];
}

/** Writes a record's filter pointers for a status (a new message: `new`). */
export async function writeLeadPointers(id: string, source: LeadSource, status: LeadStatus = 'new'): Promise<void> {
  const s = store();
  await Promise.all(leadPointerKeys(id, status, source).map((key) => s.set(key, '')));
}

/** A lead's state (new, no owner, when none was stored). */
export async function getLeadState(id: string): Promise<LeadState> {
  const raw: unknown = await store().get(STATE + id, { type: 'json' });
  if (raw === null) return NEW_STATE;
  const parsed = leadStateSchema.safeParse(raw);
  return parsed.success ? parsed.data : NEW_STATE;
}

/** Whether a lead's state was ever stored (the backfill writes `new` pointers only for those without). */
export async function hasLeadState(id: string): Promise<boolean> {
  return (await store().getMetadata(STATE + id)) !== null;
}

/**
 * Stores a lead's new state and moves its status pointers: the state first, then the new status's pointers, then the
 * other statuses' pointers deleted. Constant cost.
 */
export async function putLeadState(id: string, source: LeadSource, state: LeadState): Promise<void> {
  const s = store();
  await s.setJSON(STATE + id, state);
  await Promise.all(statusPointers(id, state.status, source).map((key) => s.set(key, '')));
  const others = LEAD_STATUSES.filter((status) => status !== state.status);
  await Promise.all(others.flatMap((status) => statusPointers(id, status, source)).map((key) => s.delete(key)));
}

function replyFolder(id: string): string {
  return `${REPLIES}${id}/`;
}

/** The thread of replies, oldest first: one list of the lead's folder and a read per reply (at most 20). */
export async function leadReplies(id: string): Promise<LeadReply[]> {
  const keys = await settledKeys(store(), replyFolder(id));
  const replies = await inBatches(keys, 20, async (key) => {
    const parsed = leadReplySchema.safeParse(await store().get(key, { type: 'json' }));
    return parsed.success ? parsed.data : null;
  });
  return replies.filter((reply): reply is LeadReply => reply !== null).sort((a, b) => a.id.localeCompare(b.id));
}

/** How many replies a lead has (one list). */
export async function leadReplyCount(id: string): Promise<number> {
  return (await settledKeys(store(), replyFolder(id))).length;
}

/** Appends a reply to the thread: a key of its own, never a rewrite of the others. */
export async function appendLeadReply(
  leadId: string,
  reply: Omit<LeadReply, 'id'>,
  now = new Date(),
): Promise<LeadReply> {
  const stored: LeadReply = { id: newId(now.getTime()), ...reply };
  await store().setJSON(`${replyFolder(leadId)}${stored.id}`, stored);
  return stored;
}

/** Removes everything of a lead but the message (deleted by its caller): state, filter pointers, replies. */
export async function deleteLeadData(id: string, source: LeadSource): Promise<void> {
  const s = store();
  const replies = await settledKeys(s, replyFolder(id));
  const pointers = LEAD_STATUSES.flatMap((status) => leadPointerKeys(id, status, source));
  await Promise.all([...pointers, ...replies, STATE + id].map((key) => s.delete(key)));
}
