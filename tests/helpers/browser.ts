import { existsSync } from 'node:fs';
import { chromium as playwright, type Browser } from 'playwright-core';

/**
 * Chromium for browser tests: $CHROME_PATH, else Debian's /usr/bin/chromium,
 * else the build shipped inside the @sparticuz/chromium npm package, so
 * `npm install` is all a fresh machine needs (docs/decisions/0020-chromium-for-tests.md).
 */
export async function chromiumPath(): Promise<string> {
  const fromEnv = process.env['CHROME_PATH'];
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { default: sparticuz } = await import('@sparticuz/chromium');
  return sparticuz.executablePath();
}

export async function launchBrowser(): Promise<Browser> {
  return playwright.launch({
    executablePath: await chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
