import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { es } from '../../src/i18n/es';
import { E2E_ADMIN } from './global-setup';
import { baseUrl, hydrated, signInCookie, useBrowser } from './helpers';

const browser = useBrowser();

async function steerOpenAi(reply: { text: string } | { status: number }) {
  await fetch(`${inject('fakeOpenAi')}/__control`, { method: 'POST', body: JSON.stringify(reply) });
}
async function steerTavus(status: number, body: unknown) {
  await fetch(`${inject('fakeTavus')}/__control`, { method: 'POST', body: JSON.stringify({ status, body }) });
}
/** What the site has sent the fake Tavus so far, and its persona now. */
async function tavusSeen() {
  return (await (await fetch(`${inject('fakeTavus')}/__requests`)).json()) as {
    requests: Array<{ method: string; path: string; body: Record<string, unknown> }>;
    persona: { layers?: { perception?: { perception_model?: string } } };
  };
}

async function openChat(page: Page) {
  await page
    .getByRole('button', { name: en['chat.open'] })
    .or(page.getByRole('button', { name: es['chat.open'] }))
    .click();
  await page.locator('[data-chat-panel]').waitFor();
}

async function say(page: Page, text: string): Promise<string> {
  const bots = page.locator('[data-sender="bot"]');
  const before = await bots.count();
  await page.locator('#chat-input').fill(text);
  await page.keyboard.press('Enter');
  await expect.poll(() => bots.count(), { timeout: 15_000 }).toBe(before + 1);
  await answered(page);
  return (await bots.last().textContent()) ?? '';
}

/** Waits for the assistant to finish its reply (the conversation no longer busy). */
async function answered(page: Page) {
  const log = page.locator('[data-chat-panel] [role="log"]');
  await expect.poll(() => log.getAttribute('aria-busy'), { timeout: 15_000 }).not.toBe('true');
  await expect.poll(() => page.locator('#chat-input').isEnabled(), { timeout: 15_000 }).toBe(true);
}

describe('chat', () => {
  it('greets once, streams a reply, keeps focus, and closes with Escape (English)', async () => {
    await steerOpenAi({ text: 'We help mid-sized companies modernise their operations with data and AI.' });
    const page = await browser.page();
    await page.goto('/privacy-policy');
    await openChat(page);
    // EU AI Act, Art. 50: the title and the first message say it is an AI assistant.
    expect(await page.locator('#chat-title').textContent()).toBe(`${en['chat.title']} ${en['chat.aiLabel']}`);
    const greeting = await page.locator('[data-sender="bot"]').first().textContent();
    expect(greeting).toBe(en['chat.greeting'].replace('{ceo}', 'Alejandro Ríos'));
    expect(greeting).toMatch(/\bAI assistant\b.*\bnot a person\b/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('chat-input');
    // Blank is never sent.
    await page.locator('#chat-input').fill('   ');
    expect(await page.getByRole('button', { name: en['chat.send'] }).isDisabled()).toBe(true);
    expect(await say(page, 'What do you do?')).toBe(
      'We help mid-sized companies modernise their operations with data and AI.',
    );
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('chat-input');
    await page.keyboard.press('Escape');
    expect(await page.locator('[data-chat-panel]').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-chat-launcher'))).toBe(true);
    // Reopening does not greet again.
    await page.locator('[data-chat-launcher]').click();
    expect(await page.locator('[data-sender="bot"]').count()).toBe(2);
    await page.close();
  });

  it('fetches each script once, opening the chat on the home page (the deploy id on preloads too)', async () => {
    const page = await browser.page();
    const scripts: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/_astro/') && url.pathname.endsWith('.js')) scripts.push(url.pathname);
    });
    await page.goto('/');
    await openChat(page);
    await page.locator('#chat-input').focus();
    expect(scripts.some((path) => path.includes('chat-mount'))).toBe(true);
    const twice = scripts.filter((path, index) => scripts.indexOf(path) !== index);
    expect(twice).toEqual([]);
    await page.close();
  });

  it('talks Spanish on Spanish pages', async () => {
    await steerOpenAi({ text: 'Ayudamos a medianas empresas a modernizar sus operaciones.' });
    const page = await browser.page({ width: 375 });
    await page.goto('/es/');
    await openChat(page);
    expect(await page.locator('#chat-title').textContent()).toBe(`${es['chat.title']} ${es['chat.aiLabel']}`);
    const greeting = await page.locator('[data-sender="bot"]').first().textContent();
    expect(greeting).toBe(es['chat.greeting'].replace('{ceo}', 'Alejandro Ríos'));
    expect(greeting).toMatch(/inteligencia artificial.*no una persona/);
    expect(await say(page, '¿Qué hacen?')).toBe('Ayudamos a medianas empresas a modernizar sus operaciones.');
    const box = await page.locator('[data-chat-panel]').boundingBox();
    expect(box?.width).toBe(375);
    await page.close();
  });

  it('answers from the site itself when the model fails, with clickable links and source cards', async () => {
    await steerOpenAi({ status: 500 });
    const page = await browser.page();
    await page.goto('/');
    await openChat(page);
    const title = 'A data control tower for a Spanish logistics operator';
    const reply = await say(page, 'Tell me about your logistics control tower');
    expect(reply).toContain('Here is what I can tell you from our site:');
    // The page is named by its title, never by a raw address or id.
    expect(reply).toContain(title);
    expect(reply).not.toMatch(/localhost|https?:|\/portfolio\/|\]\(/);
    const link = page.locator('[data-sender="bot"]').last().getByRole('link', { name: title });
    const href = await link.getAttribute('href');
    // Its readable address (issue 24), the slug made from its title.
    expect(href).toMatch(/^\/portfolio\/a-data-control-tower[0-9a-z-]*$/);
    const card = page.getByRole('list', { name: en['chat.sources'] }).last().getByRole('link').first();
    expect(await card.getAttribute('href')).toBe(href);
    expect(await card.textContent()).toBe(`${en['chat.source.portfolio']}${title}`);
    await link.click();
    await page.waitForURL(`**${href!}`);
    expect(await page.locator('h1').textContent()).toContain(title);
    await page.close();
  });

  it('keeps "talk to a person" in view; it starts the lead flow with a clickable privacy link (Spanish)', async () => {
    await steerOpenAi({ status: 500 });
    const page = await browser.page({ width: 390 });
    await page.goto('/es/');
    await openChat(page);
    const talk = page.getByRole('button', { name: es['chat.talkToPerson'] });
    expect(await talk.isVisible()).toBe(true);
    const bots = page.locator('[data-sender="bot"]');
    await talk.click();
    await expect.poll(() => bots.count(), { timeout: 15_000 }).toBe(2);
    await answered(page);
    expect(await page.locator('[data-sender="user"]').last().textContent()).toBe(es['chat.talkToPersonMessage']);
    expect(await bots.last().textContent()).toMatch(/^Con mucho gusto le pongo en contacto/);
    const privacy = bots.last().getByRole('link', { name: 'política de privacidad' });
    expect(await privacy.getAttribute('href')).toBe('/es/privacy-policy');
    // Still there after the exchange.
    expect(await talk.isVisible()).toBe(true);
    await page.close();
  });

  it('keeps focus in the panel after "talk to a person" while the reply comes: what is typed then is kept', async () => {
    await steerOpenAi({ status: 500 });
    const page = await browser.page({ width: 390 });
    // The reply waits until the visitor has typed.
    let release = () => {};
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/chat', async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto('/es/');
    await openChat(page);
    await page.getByRole('button', { name: es['chat.talkToPerson'] }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('chat-input');
    await expect.poll(() => page.locator('[data-chat-panel] [role="log"]').getAttribute('aria-busy')).toBe('true');
    await page.keyboard.type('Sí');
    release();
    await expect.poll(() => page.locator('[data-sender="bot"]').count(), { timeout: 15_000 }).toBe(2);
    await answered(page);
    expect(await page.locator('#chat-input').inputValue()).toBe('Sí');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('chat-input');
    await page.close();
  });

  it('offers Yes/No buttons for consent (keyboard too), and no "talk to a person" once the lead is filed', async () => {
    await steerOpenAi({ status: 500 });
    const page = await browser.page();
    await page.goto('/');
    await openChat(page);
    const talk = page.getByRole('button', { name: en['chat.talkToPerson'] });
    const yes = page.getByRole('button', { name: en['chat.yes'], exact: true });
    const no = page.getByRole('button', { name: en['chat.no'], exact: true });
    expect(await yes.count()).toBe(0);
    expect(await say(page, 'I would like to talk to your team')).toMatch(/^I'd be glad to put you in touch/);
    expect(await yes.isVisible()).toBe(true);
    expect(await no.isVisible()).toBe(true);
    // Reached from the message field with the keyboard, and sent with Enter. The panel gives the field its focus back
    // 50 ms after a reply (ChatPanel.tsx): let that happen first, or it takes the focus from the buttons mid-way.
    await page.waitForTimeout(300);
    await page.locator('#chat-input').focus();
    for (let i = 0; i < 8 && !(await page.evaluate(() => document.activeElement?.hasAttribute('data-chat-yes'))); i++) {
      await page.keyboard.press('Shift+Tab');
    }
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(en['chat.yes']);
    const bots = page.locator('[data-sender="bot"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => bots.count(), { timeout: 15_000 }).toBe(3);
    await answered(page);
    expect(await page.locator('[data-sender="user"]').last().textContent()).toBe(en['chat.yes']);
    expect(await bots.last().textContent()).toBe(en['assistant.leadName']);
    // Only for the consent question.
    expect(await yes.count()).toBe(0);
    expect(await talk.isVisible()).toBe(true);
    await say(page, 'Nora Díaz');
    await say(page, 'nora@e2e.example');
    expect(await say(page, 'none')).toMatch(/^Thank you, Nora Díaz/);
    // Handed off: nothing left to ask for.
    expect(await talk.count()).toBe(0);
    await page.close();
  });

  it('declines with the No button; a typed answer to the consent question still works (Spanish)', async () => {
    await steerOpenAi({ status: 500 });
    const page = await browser.page({ width: 390 });
    await page.goto('/es/');
    await openChat(page);
    await say(page, 'Quisiera hablar con su equipo');
    const bots = page.locator('[data-sender="bot"]');
    await page.getByRole('button', { name: es['chat.no'], exact: true }).click();
    await expect.poll(() => bots.count(), { timeout: 15_000 }).toBe(3);
    await answered(page);
    expect(await bots.last().textContent()).toMatch(/^Ningún problema/);
    await say(page, 'Quisiera hablar con su equipo');
    expect(await say(page, 'sí')).toBe(es['assistant.leadName']);
    await page.close();
  });

  it('keeps the "AI assistant" badge on one line at 390 px in Spanish', async () => {
    const page = await browser.page({ width: 390 });
    await page.goto('/es/');
    await openChat(page);
    const badge = page.locator('#chat-title > span');
    expect(await badge.textContent()).toBe(es['chat.aiLabel']);
    expect(await badge.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('nowrap');
    const box = await badge.boundingBox();
    // One line of text-xs (16 px) with its padding and border, not two.
    expect(box?.height).toBeLessThan(28);
    await page.close();
  });

  it('shows the fallback of docs/product.md, "Contractual texts" when the chat call fails', async () => {
    const page = await browser.page({ allowFailedRequests: true });
    await page.route('**/api/chat', (route) => route.abort());
    await page.goto('/');
    await openChat(page);
    expect(await say(page, 'Hello?')).toBe(en['chat.fallback']);
    await page.close();
  });

  it('turns a conversation into a lead the admin can read', async () => {
    const page = await browser.page();
    // The widget sends no session id at first, then the one the server gave with its first answer.
    const sent: Array<string | undefined> = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/chat')) sent.push((request.postDataJSON() as { sessionId?: string }).sessionId);
    });
    await page.goto('/');
    await openChat(page);
    expect(await say(page, 'I would like to talk to your team')).toMatch(/^I'd be glad to put you in touch/);
    await say(page, 'yes');
    await say(page, 'Elena Martín');
    await say(page, 'elena@e2e.example');
    expect(await say(page, 'Martín Logística')).toMatch(/^Thank you, Elena Martín/);
    await page.close();
    expect(sent).toHaveLength(5);
    expect(sent[0]).toBeUndefined();
    expect(sent[1]).toMatch(/^session_\d{13}_[A-Za-z0-9_-]{22}$/);
    expect(new Set(sent.slice(1)).size).toBe(1);

    const cookie = await signInCookie(E2E_ADMIN.username, E2E_ADMIN.password);
    const messages = (await (
      await fetch(`${baseUrl()}/api/contact-messages`, { headers: { cookie } })
    ).json()) as Array<{ email: string; source: string; company: string }>;
    expect(messages.find((message) => message.email === 'elena@e2e.example')).toMatchObject({
      source: 'chat',
      company: 'Martín Logística',
    });
  });
});

describe('video call', () => {
  it('starts the call in a frame with a toast, and logs it when ended', async () => {
    await steerTavus(200, { conversation_id: 'ce2e0001', conversation_url: 'https://tavus.daily.co/ce2e0001' });
    const page = await browser.page();
    await page.route('https://tavus.daily.co/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>call</p>' }),
    );
    await page.goto('/#contact');
    // EU AI Act Art. 50: before the call starts, the card says the CEO on screen is an AI avatar.
    const disclosure = page.locator('[data-video-placeholder] [data-ai-disclosure]');
    expect(await disclosure.isVisible()).toBe(true);
    expect(await disclosure.textContent()).toBe(en['video.aiDisclosure'].replaceAll('{name}', 'Alejandro Ríos'));
    await page.getByRole('button', { name: en['video.start'] }).click();
    const frame = page.locator('[data-video-call] iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe('https://tavus.daily.co/ce2e0001');
    expect((await frame.boundingBox())?.height).toBe(320);
    expect(await page.locator('[data-toast]').textContent()).toContain('Conversation Started');
    await page.getByRole('button', { name: en['video.end'] }).click();
    await page.locator('[data-video-placeholder]').waitFor();
    await page.close();

    // What the site sent Tavus: perception (emotion analysis) off, a greeting that says it is an AI,
    // and a callback on the site's configured address (netlify serve sets URL to its own).
    const seen = await tavusSeen();
    expect(seen.persona.layers?.perception?.perception_model).toBe('off');
    const created = seen.requests.filter((r) => r.method === 'POST' && r.path === '/v2/conversations').at(-1)!;
    expect(String(created.body['custom_greeting'])).toMatch(/^Hello, I'm the AI avatar of Alejandro Ríos/);
    expect(String(created.body['callback_url']).startsWith(`${baseUrl()}/api/tavus/callback?`)).toBe(true);

    // The card's log of a call the server started is kept, and what only the page said is labelled.
    const cookie = await signInCookie(E2E_ADMIN.username, E2E_ADMIN.password);
    const call = async () =>
      (
        (await (await fetch(`${baseUrl()}/api/tavus-conversations`, { headers: { cookie } })).json()) as Array<{
          sessionId: string;
          conversationUrl: string;
          conversationEnded: string | null;
          clientReported: string[];
        }>
      ).find((c) => c.sessionId === 'ce2e0001');
    await expect.poll(async () => (await call())?.conversationEnded ?? null, { timeout: 10_000 }).not.toBeNull();
    expect(await call()).toMatchObject({
      conversationUrl: 'https://tavus.daily.co/ce2e0001',
      clientReported: ['end'],
    });
  });

  it('keeps the placeholder and shows the contractual error when the call cannot start', async () => {
    await steerTavus(500, { error: 'down' });
    const page = await browser.page({ allowFailedRequests: true });
    await page.goto('/es/#contact');
    expect(await page.locator('[data-ai-disclosure]').textContent()).toBe(
      es['video.aiDisclosure'].replaceAll('{name}', 'Alejandro Ríos'),
    );
    await page.getByRole('button', { name: es['video.start'] }).click();
    await expect.poll(() => page.locator('[data-toast="error"]').textContent()).toContain(es['video.error']);
    expect(await page.locator('[data-video-placeholder]').isVisible()).toBe(true);
    await page.close();
  });
});

describe('contact and newsletter forms', () => {
  it('shows each validation message, then sends and resets', async () => {
    const page = await browser.page();
    await page.goto('/#contact');
    await hydrated(page, '[data-contact-form]');
    const form = page.locator('[data-contact-form]');
    await form.getByRole('button', { name: en['form.send'] }).click();
    for (const text of [
      en['validation.nameRequired'],
      en['validation.emailInvalid'],
      en['validation.messageRequired'],
    ]) {
      await expect.poll(() => form.textContent()).toContain(text);
    }
    await form.getByLabel(en['form.name']).fill('Pablo Ortega');
    await form.getByLabel(en['form.email'], { exact: true }).fill('pablo@e2e.example');
    await form.getByLabel(en['form.service']).selectOption('investment');
    await form.getByLabel(en['form.message']).fill('We are looking for co-investors.');
    await form.getByRole('button', { name: en['form.send'] }).click();
    await expect
      .poll(() => page.locator('[data-toast="success"]').textContent())
      .toContain(en['toast.contactSuccessTitle']);
    // Sent: what was sent in place of the form; another message starts from an empty form.
    expect(await page.locator('[data-contact-sent]').textContent()).toContain('We are looking for co-investors.');
    await page.getByRole('button', { name: en['form.sendAnother'] }).click();
    expect(await form.getByLabel(en['form.name']).inputValue()).toBe('');
    await page.close();
  });

  it('subscribes from the newsletter card; signing up again while pending succeeds again (Spanish)', async () => {
    const page = await browser.page({ allowFailedRequests: true });
    await page.goto('/es/#newsletter');
    // A click before hydration posts the form natively and lands on the result page (tests/e2e/forms.test.ts).
    await hydrated(page, '[data-newsletter-form="fullName"]');
    const inContact = page.locator('[data-newsletter-form="fullName"]');
    await inContact.getByRole('button', { name: es['form.subscribe'] }).click();
    await expect.poll(() => inContact.textContent()).toContain(es['validation.nameRequired']);
    await inContact.getByLabel(es['form.fullName']).fill('Lucía Gómez');
    await inContact.getByLabel(es['form.email']).fill('lucia@e2e.example');
    await inContact.getByRole('button', { name: es['form.subscribe'] }).click();
    await expect
      .poll(() => page.locator('[data-toast="success"]').textContent())
      .toContain(es['toast.newsletterSuccessTitle']);
    await expect.poll(() => inContact.getByLabel(es['form.email']).inputValue()).toBe('');

    await inContact.getByLabel(es['form.fullName']).fill('Lucía Gómez');
    await inContact.getByLabel(es['form.email']).fill('LUCIA@e2e.example');
    await inContact.getByRole('button', { name: es['form.subscribe'] }).click();
    // Double opt-in (issue 12): the address is pending, so the confirmation is mailed again and the form succeeds
    // (it resets); the duplicate text is for a confirmed address (tests/e2e/forms.test.ts).
    await expect.poll(() => inContact.getByLabel(es['form.email']).inputValue()).toBe('');
    expect(await page.locator('[data-toast="error"]').count()).toBe(0);
    await page.close();
  });
});
