import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it, onTestFinished } from 'vitest';
import { E2E_ADMIN } from './global-setup';
import {
  adminApi,
  baseUrl,
  createEnglishOnlyCaseStudy,
  signInCookie,
  useBrowser,
  signInAsAdmin,
  useSiteDatabase,
} from './helpers';

const browser = useBrowser();
useSiteDatabase();

describe('admin dashboard', () => {
  it('refuses empty and wrong credentials with the contractual texts, then signs in', async () => {
    await browser.context().clearCookies();
    const page = await browser.page({ allowFailedRequests: true });
    await page.goto('/admin');
    const dialog = page.getByRole('dialog', { name: 'Investor Login' });
    await dialog.waitFor();
    // The dashboard's stylesheet (loaded before the dialog shows) leaves the page's own layout as it was: at 1280 px
    // the header's menu is still spread out, not folded behind its button.
    expect(await page.locator('link[data-admin-styles]').count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe('Please enter both username and password');
    await dialog.getByLabel('Username').fill(E2E_ADMIN.username);
    await dialog.getByLabel('Password', { exact: true }).fill('wrong password');
    await dialog.getByRole('button', { name: 'Show password' }).click();
    expect(await dialog.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    // The first sign-in of a run meets a cold function and a deliberately slow password check.
    await expect.poll(() => dialog.getByRole('alert').textContent(), { timeout: 10_000 }).toBe('Invalid credentials');
    await dialog.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('tab', { name: 'Portfolio' }).getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(() => page.getByRole('table', { name: 'Portfolio' }).locator('tbody tr').count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(6);
    await page.close();
  });

  it('publishes an insight in both languages with an uploaded image, edits, unpublishes and deletes it', async () => {
    const page = await browser.page({ allowFailedRequests: true });
    page.on('dialog', (dialog) => void dialog.accept());
    await signInAsAdmin(page);
    await page.getByRole('tab', { name: 'Insights' }).click();
    await page.getByRole('button', { name: 'Add Insight' }).click();
    const form = page.locator('[data-insight-form]');
    await form.getByLabel('Title (English)').fill('Board questions about AI agents');
    await form.getByLabel('Title (Español)').fill('Preguntas del consejo sobre agentes de IA');
    await form
      .getByLabel('Description (English)')
      .fill('Five questions every board should ask before approving AI agents.');
    await form
      .getByLabel('Description (Español)')
      .fill('Cinco preguntas que todo consejo debería hacer antes de aprobar agentes de IA.');
    // The slugs follow the titles until the editor types one.
    expect(await form.getByLabel('Slug (English)').inputValue()).toBe('board-questions-about-ai-agents');
    expect(await form.getByLabel('Slug (Español)').inputValue()).toBe('preguntas-del-consejo-sobre-agentes-de-ia');
    await form.getByLabel('Read time (minutes)').fill('4');
    await form.getByLabel('Published').check();
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#0b1f3a' } })
      .png()
      .toBuffer();
    await form.locator('[data-image-input]').setInputFiles({ name: 'board.png', mimeType: 'image/png', buffer: png });
    await expect
      .poll(() => form.getByLabel(/or an image address/).inputValue(), { timeout: 20_000 })
      .toMatch(/^\/uploads\/[0-9a-z]{26}\.(webp|jpg|png)$/);
    await form.getByRole('button', { name: 'HTML' }).click();
    await form
      .getByLabel('Content — English (HTML)')
      .fill(
        '<h2>Why now</h2><p>Read <strong>our guide</strong> and <a href="https://example.com/guide">the sources</a>.</p><script>alert(1)</script>',
      );
    await form.getByRole('tab', { name: 'Español' }).click();
    await form.getByRole('button', { name: 'HTML' }).click();
    await form.getByLabel('Content — Español (HTML)').fill('<h2>Por qué ahora</h2><p>Lea <em>nuestra guía</em>.</p>');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect
      .poll(() => page.locator('[data-toast]').textContent(), { timeout: 15_000 })
      .toContain('Insight created successfully!');

    const insights = (await (await fetch(`${baseUrl()}/api/insights`)).json()) as Array<{
      id: string;
      slugs: { en: string };
    }>;
    const created = insights.find((insight) => insight.slugs.en === 'board-questions-about-ai-agents')!;
    const publicPage = await browser.page();
    await publicPage.goto('/insights');
    expect(await publicPage.locator('main').textContent()).toContain('Board questions about AI agents');
    await publicPage.goto('/es/insights');
    expect(await publicPage.locator('main').textContent()).toContain('Preguntas del consejo sobre agentes de IA');
    await publicPage.goto(`/insights/${created.slugs.en}`);
    const article = (await publicPage.locator('.rich-text').innerHTML()).toLowerCase();
    expect(article).toContain('<strong>our guide</strong>');
    expect(article).toContain('href="https://example.com/guide"');
    expect(article).not.toContain('<script');

    // Edit, then unpublish: gone from the list, and its page answers 404.
    await page.getByRole('button', { name: 'Edit: Board questions about AI agents' }).click();
    await form.getByLabel('Title (English)').fill('Board questions on AI agents');
    await form.getByLabel('Published').uncheck();
    await form.getByRole('button', { name: 'Update' }).click();
    await expect
      .poll(() => page.locator('[data-toast]').textContent(), { timeout: 15_000 })
      .toContain('Insight updated successfully!');
    expect(await page.getByRole('table', { name: 'Insights' }).textContent()).toContain('Draft');
    const gone = await publicPage.goto(`/insights/${created.slugs.en}`);
    expect(gone?.status()).toBe(404);
    await publicPage.goto('/insights');
    expect(await publicPage.locator('main').textContent()).not.toContain('Board questions');
    await publicPage.close();

    await page.getByRole('button', { name: 'Delete: Board questions on AI agents' }).click();
    // An in-page confirmation that names the item, not the browser's confirm().
    const confirmDelete = page.getByRole('dialog', { name: 'Delete for good' });
    expect(await confirmDelete.textContent()).toContain(
      'Delete "Board questions on AI agents"? This cannot be undone.',
    );
    await confirmDelete.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect
      .poll(() => page.locator('[data-toast]').textContent(), { timeout: 15_000 })
      .toContain('Insight deleted successfully!');
    await page.close();
  });

  it("adds a link to selected text through the editor's in-page link field, and refuses javascript:", async () => {
    const cookie = await signInCookie(E2E_ADMIN.username, E2E_ADMIN.password);
    const api = adminApi(cookie);
    const title = 'A case study to link from';
    const id = await createEnglishOnlyCaseStudy(cookie, {
      title,
      description: 'For the link field',
      content: '<p>Read the guide</p>',
    });
    // Deleted whatever happens here: a case study left behind would be the newest on every public page of the
    // files that run after this one.
    onTestFinished(async () => {
      expect((await api(`/api/portfolio/${id}`, { method: 'DELETE' })).status).toBeLessThan(300);
    });

    const page = await browser.page();
    page.on('dialog', () => expect.fail('no browser popup (prompt) is used'));
    await signInAsAdmin(page);
    await page.getByRole('button', { name: `Edit: ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Portfolio Item' });
    const editor = dialog.locator('.ql-editor');
    const linkField = dialog.getByLabel('Link address');
    const focusInEditor = () => page.evaluate(() => !!document.activeElement?.closest('.ql-editor'));
    // Selects "guide", the paragraph's last word.
    const selectGuide = async () => {
      await editor.click();
      await page.keyboard.press('Control+End');
      for (let i = 0; i < 'guide'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    };

    // Escape cancels: the field goes, the dialog stays, the cursor is back in the editor.
    await selectGuide();
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    expect(await linkField.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await linkField.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);
    await expect.poll(focusInEditor).toBe(true);

    // javascript: is refused with a message, and nothing becomes a link.
    await selectGuide();
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    await linkField.fill('javascript:alert(1)');
    await page.keyboard.press('Enter');
    await expect.poll(() => linkField.getAttribute('aria-invalid')).toBe('true');
    const message = await page.locator(`[id="${await linkField.getAttribute('aria-describedby')}"]`).textContent();
    expect(message).toBe(
      'Use an address that starts with https://, http://, mailto: or tel:, or a page of this site (/…).',
    );
    expect(await editor.locator('a').count()).toBe(0);
    expect(await dialog.isVisible()).toBe(true);

    // A good address: Enter adds the link to the selected word, and the cursor returns to the editor.
    await linkField.fill('https://example.com/guide');
    await page.keyboard.press('Enter');
    await linkField.waitFor({ state: 'detached' });
    expect(await editor.locator('a').textContent()).toBe('guide');
    expect(await editor.locator('a').getAttribute('href')).toBe('https://example.com/guide');
    await expect.poll(focusInEditor).toBe(true);

    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect
      .poll(() => page.locator('[data-toast]').textContent(), { timeout: 15_000 })
      .toContain('Portfolio item updated successfully!');
    const saved = (await (await api(`/api/portfolio/${id}`)).json()) as { content: { en: string } };
    // (The words before it may come back with non-breaking spaces: Quill writes its spaces that way.)
    expect(saved.content.en).toMatch(/^<p>Read\sthe\s<a href="https:\/\/example\.com\/guide"[^>]*>guide<\/a><\/p>$/);
    await page.close();
  });

  it('creates a case study with metrics, shows it publicly in both languages, edits and deletes it', async () => {
    const page = await browser.page();
    page.on('dialog', (dialog) => void dialog.accept());
    await signInAsAdmin(page);
    await page.getByRole('button', { name: 'Add Item' }).click();
    const form = page.locator('[data-portfolio-form]');
    await form.getByLabel('Title (English)').fill('Treasury automation for a hotel group');
    await form.getByLabel('Title (Español)').fill('Automatización de tesorería para un grupo hotelero');
    await form.getByLabel('Description (English)').fill('Daily cash positions in minutes instead of hours.');
    await form.getByLabel('Description (Español)').fill('Posiciones de caja diarias en minutos en lugar de horas.');
    await form.getByLabel(/or an image address/).fill('/images/demo/case-retail-strategic-plan.jpg');
    await form.getByRole('button', { name: '+ Add metric (EN)' }).click();
    await form.getByLabel('Label 1 (en)').fill('Closing time');
    await form.getByLabel('Value 1 (en)').fill('-60%');
    await form.getByRole('button', { name: '+ Add metric (ES)' }).click();
    await form.getByLabel('Label 1 (es)').fill('Tiempo de cierre');
    await form.getByLabel('Value 1 (es)').fill('-60 %');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect
      .poll(() => page.locator('[data-toast]').textContent(), { timeout: 15_000 })
      .toContain('Portfolio item created successfully!');

    const items = (await (await fetch(`${baseUrl()}/api/portfolio`)).json()) as Array<{
      id: string;
      title: { en: string };
    }>;
    const created = items.find((item) => item.title.en === 'Treasury automation for a hotel group')!;
    const publicPage = await browser.page();
    await publicPage.goto(`/es/portfolio/${created.id}`);
    const body = (await publicPage.locator('main').textContent()) ?? '';
    expect(body).toContain('Automatización de tesorería para un grupo hotelero');
    expect(body).toContain('Tiempo de cierre');
    expect(body).toContain('Soluciones tecnológicas');
    await publicPage.goto('/portfolio');
    expect(await publicPage.locator('main').textContent()).toContain('Treasury automation for a hotel group');

    await page.getByRole('button', { name: 'Edit: Treasury automation for a hotel group' }).click();
    // Categories come from the firm's services-and-categories list (a select).
    await form.getByLabel('Category').selectOption('Digital Transformation');
    await form.getByRole('button', { name: 'Update' }).click();
    await expect
      .poll(() => page.locator('[data-toast]').textContent(), { timeout: 15_000 })
      .toContain('Portfolio item updated successfully!');
    await publicPage.goto(`/portfolio/${created.id}`);
    expect(await publicPage.locator('main').textContent()).toContain('Digital Transformation');

    await page.getByRole('button', { name: 'Delete: Treasury automation for a hotel group' }).click();
    // An in-page confirmation that names the item, not the browser's confirm().
    const confirmDelete = page.getByRole('dialog', { name: 'Delete for good' });
    expect(await confirmDelete.textContent()).toContain(
      'Delete "Treasury automation for a hotel group"? This cannot be undone.',
    );
    await confirmDelete.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect
      .poll(() => page.locator('[data-toast]').textContent(), { timeout: 15_000 })
      .toContain('Portfolio item deleted successfully!');
    expect((await publicPage.goto(`/portfolio/${created.id}`))?.status()).toBe(404);
    await publicPage.close();
    await page.close();
  });

  it('tells a visitor locked out after repeated wrong passwords', async () => {
    await browser.context().clearCookies();
    const page = await browser.page({ allowFailedRequests: true });
    await page.goto('/admin');
    const dialog = page.getByRole('dialog', { name: 'Investor Login' });
    await dialog.waitFor();
    await dialog.getByLabel('Username').fill('someone-else');
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await dialog.getByLabel('Password', { exact: true }).fill(`wrong ${attempt}`);
      await dialog.getByRole('button', { name: 'Sign in' }).click();
      await expect
        .poll(() => dialog.getByRole('button', { name: /Sign in/ }).isEnabled(), { timeout: 15_000 })
        .toBe(true);
    }
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toMatch(/Too many failed sign-in attempts\. Please try again in 15 minutes\./);
    await page.close();
  });

  it('shows a message, deletes a subscriber, and exports CSVs with their exact columns', async () => {
    const contact = (await fetch(`${baseUrl()}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Irene Soto', email: 'irene@e2e.example', message: '<b>Hello</b> team' }),
    }).then((r) => r.json())) as { id: string };
    await fetch(`${baseUrl()}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Marta Gil', email: 'marta@e2e.example', message: 'Another message' }),
    }).then((r) => r.arrayBuffer());
    await fetch(`${baseUrl()}/api/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: '=HYPERLINK("x")', email: 'formula@e2e.example' }),
    }).then((r) => r.arrayBuffer());
    const page = await browser.page();
    page.on('dialog', (dialog) => void dialog.accept());
    await signInAsAdmin(page);

    await page.getByRole('tab', { name: 'Messages' }).click();
    await page.getByRole('button', { name: 'View: Irene Soto' }).click();
    const view = page.getByRole('dialog', { name: 'Message from Irene Soto' });
    await view.waitFor();
    const text = await view.textContent();
    expect(text).toContain('N/A');
    expect(text).toContain('<b>Hello</b> team');
    await page.keyboard.press('Escape');
    // An e-mail alert's link (`/admin#messages/{id}`) opens that message.
    await page.evaluate((id) => (window.location.hash = `messages/${id}`), contact.id);
    await view.waitFor();
    await page.keyboard.press('Escape');
    // The served site's SMTP server is not listening here: the alert waits in the outbox, and the dashboard says so.
    await expect.poll(() => page.locator('[data-mail-notice="waiting"]').count()).toBe(1);
    // The search box asks the server: a whole address, in any case, finds its messages and only those.
    await page.getByLabel('Search by name or email').fill('IRENE@e2e.example');
    const rows = page.getByRole('table', { name: 'Messages' }).locator('tbody tr');
    await expect
      .poll(
        async () => {
          const texts = await rows.allTextContents();
          return texts.length > 0 && texts.every((row) => row.includes('irene@e2e.example'));
        },
        { timeout: 10_000 },
      )
      .toBe(true);

    await page.getByRole('tab', { name: 'Newsletter', exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync(await download.path());
    // UTF-8 with a byte-order mark (Excel in Spain), then SPEC's columns, then the double opt-in's status and language.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.subarray(3).toString('utf8');
    expect(csv.split('\r\n')[0]).toBe('"Full Name","Email","Registration Date","Status","Language"');
    // Dates as a spreadsheet in Spain reads them (Madrid time).
    expect(csv.split('\r\n')[1]).toMatch(/^"(?:[^"]|"")*","[^"]+","\d{4}-\d\d-\d\d \d\d:\d\d",/);
    expect(csv).toContain(`"'=HYPERLINK(""x"")","formula@e2e.example"`);
    // Double opt-in: not confirmed yet.
    await expect.poll(() => page.locator('#admin-panel').textContent()).toContain('Pending');
    await page.getByRole('button', { name: 'Delete: formula@e2e.example' }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete for good' });
    expect(await confirmDelete.textContent()).toContain('Delete formula@e2e.example? This cannot be undone.');
    await confirmDelete.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect
      .poll(() => page.locator('[data-toast]').textContent(), { timeout: 15_000 })
      .toContain('Newsletter subscription deleted successfully!');
    await expect.poll(() => page.locator('#admin-panel').textContent()).not.toContain('formula@e2e.example');

    for (const [tab, header] of [
      [
        'WhatsApp Bot',
        '"Session ID","Message Role","Message Content","Timestamp","Language","Started","Message Count","Channel"',
      ],
      [
        'Video Calls',
        '"Session ID","Speaker","Text","Timestamp","Language","Started","Duration","URL","Client-Reported"',
      ],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Export CSV' }).click(),
      ]);
      expect(readFileSync(await file.path(), 'utf8').split('\r\n')[0]).toBe(`\ufeff${header}`);
    }
    await page.close();
  });

  it('tells a partner whose account was deactivated "Access Denied"', async () => {
    // Write the account straight into the site's database, as `npm run admin:create` would (useSiteDatabase).
    const { saveUser } = await import('../../src/features/accounts/users-store');
    const account = { username: 'e2e-investor', password: 'investor password that is long', role: 'investor' as const };
    {
      await saveUser(account);
      await browser.context().clearCookies();
      const page = await browser.page({ allowFailedRequests: true });
      await page.goto('/admin');
      const dialog = page.getByRole('dialog', { name: 'Investor Login' });
      await dialog.waitFor();
      await dialog.getByLabel('Username').fill(account.username);
      await dialog.getByLabel('Password', { exact: true }).fill(account.password);
      await dialog.getByRole('button', { name: 'Sign in' }).click();
      // The same sign-in as an admin's, onto the investor's own dashboard, without the admin's tabs.
      await page.getByRole('heading', { name: 'Investor Dashboard' }).waitFor({ timeout: 20_000 });
      expect(await page.getByRole('tab', { name: 'Messages' }).count()).toBe(0);
      // An admin screen opened by link says Access Denied (and its data is refused by the server).
      await page.goto('/admin#messages');
      await page.locator('[data-access-denied-panel]').waitFor({ timeout: 20_000 });
      expect(await page.locator('[data-access-denied-panel]').textContent()).toContain(
        "You don't have permission to access this page.",
      );
      await saveUser({ ...account, isActive: false });
      await page.reload();
      await page.locator('[data-access-denied]').waitFor({ timeout: 20_000 });
      expect(await page.locator('[data-access-denied]').textContent()).toContain(
        "You don't have permission to access this page.",
      );
      await page.close();
      await browser.context().clearCookies();
    }
  });

  it('sends a visitor back to sign-in when the session ends mid-way', async () => {
    const page = await browser.page({ allowFailedRequests: true });
    await signInAsAdmin(page);
    // The session is ended elsewhere (here: its cookie is dropped).
    await browser.context().clearCookies({ name: 'session' });
    // The toast shows for the 500 ms before the page goes to sign-in: watched from before the click (every frame), so
    // a slow poll cannot miss it.
    const toast = page.waitForFunction(
      () => document.querySelector('[data-toast]')?.textContent?.includes('You are logged out. Logging in again...'),
      undefined,
      { timeout: 15_000 },
    );
    await page.getByRole('tab', { name: 'Messages' }).click();
    await toast;
    await page.waitForURL('**/admin', { timeout: 15_000 });
    await page.getByRole('dialog', { name: 'Investor Login' }).waitFor();
    await page.close();
  });

  it('opens the sign-in from a Spanish page in Spanish, and switches the dashboard between languages', async () => {
    await browser.context().clearCookies();
    const page = await browser.page({ allowFailedRequests: true });
    await page.goto('/es/');
    await page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' }).first().click();
    await page.waitForURL('**/admin?lang=es');
    const dialog = page.getByRole('dialog', { name: 'Acceso para inversores' });
    await dialog.waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe('Introduzca el usuario y la contraseña');
    await dialog.getByLabel('Usuario').fill(E2E_ADMIN.username);
    await dialog.getByLabel('Contraseña', { exact: true }).fill(E2E_ADMIN.password);
    await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('heading', { name: 'Panel de administración' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('tab', { name: 'Casos de éxito' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: 'Mensajes' }).click();
    await page.getByRole('columnheader', { name: 'Correo electrónico' }).waitFor();

    // The choice is remembered on this browser, also at /admin without ?lang.
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Panel de administración' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Portfolio' }).count()).toBe(1);
    await page.reload();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor({ timeout: 20_000 });
    await page.close();
  });
});
