// `npm run bench:lighthouse`: builds for production, serves it the way Netlify
// does (`netlify serve`, demo content in its own bench-* stores), and runs
// Lighthouse 3 times per page with mobile emulation in the same Chromium the
// tests use; prints the medians and the JavaScript each page loads before any
// interaction.
import { brotliCompressSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { contentPath } from '../src/features/content/publishing-schema';
import type { Localized } from '../src/i18n/languages';
import { chromiumPath } from '../tests/helpers/browser';
import { percentile, startBenchSite } from './bench-serve';

const PORT = 8898;
const PROXY_PORT = 8897;
const RUNS = 3;
// `-- --cold`: no edge cache in front (every page rendered by its function, every image transformed, per request).
const cold = process.argv.includes('--cold');
console.log('Building and serving the production site…');
const { base, origin, stop } = await startBenchSite({ port: PORT, proxyPort: PROXY_PORT, cdnCache: !cold });

// What Lighthouse's Chromium sends for a page (no Accept-Language) and for an image (the same Accept-Encoding, which
// is part of the edge cache's key): the edge keeps one copy per language and per image format.
const PAGE_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const IMAGE_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

/** Puts a page and the Image CDN pictures it names in the edge cache, as earlier visitors would have. */
async function warm(path: string): Promise<void> {
  const html = await (await fetch(`${base}${path}`, { headers: PAGE_HEADERS })).text();
  const images = new Set(
    [...html.matchAll(/\/\.netlify\/images\?[^"\s,]+/g)].map((match) => match[0].replaceAll('&amp;', '&')),
  );
  await Promise.all(
    [...images].map(async (image) => {
      await (await fetch(`${base}${image}`, { headers: { ...PAGE_HEADERS, accept: IMAGE_ACCEPT } })).arrayBuffer();
    }),
  );
}

// `-- --verbose`: what Lighthouse's simulated LCP is made of, per page (first run): the observed paint times, the LCP
// element's phases, and every request with its priority and when it ended (a request that ended before the observed
// LCP is in the simulation's graph, and its bytes share the simulated slow 4G with the page's).
const verbose = process.argv.includes('--verbose');
type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
function printDetails(path: string, lhr: Lhr): void {
  const metrics = (lhr.audits['metrics']?.details as { items?: Array<Record<string, number>> } | undefined)?.items?.[0];
  console.log(
    `  ${path}: observed FCP ${metrics?.['observedFirstContentfulPaint']} ms, LCP ${metrics?.['observedLargestContentfulPaint']} ms; simulated FCP ${Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0)} ms, LCP ${Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0)} ms`,
  );
  const phases = (
    lhr.audits['largest-contentful-paint-element']?.details as
      { items?: Array<{ items?: Array<Record<string, unknown>> }> } | undefined
  )?.items?.[1]?.items;
  if (phases)
    console.log(
      `    phases: ${phases.map((phase) => `${String(phase['phase'])} ${Math.round(Number(phase['timing']))} ms`).join(', ')}`,
    );
  const requests =
    (
      lhr.audits['network-requests']?.details as
        { items?: Array<Record<string, string | number | undefined>> } | undefined
    )?.items ?? [];
  for (const request of requests)
    console.log(
      `    ${String(request['priority']).padEnd(8)} ${String(request['resourceType']).padEnd(10)} ${Math.round(Number(request['networkRequestTime']))}-${Math.round(Number(request['networkEndTime']))} ms ${(Number(request['transferSize']) / 1024).toFixed(1)} KB ${String(request['url']).replace(base, '').slice(0, 90)}`,
    );
  for (const id of ['render-blocking-resources', 'render-blocking-insight', 'lcp-discovery-insight'])
    if (lhr.audits[id] && lhr.audits[id].score !== null && lhr.audits[id].score < 1)
      console.log(`    ${id}: ${lhr.audits[id].displayValue ?? lhr.audits[id].title}`);
}

const median = (values: number[]) => percentile(values, 0.5);

try {
  const [portfolio, insights] = await Promise.all([
    fetch(`${base}/api/portfolio`).then((r) => r.json() as Promise<Array<{ id: string; slugs: Localized }>>),
    fetch(`${base}/api/insights`).then((r) => r.json() as Promise<Array<{ id: string; slugs: Localized }>>),
  ]);
  // `-- --pages /,/es/privacy-policy` measures only those.
  const pagesAt = process.argv.indexOf('--pages');
  const pages =
    pagesAt === -1
      ? [
          '/',
          '/es/',
          '/insights',
          contentPath('insights', insights[0]!, 'en'),
          '/portfolio',
          contentPath('portfolio', portfolio[0]!, 'en'),
          '/privacy-policy',
        ]
      : (process.argv[pagesAt + 1] ?? '').split(',').filter(Boolean);

  const chrome = await chromeLauncher.launch({
    chromePath: await chromiumPath(),
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const rows: Array<Record<string, string | number>> = [];
  try {
    for (const path of pages) {
      if (!cold) await warm(path);
      const runs: Array<Record<string, number>> = [];
      for (let run = 0; run < RUNS; run += 1) {
        const result = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          logLevel: 'error',
          output: 'json',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        const lhr = result!.lhr;
        const requests =
          (
            lhr.audits['network-requests']?.details as
              { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined
          )?.items ?? [];
        const failed = Object.values(lhr.audits)
          .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
          .map((audit) => audit.id);
        if (run === 0 && failed.length) console.log(`  ${path}: failing audits: ${failed.join(', ')}`);
        if (run === 0 && verbose) printDetails(path, lhr);
        if (run === 0) {
          const lcpElement = (
            lhr.audits['largest-contentful-paint-element']?.details as
              { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined
          )?.items?.[0]?.items?.[0]?.node?.snippet;
          if (lcpElement) console.log(`  ${path}: largest paint ${lcpElement.slice(0, 90)}`);
        }
        runs.push({
          performance: Math.round((lhr.categories['performance']?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories['accessibility']?.score ?? 0) * 100),
          bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
          seo: Math.round((lhr.categories['seo']?.score ?? 0) * 100),
          lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
          tbt: lhr.audits['total-blocking-time']?.numericValue ?? 0,
          jsKb:
            requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0) /
            1024,
        });
      }
      // Scripts inlined in the HTML count too: they run before any interaction.
      const html = await (await fetch(`${origin}${path}`)).text();
      const inlineJs = [
        ...html.matchAll(/<script(?![^>]*application\/ld\+json)(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g),
      ]
        .map((match) => match[1] ?? '')
        .join('');
      const inlineJsKb = brotliCompressSync(Buffer.from(inlineJs)).length / 1024;
      const pick = (key: string) => median(runs.map((run) => run[key]!));
      rows.push({
        page: path.length > 24 ? `${path.slice(0, 21)}…` : path,
        Perf: pick('performance'),
        A11y: pick('accessibility'),
        BP: pick('bestPractices'),
        SEO: pick('seo'),
        'LCP s': (pick('lcp') / 1000).toFixed(2),
        CLS: pick('cls').toFixed(3),
        'TBT ms': Math.round(pick('tbt')),
        'JS KB (files + inline, br)': (pick('jsKb') + inlineJsKb).toFixed(1),
      });
    }
  } finally {
    chrome.kill();
  }
  console.table(rows);
  console.log(
    `(median of ${RUNS} Lighthouse runs, mobile emulation, ${cold ? 'no edge cache' : 'edge cache warm'}, Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version})`,
  );
} finally {
  await stop();
}
