import { randomUUID } from 'node:crypto';
import { blobsServer, dataStore, storeName, type StoreKind } from '../blobs';
import { listKeys } from './list-keys';
import { knownTaken, markTaken, withKeyLock } from './slot-lock';

/**
 * Where a daily quota counts its uses: a store, a key prefix under which each UTC day has a folder, and optionally
 * a subject (a hashed visitor) with a folder of its own inside the day.
 */
export interface DailyQuota {
  kind: StoreKind;
  prefix: string;
  subject?: string;
}

/** Calls to the chat's language model (CHAT_DAILY_MODEL_CALLS). */
export const MODEL_CALLS: DailyQuota = { kind: 'quotas', prefix: 'model-calls' };
/** Tavus video calls started (TAVUS_DAILY_CALLS). */
export const VIDEO_CALLS: DailyQuota = { kind: 'quotas', prefix: 'video-calls' };

/** The highest cap a quota can have: slot names have six digits, so they sort as numbers do. */
export const MAX_QUOTA_CAP = 999_999;

/** The UTC day a use counts on, as YYYY-MM-DD. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function dayFolder(quota: DailyQuota, now: Date): string {
  return `${quota.prefix}/${utcDay(now)}/${quota.subject ? `${quota.subject}/` : ''}`;
}

function slotKey(folder: string, slot: number): string {
  return `${folder}${String(slot).padStart(6, '0')}`;
}

/** The key of one use (slot) of a quota on `now`'s UTC day: what a claim writes. */
export function dailyQuotaKey(quota: DailyQuota, now: Date, slot: number): string {
  return slotKey(dayFolder(quota, now), slot);
}

/** How many uses the quota has counted on `now`'s UTC day. */
export async function dailyQuotaUsed(quota: DailyQuota, now = new Date()): Promise<number> {
  return (await listKeys(dataStore(quota.kind), dayFolder(quota, now))).length;
}

/**
 * A cheap estimate of the uses counted so far: one list. A list never shows a slot nobody claimed, so an estimate
 * at or over the cap means the quota is spent; on the local server it can miss slots being written, so it is
 * only where a claim starts looking.
 */
export async function dailyQuotaSeen(quota: DailyQuota, now = new Date()): Promise<number> {
  const { blobs } = await dataStore(quota.kind).list({ prefix: dayFolder(quota, now) });
  return blobs.length;
}

/**
 * Claims one slot key: written only if new, with a token only this claim knows, then read back. The slot is
 * ours only if both say so. On the local Blobs server, whose check-and-write is not atomic, the write and the
 * read run under the key's lock (slot-lock.ts), so two claims of one slot never overlap there either.
 */
export async function claimSlot(kind: StoreKind, key: string): Promise<boolean> {
  const store = dataStore(kind);
  const token = randomUUID();
  const claim = async () => {
    const { modified } = await store.set(key, token, { onlyIfNew: true });
    if (!modified) return false;
    return (await store.get(key, { type: 'text' })) === token;
  };
  const server = blobsServer();
  if (!server.local) return claim();
  const seen = `${server.instance}/${storeName(kind)}/${key}`;
  if (knownTaken(seen)) return false;
  return withKeyLock(`${server.siteID}/${storeName(kind)}/${key}`, async () => {
    if (knownTaken(seen)) return false;
    try {
      return await claim();
    } finally {
      // Written now, by this claim or an earlier one (or unknown after an error: skipping it only wastes a slot).
      markTaken(seen);
    }
  });
}

/**
 * Takes one use of the quota on `now`'s UTC day if fewer than `cap` are taken; answers whether it did.
 *
 * Each use is a numbered slot, `{prefix}/{day}/[{subject}/]{000000..cap-1}`, claimed with a write that succeeds
 * only for a new key (see claimSlot). However many callers race, a slot has one owner and there are `cap` slots,
 * so at most `cap` uses are granted, in production and on the local server alike; storage holds at most `cap`
 * keys a day. A list says where to start looking (usually the first free slot: one or two writes); a taken slot
 * sends the caller to the next, and every few misses a fresh list lets it jump ahead.
 *
 * `seen` is an estimate the caller already has (dailyQuotaSeen), to save the first list.
 */
export async function takeDailyQuota(
  quota: DailyQuota,
  cap: number,
  now = new Date(),
  seen?: number,
): Promise<boolean> {
  const limit = Math.min(cap, MAX_QUOTA_CAP);
  if (limit <= 0) return false;
  const folder = dayFolder(quota, now);
  let slot = seen ?? (await dailyQuotaSeen(quota, now));
  for (let misses = 1; slot < limit; misses += 1) {
    if (await claimSlot(quota.kind, slotKey(folder, slot))) return true;
    slot += 1;
    if (misses % 4 === 0) slot = Math.max(slot, await dailyQuotaSeen(quota, now));
  }
  return false;
}

/**
 * Deletes the slots of every day before `today` (YYYY-MM-DD) in a store of daily quotas: a day's slots only count
 * that day. The days are folders (`{prefix}/{day}/`), found by listing folders, never by reading a slot; each
 * day holds at most its caps' slots, so one run deletes at most the caps of the days since the last run.
 */
export async function deletePastQuotaDays(kind: StoreKind, today: string): Promise<number> {
  const store = dataStore(kind);
  const { directories: prefixes } = await store.list({ directories: true });
  let deleted = 0;
  for (const prefix of prefixes) {
    const { directories: days } = await store.list({ prefix: `${prefix}/`, directories: true });
    for (const day of days) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day.slice(prefix.length + 1)) || day.slice(prefix.length + 1) >= today) continue;
      const keys = await listKeys(store, `${day}/`);
      for (let i = 0; i < keys.length; i += 50)
        await Promise.all(keys.slice(i, i + 50).map((key) => store.delete(key)));
      deleted += keys.length;
    }
  }
  return deleted;
}
