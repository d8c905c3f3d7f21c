import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXTS } from '../../src/i18n/admin';
import type { Language } from '../../src/i18n/languages';
import { axeViolations, baseUrl, signInAsAdmin, useBrowser, useSiteDatabase } from './helpers';

// Issue #24, the rest: every row that names a person links to their contact view (a chat with a lead, a video call
// that filed one, a newsletter subscriber), and the contact view edits the lead's notes, which a reload keeps.
const browser = useBrowser();
useSiteDatabase();

const run = Date.now().toString(36);
const chatSession = `session_${Date.now()}_ct${run}`;
const chatName = `Carla Chat ${run}`;
const chatEmail = `carla.${run}@timeline.example`;
const videoSession = `ctvideo${run}`;
const videoEmail = `victor.${run}@timeline.example`;
const subscriberEmail = `sofia.${run}@timeline.example`;

beforeAll(async () => {
  // A subscriber, as the site's form makes one.
  const subscribed = await fetch(`${baseUrl()}/api/newsletter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fullName: `Sofía News ${run}`, email: subscriberEmail }),
  });
  expect(subscribed.status).toBeLessThan(300);
  // A chat that filed a lead, as /api/chat logs it.
  const { logChatExchange } = await import('../../src/features/chat/log');
  const { addContactMessage } = await import('../../src/features/leads/messages-store');
  const at = Date.now();
  await logChatExchange(
    { sessionId: chatSession, userMessage: `Can you help? ${run}`, botResponse: 'Yes.', language: 'en' },
    new Date(at),
  );
  await addContactMessage(
    { name: chatName, email: chatEmail, company: null, phone: null, serviceOfInterest: null, message: 'From chat' },
    'chat',
    new Date(at + 1000),
    chatSession,
  );
  // A video call in which the visitor said their address: Tavus's transcript files the lead.
  const { putVideoEvent, recordVideoCallStart } = await import('../../src/features/video/log');
  const { fileVideoLead } = await import('../../src/features/video/lead');
  await recordVideoCallStart({
    sessionId: videoSession,
    kind: 'started',
    at: new Date(at - 60_000).toISOString(),
    language: 'en',
    conversationUrl: `https://tavus.daily.co/${videoSession}`,
  });
  await putVideoEvent({
    sessionId: videoSession,
    kind: 'transcript',
    at: new Date(at).toISOString(),
    transcript: [{ speaker: 'user', text: `Write to me at ${videoEmail}`, timestamp: new Date(at).toISOString() }],
  });
  await fileVideoLead(videoSession);
}, 120_000);

/** The dashboard in a language (the header's switch; the choice is remembered). */
async function useLanguage(page: Page, language: Language): Promise<void> {
  const other = page.locator('[data-admin-language]');
  if ((await page.locator('[data-admin-dashboard]').getAttribute('lang')) !== language) await other.click();
  await expect.poll(() => page.locator('[data-admin-dashboard]').getAttribute('lang')).toBe(language);
}

/** Nothing wider than the window: no sideways scrolling. */
async function fits(page: Page, width: number): Promise<void> {
  const widest = await page.evaluate(() =>
    Math.max(...[...document.querySelectorAll('dialog[open], [data-admin-dashboard]')].map((e) => e.scrollWidth)),
  );
  expect(widest).toBeLessThanOrEqual(width);
}

/** A row of a tab that names `text`, once its list has loaded. */
async function rowOf(page: Page, tab: string, text: string): Promise<Locator> {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: text });
  await row.first().waitFor({ timeout: 45_000 });
  return row.first();
}

describe('the contact view from every row that names a person', () => {
  for (const [width, language] of [
    [1440, 'en'],
    [390, 'es'],
  ] as const) {
    it(`at ${width} px in ${language}: chat, video and subscriber rows open the person; a note survives a reload`, async () => {
      const t = ADMIN_TEXTS[language];
      const c = t.desk.contact;
      const page = await browser.page({ width });
      await signInAsAdmin(page, 60_000);
      await useLanguage(page, language);
      const contactOf = (email: string) => page.getByRole('dialog', { name: c.title(email) });

      // A chat with a lead: the visitor's name opens the contact view with the chat's lead in the timeline.
      const chat = await rowOf(page, t.tabs.whatsapp, chatName);
      await chat.getByRole('link', { name: chatName, exact: true }).click();
      const chatContact = contactOf(chatEmail);
      await chatContact.locator('[data-contact-timeline]').waitFor({ timeout: 45_000 });
      expect(await chatContact.locator('[data-contact-item="chat"]').count()).toBe(1);
      // The lead it works on, said which: the chat's, open.
      expect(await chatContact.locator('[data-contact-lead-which]').textContent()).toContain(
        c.leadOpen(c.kinds.chat, ''),
      );
      await page.keyboard.press('Escape');
      await chatContact.waitFor({ state: 'hidden' });

      // A subscriber: the address opens a contact view with the subscription and no lead to work on.
      const subscriber = await rowOf(page, t.tabs.newsletter, subscriberEmail);
      await subscriber.getByRole('link', { name: subscriberEmail }).click();
      const subscriberContact = contactOf(subscriberEmail);
      await subscriberContact.locator('[data-contact-timeline]').waitFor({ timeout: 45_000 });
      expect(await subscriberContact.locator('[data-contact-item="newsletter"]').count()).toBe(1);
      expect(await subscriberContact.textContent()).toContain(c.noLead);
      // Its Open goes to the Newsletter tab narrowed to the subscriber.
      await subscriberContact.locator('[data-contact-item="newsletter"] a', { hasText: c.openItem }).click();
      await subscriberContact.waitFor({ state: 'hidden' });
      await expect.poll(() => page.locator('#admin-search').inputValue()).toBe(subscriberEmail);

      // A video call that filed a lead: its Visitor column links to the person.
      const video = await rowOf(page, t.tabs.video, videoSession);
      await video.getByRole('link', { name: videoEmail }).click();
      const videoContact = contactOf(videoEmail);
      await videoContact.locator('[data-contact-timeline]').waitFor({ timeout: 45_000 });
      expect(await videoContact.locator('[data-contact-item="video"]').count()).toBe(1);
      expect(
        await videoContact.locator('[data-contact-item="video"] [data-contact-item-conversation]').getAttribute('href'),
      ).toBe(`#video/${videoSession}`);

      // The lead's notes, written in the contact view, are there after a reload (the link reopens the view).
      const note = `${language === 'es' ? 'Llamar el lunes' : 'Call on Monday'} (${run}, ${width})`;
      const lead = videoContact.locator('[data-contact-lead]');
      await lead.getByLabel(t.leads.notes).fill(note);
      // A note typed and not saved: Escape asks first, and keeping it keeps the text.
      await page.keyboard.press('Escape');
      const question = page.getByRole('alertdialog', { name: t.ux.unsaved.title });
      await question.getByRole('button', { name: t.ux.unsaved.keep }).click();
      await question.waitFor({ state: 'detached' });
      expect(await lead.getByLabel(t.leads.notes).inputValue()).toBe(note);
      await fits(page, width);
      await page.screenshot({ path: `/tmp/contact-timeline-${width}-${language}.png` });
      expect(await axeViolations(page)).toEqual([]);
      await lead.getByRole('button', { name: t.leads.saveNotes }).click();
      await expect
        .poll(() => page.locator('[data-toast]').textContent(), { timeout: 45_000 })
        .toContain(t.leads.notesSaved);
      expect(page.url()).toContain(`#contact/${encodeURIComponent(videoEmail)}`);
      await page.reload();
      const reopened = contactOf(videoEmail);
      await reopened.locator('[data-contact-timeline]').waitFor({ timeout: 45_000 });
      expect(await reopened.locator('[data-contact-lead]').getByLabel(t.leads.notes).inputValue()).toBe(note);
      expect(await reopened.locator('[data-contact-item="video"] [data-contact-item-notes]').textContent()).toContain(
        note,
      );

      // The lead's own view (from the contact view) shows the same notes, also when the Messages list, filtered to
      // closed leads, does not hold it.
      await page.keyboard.press('Escape');
      await reopened.waitFor({ state: 'hidden' });
      await page.getByRole('tab', { name: t.tabs.messages, exact: true }).click();
      await page.locator('[data-lead-filter="status"]').selectOption('closed');
      await page.evaluate((hash) => (window.location.hash = hash), `#contact/${encodeURIComponent(videoEmail)}`);
      await reopened.locator('[data-contact-timeline]').waitFor({ timeout: 45_000 });
      await reopened.getByRole('link', { name: c.openLead }).click();
      const view = page.getByRole('dialog', { name: t.messages.viewTitle(videoEmail) });
      await view.locator('[data-lead-notes]').waitFor({ timeout: 45_000 });
      await expect.poll(() => view.getByLabel(t.leads.notes).inputValue()).toBe(note);
      await fits(page, width);
      await page.screenshot({ path: `/tmp/contact-timeline-message-${width}-${language}.png` });
      await view.getByRole('button', { name: t.close }).click();
      await useLanguage(page, 'en');
      await page.close();
    }, 240_000);
  }
});
