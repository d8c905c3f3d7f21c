// `npm run bench:forms-js -- [url]`: the JavaScript a visitor downloads on reaching the contact section (the contact
// form, the newsletter form and the video card hydrated), Brotli-compressed as Netlify's CDN serves it. Run it
// against a production build served the way Netlify does, e.g. `npx netlify serve --offline --port 8888` in another
// shell (default url http://localhost:8888/). Scripts inlined in the page are counted too.
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { launchBrowser } from '../tests/helpers/browser';

const url = process.argv[2] ?? 'http://localhost:8888/';
const brotli = (text: Buffer | string) =>
  brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;

const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const files = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => null);
    if (body) files.set(new URL(response.url()).pathname, brotli(body));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator('#contact').scrollIntoViewIfNeeded();
  // Every island in the section hydrated (src/components/islands/hydrate-island.tsx marks each).
  await page.waitForFunction(
    () => document.querySelectorAll('#contact [data-island]:not([data-hydrated])').length === 0,
  );
  await page.waitForLoadState('networkidle');
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')]
      .filter((script) => script.getAttribute('type') !== 'application/ld+json')
      .map((script) => script.textContent ?? ''),
  );
  const inlineBytes = inline.reduce((sum, text) => sum + brotli(text), 0);
  const rows = [...files.entries()].sort((a, b) => b[1] - a[1]);
  for (const [path, bytes] of rows) console.log(`${(bytes / 1024).toFixed(1).padStart(6)} KB  ${path}`);
  console.log(`${(inlineBytes / 1024).toFixed(1).padStart(6)} KB  (${inline.length} inline scripts)`);
  const total = rows.reduce((sum, [, bytes]) => sum + bytes, inlineBytes);
  console.log(`${(total / 1024).toFixed(1).padStart(6)} KB  total JavaScript on reaching #contact (Brotli)`);
} finally {
  await browser.close();
}
