import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import chatFunction from '../../netlify/functions/chat';
import meetingsFunction from '../../netlify/functions/meetings';
import slotsFunction from '../../netlify/functions/meetings-slots';
import { saveUser } from '../../src/features/accounts/users-store';
import { slotLabel } from '../../src/features/chat/meeting-offer';
import { eachLead } from '../../src/features/leads/messages-store';
import type { SlotsResponse } from '../../src/features/meetings/schema';
import { listMeetings, savePartnerSettings } from '../../src/features/meetings/store';
import type * as MeetingsStore from '../../src/features/meetings/store';
import { en } from '../../src/i18n/en';
import { es } from '../../src/i18n/es';
import { setClock } from '../../src/platform/clock';
import { resetEnvCache } from '../../src/platform/env';
import { allPages } from '../../src/platform/db/paging';
import { testDatabase } from '../helpers/db-setup';
import { callJson } from '../helpers/functions';
import { startLocalSmtp, type LocalSmtp } from '../helpers/smtp';

/**
 * The chat's meeting offer (issue 25, docs/product.md, "Meetings"): asked to meet, call or talk to someone, the
 * assistant answers with the next three free times as buttons (`slots`, `lead: "slot"`) and a link to /book, asks
 * consent, name, e-mail, company and topic in the visitor's language, and books through the same rules as
 * POST /api/meetings; a time taken meanwhile is offered again, and what was given is not asked twice.
 */

/**
 * The partner lookup the chat makes after a booking (`getPartner`, as src/features/chat/meeting-offer.ts imports it)
 * fails while `failPartner` is set: the booking's own reads in the store are not affected.
 */
const failures = vi.hoisted(() => ({ failPartner: false }));
vi.mock('../../src/features/meetings/store', async (original) => {
  const actual = await original<typeof MeetingsStore>();
  return {
    ...actual,
    getPartner: (...args: Parameters<typeof actual.getPartner>) =>
      failures.failPartner ? Promise.reject(new Error('connection lost')) : actual.getPartner(...args),
  };
});

/** Monday 7 December 2026, 08:00 in Madrid: the first free times are 9:00, 9:30 and 10:00. */
const NOW = new Date('2026-12-07T07:00:00.000Z');
let smtp: LocalSmtp;

beforeAll(async () => {
  Object.assign(process.env, {
    QUOTA_CHAT_PER_IP: '100000',
    QUOTA_CHAT_PER_DAY: '100000',
    QUOTA_BOOKING_PER_DAY: '1000',
  });
  delete process.env['OPENAI_API_KEY'];
  resetEnvCache();
  smtp = await startLocalSmtp();
  const ana = await saveUser({ username: 'ana', password: 'ana partner password 123', role: 'admin' });
  await testDatabase().query(`UPDATE users SET display_name = 'Ana García' WHERE id = $1`, [ana.id]);
  await savePartnerSettings(ana.id, {
    hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 540, endMinute: 1020 })),
    daysOff: [],
    noticeMinutes: 60,
    bufferMinutes: 0,
    meetingLink: 'https://meet.example.com/ana',
  });
});
afterAll(async () => {
  setClock(null);
  await smtp.stop();
});
beforeEach(() => setClock(NOW));

type Answer = { message: string; sessionId: string; lead: string | null; slots: string[]; slotStarts?: string[] };

/** A visitor as the widget talks: each message with the session id the server gave. */
function visitor(language: 'en' | 'es', ip: string) {
  let sessionId: string | undefined;
  return async (content: string): Promise<Answer> => {
    const { status, body } = await callJson<Answer>(chatFunction, '/api/chat', {
      method: 'POST',
      body: { messages: [{ role: 'user', content }], language, ...(sessionId && { sessionId }) },
      ip,
    });
    expect(status).toBe(200);
    sessionId = body.sessionId;
    return body;
  };
}

async function freeStarts(): Promise<string[]> {
  const { body } = await callJson<SlotsResponse>(slotsFunction, '/api/meetings/slots');
  return body.slots.map((slot) => slot.start);
}

describe('the chat offers a meeting', () => {
  it('offers the next three free times, then books the chosen one after consent and the details', async () => {
    const say = visitor('en', '10.30.0.1');
    const offer = await say('Could we meet to discuss a project?');
    expect(offer.lead).toBe('slot');
    expect(offer.message).toBe(en['assistant.meetingOffer'].replace('{bookUrl}', '/book'));
    expect(offer.slots).toEqual([
      'Mon, Dec 7, 09:00 (Madrid time)',
      'Mon, Dec 7, 09:30 (Madrid time)',
      'Mon, Dec 7, 10:00 (Madrid time)',
    ]);
    // Their starts, which the widget shows in the visitor's own time zone with Madrid's beside them.
    expect(offer.slotStarts).toEqual([
      '2026-12-07T08:00:00.000Z',
      '2026-12-07T08:30:00.000Z',
      '2026-12-07T09:00:00.000Z',
    ]);

    // The second button's label, sent as the visitor's message.
    const consent = await say(offer.slots[1]!);
    expect(consent.lead).toBe('consent');
    expect(consent.message).toMatch(/^Good choice: Mon, Dec 7, 09:30 \(Madrid time\)\. .*\[privacy policy\]/);
    expect((await say('yes')).message).toBe(en['assistant.leadName']);
    expect((await say('Marta Gil')).message).toBe('What email address should we use, Marta Gil?');
    expect((await say('marta@gil.example')).message).toBe(en['assistant.leadCompany']);
    const topic = await say('Gil Capital');
    expect(topic).toMatchObject({ lead: 'topic', message: en['assistant.meetingTopic'] });
    const booked = await say('Raising a Series A for our logistics start-up');
    expect(booked.lead).toBe('filed');
    expect(booked.message).toBe(
      "Done, Marta Gil: your meeting with Ana García is booked for Mon, Dec 7, 09:30 (Madrid time). I've sent the calendar invitation to marta@gil.example, with a link to cancel or move it.",
    );

    // Booked as the form books: the meeting, its lead (source booking), the invitation; the time is no longer free.
    const { upcoming } = await listMeetings(NOW);
    expect(upcoming.find((meeting) => meeting.email === 'marta@gil.example')).toMatchObject({
      start: '2026-12-07T08:30:00.000Z',
      name: 'Marta Gil',
      company: 'Gil Capital',
      topic: 'Raising a Series A for our logistics start-up',
      language: 'en',
      status: 'confirmed',
    });
    const lead = (await allPages(eachLead())).find((message) => message.email === 'marta@gil.example');
    expect(lead?.source).toBe('booking');
    const [mail] = smtp.to('marta@gil.example');
    const invitation = mail!.parsed.attachments.find((part) => part.contentType.startsWith('text/calendar'));
    expect(invitation?.content.toString('utf8')).toContain('METHOD:REQUEST');
    expect(await freeStarts()).not.toContain('2026-12-07T08:30:00.000Z');
  });

  it('in Spanish: a time taken meanwhile is offered again, and the details are not asked twice', async () => {
    const say = visitor('es', '10.30.0.2');
    const offer = await say('Me gustaría tener una reunión con ustedes');
    expect(offer.lead).toBe('slot');
    expect(offer.message).toBe(es['assistant.meetingOffer'].replace('{bookUrl}', '/es/book'));
    expect(offer.slots[0]).toBe(slotLabel('2026-12-07T08:00:00.000Z', 'es'));
    expect(offer.slots[0]).toMatch(/^lun, 7 dic, 09:00 \(hora de Madrid\)$/);
    expect((await say(offer.slots[0]!)).message).toMatch(/^Perfecto: lun, 7 dic, 09:00/);
    expect((await say('sí')).message).toBe(es['assistant.leadName']);
    await say('Lucía Pérez');
    await say('lucia@perez.example');
    expect((await say('ninguna')).message).toBe(es['assistant.meetingTopic']);

    // Someone else books 9:00 through the form's API before Lucía says what she wants to talk about.
    const taken = await callJson(meetingsFunction, '/api/meetings', {
      method: 'POST',
      body: {
        start: '2026-12-07T08:00:00.000Z',
        partnerId: (await listMeetings(NOW)).upcoming[0]!.partnerId,
        name: 'Otro Visitante',
        email: 'otro@visitante.example',
        topic: 'Otra cosa',
        language: 'es',
        consent: true,
      },
      ip: '10.30.0.3',
    });
    expect(taken.status).toBe(201);
    const again = await say('Inversión en agritech');
    expect(again.lead).toBe('slot');
    expect(again.message).toBe(es['assistant.meetingTaken'].replace('{bookUrl}', '/es/book'));
    expect(again.slots).not.toContain(offer.slots[0]);

    // Her consent, name, e-mail and topic are kept: choosing books at once.
    const booked = await say('1');
    expect(booked.lead).toBe('filed');
    expect(booked.message).toMatch(/^Listo, Lucía Pérez: su reunión con Ana García queda reservada para el /);
    const meeting = (await listMeetings(NOW)).upcoming.find((row) => row.email === 'lucia@perez.example');
    expect(meeting).toMatchObject({ language: 'es', company: null, topic: 'Inversión en agritech' });
    expect(smtp.to('lucia@perez.example')[0]!.parsed.subject).toContain('Su reunión con Vantia Partners');
  });

  it('leaves the offer for anything else, and books nothing without a yes', async () => {
    const say = visitor('en', '10.30.0.4');
    const before = (await listMeetings(NOW)).upcoming.length;
    const offer = await say('I would like to talk to someone on your team');
    expect(offer.lead).toBe('slot');
    expect((await say('What do you do in logistics?')).lead).toBeNull();
    const again = await say('Can we talk?');
    expect(again.lead).toBe('slot');
    await say(again.slots[2]!);
    expect((await say('no')).message).toMatch(/^No problem: I haven't stored anything/);
    expect((await listMeetings(NOW)).upcoming).toHaveLength(before);
  });
});

describe('a failure after the booking', () => {
  it('still confirms the booking, ends the flow, and never books it twice', async () => {
    const say = visitor('en', '10.30.0.7');
    const offer = await say('Could we have a call?');
    await say(offer.slots[0]!);
    await say('yes');
    await say('Pablo Soto');
    await say('pablo@soto.example');
    await say('Soto SL');
    failures.failPartner = true;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let booked;
    try {
      booked = await say('Expanding to Portugal');
    } finally {
      failures.failPartner = false;
      errors.mockRestore();
    }
    expect(booked.lead).toBe('filed');
    expect(booked.message).toMatch(
      /^Done, Pablo Soto: your meeting with one of our partners is booked for .+\. I've sent the calendar invitation to pablo@soto\.example/,
    );
    // The flow ended: the next message is a new question, not a second booking.
    const next = await say('Expanding to Portugal');
    expect(next.lead).toBeNull();
    const { upcoming } = await listMeetings(NOW);
    expect(upcoming.filter((meeting) => meeting.email === 'pablo@soto.example')).toHaveLength(1);
  });
});

describe('the chat and an address with its meetings to come', () => {
  it('says, in the visitor’s language, that the address already has two meetings to come, and books nothing', async () => {
    const email = 'sofia@ruiz.example';
    const starts = (await freeStarts()).slice(-3);
    const ana = (await testDatabase().query<{ id: string }>(`SELECT id FROM users WHERE username = 'ana'`))[0]!;
    for (const start of starts.slice(0, 2)) {
      const { status } = await callJson(meetingsFunction, '/api/meetings', {
        method: 'POST',
        body: { start, partnerId: ana.id, name: 'Sofía Ruiz', email, topic: 'Una', language: 'es', consent: true },
        ip: '10.30.9.9',
      });
      expect(status).toBe(201);
    }
    const say = visitor('es', '10.30.9.10');
    const offer = await say('Quisiera una reunión');
    expect(offer.lead).toBe('slot');
    await say(offer.slots[0]!);
    await say('sí');
    await say('Sofía Ruiz');
    await say(email);
    await say('Ruiz SL');
    const refused = await say('Otra reunión');
    expect(refused.lead).toBeNull();
    expect(refused.message).toBe(
      es['assistant.meetingUpcoming'].replace('{max}', '2').replace('{contactUrl}', '/es/#contact'),
    );
    const { upcoming } = await listMeetings(NOW);
    expect(upcoming.filter((meeting) => meeting.email === email)).toHaveLength(2);
  });
});
