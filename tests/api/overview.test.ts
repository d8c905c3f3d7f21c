import { describe, expect, it } from 'vitest';
import contactFunction from '../../netlify/functions/contact-send';
import overviewFunction from '../../netlify/functions/admin-overview';
import eventFunction from '../../netlify/functions/event';
import { logChatExchange, newChatSessionId } from '../../src/features/chat/log';
import { importVideoCall } from '../../src/features/video/log';
import type { Overview } from '../../src/features/overview/schema';
import { queryCount, resetQueryCount } from '../../src/platform/db/client';
import { addContactMessage } from '../../src/features/leads/messages-store';
import { confirmSubscription, subscribe } from '../../src/features/newsletter/subscribers-store';
import { weekStart } from '../../src/platform/weeks';
import { asAdmin, useAdminBench } from '../helpers/admin';
import { call, callJson } from '../helpers/functions';

const bench = useAdminBench();

/** This week's Monday 00:00 UTC: the boundary between last week and this one. */
const monday = weekStart(Date.now());
const lastSunday = new Date(monday - 1);
const thisMonday = new Date(monday);

function overview() {
  return callJson<Overview>(overviewFunction, '/api/overview', asAdmin(bench.cookie()));
}

async function chat(at: Date): Promise<void> {
  await logChatExchange(
    {
      sessionId: newChatSessionId(at.getTime()),
      userMessage: 'Hello',
      botResponse: 'Hi, how can I help?',
      language: 'en',
    },
    at,
  );
}

async function video(id: string, at: Date): Promise<void> {
  await importVideoCall([{ sessionId: id, kind: 'started', at: at.toISOString(), language: 'en' }]);
}

async function subscriber(email: string, at: Date): Promise<void> {
  const result = await subscribe({ fullName: 'Ana García', email }, undefined, at);
  if (result.status === 'duplicate') throw new Error('duplicate');
  await confirmSubscription(result.subscriber.token!, at);
}

const input = { name: 'Ana García', email: 'ana@cliente.example', company: null, phone: null, serviceOfInterest: null };

describe('GET /api/overview', () => {
  it('is for admins only', async () => {
    expect((await call(overviewFunction, '/api/overview')).status).toBe(401);
  });

  it('counts each kind per ISO week, on each side of the Monday boundary', async () => {
    await addContactMessage({ ...input, message: 'Sunday night' }, 'form', lastSunday);
    await addContactMessage({ ...input, message: 'Monday morning' }, 'form', thisMonday);
    await addContactMessage({ ...input, message: 'Monday again' }, 'form', thisMonday);
    await addContactMessage({ ...input, message: 'A lead' }, 'chat', lastSunday);
    await chat(lastSunday);
    await chat(thisMonday);
    await video('call-last-week', lastSunday);
    await subscriber('new@reader.example', thisMonday);
    // Pending only: not counted.
    await subscribe({ fullName: 'Pending Reader', email: 'pending@reader.example' }, undefined, thisMonday);

    const { status, body } = await overview();
    expect(status).toBe(200);
    expect(body.weeks).toHaveLength(12);
    const current = body.weeks[11]!;
    const previous = body.weeks[10]!;
    expect(current.start).toBe(thisMonday.toISOString().slice(0, 10));
    expect(current.counts).toEqual({ messages: 2, leads: 0, chats: 1, videoCalls: 0, subscribers: 1, visitors: 0 });
    expect(previous.counts).toEqual({ messages: 1, leads: 1, chats: 1, videoCalls: 1, subscribers: 0, visitors: 0 });
    expect(body.weeks.slice(0, 10).every((week) => Object.values(week.counts).every((n) => n === 0))).toBe(true);
  });

  it('counts a message sent through the contact form', async () => {
    const before = (await overview()).body.weeks[11]!.counts.messages;
    const sent = await call(contactFunction, '/api/contact', {
      method: 'POST',
      body: { name: 'Bruno', email: 'bruno@cliente.example', message: 'A proposal, please.' },
    });
    expect(sent.status).toBe(201);
    expect((await overview()).body.weeks[11]!.counts.messages).toBe(before + 1);
  });

  it("counts this week's visitors beside the leads", async () => {
    const before = (await overview()).body.weeks[11]!.counts.visitors ?? 0;
    const views: Array<[ip: string, path: string]> = [
      ['192.0.2.50', '/'],
      ['192.0.2.50', '/insights'],
      ['192.0.2.51', '/'],
    ];
    for (const [ip, path] of views) {
      const sent = await call(eventFunction, '/api/event', {
        method: 'POST',
        rawBody: JSON.stringify({ name: 'pageview', url: `http://localhost:8888${path}`, referrer: null, width: 1200 }),
        headers: { 'content-type': 'text/plain', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0' },
        ip,
      });
      expect(sent.status).toBe(202);
    }
    expect((await overview()).body.weeks[11]!.counts.visitors).toBe(before + 2);
  });

  it('costs the same statements however many records there are', async () => {
    await overview();
    resetQueryCount();
    await overview();
    const before = queryCount();
    // Five grouped counts, plus the session check's reads.
    expect(before).toBeLessThanOrEqual(7);
    for (let i = 0; i < 30; i += 1) {
      const at = new Date(monday - i * 86_400_000 * 2);
      await addContactMessage({ ...input, message: `Message ${i}` }, i % 2 ? 'chat' : 'form', at);
      await chat(at);
    }
    resetQueryCount();
    const { body } = await overview();
    expect(queryCount()).toBe(before);
    expect(body.weeks.reduce((sum, week) => sum + week.counts.chats, 0)).toBe(32);
  });
});
