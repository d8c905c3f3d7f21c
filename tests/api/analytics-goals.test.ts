import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import accessFunction from '../../netlify/functions/investor-access-request';
import chatFunction from '../../netlify/functions/chat';
import eventFunction from '../../netlify/functions/event';
import meetingsFunction from '../../netlify/functions/meetings';
import newsletterFunction from '../../netlify/functions/newsletter-subscribe';
import confirmFunction from '../../netlify/functions/newsletter-confirm';
import tavusFunction from '../../netlify/functions/video-start';
import { saveUser } from '../../src/features/accounts/users-store';
import { savePartnerSettings } from '../../src/features/meetings/store';
import { eachLead } from '../../src/features/leads/messages-store';
import { putVideoEvent } from '../../src/features/video/log';
import { fileVideoLead } from '../../src/features/video/lead';
import type { Lead } from '../../src/features/leads/schema';
import { setClock } from '../../src/platform/clock';
import { allPages } from '../../src/platform/db/paging';
import { resetEnvCache } from '../../src/platform/env';
import { testDatabase } from '../helpers/db-setup';
import { useAdminBench, SITE } from '../helpers/admin';
import { call, callJson } from '../helpers/functions';
import { startFakeTavus, type FakeTavus } from '../helpers/fake-tavus';
import { startLocalSmtp, type LocalSmtp } from '../helpers/smtp';

/**
 * Goals are recorded by the actions themselves (docs/product.md, "Analytics"), each with the visitor of its request,
 * and every kind of lead carries its visit: a chat hand-off, a booking (form and chat), a request for investor access,
 * a video call's lead.
 */

useAdminBench();
/** Monday 7 December 2026, 08:00 in Madrid. */
const NOW = new Date('2026-12-07T07:00:00.000Z');
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
let smtp: LocalSmtp;
let tavus: FakeTavus;

beforeAll(async () => {
  Object.assign(process.env, { QUOTA_CHAT_PER_IP: '100000', QUOTA_BOOKING_PER_DAY: '1000' });
  delete process.env['OPENAI_API_KEY'];
  smtp = await startLocalSmtp();
  tavus = await startFakeTavus();
  Object.assign(process.env, {
    TAVUS_API_KEY: 'tavus-test-key',
    TAVUS_BASE_URL: tavus.baseURL,
    TAVUS_REPLICA_ID: 'r-configured',
    TAVUS_PERSONA_ID: 'p-configured',
    URL: 'https://site.test',
  });
  resetEnvCache();
});
afterAll(async () => {
  setClock(null);
  await smtp.stop();
  await tavus.stop();
});
beforeEach(() => setClock(NOW));

async function goals(): Promise<Record<string, number>> {
  const rows = await testDatabase().query<{ name: string; n: number }>(
    'SELECT name, count(*)::int AS n FROM analytics_goals WHERE visitor IS NOT NULL GROUP BY name',
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.n]));
}

/** A visit: the landing page with its campaign, then another page, from one browser and connection. */
async function visit(ip: string, campaign: string, then = '/insights') {
  for (const [path, referrer] of [
    [`/?utm_source=linkedin&utm_medium=social&utm_campaign=${campaign}`, 'https://www.linkedin.com/'],
    [then, `${SITE}/`],
  ] as const) {
    const sent = await call(eventFunction, '/api/event', {
      method: 'POST',
      rawBody: JSON.stringify({ name: 'pageview', url: `${SITE}${path}`, referrer, width: 1280 }),
      headers: { 'content-type': 'text/plain', 'user-agent': CHROME },
      ip,
    });
    expect(sent.status).toBe(202);
  }
}

async function leadOf(email: string): Promise<Lead> {
  const lead = (await allPages(eachLead())).find((row) => row.email === email);
  if (!lead) throw new Error(`no lead for ${email}`);
  return lead;
}

function chatter(ip: string, language: 'en' | 'es' = 'en') {
  let sessionId: string | undefined;
  return async (content: string) => {
    const { status, body } = await callJson<{ sessionId: string; lead: string | null; slots: string[] }>(
      chatFunction,
      '/api/chat',
      {
        method: 'POST',
        body: { messages: [{ role: 'user', content }], language, ...(sessionId && { sessionId }) },
        headers: { 'user-agent': CHROME },
        ip,
      },
    );
    expect(status).toBe(200);
    sessionId = body.sessionId;
    return body;
  };
}

describe('goals and attribution recorded by the actions', () => {
  it('a chat: started once, its hand-off (no partner offers times yet) a lead carrying the visit', async () => {
    const before = await goals();
    await visit('192.0.2.80', 'chat-campaign');
    const say = chatter('192.0.2.80');
    await say('Hello');
    expect((await say('I would like to talk to a person on your team.')).lead).toBe('consent');
    await say('yes');
    await say('Lucía Pérez');
    await say('lucia@chat.example');
    expect((await say('Tiendas Norte')).lead).toBe('filed');
    const after = await goals();
    expect((after['chat-started'] ?? 0) - (before['chat-started'] ?? 0)).toBe(1);
    expect((after['chat-lead'] ?? 0) - (before['chat-lead'] ?? 0)).toBe(1);
    expect((await leadOf('lucia@chat.example')).attribution).toMatchObject({
      source: 'LinkedIn',
      campaign: 'chat-campaign',
      landingPage: '/',
      pagesViewed: ['/', '/insights'],
    });
  });

  it('a meeting booked in the chat: the goal, and the booking lead carries the visit', async () => {
    // A partner with hours from now on: asked to meet, the chat offers times.
    const ana = await saveUser({ username: 'ana', password: 'ana partner password 123', role: 'admin' });
    await testDatabase().query(`UPDATE users SET display_name = 'Ana García' WHERE id = $1`, [ana.id]);
    await savePartnerSettings(ana.id, {
      hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 540, endMinute: 1020 })),
      daysOff: [],
      noticeMinutes: 60,
      bufferMinutes: 0,
      meetingLink: 'https://meet.example.com/ana',
    });
    const before = await goals();
    await visit('192.0.2.81', 'book-in-chat', '/book');
    const say = chatter('192.0.2.81');
    const offer = await say('Could we meet to discuss a project?');
    expect(offer.lead).toBe('slot');
    await say(offer.slots[0]!);
    await say('yes');
    await say('Marta Gil');
    await say('marta@chat.example');
    await say('Gil Capital');
    expect((await say('A Series A')).lead).toBe('filed');
    const after = await goals();
    expect((after['meeting-booked'] ?? 0) - (before['meeting-booked'] ?? 0)).toBe(1);
    const lead = await leadOf('marta@chat.example');
    expect(lead.source).toBe('booking');
    expect(lead.attribution).toMatchObject({ campaign: 'book-in-chat', pagesViewed: ['/', '/book'] });
  });

  it('a meeting booked with the form, a request for investor access, a newsletter confirmation', async () => {
    const before = await goals();
    await visit('192.0.2.82', 'form-booking', '/book');
    const { body: slots } = await callJson<{ slots: Array<{ start: string; partnerId: string }> }>(
      (await import('../../netlify/functions/meetings-slots')).default,
      '/api/meetings/slots',
    );
    const slot = slots.slots.at(-1)!;
    const booked = await call(meetingsFunction, '/api/meetings', {
      method: 'POST',
      body: {
        start: slot.start,
        partnerId: slot.partnerId,
        name: 'Pablo Ruiz',
        email: 'pablo@form.example',
        company: null,
        topic: 'Data platform',
        consent: true,
        language: 'en',
      },
      headers: { 'user-agent': CHROME, origin: SITE },
      ip: '192.0.2.82',
    });
    expect(booked.status).toBe(201);
    expect((await leadOf('pablo@form.example')).attribution).toMatchObject({ campaign: 'form-booking' });

    await visit('192.0.2.83', 'investors', '/request-access');
    const access = await call(accessFunction, '/api/access-requests', {
      method: 'POST',
      body: {
        name: 'Irene Vidal',
        email: 'irene@fund.example',
        company: 'Vidal Capital',
        ticketSize: 'under-250k',
        sectors: ['fintech'],
        regions: ['spain'],
        accredited: true,
        consent: true,
        lang: 'es',
      },
      headers: { 'user-agent': CHROME, origin: SITE },
      ip: '192.0.2.83',
    });
    expect(access.status, await access.clone().text()).toBe(201);
    expect((await leadOf('irene@fund.example')).attribution).toMatchObject({ campaign: 'investors' });

    const subscribed = await call(newsletterFunction, '/api/newsletter', {
      method: 'POST',
      body: { fullName: 'Nora Sanz', email: 'nora@reader.example', consent: true },
      headers: { 'user-agent': CHROME, origin: SITE },
      ip: '192.0.2.84',
    });
    expect(subscribed.status).toBeLessThan(300);
    const [token] = await testDatabase().query<{ token: string }>(
      `SELECT token FROM newsletter_subscribers WHERE email = 'nora@reader.example'`,
    );
    const confirm = () =>
      call(confirmFunction, '/api/newsletter/confirm', {
        method: 'POST',
        body: { token: token!.token },
        headers: { 'user-agent': CHROME },
        ip: '192.0.2.84',
      });
    expect((await confirm()).status).toBe(200);
    // A second click on the link confirms nothing new, and counts nothing.
    expect((await confirm()).status).toBe(200);

    const after = await goals();
    const grew = (name: string) => (after[name] ?? 0) - (before[name] ?? 0);
    expect(grew('meeting-booked')).toBe(1);
    expect(grew('access-requested')).toBe(1);
    expect(grew('newsletter-confirmed')).toBe(1);
  });

  it('a video call: started as a goal, and the lead it files carries the visit it was started from', async () => {
    const before = await goals();
    await visit('192.0.2.85', 'video-campaign');
    const started = await callJson<{ conversation_id: string }>(tavusFunction, '/api/tavus/conversation', {
      method: 'POST',
      body: { language: 'en' },
      headers: { 'user-agent': CHROME },
      ip: '192.0.2.85',
    });
    expect(started.status).toBe(201);
    expect(((await goals())['video-started'] ?? 0) - (before['video-started'] ?? 0)).toBe(1);
    const [call_] = await testDatabase().query<{ attribution: { campaign: string } | null }>(
      `SELECT attribution FROM conversations WHERE channel = 'video' AND id = $1`,
      [started.body.conversation_id],
    );
    expect(call_?.attribution?.campaign).toBe('video-campaign');
    const sessionId = started.body.conversation_id;
    await putVideoEvent({
      sessionId,
      kind: 'transcript',
      at: NOW.toISOString(),
      transcript: [{ speaker: 'user', text: 'Write to me at vera@video.example', timestamp: NOW.toISOString() }],
    });
    await fileVideoLead(sessionId);
    expect((await leadOf('vera@video.example')).attribution).toMatchObject({
      source: 'LinkedIn',
      campaign: 'video-campaign',
    });
  });
});
