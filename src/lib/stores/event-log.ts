import type { z } from 'zod';
import { dataStore, type StoreKind } from '../blobs';
import { newId } from '../ids';
import { listKeys } from './list-keys';

/**
 * Anything that grows (messages, chat exchanges, call events, login attempts)
 * is appended: one new key per event under a prefix, never a rewrite of a
 * shared record. However many writers race, each event is its own key, so
 * none is lost (docs/architecture.md, "Storage").
 */
export class EventLog<T> {
  constructor(
    private readonly kind: StoreKind,
    private readonly schema: z.ZodType<T>,
  ) {}

  private store() {
    return dataStore(this.kind);
  }

  /** Appends one event; its key sorts after every earlier one under the prefix. */
  async append(prefix: string, event: T): Promise<string> {
    const key = `${prefix}${newId()}`;
    await this.store().setJSON(key, event);
    return key;
  }

  /**
   * Writes an event under a key the caller names: for events that may arrive
   * more than once (a provider's retried callback), so a replay overwrites
   * itself instead of adding a copy.
   */
  async put(key: string, event: T): Promise<void> {
    await this.store().setJSON(key, event);
  }

  /**
   * Writes an event under a key the caller names unless one is there: for an
   * event that happens once (a call's start, its page's log). Answers whether it
   * wrote. The key keeps it unique even where the local server does not make
   * `onlyIfNew` atomic: racing writers leave one record.
   */
  async putIfNew(key: string, event: T): Promise<boolean> {
    if ((await this.get(key)) !== null) return false;
    const { modified } = await this.store().setJSON(key, event, { onlyIfNew: true });
    return modified;
  }

  /** The event under a key, or null when there is none (or it no longer parses, which is logged). */
  async get(key: string): Promise<T | null> {
    const raw = (await this.store().get(key, { type: 'json' })) as unknown;
    if (raw === null) return null;
    const parsed = this.schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    console.error(`Skipping a malformed ${this.kind} event`, parsed.error.issues.slice(0, 3));
    return null;
  }

  /** Deletes the given keys. */
  async remove(keys: string[]): Promise<void> {
    const store = this.store();
    for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((key) => store.delete(key)));
  }

  async keys(prefix: string): Promise<string[]> {
    return listKeys(this.store(), prefix);
  }

  /** Every event under the prefix, oldest first; malformed ones are skipped and logged. */
  async read(prefix: string): Promise<Array<{ key: string; event: T }>> {
    return this.readKeys(await this.keys(prefix));
  }

  /** The events under the given keys, in their order; missing and malformed ones are skipped (malformed: logged). */
  async readKeys(keys: string[]): Promise<Array<{ key: string; event: T }>> {
    const store = this.store();
    const out: Array<{ key: string; event: T }> = [];
    for (let i = 0; i < keys.length; i += 50) {
      const batch = keys.slice(i, i + 50);
      const values = await Promise.all(batch.map((key) => store.get(key, { type: 'json' }) as Promise<unknown>));
      values.forEach((raw, index) => {
        if (raw === null) return;
        const parsed = this.schema.safeParse(raw);
        if (parsed.success) out.push({ key: batch[index] as string, event: parsed.data });
        else console.error(`Skipping a malformed ${this.kind} event`, parsed.error.issues.slice(0, 3));
      });
    }
    return out;
  }
}
