import type { z } from 'zod';
import { blobsServer, dataStore, storeName, type StoreKind } from '../blobs';
import {
  decodeCursor,
  emailTerm,
  encodeCursor,
  ensureFeed,
  FEED,
  feedKeys,
  feedPage,
  inBatches,
  parseFeedKey,
  termsReady,
  pointersToDelete,
  recordPointers,
  SEARCH,
  termFolder,
  termPage,
  writePointers,
  type FeedPage,
  type Page,
  type PageQuery,
} from './feed';
import { feedRange } from './feed-range';
import { swapJSON } from './swap';

/**
 * One row per conversation (a chat session, a video call), built on the server (docs/architecture.md, "Storage"):
 * `summaries/{id}` holds the conversation folded from its events, rewritten by whoever writes one of them;
 * `feed/{month}/{day}/{start}-{id}` places it in the newest-first feed by its start; `search/{hash of an e-mail
 * address}/{month}/00/{start}-{id}` (a feed of its own, in month folders) finds the chat sessions where the lead flow collected that address.
 */
export interface Summary {
  id: string;
  conversationStarted: string;
  keys: string[];
}

function emailsOf(summary: Summary): string[] {
  const emails = (summary as { emails?: unknown }).emails;
  return Array.isArray(emails) ? emails.filter((email): email is string => typeof email === 'string') : [];
}

const SUMMARY = 'summaries/';

export class ConversationIndex<S extends Summary> {
  constructor(
    private readonly kind: StoreKind,
    private readonly schema: z.ZodType<S, unknown>,
    /** Rebuilds every summary from the events stored before the index existed. */
    private readonly backfill: () => Promise<void>,
    /** Whether its records have search terms (a chat's lead e-mails; a video call has none, so nothing to move). */
    private readonly searchable = true,
  ) {}

  private store() {
    return dataStore(this.kind);
  }

  private id(): string {
    return `${storeName(this.kind)}|${blobsServer().instance}`;
  }

  async ready(): Promise<void> {
    await ensureFeed(this.store(), this.id(), this.backfill);
  }

  async get(id: string): Promise<S | null> {
    const raw: unknown = await this.store().get(SUMMARY + id, { type: 'json' });
    if (raw === null) return null;
    const parsed = this.schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    console.error(`Skipping a malformed ${this.kind} summary`, parsed.error.issues.slice(0, 3));
    return null;
  }

  /** A conversation's pointer keys (`keys`: `recordPointers` to write, `pointersToDelete` to delete). */
  private pointers(summary: S, emails: string[], keys = recordPointers): string[] {
    return keys(Date.parse(summary.conversationStarted), summary.id, emails.map(emailTerm));
  }

  /** The search terms of the conversation a feed key names (`migrateTerms`). */
  private readonly termsAt = async (feed: string): Promise<string[]> => {
    const [summary] = await this.read([feed]);
    return summary ? emailsOf(summary).map(emailTerm) : [];
  };

  /** Writes a conversation's summary and its pointers (idempotent: the same keys each time). */
  async put(summary: S, emails: string[] = []): Promise<void> {
    const s = this.store();
    await s.setJSON(SUMMARY + summary.id, summary);
    await writePointers(s, this.pointers(summary, emails));
  }

  /**
   * Changes a conversation's summary without losing a racing writer's change (swapJSON), then writes its pointers.
   * `change` gets the stored summary (null when there is none, or it does not parse).
   */
  async update(id: string, change: (current: S | null) => S | Promise<S>): Promise<S> {
    let written: S | null = null;
    const swapped = await swapJSON(this.kind, SUMMARY + id, async (raw) => {
      const parsed = raw === null ? null : this.schema.safeParse(raw);
      written = await change(parsed?.success ? parsed.data : null);
      return written;
    });
    const summary = written as S | null;
    if (!summary) throw new Error(`No ${this.kind} summary was built`);
    if (!swapped) await this.store().setJSON(SUMMARY + id, summary);
    const s = this.store();
    await writePointers(s, this.pointers(summary, emailsOf(summary)));
    return summary;
  }

  /** Removes a conversation's summary and pointers (its events are the caller's). */
  async remove(summary: S, emails: string[] = []): Promise<void> {
    const s = this.store();
    await Promise.all(this.pointers(summary, emails, pointersToDelete).map((key) => s.delete(key)));
    await s.delete(SUMMARY + summary.id);
  }

  /**
   * The summaries the pointers name. A pointer whose time is not its summary's start (left by two racing first
   * writes on the local server) is skipped, so a conversation is one row.
   */
  private async read(keys: string[]): Promise<S[]> {
    const rows = await inBatches(keys, 50, async (key) => {
      const pointer = parseFeedKey(key);
      if (!pointer) return null;
      const summary = await this.get(pointer.tag);
      return summary && Date.parse(summary.conversationStarted) === pointer.ms ? summary : null;
    });
    return rows.filter((row): row is S => row !== null);
  }

  /** A page, newest first: the feed, one conversation by its id, or (chat) the sessions that collected an address. */
  async page(query: PageQuery): Promise<Page<S>> {
    await this.ready();
    const q = query.q.trim();
    if (q && !q.includes('@')) {
      const one = query.cursor || !/^[A-Za-z0-9_-]{1,100}$/.test(q) ? null : await this.get(q);
      return { items: one ? [one] : [], next: null };
    }
    const cursor = decodeCursor(query.cursor);
    if (q && this.searchable) await termsReady(this.store(), this.id(), this.termsAt);
    const page: FeedPage = q
      ? await termPage(this.store(), termFolder(SEARCH, emailTerm(q)), query.limit, cursor)
      : await feedPage(this.store(), FEED, query.limit, cursor);
    return { items: await this.read(page.keys), next: encodeCursor(page.next) };
  }

  /** The conversations started in `[from, before)`, oldest first, at most `max` (the retention job). */
  async startedBetween(from: number, before: number, max: number): Promise<{ items: S[]; more: boolean }> {
    await this.ready();
    const { records, more } = await feedRange(this.store(), FEED, from, before, max);
    const items = await inBatches(records, 50, (record) => this.get(record.tag));
    return { items: items.filter((item): item is Awaited<S> => item !== null) as S[], more };
  }

  /** Every conversation, newest first, a page at a time (CSV exports, scheduled jobs). */
  async *each(): AsyncGenerator<S[]> {
    await this.ready();
    for await (const keys of feedKeys(this.store(), FEED)) yield await this.read(keys);
  }
}
