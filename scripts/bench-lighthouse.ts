// `npm run bench:lighthouse`: builds for production, serves it the way Netlify
// does (`netlify serve`, demo content in its own bench-* stores), and runs
// Lighthouse 3 times per page with mobile emulation in the same Chromium the
// tests use; prints the medians and the JavaScript each page loads before any
// interaction.
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath } from '../tests/helpers/browser';

const PORT = 8898;
const PROXY_PORT = 8897;
const RUNS = 3;
const origin = `http://localhost:${PORT}`;
const base = `http://localhost:${PROXY_PORT}`;

/**
 * Netlify's CDN compresses text with Brotli; `netlify serve` does not. A small
 * proxy does what the CDN does, so the page weights Lighthouse sees are the
 * ones visitors get.
 */
const proxyRequest = async (request: IncomingMessage, response: ServerResponse) => {
  try {
    const upstream = await fetch(`${origin}${request.url}`, {
      headers: { accept: request.headers.accept ?? '*/*' },
      redirect: 'manual',
    });
    const body = Buffer.from(await upstream.arrayBuffer());
    const headers: Record<string, string> = {};
    upstream.headers.forEach((value, name) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name))
        headers[name] = value;
    });
    const compressible = /^(text\/|application\/(json|javascript|xml|rss\+xml)|image\/svg)/.test(
      upstream.headers.get('content-type') ?? '',
    );
    if (compressible && /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      const compressed = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
      response.writeHead(upstream.status, {
        ...headers,
        'content-encoding': 'br',
        'content-length': compressed.length,
        vary: 'Accept-Encoding',
      });
      response.end(compressed);
      return;
    }
    response.writeHead(upstream.status, { ...headers, 'content-length': body.length });
    response.end(body);
  } catch {
    response.writeHead(502).end();
  }
};
// node:http ignores what a listener returns: each request is answered on its own (fire and forget, as before).
const proxy = createServer((request, response) => void proxyRequest(request, response));
await new Promise<void>((resolve) => proxy.listen(PROXY_PORT, resolve));

// A database of the bench's own, in memory, with the demo content (as the browser tests have).
const { startSeededDatabase } = await import('../tests/e2e/seed-e2e');
const database = await startSeededDatabase();

const logPath = join(tmpdir(), 'netlify-serve-bench.log');
const server = spawn('netlify', ['serve', '--offline', '--internal-disable-edge-functions', '--port', String(PORT)], {
  env: {
    ...process.env,
    NETLIFY_DB_URL: database.url,
    BROWSER: 'none',
    JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789abcdef',
  },
  stdio: ['ignore', openSync(logPath, 'w'), openSync(logPath, 'a')],
  detached: true,
});
const stop = () => {
  proxy.close();
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
};

async function waitForSite(): Promise<void> {
  for (let i = 0; i < 240; i += 1) {
    try {
      const response = await fetch(`${origin}/api/portfolio`);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  console.error(readFileSync(logPath, 'utf8').slice(-3000));
  throw new Error('netlify serve did not start');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

try {
  console.log('Building and serving the production site…');
  await waitForSite();
  const [portfolio, insights] = await Promise.all([
    fetch(`${base}/api/portfolio`).then((r) => r.json() as Promise<Array<{ id: string }>>),
    fetch(`${base}/api/insights`).then((r) => r.json() as Promise<Array<{ id: string }>>),
  ]);
  // `-- --pages /,/es/privacy-policy` measures only those.
  const pagesAt = process.argv.indexOf('--pages');
  const pages =
    pagesAt === -1
      ? [
          '/',
          '/es/',
          '/insights',
          `/insights/${insights[0]!.id}`,
          '/portfolio',
          `/portfolio/${portfolio[0]!.id}`,
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
    `(median of ${RUNS} Lighthouse runs, mobile emulation, Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version})`,
  );
} finally {
  stop();
  await database.stop();
}
