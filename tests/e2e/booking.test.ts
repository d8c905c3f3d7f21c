import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminEn as adminTexts } from '../../src/i18n/admin/en';
import { en } from '../../src/i18n/en';
import { es } from '../../src/i18n/es';
import type { SlotsResponse } from '../../src/features/meetings/schema';
import { htmlLinks, startLocalSmtp, type LocalSmtp } from '../helpers/smtp';
import { E2E_ADMIN } from './global-setup';
import { adminApi, axeViolations, baseUrl, signInAsAdmin, signInCookie, useBrowser } from './helpers';

/**
 * Book a meeting (issue 25, docs/product.md, "Meetings"): /book works without JavaScript (the slots are radio buttons
 * in the HTML, a refusal keeps what was typed), the mail with its invitation arrives and its link's page cancels; with
 * JavaScript the times are the visitor's; at 390 px in Spanish; the dashboard's Meetings tab lists and cancels.
 */
const browser = useBrowser();
let smtp: LocalSmtp;
let api: ReturnType<typeof adminApi>;
const LINK = 'https://meet.example.com/e2e-partner';

beforeAll(async () => {
  // The served site's SMTP_URL points at this port (tests/e2e/global-setup.ts).
  smtp = await startLocalSmtp({ port: inject('smtpPort') });
  api = adminApi(await signInCookie(E2E_ADMIN.username, E2E_ADMIN.password));
  // The e2e admin offers every day, all day, with an hour's notice: slots exist whenever the test runs.
  const saved = await api('/api/meetings/settings', {
    method: 'PUT',
    body: JSON.stringify({
      hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 0, endMinute: 1440 })),
      daysOff: [],
      noticeMinutes: 60,
      bufferMinutes: 0,
      meetingLink: LINK,
    }),
  });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  // No hours: the browser tests after this file meet the chat's lead flow, not its meeting offer.
  const cleared = await api('/api/meetings/settings', {
    method: 'PUT',
    body: JSON.stringify({ hours: [], daysOff: [], noticeMinutes: 60, bufferMinutes: 0, meetingLink: LINK }),
  });
  expect(cleared.status).toBe(200);
  await smtp.stop();
});

function calendarOf(mail: ParsedMail): string {
  const part = mail.attachments.find((attachment) => attachment.contentType.startsWith('text/calendar'));
  return part ? part.content.toString('utf8') : '';
}

async function mailsTo(address: string, count: number): Promise<ParsedMail[]> {
  await expect.poll(() => smtp.to(address).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  return smtp.to(address).map((mail) => mail.parsed);
}

describe('booking a meeting', () => {
  it('works with JavaScript off: a refusal keeps what was typed, then booked, mailed, and cancelled from the link', async () => {
    const page = await browser.page({ javaScript: false });
    await page.goto('/');
    const offer = page.locator('#contact').getByRole('link', { name: en['contact.book.link'] });
    expect(await offer.getAttribute('href')).toBe('/book');
    await offer.click();
    await page.waitForURL('**/book');
    expect(await page.locator('[data-time-zone-note]').innerText()).toBe(en['book.timeZone.madrid']);
    const days = page.locator('[data-slot-day]');
    expect(await days.count()).toBeGreaterThan(0);
    expect(await days.first().locator('legend').innerText()).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}$/);

    // No consent: back on /book (a 307 posts the fields there), everything typed still in the form.
    const form = page.locator('[data-booking-form]');
    const slot = form.getByRole('radio').first();
    const chosen = await slot.getAttribute('value');
    await slot.check();
    await form.getByLabel(en['book.name']).fill('Inés Ruiz');
    await form.getByLabel(en['book.email']).fill('ines@book.example');
    await form.getByLabel(en['book.company']).fill('Ruiz Logística');
    await form.getByLabel(en['book.topic']).fill('Expanding our logistics business to Portugal.');
    await form.getByRole('button', { name: en['book.submit'] }).click();
    await page.waitForURL('**/book?result=invalid&field=consent');
    expect(page.url()).not.toContain('ines');
    expect(await page.getByRole('alert').first().innerText()).toContain(en['book.result.invalid']);
    const again = page.locator('[data-booking-form]');
    expect(await again.getByLabel(en['book.name']).inputValue()).toBe('Inés Ruiz');
    expect(await again.getByLabel(en['book.topic']).inputValue()).toBe('Expanding our logistics business to Portugal.');
    expect(await again.locator(`input[value="${chosen}"]`).isChecked()).toBe(true);
    const consent = again.getByRole('checkbox', { name: en['book.consent'] });
    expect(await consent.getAttribute('aria-invalid')).toBe('true');
    expect(await again.getByText(en['book.fieldError.consent']).isVisible()).toBe(true);

    await consent.check();
    await again.getByRole('button', { name: en['book.submit'] }).click();
    await page.waitForURL('**/book/confirmed?start=*');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(en['book.confirmed.title']);
    const status = await page.getByRole('status').innerText();
    expect(status).toContain(en['book.confirmed.mail']);
    expect(status).toContain('in Madrid');

    // The confirmation with its invitation, and the link to the page that cancels.
    const [mail] = await mailsTo('ines@book.example', 1);
    expect(calendarOf(mail!)).toContain('METHOD:REQUEST');
    expect(calendarOf(mail!)).toContain(LINK);
    const manage = htmlLinks(mail!).find((href) => href.includes('/book/manage?token='));
    expect(manage).toBeDefined();
    const { pathname, search } = new URL(manage!);
    await page.goto(`${pathname}${search}`);
    expect(await page.locator('[data-meeting-when]').innerText()).toContain('in Madrid');
    await page.getByRole('button', { name: en['book.manage.cancel'] }).click();
    await page.waitForURL('**/book/cancelled?result=cancelled');
    expect(await page.getByRole('status').innerText()).toContain(en['book.cancelled.text']);
    const mails = await mailsTo('ines@book.example', 2);
    expect(mails.some((sent) => calendarOf(sent).includes('METHOD:CANCEL'))).toBe(true);
    // The link's page again: cancelled, no button.
    await page.goto(`${pathname}${search}`);
    expect(await page.locator('[data-meeting-state="cancelled"]').innerText()).toBe(en['book.manage.cancelled']);
    expect(await page.getByRole('button', { name: en['book.manage.cancel'] }).count()).toBe(0);
    await page.close();
  });

  it("with JavaScript shows the times in the visitor's time zone, Madrid time beside them", async () => {
    const zone = 'America/New_York';
    const page = await browser.page({ timeZone: zone });
    await page.goto('/book');
    const note = page.locator('[data-time-zone-note]');
    await expect.poll(() => note.innerText()).toBe(en['book.timeZone.local'].replace('{zone}', zone));
    const first = page.locator('[data-slot-time]').first();
    const start = (await first.getAttribute('data-start'))!;
    const local = new Intl.DateTimeFormat('en', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const madrid = new Intl.DateTimeFormat('en', {
      timeZone: 'Europe/Madrid',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    expect(await first.innerText()).toContain(local.format(new Date(start)));
    const beside = page.locator('[data-slot-madrid]').first();
    expect(await beside.isVisible()).toBe(true);
    expect(await beside.innerText()).toBe(en['book.madridTime'].replace('{time}', madrid.format(new Date(start))));
    await page.close();
  });

  it('is usable at 390 px in Spanish: no sideways scroll, accessible, errors in Spanish', async () => {
    const page = await browser.page({ width: 390 });
    await page.goto('/es/');
    const heroLink = page.locator('section[data-hero]').getByRole('link', { name: es['cta.book'] });
    expect(await heroLink.getAttribute('href')).toBe('/es/book');
    await page.goto('/es/book');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(es['book.title']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.getByRole('group', { name: es['book.slots.legend'] }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    const form = page.locator('[data-booking-form]');
    await form.getByLabel(es['book.name']).fill('Álvaro Peña');
    await form.getByRole('button', { name: es['book.submit'] }).click();
    await page.waitForURL('**/es/book?result=invalid*');
    expect(await page.getByRole('alert').first().innerText()).toContain(es['book.result.invalid']);
    expect(await page.getByLabel(es['book.name']).inputValue()).toBe('Álvaro Peña');
    expect(await page.getByText(es['book.fieldError.start']).isVisible()).toBe(true);
    expect(await page.getByText(es['book.fieldError.topic']).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.close();
  });

  it('the chat offers three free times as buttons (the visitor’s time, Madrid’s beside) and books one, in Spanish', async () => {
    const page = await browser.page({ timeZone: 'America/New_York' });
    await page.goto('/es/');
    await page.getByRole('button', { name: es['chat.open'] }).click();
    const panel = page.locator('[data-chat-panel]');
    await panel.waitFor();
    const bots = panel.locator('[data-sender="bot"]');
    const reply = async (send: () => Promise<void>): Promise<string> => {
      const before = await bots.count();
      await send();
      await expect.poll(() => bots.count(), { timeout: 15_000 }).toBe(before + 1);
      await expect.poll(() => panel.locator('[role="log"]').getAttribute('aria-busy')).not.toBe('true');
      await expect.poll(() => panel.locator('#chat-input').isEnabled()).toBe(true);
      return (await bots.last().innerText()).trim();
    };
    const say = (text: string) =>
      reply(async () => {
        await panel.locator('#chat-input').fill(text);
        await page.keyboard.press('Enter');
      });
    const offer = await reply(() => panel.getByRole('button', { name: es['chat.talkToPerson'] }).click());
    expect(offer).toContain('Estas son las próximas horas libres');
    expect(await bots.last().getByRole('link', { name: 'página de reservas' }).getAttribute('href')).toBe('/es/book');
    const times = panel.getByRole('group', { name: es['chat.slots'] }).getByRole('button');
    await expect.poll(() => times.count()).toBe(3);
    // New York's time on the button, Madrid's beside it: six hours apart in December.
    const clock = async (selector: string) => {
      const [, hours, minutes] = /(\d\d):(\d\d)/.exec(await times.nth(1).locator(selector).innerText())!;
      return Number(hours) * 60 + Number(minutes);
    };
    expect(await times.nth(1).locator('[data-chat-slot-madrid]').innerText()).toMatch(/^\(\d\d:\d\d en Madrid\)$/);
    expect(((await clock('[data-chat-slot-madrid]')) - (await clock('[data-chat-slot-local]')) + 1440) % 1440).toBe(
      360,
    );
    expect(await reply(() => times.nth(1).click())).toMatch(/^Perfecto: /);
    // The button sends the time as the server said it, in Madrid time.
    const label = (await panel.locator('[data-sender="user"]').last().innerText()).trim();
    expect(label).toMatch(/\(hora de Madrid\)$/);
    expect(await reply(() => panel.getByRole('button', { name: es['chat.yes'] }).click())).toBe(
      es['assistant.leadName'],
    );
    await say('Beatriz Luna');
    await say('beatriz@luna.example');
    expect(await say('Luna Renovables')).toBe(es['assistant.meetingTopic']);
    const booked = await say('Financiación de un parque solar');
    expect(booked).toMatch(/^Listo, Beatriz Luna: su reunión con .* queda reservada para el /);
    expect(booked).toContain(label);
    const [mail] = await mailsTo('beatriz@luna.example', 1);
    expect(calendarOf(mail!)).toContain('METHOD:REQUEST');
    await page.close();
  });

  it('without JavaScript, says why a third meeting to come for one address is refused, in Spanish', async () => {
    // The chat's test booked one for this address; a second through the API, then a third through the page.
    const slots = (await (await fetch(`${baseUrl()}/api/meetings/slots`)).json()) as SlotsResponse;
    const second = slots.slots.at(-1)!;
    const booked = await fetch(`${baseUrl()}/api/meetings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl() },
      body: JSON.stringify({
        start: second.start,
        partnerId: second.partnerId,
        name: 'Beatriz Luna',
        email: 'beatriz@luna.example',
        topic: 'Segunda reunión',
        language: 'es',
        consent: true,
      }),
    });
    expect(booked.status).toBe(201);
    const page = await browser.page({ javaScript: false });
    await page.goto('/es/book');
    const form = page.locator('[data-booking-form]');
    await form.getByRole('radio').nth(3).check();
    await form.getByLabel(es['book.name']).fill('Beatriz Luna');
    await form.getByLabel(es['book.email']).fill('Beatriz@Luna.example');
    await form.getByLabel(es['book.topic']).fill('Una tercera reunión');
    await form.getByRole('checkbox', { name: es['book.consent'] }).check();
    await form.getByRole('button', { name: es['book.submit'] }).click();
    await page.waitForURL('**/es/book?result=upcoming&field=email');
    expect(await page.getByRole('alert').first().innerText()).toContain(
      es['book.result.upcoming'].replace('{max}', '2'),
    );
    expect(await page.locator('[data-booking-form]').getByLabel(es['book.topic']).inputValue()).toBe(
      'Una tercera reunión',
    );
    await page.close();
  });

  it('the dashboard lists a booking in Meetings and cancels it with a message; My hours shows the hours', async () => {
    const slots = (await (await fetch(`${baseUrl()}/api/meetings/slots`)).json()) as SlotsResponse;
    const slot = slots.slots[7]!;
    const booked = await fetch(`${baseUrl()}/api/meetings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl() },
      body: JSON.stringify({
        start: slot.start,
        partnerId: slot.partnerId,
        name: 'Carmen Vidal',
        email: 'carmen@book.example',
        company: 'Vidal Consultores',
        topic: 'Board advisory',
        language: 'es',
        consent: true,
      }),
    });
    expect(booked.status).toBe(201);

    const page = await browser.page();
    page.setDefaultTimeout(20_000);
    await signInAsAdmin(page);
    const t = adminTexts.meetings;
    await page.getByRole('tab', { name: t.tab }).click();
    const row = page.getByRole('table', { name: t.upcoming }).getByRole('row', { name: /Carmen Vidal/ });
    await row.waitFor();
    const text = await row.innerText();
    for (const shown of ['Vidal Consultores', 'Board advisory', t.statuses.confirmed, 'e2e-admin']) {
      expect(text).toContain(shown);
    }
    expect(await row.getByRole('link', { name: 'Carmen Vidal' }).getAttribute('href')).toBe(
      '#contact/carmen%40book.example',
    );
    await row.getByRole('button', { name: t.cancel }).click();
    const dialog = page.getByRole('dialog', { name: t.cancelTitle });
    await dialog.getByLabel(t.message).fill('Our partner is travelling that day; please book another time.');
    await dialog.getByRole('button', { name: t.confirmCancel }).click();
    await expect.poll(() => page.locator('[data-toast]').textContent()).toContain(t.cancelled);
    await expect.poll(() => row.innerText()).toContain(t.statuses.cancelled);
    const mails = await mailsTo('carmen@book.example', 2);
    const cancellation = mails.find((mail) => calendarOf(mail).includes('METHOD:CANCEL'));
    expect(cancellation?.text).toContain('Our partner is travelling that day');

    // My hours: the saved hours, and a change saved.
    const hours = page.locator('[data-hours-form]');
    expect(await hours.getByLabel(t.hours.available('Monday')).isChecked()).toBe(true);
    expect(await hours.getByLabel(t.hours.from('Monday')).inputValue()).toBe('00:00');
    expect(await hours.getByLabel(t.hours.link).inputValue()).toBe(LINK);
    expect(await hours.getByLabel(t.hours.until('Tuesday')).inputValue()).toBe('00:00');
    await hours.getByLabel(t.hours.buffer).fill('15');
    // Monday gets two ranges: the second added from the keyboard, its first field focused.
    await hours.getByLabel(t.hours.until('Monday')).fill('12:00');
    await hours.getByRole('button', { name: t.hours.addRange('Monday') }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(t.hours.from('Monday', 2));
    expect(await hours.getByLabel(t.hours.from('Monday', 2)).inputValue()).toBe('12:00');
    await hours.getByLabel(t.hours.from('Monday', 2)).fill('14:00');
    await hours.getByLabel(t.hours.until('Monday', 2)).fill('18:00');
    await hours.getByRole('button', { name: t.hours.save }).click();
    await expect.poll(() => page.locator('[data-toast]').textContent()).toContain(t.hours.saved);
    const settings = (await (await api('/api/meetings/settings')).json()) as {
      settings: { bufferMinutes: number; hours: Array<{ weekday: number; startMinute: number; endMinute: number }> };
    };
    expect(settings.settings.bufferMinutes).toBe(15);
    // The ranges as set, and the other days' untouched (midnight to midnight, not flattened to 23:59).
    expect(settings.settings.hours.filter((range) => range.weekday <= 2)).toEqual([
      { weekday: 1, startMinute: 0, endMinute: 720 },
      { weekday: 1, startMinute: 840, endMinute: 1080 },
      { weekday: 2, startMinute: 0, endMinute: 1440 },
    ]);
    // A range removed from the keyboard too.
    await hours.getByRole('button', { name: t.hours.removeRange('Monday', 2) }).focus();
    await page.keyboard.press('Enter');
    expect(await hours.getByLabel(t.hours.from('Monday', 2)).count()).toBe(0);
    await page.close();
    // The first sign-in of a run meets a cold function and a deliberately slow password check.
  }, 150_000);
});
