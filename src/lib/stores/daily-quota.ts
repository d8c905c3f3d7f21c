import { dataStore, type StoreKind } from '../blobs';
import { newId } from '../ids';
import { listKeys } from './list-keys';

/** Where a daily quota counts its uses: a store and a key prefix under which each UTC day has a folder. */
export interface DailyQuota {
  kind: StoreKind;
  prefix: string;
}

/** Calls to the chat's language model (CHAT_DAILY_MODEL_CALLS). */
export const MODEL_CALLS: DailyQuota = { kind: 'chat-log', prefix: 'model-calls' };
/** Tavus video calls started (TAVUS_DAILY_CALLS). */
export const VIDEO_CALLS: DailyQuota = { kind: 'video-log', prefix: 'daily' };

function dayPrefix(quota: DailyQuota, now: Date): string {
  return `${quota.prefix}/${now.toISOString().slice(0, 10)}/`;
}

/** How many uses the quota has counted on `now`'s UTC day. */
export async function dailyQuotaUsed(quota: DailyQuota, now = new Date()): Promise<number> {
  return (await listKeys(dataStore(quota.kind), dayPrefix(quota, now))).length;
}

/**
 * Counts today's uses (one key each, docs/architecture.md, "Storage": no shared counter to
 * rewrite) and records this one if under the cap; answers whether it was.
 */
export async function takeDailyQuota(quota: DailyQuota, cap: number, now = new Date()): Promise<boolean> {
  if ((await dailyQuotaUsed(quota, now)) >= cap) return false;
  await dataStore(quota.kind).setJSON(`${dayPrefix(quota, now)}${newId(now.getTime())}`, { at: now.toISOString() });
  return true;
}
