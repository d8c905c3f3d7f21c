import { createHash } from 'node:crypto';
import { z } from 'zod';
import { dataStore } from '../blobs';
import { claimSlot } from './daily-quota';

/**
 * Invitation links (src/lib/auth/invitations.ts), in the `auth` store:
 * - `invitations/{sha256(token)}`: `{userId, username, language, generation, createdAt, expiresAt}`; the token itself
 *   is never stored, so a reader of the store cannot use a link;
 * - `invitations-used/{sha256(token)}`: the one use of a link, claimed like a quota slot (written only if new and read
 *   back, under a lock on the local server: src/lib/stores/daily-quota.ts, claimSlot), so of any number of racing
 *   requests exactly one sets the password.
 * In the `users` store, `leads/{messageId}` is claimed the same way when an account is made from a lead (one account
 * per lead), and `lead-accounts/{messageId}` then names it.
 */

export const invitationSchema = z.object({
  userId: z.string(),
  username: z.string(),
  language: z.enum(['en', 'es']),
  /** The account's sessionGeneration when invited: a password set another way since makes the link void. */
  generation: z.number().int().min(0),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const store = () => dataStore('auth');

export async function saveInvitation(token: string, invitation: Invitation): Promise<void> {
  await store().setJSON(`invitations/${tokenHash(token)}`, invitation);
}

export async function getInvitation(token: string): Promise<Invitation | null> {
  const raw: unknown = await store().get(`invitations/${tokenHash(token)}`, { type: 'json' });
  if (raw === null) return null;
  const parsed = invitationSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Takes the link's one use; true for exactly one caller, however many race. */
export function claimInvitation(token: string): Promise<boolean> {
  return claimSlot('auth', `invitations-used/${tokenHash(token)}`);
}

export async function invitationUsed(token: string): Promise<boolean> {
  return (await store().getMetadata(`invitations-used/${tokenHash(token)}`)) !== null;
}

/** Claims the making of an account from a lead; true for exactly one caller. */
export function claimLeadAccount(messageId: string): Promise<boolean> {
  return claimSlot('users', `leads/${messageId}`);
}

/** Gives a lead's claim back (the account could not be made). */
export async function releaseLeadAccount(messageId: string): Promise<void> {
  await dataStore('users').delete(`leads/${messageId}`);
}

const leadAccountSchema = z.object({ username: z.string(), at: z.string() });

export async function recordLeadAccount(messageId: string, username: string): Promise<void> {
  await dataStore('users').setJSON(`lead-accounts/${messageId}`, { username, at: new Date().toISOString() });
}

/** The account made from a lead, if any. */
export async function leadAccount(messageId: string): Promise<string | null> {
  const parsed = leadAccountSchema.safeParse(
    await dataStore('users').get(`lead-accounts/${messageId}`, { type: 'json' }),
  );
  return parsed.success ? parsed.data.username : null;
}
