import ICAL from 'ical.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import meetingsFunction from '../../netlify/functions/meetings';
import slotsFunction, { config as slotsConfig } from '../../netlify/functions/meetings-slots';
import cancelFunction from '../../netlify/functions/meetings-cancel';
import adminCancelFunction from '../../netlify/functions/admin-meetings-cancel';
import leadDeleteFunction from '../../netlify/functions/admin-lead-delete';
import reminderFunction from '../../netlify/functions/scheduled-meeting-reminders';
import settingsFunction from '../../netlify/functions/meeting-settings';
import usersFunction from '../../netlify/functions/admin-users';
import { saveUser } from '../../src/features/accounts/users-store';
import { contactTimeline } from '../../src/features/contacts/timeline';
import { eachLead } from '../../src/features/leads/messages-store';
import { sendDueReminders } from '../../src/features/meetings/booking';
import { slotChoice, type MeetingList, type Slot, type SlotsResponse } from '../../src/features/meetings/schema';
import { savePartnerSettings } from '../../src/features/meetings/store';
import { DEMO_PARTNER_SETTINGS, seedDemoPartner } from '../../src/features/meetings/demo-partner';
import { setClock } from '../../src/platform/clock';
import type { User } from '../../src/features/accounts/schema';
import { erasePersonalData } from '../../src/features/privacy/requests';
import { allPages } from '../../src/platform/db/paging';
import { queryCount, resetQueryCount } from '../../src/platform/db/client';
import { asAdmin, useAdminBench } from '../helpers/admin';
import { testDatabase } from '../helpers/db-setup';
import { call, callJson } from '../helpers/functions';
import { htmlLinks, startLocalSmtp, type CapturedMail, type LocalSmtp } from '../helpers/smtp';

/** Monday 7 December 2026, 08:00 in Madrid. */
const NOW = new Date('2026-12-07T07:00:00.000Z');
const LINK = 'https://meet.example.com/ana-garcia';

const bench = useAdminBench();
let smtp: LocalSmtp;
let partnerId = '';
let otherPartnerId = '';

beforeAll(async () => {
  smtp = await startLocalSmtp();
  process.env['QUOTA_BOOKING_PER_DAY'] = '1000';
  const ana = await saveUser({ username: 'ana', password: 'ana partner password 123', role: 'admin' });
  await testDatabase().query(`UPDATE users SET display_name = 'Ana García' WHERE id = $1`, [ana.id]);
  partnerId = ana.id;
  // Monday to Friday, 9:00 to 17:00 Madrid time; an hour of notice.
  await savePartnerSettings(partnerId, {
    hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 540, endMinute: 1020 })),
    daysOff: [],
    noticeMinutes: 60,
    bufferMinutes: 0,
    meetingLink: LINK,
  });
  // A second partner, on Tuesday mornings only, with a 30-minute buffer.
  const luis = await saveUser({ username: 'luis', password: 'luis partner password 123', role: 'admin' });
  otherPartnerId = luis.id;
  await savePartnerSettings(otherPartnerId, {
    hours: [{ weekday: 2, startMinute: 540, endMinute: 720 }],
    daysOff: [],
    noticeMinutes: 24 * 60,
    bufferMinutes: 30,
    meetingLink: null,
  });
});
afterAll(async () => {
  delete process.env['QUOTA_BOOKING_PER_DAY'];
  setClock(null);
  await smtp.stop();
});
beforeEach(() => {
  setClock(NOW);
  smtp.configure(true);
});
afterEach(() => setClock(null));

let ipCount = 0;
const freshIp = () => `10.25.${Math.floor(++ipCount / 250)}.${ipCount % 250}`;
let mailCount = 0;
const freshEmail = () => `visitor${++mailCount}@example.com`;

async function slots(days?: number): Promise<SlotsResponse> {
  const { status, body } = await callJson<SlotsResponse>(
    slotsFunction,
    `/api/meetings/slots${days === undefined ? '' : `?days=${days}`}`,
  );
  expect(status).toBe(200);
  return body;
}

/** The free slots of a partner that start at this ISO day (`2026-12-08`). */
async function slotsOn(day: string, partner = partnerId): Promise<Slot[]> {
  return (await slots()).slots.filter((slot) => slot.partnerId === partner && slot.start.startsWith(day));
}

function booking(slot: Pick<Slot, 'start' | 'partnerId'>, overrides: Record<string, unknown> = {}) {
  return {
    start: slot.start,
    partnerId: slot.partnerId,
    name: 'Marta Ruiz',
    email: freshEmail(),
    company: 'Olivares del Sur',
    topic: 'Digitalising our supply chain',
    language: 'en',
    consent: true,
    ...overrides,
  };
}

function book(body: Record<string, unknown>, ip = freshIp()) {
  return callJson<{ id?: string; start?: string; end?: string; message?: string; field?: string }>(
    meetingsFunction,
    '/api/meetings',
    { method: 'POST', body, ip },
  );
}

function bookForm(fields: Record<string, string>, lang: 'en' | 'es', ip = freshIp()) {
  return call(meetingsFunction, `/api/meetings?lang=${lang}`, {
    method: 'POST',
    rawBody: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    ip,
  });
}

/** A mail's calendar invitation, parsed back with ical.js. */
function invitation(mail: CapturedMail) {
  const part = mail.parsed.attachments.find((attachment) => attachment.contentType.startsWith('text/calendar'));
  expect(part, 'the mail carries an invitation').toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(part!.content.toString('utf8')) as unknown[]);
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    startIsUtc: event.startDate.zone?.tzid === 'UTC',
    organizer: String(event.organizer),
    organizerName: vevent.getFirstProperty('organizer')?.getParameter('cn'),
    location: event.location,
    status: vevent.getFirstPropertyValue('status'),
    raw: part!.content.toString('utf8'),
  };
}

function manageToken(mail: CapturedMail): string {
  const link = htmlLinks(mail.parsed).find((href) => href.includes('/book/manage?token='));
  expect(link).toBeDefined();
  return new URL(link!).searchParams.get('token')!;
}

describe('GET /api/meetings/slots', () => {
  it('answers the free 30-minute slots in UTC, Madrid as the zone, past the notice, for 14 days at most', async () => {
    const body = await slots(14);
    expect(body.timeZone).toBe('Europe/Madrid');
    expect(body.slots.length).toBeGreaterThan(100);
    for (const slot of body.slots) {
      expect(slot.start).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/);
      expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(30 * 60_000);
      expect([partnerId, otherPartnerId]).toContain(slot.partnerId);
      expect(Date.parse(slot.start)).toBeLessThan(NOW.getTime() + 14 * 86_400_000);
    }
    // Monday 8:00 Madrid: an hour's notice makes 9:00 (08:00Z) the first of Ana's slots today.
    expect(body.slots[0]).toEqual({ start: '2026-12-07T08:00:00.000Z', end: '2026-12-07T08:30:00.000Z', partnerId });
    // Luis gives a day's notice and Tuesday mornings only.
    const luis = body.slots.filter((slot) => slot.partnerId === otherPartnerId);
    expect(luis[0]?.start).toBe('2026-12-08T08:00:00.000Z');
    expect(luis).toHaveLength(12);
    expect((await slots(1)).slots.every((slot) => slot.start.startsWith('2026-12-07'))).toBe(true);
  });

  it('is kept by the CDN once per `days` (other query parameters share it) and rate-limited per IP', async () => {
    const response = await call(slotsFunction, '/api/meetings/slots?days=7&utm_source=x');
    expect(response.status).toBe(200);
    expect(response.headers.get('netlify-vary')).toBe('query=days');
    expect(response.headers.get('netlify-cdn-cache-control')).toBe('public, s-maxage=30');
    expect(slotsConfig.rateLimit).toMatchObject({ windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] });
  });

  it('reads them in four statements, whatever the number of partners', async () => {
    resetQueryCount();
    await slots(14);
    expect(queryCount()).toBe(4);
  });

  it.each(['0', '15', 'two'])('refuses days=%s with 400 naming the field', async (days) => {
    const { status, body } = await callJson<{ field?: string }>(slotsFunction, `/api/meetings/slots?days=${days}`);
    expect(status).toBe(400);
    expect(body.field).toBe('days');
  });

  it('offers nothing for partners without hours, inactive or unflagged', async () => {
    await testDatabase().query(`UPDATE users SET partner = false WHERE id = $1`, [otherPartnerId]);
    expect((await slots()).slots.some((slot) => slot.partnerId === otherPartnerId)).toBe(false);
    await testDatabase().query(`UPDATE users SET partner = true WHERE id = $1`, [otherPartnerId]);
    expect((await slots()).slots.some((slot) => slot.partnerId === otherPartnerId)).toBe(true);
  });
});

describe('POST /api/meetings', () => {
  it('books a free slot (201), takes it off the list, files a lead and mails the visitor and the partner once', async () => {
    const [slot] = await slotsOn('2026-12-09');
    const body = booking(slot!);
    const { status, body: answer } = await book(body);
    expect(status).toBe(201);
    expect(answer).toEqual({ id: answer.id, start: slot!.start, end: slot!.end });
    expect(answer.id).toMatch(/^[0-9a-z]{26}$/);
    expect((await slotsOn('2026-12-09')).map((free) => free.start)).not.toContain(slot!.start);

    const lead = (await allPages(eachLead())).find((row) => row.email === body.email);
    expect(lead).toMatchObject({ source: 'booking', name: 'Marta Ruiz', company: 'Olivares del Sur', language: 'en' });
    expect(lead?.message).toContain('Digitalising our supply chain');

    const [confirmation, ...more] = smtp.to(body.email);
    expect(more).toEqual([]);
    expect(confirmation!.parsed.subject).toContain('Your meeting with Vantia Partners');
    expect(confirmation!.parsed.text).toContain('Wednesday, December 9, 2026');
    expect(confirmation!.parsed.text).toContain('(Madrid time)');
    expect(confirmation!.parsed.text).toContain(LINK);
    // Nothing the visitor typed is mailed to the address they typed.
    expect(confirmation!.parsed.text).not.toContain('Marta');
    expect(confirmation!.parsed.text).not.toContain('supply chain');
    const ics = invitation(confirmation!);
    expect(ics).toMatchObject({
      method: 'REQUEST',
      uid: `${answer.id}@vantiapartners.com`,
      start: slot!.start,
      end: slot!.end,
      startIsUtc: true,
      organizer: 'mailto:hello@vantiapartners.com',
      organizerName: 'Ana García',
      location: LINK,
      status: 'CONFIRMED',
    });
    expect(ics.raw).toContain(`DTSTART:${slot!.start.replace(/[-:]/g, '').replace('.000', '')}`);
    expect(manageToken(confirmation!)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(htmlLinks(confirmation!.parsed)).toContain(
      `https://site.test/book/manage?token=${manageToken(confirmation!)}`,
    );

    const alerts = smtp.mails.filter((mail) => mail.parsed.subject?.startsWith('Meeting booked: Marta Ruiz'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.envelopeTo).toContain('leads@vantia.test');
    expect(alerts[0]!.parsed.text).toContain('Digitalising our supply chain');
    expect(alerts[0]!.parsed.replyTo?.text).toBe(body.email);
    expect(invitation(alerts[0]!)).toMatchObject({ method: 'REQUEST', uid: ics.uid, start: slot!.start });
  });

  it('refuses a slot that is no longer free with 409, and a time never offered with 400 naming start', async () => {
    const [slot] = await slotsOn('2026-12-10');
    expect((await book(booking(slot!))).status).toBe(201);
    const again = await book(booking(slot!));
    expect(again).toMatchObject({ status: 409, body: { field: 'start' } });
    const odd = await book(booking({ ...slot!, start: '2026-12-10T08:10:00.000Z' }));
    expect(odd).toMatchObject({ status: 400, body: { field: 'start' } });
    const weekend = await book(booking({ ...slot!, start: '2026-12-12T09:00:00.000Z' }));
    expect(weekend).toMatchObject({ status: 400, body: { field: 'start' } });
    // Monday at 9:45 in Madrid: 10:00 is in the hours, but within the hour's notice.
    setClock(new Date('2026-12-07T08:45:00.000Z'));
    const soon = await book(booking({ ...slot!, start: '2026-12-07T09:00:00.000Z' }));
    expect(soon).toMatchObject({ status: 409, body: { field: 'start' } });
    const nobody = await book(booking({ ...slot!, partnerId: '01hzzzzzzzzzzzzzzzzzzzzzzz' }));
    expect(nobody).toMatchObject({ status: 400, body: { field: 'start' } });
  });

  it('keeps the buffer around a meeting free', async () => {
    const [first] = await slotsOn('2026-12-08', otherPartnerId);
    expect((await book(booking(first!))).status).toBe(201);
    const next = new Date(Date.parse(first!.start) + 30 * 60_000).toISOString();
    expect((await slotsOn('2026-12-08', otherPartnerId)).map((slot) => slot.start)).not.toContain(next);
    expect((await book(booking({ start: next, partnerId: otherPartnerId }))).status).toBe(409);
  });

  it.each([
    [{ consent: undefined }, 'consent'],
    [{ consent: false }, 'consent'],
    [{ email: 'not-an-email' }, 'email'],
    [{ name: '  ' }, 'name'],
    [{ topic: '' }, 'topic'],
    [{ start: 'tomorrow' }, 'start'],
    [{ language: 'fr' }, 'language'],
  ])('refuses %o with 400 naming %s, storing nothing and mailing nobody', async (overrides, field) => {
    const [slot] = await slotsOn('2026-12-11');
    const before = await testDatabase().snapshot({ withoutQuotas: true });
    const sent = smtp.mails.length;
    const { status, body } = await book(booking(slot!, overrides));
    expect(status).toBe(400);
    expect(body.field).toBe(field);
    expect(await testDatabase().snapshot({ withoutQuotas: true })).toEqual(before);
    expect(smtp.mails.length).toBe(sent);
  });

  it('refuses a body past 16 KB with 413, storing nothing', async () => {
    const [slot] = await slotsOn('2026-12-11');
    const before = await testDatabase().snapshot();
    const { status } = await book(booking(slot!, { company: 'x'.repeat(16 * 1024) }));
    expect(status).toBe(413);
    expect(await testDatabase().snapshot()).toEqual(before);
  });

  it('50 parallel bookings of one slot: exactly one 201, the rest 409', async () => {
    const [slot] = await slotsOn('2026-12-14');
    const answers = await Promise.all(Array.from({ length: 50 }, () => book(booking(slot!))));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const [row] = await testDatabase().query<{ count: string }>(
      `SELECT count(*) FROM meetings WHERE partner_id = $1 AND start_at = $2`,
      [partnerId, slot!.start],
    );
    expect(Number(row?.count)).toBe(1);
  });

  it('answers a form in its language: 303 to the confirmation page, Spanish mail; a refusal back to /book', async () => {
    const [slot] = await slotsOn('2026-12-15');
    const email = freshEmail();
    const fields = {
      start: slot!.start,
      partnerId: slot!.partnerId,
      name: 'Lucía Pérez',
      email,
      company: '',
      topic: 'Inversión en agritech',
      consent: 'on',
      website: '',
    };
    const response = await bookForm(fields, 'es');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/es/book/confirmed?start=${encodeURIComponent(slot!.start)}`);
    const [mail] = smtp.to(email);
    expect(mail!.parsed.subject).toContain('Su reunión con Vantia Partners');
    expect(mail!.parsed.text).toContain('martes, 15 de diciembre de 2026');
    expect(mail!.parsed.text).toContain('(hora de Madrid)');
    expect(htmlLinks(mail!.parsed).some((href) => href.startsWith('https://site.test/es/book/manage?token='))).toBe(
      true,
    );
    expect(invitation(mail!).method).toBe('REQUEST');

    // A refusal is a 307: the browser posts the same fields back to the booking page, which keeps what was typed.
    const taken = await bookForm({ ...fields, email: freshEmail() }, 'es');
    expect(taken.status).toBe(307);
    expect(taken.headers.get('location')).toBe('/es/book?result=taken&field=start');
    const noConsent = await bookForm({ ...fields, consent: '' }, 'en');
    expect(noConsent.status).toBe(307);
    expect(noConsent.headers.get('location')).toBe('/book?result=invalid&field=consent');
  });

  it("books the booking page's one radio button per slot (`slot`: start and partner)", async () => {
    const [, slot] = await slotsOn('2026-12-15');
    const rest = { name: 'Marta Gil', email: freshEmail(), topic: 'Due diligence', consent: 'on', website: '' };
    const response = await bookForm({ ...rest, slot: slotChoice(slot!) }, 'en');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/book/confirmed?start=${encodeURIComponent(slot!.start)}`);
    const none = await bookForm({ ...rest, email: freshEmail(), slot: '' }, 'en');
    expect(none.headers.get('location')).toBe('/book?result=invalid&field=start');
  });

  it('counts against the anonymous-write quotas: per IP and per address', async () => {
    const day = await slotsOn('2026-12-16');
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) expect((await book(booking(day[i]!), ip)).status).toBe(201);
    const refused = await callJson(meetingsFunction, '/api/meetings', {
      method: 'POST',
      body: booking(day[5]!),
      ip,
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);

    process.env['QUOTA_BOOKING_PER_ADDRESS'] = '1';
    try {
      const email = freshEmail();
      expect((await book(booking(day[6]!, { email }))).status).toBe(201);
      expect((await book(booking(day[7]!, { email }))).status).toBe(429);
      expect(smtp.to(email)).toHaveLength(1);
    } finally {
      delete process.env['QUOTA_BOOKING_PER_ADDRESS'];
    }
  });

  it('refuses an address a third meeting to come (any case) with 409 in its language; cancelled or past ones free it', async () => {
    // More than the address's 3 bookings a day: this address asks again and again the same day.
    process.env['QUOTA_BOOKING_PER_ADDRESS'] = '100';
    onTestFinished(() => {
      delete process.env['QUOTA_BOOKING_PER_ADDRESS'];
    });
    const day = await slotsOn('2026-12-17');
    const email = freshEmail();
    expect((await book(booking(day[0]!, { email }))).status).toBe(201);
    expect((await book(booking(day[1]!, { email: email.toUpperCase() }))).status).toBe(201);
    const quotaUsed = async () =>
      Number(
        (await testDatabase().query<{ total: string }>(`SELECT coalesce(sum(used), 0) AS total FROM daily_quotas`))[0]!
          .total,
      );
    const before = await quotaUsed();
    const third = await book(booking(day[2]!, { email: ` ${email.toUpperCase()}`, language: 'es' }));
    expect(third).toMatchObject({ status: 409, body: { field: 'email' } });
    // Whether an address has meetings to come is not a free question: the refusal came after the quotas were taken.
    expect(await quotaUsed()).toBeGreaterThan(before);
    expect(third.body.message).toBe(
      'Esta dirección de correo ya tiene 2 reuniones pendientes con nosotros. Para reservar otra, cancele antes una con el enlace de su correo de confirmación.',
    );
    expect((await slotsOn('2026-12-17')).map((slot) => slot.start)).toContain(day[2]!.start);
    expect(smtp.to(email)).toHaveLength(2);
    // The form's post comes back to /book, which says why in the page's language.
    const form = await bookForm(
      { slot: slotChoice(day[2]!), name: 'Marta', email, topic: 'Again', consent: 'on', website: '' },
      'es',
    );
    expect(form.status).toBe(307);
    expect(form.headers.get('location')).toBe('/es/book?result=upcoming&field=email');
    // A visitor who cancels one of them may book again.
    const token = manageToken(smtp.to(email)[0]!);
    const [first] = await testDatabase().query<{ id: string }>(
      `SELECT id FROM meetings WHERE email = $1 ORDER BY start_at LIMIT 1`,
      [email],
    );
    const cancelled = await callJson(cancelFunction, `/api/meetings/${first!.id}/cancel`, {
      method: 'POST',
      body: { token },
      params: { id: first!.id },
      ip: freshIp(),
    });
    expect(cancelled.status).toBe(200);
    expect((await book(booking(day[2]!, { email }))).status).toBe(201);
    // Once the meetings have taken place, the address books again.
    setClock(new Date('2026-12-18T07:00:00.000Z'));
    const [later] = await slotsOn('2026-12-21');
    expect((await book(booking(later!, { email }))).status).toBe(201);
  });

  it('parallel bookings of different times under one address: two are booked, the rest refused with 409', async () => {
    process.env['QUOTA_BOOKING_PER_ADDRESS'] = '100';
    try {
      const day = await slotsOn('2026-12-18');
      const email = freshEmail();
      const answers = await Promise.all(day.slice(0, 8).map((slot) => book(booking(slot, { email }))));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([201, 201, 409, 409, 409, 409, 409, 409]);
      expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.field === 'email')).toBe(
        true,
      );
      const [row] = await testDatabase().query<{ count: string }>(`SELECT count(*) FROM meetings WHERE email = $1`, [
        email,
      ]);
      expect(Number(row?.count)).toBe(2);
    } finally {
      delete process.env['QUOTA_BOOKING_PER_ADDRESS'];
    }
  });

  it("a time no longer free (409) or never offered (400) costs none of the IP's, the site's or the address's quota", async () => {
    const day = await slotsOn('2026-12-15');
    expect((await book(booking(day[0]!))).status).toBe(201);
    const ip = freshIp();
    const email = freshEmail();
    const [quota] = await testDatabase().query<{ total: string }>(
      `SELECT coalesce(sum(used), 0) AS total FROM daily_quotas`,
    );
    for (let i = 0; i < 6; i += 1) {
      expect((await book(booking(day[0]!, { email }), ip)).status).toBe(409);
      expect((await book(booking({ ...day[0]!, start: '2026-12-15T08:10:00.000Z' }, { email }), ip)).status).toBe(400);
    }
    const [after] = await testDatabase().query<{ total: string }>(
      `SELECT coalesce(sum(used), 0) AS total FROM daily_quotas`,
    );
    expect(after!.total).toBe(quota!.total);
    // The IP's five bookings and the address's three are all still there.
    expect((await book(booking(day[1]!, { email }), ip)).status).toBe(201);
  });
});

describe('cancelling', () => {
  it("the visitor's link cancels once: the slot is free again and both get METHOD:CANCEL", async () => {
    const [slot] = await slotsOn('2026-12-17');
    const body = booking(slot!);
    const { body: booked } = await book(body);
    const token = manageToken(smtp.to(body.email)[0]!);
    const cancel = (id: string, given: string) =>
      callJson<{ status?: string }>(cancelFunction, `/api/meetings/${id}/cancel`, {
        method: 'POST',
        body: { token: given },
        params: { id },
        ip: freshIp(),
      });
    expect((await cancel(booked.id!, 'x'.repeat(43))).status).toBe(404);
    expect(await cancel(booked.id!, token)).toMatchObject({ status: 200, body: { status: 'cancelled' } });
    expect((await slotsOn('2026-12-17')).map((free) => free.start)).toContain(slot!.start);
    expect((await cancel(booked.id!, token)).status).toBe(410);

    const [, cancelled, ...more] = smtp.to(body.email);
    expect(more).toEqual([]);
    expect(cancelled!.parsed.subject).toContain('Cancelled: your meeting');
    const ics = invitation(cancelled!);
    expect(ics).toMatchObject({ method: 'CANCEL', uid: `${booked.id}@vantiapartners.com`, status: 'CANCELLED' });
    expect(ics.sequence).toBeGreaterThan(0);
    const partnerNotice = smtp.mails.filter((mail) => mail.parsed.subject?.startsWith('Meeting cancelled: Marta Ruiz'));
    expect(partnerNotice.some((mail) => mail.parsed.text?.includes('by the visitor, with their link'))).toBe(true);
    expect(partnerNotice.map((mail) => invitation(mail).uid)).toContain(ics.uid);
    // The freed slot can be booked again.
    expect((await book(booking(slot!))).status).toBe(201);
  });

  it("the manage page's form post: 303 to the cancellation page in its language", async () => {
    const [slot] = await slotsOn('2026-12-18');
    const body = booking(slot!, { language: 'es' });
    const { body: booked } = await book(body);
    const token = manageToken(smtp.to(body.email)[0]!);
    const response = await call(cancelFunction, `/api/meetings/${booked.id}/cancel?lang=es`, {
      method: 'POST',
      rawBody: new URLSearchParams({ token }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      params: { id: booked.id! },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/es/book/cancelled?result=cancelled');
    const cancelled = smtp.to(body.email)[1]!;
    expect(cancelled.parsed.subject).toContain('Cancelada: su reunión');
    expect(invitation(cancelled).method).toBe('CANCEL');
  });

  it("deleting a booking's lead cancels its meeting first: both get METHOD:CANCEL, the slot is free", async () => {
    const [slot] = await slotsOn('2026-12-14');
    const body = booking(slot!);
    const { body: booked } = await book(body);
    const { body: list } = await callJson<MeetingList>(meetingsFunction, '/api/meetings', asAdmin(bench.cookie()));
    const leadId = list.upcoming.find((meeting) => meeting.id === booked.id)!.leadId;
    const deleted = await call(
      leadDeleteFunction,
      `/api/contact-messages/${leadId}`,
      asAdmin(bench.cookie(), { method: 'DELETE', params: { id: leadId } }),
    );
    expect(deleted.status).toBe(200);
    const cancelled = smtp.to(body.email)[1]!;
    expect(invitation(cancelled)).toMatchObject({ method: 'CANCEL', uid: `${booked.id}@vantiapartners.com` });
    expect(
      smtp.mails.some(
        (mail) =>
          mail.parsed.subject?.startsWith('Meeting cancelled:') &&
          invitation(mail).uid === `${booked.id}@vantiapartners.com`,
      ),
    ).toBe(true);
    expect((await slotsOn('2026-12-14')).map((free) => free.start)).toContain(slot!.start);
  });

  it("an admin cancels with a message, which the visitor's mail carries; the list shows it", async () => {
    const [slot] = await slotsOn('2026-12-11');
    const body = booking(slot!);
    const { body: booked } = await book(body);
    const path = `/api/admin/meetings/${booked.id}/cancel`;
    const message = { message: 'Ana is travelling that day; please pick another time.' };
    expect(
      (await callJson(adminCancelFunction, path, { method: 'POST', body: message, params: { id: booked.id! } })).status,
    ).toBe(401);
    const answer = await callJson(
      adminCancelFunction,
      path,
      asAdmin(bench.cookie(), { method: 'POST', body: message, params: { id: booked.id! } }),
    );
    expect(answer.status).toBe(200);
    const audit = await testDatabase().query(`SELECT actor, action, target FROM audit_log WHERE target = $1`, [
      booked.id,
    ]);
    expect(audit).toEqual([{ actor: 'partner', action: 'meeting.cancel', target: booked.id }]);
    const cancelled = smtp.to(body.email)[1]!;
    expect(cancelled.parsed.text).toContain('Ana is travelling that day');
    expect(invitation(cancelled).method).toBe('CANCEL');

    const { status, body: list } = await callJson<MeetingList>(
      meetingsFunction,
      '/api/meetings',
      asAdmin(bench.cookie()),
    );
    expect(status).toBe(200);
    expect(list.upcoming.find((meeting) => meeting.id === booked.id)).toMatchObject({
      status: 'cancelled',
      partnerName: 'Ana García',
      cancelledBy: 'partner',
      cancelMessage: message.message,
    });
    expect((await callJson(meetingsFunction, '/api/meetings')).status).toBe(401);
  });
});

/**
 * Makes the outbox refuse the mails whose key ends with `suffix`, as a crash between a change's commit and its mail's
 * queueing would lose them: a change and its mails are written together, or neither is.
 */
async function failingOutbox(suffix: string, run: () => Promise<void>) {
  const db = testDatabase();
  await db.query(`CREATE OR REPLACE FUNCTION refuse_meeting_mail() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.reason LIKE 'meetings/%${suffix}' THEN RAISE EXCEPTION 'outbox down'; END IF;
      RETURN NEW;
    END $$`);
  await db.query(`CREATE TRIGGER refuse_meeting_mail BEFORE INSERT ON mail_outbox
    FOR EACH ROW EXECUTE FUNCTION refuse_meeting_mail()`);
  try {
    await run();
  } finally {
    await db.query(`DROP TRIGGER refuse_meeting_mail ON mail_outbox`);
  }
}

describe('mails written with their change', () => {
  it('a booking whose confirmation cannot be written is not stored; once it can, it is booked and mailed', async () => {
    const [slot] = await slotsOn('2026-12-15', otherPartnerId);
    const body = booking(slot!);
    await failingOutbox('/confirmation', async () => {
      expect((await book(body)).status).toBe(500);
    });
    expect(await testDatabase().query(`SELECT id FROM meetings WHERE email = $1`, [body.email])).toEqual([]);
    expect((await allPages(eachLead())).some((lead) => lead.email === body.email)).toBe(false);
    expect((await slotsOn('2026-12-15', otherPartnerId)).map((free) => free.start)).toContain(slot!.start);
    const { status, body: booked } = await book(body);
    expect(status).toBe(201);
    const [row] = await testDatabase().query<{ reason: string }>(`SELECT reason FROM mail_outbox WHERE reason = $1`, [
      `meetings/${booked.id}/confirmation`,
    ]);
    expect(row).toBeDefined();
    expect(smtp.to(body.email)).toHaveLength(1);
  });

  it('a cancellation whose CANCEL cannot be written leaves the meeting confirmed', async () => {
    const [slot] = await slotsOn('2026-12-16');
    const body = booking(slot!);
    const { body: booked } = await book(body);
    const token = manageToken(smtp.to(body.email)[0]!);
    const cancel = () =>
      callJson(cancelFunction, `/api/meetings/${booked.id}/cancel`, {
        method: 'POST',
        body: { token },
        params: { id: booked.id! },
        ip: freshIp(),
      });
    await failingOutbox('/cancel', async () => {
      expect((await cancel()).status).toBe(500);
    });
    const [row] = await testDatabase().query<{ status: string }>(`SELECT status FROM meetings WHERE id = $1`, [
      booked.id,
    ]);
    expect(row?.status).toBe('confirmed');
    expect((await cancel()).status).toBe(200);
    expect(invitation(smtp.to(body.email)[1]!).method).toBe('CANCEL');
  });

  it('a reminder that cannot be written is not marked sent: the next run sends it', async () => {
    const [slot] = await slotsOn('2026-12-11', partnerId);
    const body = booking(slot!);
    const { body: booked } = await book(body);
    const dayBefore = new Date(Date.parse(slot!.start) - 23 * 3_600_000);
    await failingOutbox('/reminder', async () => {
      await expect(sendDueReminders(dayBefore)).rejects.toThrow();
    });
    const [row] = await testDatabase().query<{ reminder_sent_at: Date | null }>(
      `SELECT reminder_sent_at FROM meetings WHERE id = $1`,
      [booked.id],
    );
    expect(row?.reminder_sent_at).toBeNull();
    expect(await sendDueReminders(dayBefore)).toBeGreaterThanOrEqual(1);
    expect(smtp.to(body.email).filter((mail) => mail.parsed.subject?.startsWith('Reminder'))).toHaveLength(1);
  });
});

describe('reminders and the timeline', () => {
  it('mails one reminder a day before, however many runs race', async () => {
    const [slot] = await slotsOn('2026-12-10');
    const body = booking(slot!);
    const { body: booked } = await book(body);
    const dayBefore = new Date(Date.parse(slot!.start) - 23 * 3_600_000);
    const reminders = () => smtp.to(body.email).filter((mail) => mail.parsed.subject?.startsWith('Reminder'));
    await sendDueReminders(new Date(Date.parse(slot!.start) - 25 * 3_600_000));
    expect(reminders()).toEqual([]);
    await Promise.all([sendDueReminders(dayBefore), sendDueReminders(dayBefore), sendDueReminders(dayBefore)]);
    await sendDueReminders(new Date(Date.parse(slot!.start) - 3_600_000));
    expect((await reminderFunction()).status).toBe(204);
    expect(reminders()).toHaveLength(1);
    expect(reminders()[0]!.parsed.text).toContain(LINK);
    expect(reminders()[0]!.parsed.text).toContain('Thursday, December 10, 2026');
    const [row] = await testDatabase().query<{ reminder_sent_at: Date | null }>(
      `SELECT reminder_sent_at FROM meetings WHERE id = $1`,
      [booked.id],
    );
    expect(row?.reminder_sent_at).not.toBeNull();
  });

  it("lists a booking in the contact's timeline, with the meeting's status", async () => {
    const [slot] = await slotsOn('2026-12-08');
    const body = booking(slot!);
    await book(body);
    const timeline = await contactTimeline({ email: body.email, phone: undefined });
    expect(timeline.items).toHaveLength(1);
    expect(timeline.items[0]).toMatchObject({ kind: 'booking', status: 'confirmed', link: { tab: 'messages' } });
  });
});

describe('privacy', () => {
  it('an erasure of the address cancels its meetings to come (both get METHOD:CANCEL), then deletes them with their leads', async () => {
    const [slot] = await slotsOn('2026-12-09');
    const body = booking(slot!);
    const { body: booked } = await book(body);
    const admin = (await testDatabase().query<{ id: string }>(`SELECT id FROM users WHERE username = 'partner'`))[0]!;
    const report = await erasePersonalData(body.email, { id: admin.id, username: 'partner', role: 'admin' } as User);
    expect(report.contactMessages).toBe(1);
    expect(await testDatabase().query(`SELECT id FROM meetings WHERE id = $1`, [booked.id])).toEqual([]);
    expect((await slotsOn('2026-12-09')).map((free) => free.start)).toContain(slot!.start);
    const uid = `${booked.id}@vantiapartners.com`;
    expect(invitation(smtp.to(body.email)[1]!)).toMatchObject({ method: 'CANCEL', uid });
    const partnerCancel = smtp.mails.filter(
      (mail) => mail.parsed.subject?.startsWith('Meeting cancelled:') && invitation(mail).uid === uid,
    );
    expect(partnerCancel).toHaveLength(1);
  });
});

describe("npm run dev's demo partner", () => {
  it('makes the local admin a partner, Monday to Friday 9:00 to 17:00 Madrid time, once', async () => {
    const admin = (await testDatabase().query<{ id: string }>(`SELECT id FROM users WHERE username = 'partner'`))[0]!;
    expect((await slots()).slots.some((slot) => slot.partnerId === admin.id)).toBe(false);
    expect(await seedDemoPartner()).toBe('partner');
    const offered = (await slots()).slots.filter((slot) => slot.partnerId === admin.id);
    // A day's notice from Monday 8:00: Tuesday 8 December to Monday 21 December, 16 slots a working day.
    expect(offered[0]?.start).toBe('2026-12-08T08:00:00.000Z');
    expect(offered.at(-1)?.start).toBe('2026-12-18T15:30:00.000Z');
    expect(offered).toHaveLength(9 * 16);
    expect(await seedDemoPartner()).toBeNull();
  });
});

describe('a partner’s own settings (/api/meetings/settings)', () => {
  const path = '/api/meetings/settings';
  const saturday = {
    hours: [{ weekday: 6, startMinute: 600, endMinute: 720 }],
    daysOff: ['2026-12-19', '2026-12-19'],
    noticeMinutes: 0,
    bufferMinutes: 15,
    meetingLink: 'https://meet.example.com/partner',
  };

  it('answers and replaces the signed-in admin’s hours, days off, notice, buffer and link; slots follow', async () => {
    expect((await callJson(settingsFunction, path)).status).toBe(401);
    const before = await callJson<{ settings: unknown }>(settingsFunction, path, asAdmin(bench.cookie()));
    expect(before.body.settings).toEqual(DEMO_PARTNER_SETTINGS);
    const saved = await callJson<{ settings: unknown }>(
      settingsFunction,
      path,
      asAdmin(bench.cookie(), { method: 'PUT', body: saturday }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toEqual({ ...saturday, daysOff: ['2026-12-19'] });
    const admin = (await testDatabase().query<{ id: string }>(`SELECT id FROM users WHERE username = 'partner'`))[0]!;
    const offered = (await slots()).slots.filter((slot) => slot.partnerId === admin.id).map((slot) => slot.start);
    // Saturday 12 December, 10:00 to 12:00 Madrid; Saturday 19 December is a day off.
    expect(offered).toEqual([
      '2026-12-12T09:00:00.000Z',
      '2026-12-12T09:30:00.000Z',
      '2026-12-12T10:00:00.000Z',
      '2026-12-12T10:30:00.000Z',
    ]);
  });

  it.each([
    [{ hours: [...saturday.hours, { weekday: 6, startMinute: 660, endMinute: 780 }] }, 'hours'],
    [{ meetingLink: 'http://meet.example.com/partner' }, 'meetingLink'],
    [{ noticeMinutes: 30 * 24 * 60 }, 'noticeMinutes'],
    [{ daysOff: ['19/12/2026'] }, 'daysOff.0'],
  ])('refuses %o with 400 naming %s', async (overrides, field) => {
    const { status, body } = await callJson<{ field?: string }>(
      settingsFunction,
      path,
      asAdmin(bench.cookie(), { method: 'PUT', body: { ...saturday, ...overrides } }),
    );
    expect(status).toBe(400);
    expect(body.field).toBe(field);
  });
});

describe('guards of the meetings table and of who offers slots', () => {
  it("answers the honeypot's bot a believable 30-minute booking, storing and mailing nothing", async () => {
    const [slot] = await slotsOn('2026-12-16');
    const before = await testDatabase().snapshot({ withoutQuotas: true });
    const sent = smtp.mails.length;
    const { status, body } = await book(booking(slot!, { website: 'https://spam.example' }));
    expect(status).toBe(201);
    expect(body).toEqual({ id: body.id, start: slot!.start, end: slot!.end });
    expect(await testDatabase().snapshot({ withoutQuotas: true })).toEqual(before);
    expect(smtp.mails.length).toBe(sent);
  });

  it('holds the API limits on name, topic, company and cancel message, and indexes meetings by lead', async () => {
    const [slot] = await slotsOn('2026-12-16');
    const { body: booked } = await book(booking(slot!));
    for (const [column, length] of [
      ['name', 201],
      ['topic', 5001],
      ['company', 201],
      ['cancel_message', 2001],
    ] as const) {
      await expect(
        testDatabase().query(`UPDATE meetings SET ${column} = repeat('x', ${length}) WHERE id = $1`, [booked.id]),
      ).rejects.toThrow(/check constraint/);
    }
    await expect(testDatabase().query(`UPDATE meetings SET name = '' WHERE id = $1`, [booked.id])).rejects.toThrow(
      /check constraint/,
    );
    const indexes = await testDatabase().query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE tablename = 'meetings' AND indexname = 'meetings_lead'`,
    );
    expect(indexes[0]?.indexdef).toContain('(lead_id)');
  });

  it('a partner demoted from admin offers no slot, and stays off when made admin again until they save hours', async () => {
    const carla = await saveUser({ username: 'carla', password: 'carla partner password 123', role: 'admin' });
    await savePartnerSettings(carla.id, {
      hours: [{ weekday: 3, startMinute: 600, endMinute: 660 }],
      daysOff: [],
      noticeMinutes: 0,
      bufferMinutes: 0,
      meetingLink: null,
    });
    const offered = async () => (await slots()).slots.filter((slot) => slot.partnerId === carla.id);
    expect(await offered()).not.toEqual([]);
    const demote = (role: string) =>
      callJson(
        usersFunction,
        '/api/users/carla',
        asAdmin(bench.cookie(), { method: 'PUT', body: { role }, params: { username: 'carla' } }),
      );
    expect((await demote('investor')).status).toBe(200);
    expect(await offered()).toEqual([]);
    expect((await demote('admin')).status).toBe(200);
    expect(await offered()).toEqual([]);
    // A flag set by hand on an investor's account offers nothing either.
    await testDatabase().query(`UPDATE users SET partner = true, role = 'investor' WHERE id = $1`, [carla.id]);
    expect(await offered()).toEqual([]);
    await testDatabase().query(`UPDATE users SET partner = false WHERE id = $1`, [carla.id]);
  });

  it('audits a change of a partner’s own settings (who, not what)', async () => {
    const audited = () =>
      testDatabase().query<{ actor: string; detail: string }>(
        `SELECT actor, detail FROM audit_log WHERE action = 'meeting.settings' ORDER BY id`,
      );
    const before = (await audited()).length;
    const body = { ...DEMO_PARTNER_SETTINGS, meetingLink: 'https://meet.example.com/secret-room' };
    const saved = await callJson(
      settingsFunction,
      '/api/meetings/settings',
      asAdmin(bench.cookie(), { method: 'PUT', body }),
    );
    expect(saved.status).toBe(200);
    const audit = await audited();
    expect(audit).toHaveLength(before + 1);
    expect(audit.at(-1)).toMatchObject({ actor: 'partner' });
    expect(JSON.stringify(audit)).not.toContain('secret-room');
  });
});
