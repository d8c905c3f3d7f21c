import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { portfolioContent } from '../../src/lib/content/kinds/portfolio';
import { storedPortfolioItemSchema, type PortfolioItem } from '../../src/lib/schemas/portfolio';
import { ContentCollection } from '../../src/lib/stores/content-collection';
import { EventLog } from '../../src/lib/stores/event-log';
import { storeName } from '../../src/lib/blobs';
import { startLocalBlobs, type LocalBlobs } from '../helpers/blobs';
import { portfolioFixture } from '../helpers/fixtures';

let blobs: LocalBlobs;
beforeAll(async () => {
  blobs = await startLocalBlobs();
});
afterAll(async () => blobs.stop());

describe('append-only event log', () => {
  const log = new EventLog('chat-log', z.object({ n: z.number() }));

  it('keeps all 50 of 50 racing appends under one prefix, in order of their keys', async () => {
    await Promise.all(Array.from({ length: 50 }, (_, n) => log.append('session_race/', { n })));
    expect(await log.keys('session_race/')).toHaveLength(50);
    const events = await log.read('session_race/');
    expect(new Set(events.map(({ event }) => event.n)).size).toBe(50);
    expect(events.map(({ key }) => key)).toEqual(events.map(({ key }) => key).sort());
  });

  it('skips a malformed event instead of failing the read', async () => {
    await log.append('mixed/', { n: 1 });
    await log.append('mixed/', { n: 'two' } as unknown as { n: number });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    const events = await log.read('mixed/');
    console.error = original;
    expect(events.map(({ event }) => event.n)).toEqual([1]);
    expect(errors).toHaveLength(1);
  });
});

describe('chat log', () => {
  it('keeps every one of 50 exchanges logged at once for one conversation', async () => {
    const { logChatExchange, listChatConversations } = await import('../../src/lib/conversations/logs');
    const sessionId = 'session_1732280000000_race00001';
    await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        logChatExchange({ sessionId, userMessage: `question ${n}`, botResponse: `answer ${n}`, language: 'en' }),
      ),
    );
    const conversation = (await listChatConversations()).find((c) => c.sessionId === sessionId);
    expect(conversation?.messageCount).toBe(100);
    expect(new Set(conversation?.messages.map((m) => m.content)).size).toBe(100);
  });
});

describe('content collection snapshot', () => {
  it('holds every record when admins save at the same time', async () => {
    const collection = new ContentCollection<PortfolioItem>('portfolio', storedPortfolioItemSchema);
    const items = Array.from({ length: 12 }, (_, i) => portfolioFixture(i + 1));
    await Promise.all(items.map((item) => collection.put(item)));
    const listed = await portfolioContent.list();
    expect(listed.map((item) => item.id).sort()).toEqual(items.map((item) => item.id).sort());
  });

  it('keeps deploy scopes apart in store names', () => {
    expect(storeName('portfolio', 'production')).toBe('production-portfolio');
    expect(storeName('portfolio', 'preview')).toBe('preview-portfolio');
    expect(storeName('portfolio')).toBe('dev-portfolio');
  });

  it('rebuilds a missing snapshot from the records', async () => {
    await portfolioContent.saveMany([portfolioFixture(50)]);
    const { getStore } = await import('@netlify/blobs');
    await getStore(storeName('portfolio')).delete('index');
    const listed = await portfolioContent.list();
    expect(listed.some((item) => item.title.en === 'Case study 50')).toBe(true);
  });
});
