import { describe, expect, it } from 'vitest';
import contactFunction from '../../netlify/functions/contact-send';
import contactMessagesFunction from '../../netlify/functions/admin-leads';
import newsletterFunction from '../../netlify/functions/newsletter-subscribe';
import newslettersFunction from '../../netlify/functions/admin-newsletter-subscribers';
import tavusConversationsFunction from '../../netlify/functions/video-log';
import whatsappFunction from '../../netlify/functions/chat-log';
import { logChatExchange } from '../../src/features/chat/log';
import { recordVideoCallStart } from '../../src/features/video/log';
import type { ContactMessage } from '../../src/features/leads/contact-schema';
import type { ChatConversation, VideoConversation } from '../../src/features/conversations/schema';
import type { NewsletterSubscription } from '../../src/features/newsletter/schema';
import { call, callJson } from '../helpers/functions';
import { asAdmin, SITE, useAdminBench } from '../helpers/admin';

const bench = useAdminBench();

describe('inbox', () => {
  it('lists contact messages newest first for admins only', async () => {
    for (const name of ['First', 'Second']) {
      await callJson(contactFunction, '/api/contact', {
        method: 'POST',
        body: { name, email: 'a@example.com', message: `Hello from ${name}` },
      });
    }
    expect((await callJson(contactMessagesFunction, '/api/contact-messages')).status).toBe(401);
    const { status, body } = await callJson<ContactMessage[]>(
      contactMessagesFunction,
      '/api/contact-messages',
      asAdmin(bench.cookie()),
    );
    expect(status).toBe(200);
    expect(body.map((m) => m.name)).toEqual(['Second', 'First']);
    expect(body[0]).toMatchObject({ company: null, serviceOfInterest: null, message: 'Hello from Second' });
  });

  it('lists, exports and deletes newsletter subscribers', async () => {
    await callJson(newsletterFunction, '/api/newsletter', {
      method: 'POST',
      body: { name: '=cmd|calc', email: 'evil@example.com' },
    });
    await callJson(newsletterFunction, '/api/newsletter', {
      method: 'POST',
      body: { fullName: 'Lucía', email: 'lucia@example.es' },
    });
    const list = await callJson<NewsletterSubscription[]>(
      newslettersFunction,
      '/api/newsletters',
      asAdmin(bench.cookie()),
    );
    expect(list.body.map((s) => s.email)).toEqual(['lucia@example.es', 'evil@example.com']);

    const csv = await call(newslettersFunction, '/api/newsletters?format=csv', asAdmin(bench.cookie()));
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // UTF-8 with a byte-order mark, so Excel in Spain reads it as UTF-8 (text() drops the mark, as readers do).
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n');
    expect(lines[0]).toBe('"Full Name","Email","Registration Date","Status","Language"');
    // Dates in Madrid's local time, as a spreadsheet reads them.
    expect(lines[1]).toMatch(/^"[^"]*","[^"]+","\d{4}-\d\d-\d\d \d\d:\d\d",/);
    expect(lines).toContainEqual(expect.stringMatching(/^"'=cmd\|calc","evil@example\.com",/));

    const target = list.body[1]!;
    expect(
      (
        await callJson(newslettersFunction, '/x', {
          method: 'DELETE',
          params: { id: target.id },
          headers: { origin: SITE },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await callJson(
          newslettersFunction,
          '/x',
          asAdmin(bench.cookie(), { method: 'DELETE', params: { id: target.id } }),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await callJson(
          newslettersFunction,
          '/x',
          asAdmin(bench.cookie(), { method: 'DELETE', params: { id: target.id } }),
        )
      ).status,
    ).toBe(404);
    expect(
      (await callJson(newslettersFunction, '/x', asAdmin(bench.cookie(), { method: 'DELETE', params: { id: '../x' } })))
        .status,
    ).toBe(400);
    const after = await callJson<NewsletterSubscription[]>(
      newslettersFunction,
      '/api/newsletters',
      asAdmin(bench.cookie()),
    );
    expect(after.body.map((s) => s.email)).toEqual(['lucia@example.es']);
    // The address can sign up again after being removed.
    expect(
      (
        await callJson(newsletterFunction, '/api/newsletter', {
          method: 'POST',
          body: { name: 'Back', email: 'evil@example.com' },
        })
      ).status,
    ).toBe(201);
  });
});

describe('conversation logs', () => {
  it('groups logged chat exchanges into conversations and exports one row per message', async () => {
    const sessionId = 'session_1732280000000_abc123xyz';
    // /api/chat logs exchanges itself (a client's post stores nothing: tests/api/chat.test.ts).
    for (const [userMessage, botResponse] of [
      ['Hola', '¡Hola! ¿En qué puedo ayudarle?'],
      ['Precios', '=Depende del alcance'],
    ]) {
      await logChatExchange({ sessionId, userMessage: userMessage!, botResponse: botResponse!, language: 'es' });
    }
    const bad = await callJson(whatsappFunction, '/api/whatsapp-conversations', {
      method: 'POST',
      body: { sessionId: '../../users/admin', userMessage: 'x', botResponse: 'y', language: 'es' },
    });
    expect(bad).toMatchObject({ status: 400, body: { field: 'sessionId' } });
    expect(
      (
        await callJson(whatsappFunction, '/api/whatsapp-conversations', {
          method: 'POST',
          body: { sessionId, userMessage: 'x'.repeat(4001), botResponse: 'y', language: 'es' },
        })
      ).status,
    ).toBe(400);

    const { body } = await callJson<ChatConversation[]>(
      whatsappFunction,
      '/api/whatsapp-conversations',
      asAdmin(bench.cookie()),
    );
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ sessionId, language: 'es', messageCount: 4 });
    expect(body[0]!.messages.map((m) => m.role)).toEqual(['user', 'bot', 'user', 'bot']);

    const csv = await (
      await call(whatsappFunction, '/api/whatsapp-conversations?format=csv', asAdmin(bench.cookie()))
    ).text();
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Session ID","Message Role","Message Content","Timestamp","Language","Started","Message Count","Channel"',
    );
    expect(lines).toHaveLength(5);
    expect(lines[4]).toMatch(new RegExp(`^"${sessionId}","bot","'=Depende del alcance",.*,"chat"$`));
    expect((await callJson(whatsappFunction, '/api/whatsapp-conversations')).status).toBe(401);
  });

  it('folds call events into video conversations with status and duration', async () => {
    // The page's log is kept only for a call the server started (tests/api/video.test.ts has the rest).
    await recordVideoCallStart({
      sessionId: 'c123',
      kind: 'started',
      at: new Date(Date.now() - 95_000).toISOString(),
      language: 'en',
      conversationUrl: 'https://tavus.daily.co/c123',
    });
    await callJson(tavusConversationsFunction, '/api/tavus-conversations', {
      method: 'POST',
      body: {
        sessionId: 'c123',
        transcript: [
          { speaker: 'user', text: 'Hello', timestamp: '2025-01-01T10:00:05Z' },
          { speaker: 'assistant', text: 'Welcome', timestamp: '2025-01-01T10:00:07Z' },
        ],
        language: 'en',
        conversationUrl: 'https://tavus.daily.co/c123',
        duration: 95,
      },
    });
    await recordVideoCallStart({
      sessionId: 'c456',
      kind: 'started',
      at: new Date().toISOString(),
      language: 'es',
      conversationUrl: 'https://tavus.daily.co/c456',
    });
    expect(
      (
        await callJson(tavusConversationsFunction, '/api/tavus-conversations', {
          method: 'POST',
          body: { sessionId: 'c9', language: 'en', conversationUrl: 'javascript:alert(1)' },
        })
      ).status,
    ).toBe(400);

    const { body } = await callJson<VideoConversation[]>(
      tavusConversationsFunction,
      '/api/tavus-conversations',
      asAdmin(bench.cookie()),
    );
    const done = body.find((c) => c.sessionId === 'c123')!;
    const live = body.find((c) => c.sessionId === 'c456')!;
    expect(done).toMatchObject({
      language: 'en',
      messageCount: 2,
      conversationUrl: 'https://tavus.daily.co/c123',
      clientReported: ['transcript', 'end'],
    });
    // The duration is the server's: from its start record to the page's log arriving (not the 95 s the page says).
    expect(done.duration).toBeGreaterThanOrEqual(95);
    expect(done.duration).toBeLessThanOrEqual(97);
    expect(done.conversationEnded).not.toBeNull();
    expect(live).toMatchObject({ conversationEnded: null, language: 'es', transcript: [] });

    const csv = await (
      await call(tavusConversationsFunction, '/api/tavus-conversations?format=csv', asAdmin(bench.cookie()))
    ).text();
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Session ID","Speaker","Text","Timestamp","Language","Started","Duration","URL","Client-Reported"',
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^"c123","assistant","Welcome","2025-01-01 11:00","en",".*","9[5-7]","https:\/\/tavus\.daily\.co\/c123","transcript; end"$/,
      ),
    );
  });
});
