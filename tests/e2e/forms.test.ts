import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { es } from '../../src/i18n/es';
import { htmlLinks, startLocalSmtp, type LocalSmtp } from '../helpers/smtp';
import { baseUrl, hydrated, useBrowser } from './helpers';

/**
 * The contact and newsletter forms as real HTML forms (docs/architecture.md, "Forms without scripts"): with
 * JavaScript off, and sent before the islands' scripts load, they post to their function and the visitor lands on
 * the result page in their language, with what they typed kept and the failing fields named.
 */
const browser = useBrowser();
// The served site's SMTP_URL points at this port (tests/e2e/global-setup.ts): the mail it sends arrives here.
let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startLocalSmtp({ port: inject('smtpPort') });
});
afterAll(async () => smtp.stop());

describe('with JavaScript off', () => {
  it('sends the contact form and says so, in English', async () => {
    const page = await browser.page({ javaScript: false });
    await page.goto('/#contact');
    const form = page.locator('[data-contact-form]');
    await form.getByLabel(en['form.name']).fill('Inés Ruiz');
    await form.getByLabel(en['form.email'], { exact: true }).fill('ines@nojs.example');
    await form.getByLabel(en['form.service']).selectOption('ai-solutions');
    await form.getByLabel(en['form.message']).fill('Written without JavaScript.');
    await form.getByRole('button', { name: en['form.send'] }).click();
    await page.waitForURL('**/form-result?form=contact&result=sent');
    expect(new URL(page.url()).pathname).toBe('/form-result');
    const status = page.getByRole('status');
    expect(await status.textContent()).toContain(en['toast.contactSuccessTitle']);
    expect(await status.textContent()).toContain(en['toast.contactSuccessText']);
    expect(await status.textContent()).toContain(en['toast.contactNextSteps']);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    // Sent: what happens next and a link to write again, never a fresh form inviting the same message twice.
    expect(await page.locator('[data-contact-form]').count()).toBe(0);
    const another = page.getByRole('link', { name: en['form.sendAnother'] });
    expect(await another.getAttribute('href')).toBe('/#contact');
    await page.close();
  });

  it('keeps what was typed and names the failing field next to it, in Spanish, then sends', async () => {
    const page = await browser.page({ javaScript: false });
    await page.goto('/es/#contact');
    const form = page.locator('[data-contact-form]');
    await form.getByLabel(es['form.name']).fill('Álvaro Peña');
    await form.getByLabel(es['form.email'], { exact: true }).fill('alvaro-sin-arroba');
    await form.getByLabel(es['form.company']).fill('Peña y Asociados');
    await form.getByLabel(es['form.message']).fill('Un mensaje largo que no quiero volver a escribir.');
    await form.getByRole('button', { name: es['form.send'] }).click();
    await page.waitForURL('**/es/form-result?form=contact&result=invalid');
    expect(page.url()).not.toContain('alvaro');
    expect(await page.getByRole('alert').textContent()).toContain(es['formResult.invalid']);
    const again = page.locator('[data-contact-form]');
    const email = again.getByLabel(es['form.email'], { exact: true });
    expect(await email.inputValue()).toBe('alvaro-sin-arroba');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await email.getAttribute('aria-describedby');
    expect(await page.locator(`#${describedBy}`).textContent()).toBe(es['validation.emailInvalid']);
    expect(await again.getByLabel(es['form.name']).inputValue()).toBe('Álvaro Peña');
    expect(await again.getByLabel(es['form.company']).inputValue()).toBe('Peña y Asociados');
    expect(await again.getByLabel(es['form.message']).inputValue()).toBe(
      'Un mensaje largo que no quiero volver a escribir.',
    );
    expect(await again.textContent()).not.toContain(es['validation.nameRequired']);

    await email.fill('alvaro@nojs.example');
    await again.getByRole('button', { name: es['form.send'] }).click();
    await page.waitForURL('**/es/form-result?form=contact&result=sent');
    expect(await page.getByRole('status').textContent()).toContain(es['toast.contactSuccessTitle']);
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await page.close();
  });

  it('subscribes, confirms from the e-mail in Spanish, then says the address is already subscribed, in English', async () => {
    const page = await browser.page({ javaScript: false });
    await page.goto('/es/#newsletter');
    const card = page.locator('#newsletter [data-newsletter-form="fullName"]');
    await card.getByLabel(es['form.fullName']).fill('Marta Gil');
    await card.getByLabel(es['form.email']).fill('marta@nojs.example');
    await card.getByRole('button', { name: es['form.subscribe'] }).click();
    await page.waitForURL('**/es/form-result?form=newsletter&result=sent');
    expect(await page.getByRole('status').textContent()).toContain(es['toast.newsletterSuccessTitle']);
    expect(await page.getByRole('status').textContent()).toContain(es['toast.newsletterCheckEmail']);

    // Double opt-in: the confirmation mail, in Spanish; its link opens a page whose button confirms.
    await expect.poll(() => smtp.to('marta@nojs.example').length).toBe(1);
    const mail = smtp.to('marta@nojs.example')[0]!.parsed;
    expect(mail.subject).toBe('Confirme su suscripción al boletín de Vantia Partners');
    const link = new URL(htmlLinks(mail)[0]!);
    expect(link.pathname).toBe('/es/newsletter/confirm');
    await page.goto(link.pathname + link.search);
    await page.getByRole('button', { name: es['newsletterConfirm.button'] }).click();
    await page.waitForURL('**/es/newsletter/confirm?result=done');
    expect(await page.getByRole('status').textContent()).toContain(es['newsletterConfirm.done']);

    // The same token is the subscriber's unsubscribe link (List-Unsubscribe): a GET shows a button; a one-click POST
    // answers 200 with an empty body.
    const token = link.searchParams.get('token')!;
    const unsubscribe = `/api/newsletter/unsubscribe?token=${token}`;
    await page.goto(unsubscribe);
    await page.waitForURL(`**/es/newsletter/unsubscribe?token=${token}`);
    expect(await page.getByRole('button', { name: es['newsletterUnsubscribe.button'] }).isVisible()).toBe(true);

    await page.goto('/#contact');
    const inContact = page.locator('[data-newsletter-form="fullName"]');
    await inContact.getByLabel(en['form.fullName']).fill('Marta Gil');
    await inContact.getByLabel(en['form.email']).fill('MARTA@nojs.example');
    await inContact.getByRole('button', { name: en['form.subscribe'] }).click();
    await page.waitForURL('**/form-result?form=newsletter&result=duplicate');
    expect(await page.getByRole('alert').textContent()).toContain(en['toast.newsletterDuplicate']);
    const again = page.locator('[data-newsletter-form]');
    expect(await again.getByLabel(en['form.email']).inputValue()).toBe('MARTA@nojs.example');

    await again.getByLabel(en['form.email']).fill('');
    await again.getByRole('button', { name: en['form.subscribe'] }).click();
    await page.waitForURL('**/form-result?form=newsletter&result=invalid');
    expect(await page.locator('[data-newsletter-form]').textContent()).toContain(en['validation.emailInvalid']);

    // Unsubscribed with the page's button, in Spanish; then a mail client's one-click POST still answers 200.
    await page.goto(`/es/newsletter/unsubscribe?token=${token}`);
    await page.getByRole('button', { name: es['newsletterUnsubscribe.button'] }).click();
    await page.waitForURL('**/es/newsletter/unsubscribe?result=done');
    expect(await page.getByRole('status').textContent()).toContain(es['newsletterUnsubscribe.done']);
    const oneClick = await fetch(`${baseUrl()}${unsubscribe}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toBe('');
    await page.close();
  });

  it('answers a result page without a known form with 404, and never lets a cache keep one', async () => {
    const missing = await fetch(`${baseUrl()}/form-result?form=other&result=sent`);
    await missing.arrayBuffer();
    expect(missing.status).toBe(404);
    const sent = await fetch(`${baseUrl()}/es/form-result?form=contact&result=sent`);
    expect(sent.status).toBe(200);
    expect(sent.headers.get('cache-control')).toBe('no-store');
    expect(await sent.text()).toContain('<meta name="robots" content="noindex">');
  });
});

describe('with JavaScript', () => {
  it('shows what was sent and what happens next in place of the form, then an empty form for another message', async () => {
    const page = await browser.page();
    await page.goto('/es/#contact');
    await hydrated(page, '[data-contact-form]');
    const form = page.locator('[data-contact-form]');
    await form.getByLabel(es['form.name']).fill('Irene Soto');
    await form.getByLabel(es['form.email'], { exact: true }).fill('irene@js.example');
    await form.getByLabel(es['form.service']).selectOption('ai-solutions');
    await form.getByLabel(es['form.message']).fill('Primera línea.\nSegunda línea.');
    await form.getByRole('button', { name: es['form.send'] }).click();
    const sent = page.locator('[data-contact-sent]');
    await sent.waitFor({ timeout: 15_000 });
    expect(await form.count()).toBe(0);
    const summary = await sent.innerText();
    for (const text of [
      es['toast.contactNextSteps'],
      es['form.sentSummary'],
      'Irene Soto',
      'irene@js.example',
      'Primera línea.\nSegunda línea.',
    ]) {
      expect(summary).toContain(text);
    }
    expect(summary).not.toContain('ai-solutions');
    await page.getByRole('button', { name: es['form.sendAnother'] }).click();
    const again = page.locator('[data-contact-form]');
    expect(await again.getByLabel(es['form.name']).inputValue()).toBe('');
    expect(await again.getByLabel(es['form.message']).inputValue()).toBe('');
    await page.close();
  });
});

describe('before the scripts load', () => {
  it('a contact form sent before its island hydrates still arrives, and the words are not lost', async () => {
    const page = await browser.page();
    const release = await holdScripts(page);
    await page.goto('/es/#contact', { waitUntil: 'commit' });
    const form = page.locator('[data-contact-form]');
    await form.waitFor();
    expect(await page.locator('[data-island]:not([data-hydrated])').count()).toBeGreaterThan(0);
    await form.getByLabel(es['form.name']).fill('Prisa García');
    await form.getByLabel(es['form.email'], { exact: true }).fill('prisa@early.example');
    await form.getByLabel(es['form.message']).fill('Enviado antes de que cargue la página.');
    await form.getByRole('button', { name: es['form.send'] }).click();
    // The result page's own scripts are held too: its address is enough, then the scripts go.
    await page.waitForURL('**/es/form-result?form=contact&result=sent', { waitUntil: 'commit' });
    release();
    await page.getByRole('status').waitFor();
    expect(await page.getByRole('status').textContent()).toContain(es['toast.contactSuccessTitle']);
    await page.close();
  });
});

/** Holds every script of the site's bundle until `release()`: the page as a visitor on a slow line sees it first. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  // Netlify adds `?dpl=…` to the bundle's addresses.
  await page.route(/\/_astro\/[^?]*\.js(\?|$)/, async (route) => {
    await gate;
    await route.continue().catch(() => undefined);
  });
  return release;
}

describe('buttons pressed before their scripts load', () => {
  it('the chat button says the chat is opening, then opens it once its script is in', async () => {
    const page = await browser.page();
    const release = await holdScripts(page);
    await page.goto('/es/', { waitUntil: 'commit' });
    const launcher = page.locator('[data-chat-launcher]');
    await launcher.waitFor();
    await launcher.click();
    const note = page.locator('[data-chat-early-note]');
    await expect.poll(() => note.isVisible()).toBe(true);
    expect(await note.innerText()).toBe(es['launcher.chatLoading']);
    release();
    await page.locator('[data-chat-panel]').waitFor();
    expect(await note.isVisible()).toBe(false);
    expect(await launcher.getAttribute('aria-expanded')).toBe('true');
    await page.close();
  });

  it('the video card’s Start says the call is being prepared, then starts it once its script is in', async () => {
    const page = await browser.page();
    await page.route('**/api/tavus/conversation', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ conversation_id: 'cearly01', conversation_url: 'https://tavus.daily.co/cearly01' }),
      }),
    );
    await page.route('https://tavus.daily.co/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>call</p>' }),
    );
    const release = await holdScripts(page);
    await page.goto('/#contact', { waitUntil: 'commit' });
    const start = page.locator('[data-video-placeholder]').getByRole('button', { name: en['video.start'] });
    await start.waitFor();
    await start.click();
    const note = page.locator('#video-early-note');
    await expect.poll(() => note.isVisible()).toBe(true);
    expect(await note.innerText()).toBe(en['launcher.videoLoading']);
    release();
    const frame = page.locator('[data-video-call] iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe('https://tavus.daily.co/cearly01');
    expect(await note.count()).toBe(0);
    await page.close();
  });

  it('with JavaScript off, both buttons say they need it', async () => {
    const page = await browser.page({ javaScript: false });
    await page.goto('/#contact');
    await page.locator('[data-chat-launcher]').click();
    const chatNote = page.locator('[data-chat-early-note]');
    await expect.poll(() => chatNote.isVisible()).toBe(true);
    expect(await chatNote.innerText()).toBe(en['launcher.noScript']);
    await page.keyboard.press('Escape');
    await page.locator('[data-video-placeholder]').getByRole('button', { name: en['video.start'] }).click();
    const videoNote = page.locator('#video-early-note');
    await expect.poll(() => videoNote.isVisible()).toBe(true);
    expect(await videoNote.innerText()).toBe(en['launcher.noScript']);
    await page.close();
  });
});
