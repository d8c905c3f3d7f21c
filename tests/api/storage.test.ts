import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EventLog } from '../../src/lib/stores/event-log';
import { startLocalBlobs, type LocalBlobs } from '../helpers/blobs';

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
