import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminEn } from '../../src/i18n/admin/en';
import { adminEs } from '../../src/i18n/admin/es';
import { es } from '../../src/i18n/es';
import { htmlLinks, startLocalSmtp, type LocalSmtp } from '../helpers/smtp';
import { E2E_ADMIN } from './global-setup';
import { useBrowser } from './helpers';

/**
 * Issue 13, "Prospective investors": a Spanish visitor asks for access from "Explorar oportunidades", an admin
 * makes the account from the lead in one step, the invitation's link sets the password and the investor signs in.
 */
const browser = useBrowser();
// The served site's SMTP_URL points at this port (tests/e2e/global-setup.ts): the invitation arrives here.
let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startLocalSmtp({ port: inject('smtpPort') });
});
afterAll(async () => smtp.stop());

const visitor = {
  name: 'Beatriz Solís Acceso',
  email: 'beatriz.solis@acceso.example',
  password: 'mi contraseña de inversora',
};

describe('a prospective investor', () => {
  it('requests access in Spanish from "Explorar oportunidades" and is told what happens next', async () => {
    await browser.context().clearCookies();
    const page = await browser.page();
    page.setDefaultTimeout(20_000);

    // The visitor: "Explorar oportunidades" opens the request-access form in Spanish.
    await page.goto('/es/');
    await page.getByRole('link', { name: es['investment.cta.explore'] }).click();
    await page.waitForURL('**/es/request-access');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    const form = page.locator('[data-access-form]');
    await form.getByLabel(es['access.name']).fill(visitor.name);
    await form.getByLabel(es['access.email']).fill(visitor.email);
    await form.getByLabel(es['access.company']).fill('Solís Capital');
    await form.getByLabel(es['access.ticketSize']).selectOption('250k-1m');
    await form.getByLabel(es['access.sector.ai']).check();
    await form.getByLabel(es['access.sector.health']).check();
    await form.getByLabel(es['access.region.spain']).check();
    await form.getByLabel(es['access.accredited']).check();
    await form.getByLabel(es['access.consent']).check();
    await form.getByRole('button', { name: es['access.submit'] }).click();
    await page.waitForURL('**/es/request-access?result=sent');
    const said = await page.locator('[data-access-result="sent"]').textContent();
    expect(said).toContain(es['access.sent.title']);
    expect(said).toContain(es['access.sent.text']);
    await page.close();
  });

  it('becomes an investor account in one step from the lead in Messages', async () => {
    const page = await browser.page();
    page.setDefaultTimeout(20_000);
    await page.goto('/admin');
    const login = page.getByRole('dialog', { name: adminEn.login.title });
    await login.getByLabel(adminEn.login.username).fill(E2E_ADMIN.username);
    await login.getByLabel(adminEn.login.password, { exact: true }).fill(E2E_ADMIN.password);
    await login.getByRole('button', { name: adminEn.login.submit }).click();
    await page.getByRole('heading', { name: adminEn.title }).waitFor();
    await page.getByRole('tab', { name: adminEn.tabs.messages }).click();
    await page.getByRole('button', { name: `${adminEn.view}: ${visitor.name}` }).click();
    const view = page.getByRole('dialog', { name: adminEn.messages.viewTitle(visitor.name) });
    expect(await view.textContent()).toContain(adminEn.access.fromInvestor);
    await view.getByRole('button', { name: adminEn.access.createAccount }).click();
    await expect
      .poll(() => view.locator('[data-investor-account]').textContent(), { timeout: 30_000 })
      .toBe(adminEn.access.created('beatriz.solis', visitor.email));
    await page.close();
    await browser.context().clearCookies();
  });

  it('sets a password once from the Spanish invitation and signs in', async () => {
    const page = await browser.page();
    page.setDefaultTimeout(20_000);
    await expect.poll(() => smtp.to(visitor.email).length, { timeout: 20_000 }).toBe(1);
    const mail = smtp.to(visitor.email)[0]!.parsed;
    expect(mail.subject).toBe('Su cuenta de inversor en Vantia Partners');
    const link = new URL(htmlLinks(mail).find((href) => href.includes('/set-password'))!);
    expect(link.pathname).toBe('/es/set-password');
    await page.goto(link.pathname + link.search);
    await page.getByLabel(es['setPassword.password']).fill(visitor.password);
    await page.getByLabel(es['setPassword.confirm']).fill(visitor.password);
    await page.getByRole('button', { name: es['setPassword.submit'] }).click();
    await page.waitForURL('**/es/set-password?result=done');
    expect(await page.locator('[data-set-password-result="done"]').textContent()).toContain(es['setPassword.done']);
    await page.locator('[data-set-password-sign-in]').click();
    const dialog = page.getByRole('dialog', { name: adminEs.login.title });
    await dialog.getByLabel(adminEs.login.username).fill('beatriz.solis');
    await dialog.getByLabel(adminEs.login.password, { exact: true }).fill(visitor.password);
    await dialog.getByRole('button', { name: adminEs.login.submit }).click();
    await page.getByText(adminEs.investors.welcome('beatriz.solis')).waitFor();

    // The link is spent.
    await page.goto(link.pathname + link.search);
    expect(await page.locator('[data-set-password-result="used"]').textContent()).toContain(es['setPassword.used']);
    await page.close();
  });
});
