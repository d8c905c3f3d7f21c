// The production site as the benches measure it (`npm run bench:lighthouse`, `npm run bench:chat`): built and served
// the way Netlify does (`netlify serve`, its own in-memory database with the demo content), behind a small proxy that
// compresses text with Brotli as Netlify's CDN does.
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BenchSite {
  /** The proxy's address, Brotli and all: what the browser loads. */
  base: string;
  /** `netlify serve`'s own address, uncompressed. */
  origin: string;
  stop: () => Promise<void>;
}

interface Kept {
  status: number;
  headers: Record<string, string | number>;
  body: Buffer;
  until: number;
}

/**
 * The format Netlify's Image CDN answers a picture in when the address names none (`fm`): it negotiates "the most
 * efficient image format for the requesting client" from Accept (docs.netlify.com/image-cdn/overview), WebP first,
 * then AVIF. `netlify serve`'s local Image CDN does not negotiate (it answers the source's format, JPEG for the demo
 * pictures, two to three times their WebP size), so the proxy asks it for the format the edge would send.
 */
function imageFormat(request: IncomingMessage): 'webp' | 'avif' | null {
  if (!(request.url ?? '').startsWith('/.netlify/images') || /[?&]fm=/.test(request.url ?? '')) return null;
  const accept = String(request.headers.accept ?? '');
  return /image\/webp/.test(accept) ? 'webp' : /image\/avif/.test(accept) ? 'avif' : null;
}

/**
 * What Netlify's edge would answer from its cache: the key is the address plus what the answer's `Netlify-Vary`
 * names (`language`: the first Accept-Language tag's language; `cookie=NAME`: that cookie), as on Netlify.
 */
function cacheKey(request: IncomingMessage, vary: string | null): string {
  const parts = [request.url ?? '/', /\bbr\b/.test(String(request.headers['accept-encoding'] ?? '')) ? 'br' : ''];
  // The Image CDN picks the format from Accept.
  if ((request.url ?? '').startsWith('/.netlify/images')) parts.push(imageFormat(request) ?? '');
  for (const rule of (vary ?? '').split(',').map((part) => part.trim())) {
    if (rule === 'language')
      parts.push(
        String(request.headers['accept-language'] ?? '')
          .split(/[,;-]/)[0]!
          .toLowerCase(),
      );
    const cookie = /^cookie=(.+)$/.exec(rule)?.[1];
    if (cookie)
      parts.push(new RegExp(`(?:^|;\\s*)${cookie}=([^;]*)`).exec(String(request.headers.cookie ?? ''))?.[1] ?? '');
  }
  return parts.join('|');
}

/** How long Netlify's edge keeps an answer: its `Netlify-CDN-Cache-Control` s-maxage; Image CDN results always. */
function keepSeconds(url: string, status: number, headers: Headers): number {
  if (status !== 200) return 0;
  if (url.startsWith('/.netlify/images')) return 31_536_000;
  const control = headers.get('netlify-cdn-cache-control') ?? headers.get('cdn-cache-control') ?? '';
  return Number(/s-maxage=(\d+)/.exec(control)?.[1] ?? 0);
}

/**
 * Netlify's CDN compresses text with Brotli and answers from its edge cache what a page's headers let it keep;
 * `netlify serve` does neither (it renders every request and transforms every image again). A small proxy does what
 * the CDN does, so the page weights and server times Lighthouse sees are the ones visitors get once a page is in the
 * edge's cache. Answers stream through when they are not compressible (the chat's event stream is not buffered).
 */
function proxyTo(origin: string, cdnCache: boolean) {
  const kept = new Map<string, Kept>();
  // Netlify-Vary of each address, learned from its first answer (the key needs it before the answer is known).
  const varies = new Map<string, string | null>();
  return async (request: IncomingMessage, response: ServerResponse) => {
    try {
      const cacheable = cdnCache && (request.method ?? 'GET') === 'GET';
      if (cacheable && varies.has(request.url ?? '/')) {
        const hit = kept.get(cacheKey(request, varies.get(request.url ?? '/') ?? null));
        if (hit && hit.until > Date.now()) {
          response.writeHead(hit.status, hit.headers);
          response.end(hit.body);
          return;
        }
      }
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const hasBody = !['GET', 'HEAD'].includes(request.method ?? 'GET');
      const format = imageFormat(request);
      const upstream = await fetch(`${origin}${request.url}${format ? `&fm=${format}` : ''}`, {
        method: request.method ?? 'GET',
        headers: Object.fromEntries(
          Object.entries(request.headers)
            .filter(([name]) => !['host', 'connection', 'content-length', 'accept-encoding'].includes(name))
            .map(([name, value]) => [name, String(value)]),
        ),
        ...(hasBody ? { body: Buffer.concat(chunks) } : {}),
        redirect: 'manual',
      });
      const headers: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name))
          headers[name] = value;
      });
      const type = upstream.headers.get('content-type') ?? '';
      if (/^text\/event-stream/.test(type) && upstream.body) {
        response.writeHead(upstream.status, headers);
        for await (const chunk of upstream.body) response.write(chunk);
        response.end();
        return;
      }
      const body = Buffer.from(await upstream.arrayBuffer());
      const seconds = cacheable ? keepSeconds(request.url ?? '/', upstream.status, upstream.headers) : 0;
      const send = (sent: Record<string, string | number>, sentBody: Buffer) => {
        if (seconds > 0) {
          const vary = upstream.headers.get('netlify-vary');
          varies.set(request.url ?? '/', vary);
          kept.set(cacheKey(request, vary), {
            status: upstream.status,
            headers: sent,
            body: sentBody,
            until: Date.now() + seconds * 1000,
          });
        }
        response.writeHead(upstream.status, sent);
        response.end(sentBody);
      };
      const compressible = /^(text\/|application\/(json|javascript|xml|rss\+xml)|image\/svg)/.test(type);
      if (compressible && /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        const compressed = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
        send(
          { ...headers, 'content-encoding': 'br', 'content-length': compressed.length, vary: 'Accept-Encoding' },
          compressed,
        );
        return;
      }
      send({ ...headers, 'content-length': body.length }, body);
    } catch {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    }
  };
}

/** Builds and serves the site on `port`, behind the Brotli proxy on `proxyPort`; `env` adds to the site's environment. */
export async function startBenchSite({
  port,
  proxyPort,
  env = {},
  cdnCache = true,
}: {
  port: number;
  proxyPort: number;
  env?: Record<string, string>;
  /** false: every request reaches `netlify serve`, as on a cold edge (each page rendered, each image transformed). */
  cdnCache?: boolean;
}): Promise<BenchSite> {
  const origin = `http://localhost:${port}`;
  const base = `http://localhost:${proxyPort}`;
  const handle = proxyTo(origin, cdnCache);
  // node:http ignores what a listener returns: each request is answered on its own (fire and forget, as before).
  const proxy = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => proxy.listen(proxyPort, resolve));

  // A database of the bench's own, in memory, with the demo content (as the browser tests have).
  const { startSeededDatabase } = await import('../tests/e2e/seed-e2e');
  const database = await startSeededDatabase();

  const logPath = join(tmpdir(), `netlify-serve-bench-${port}.log`);
  const server = spawn('netlify', ['serve', '--offline', '--internal-disable-edge-functions', '--port', String(port)], {
    env: {
      ...process.env,
      NETLIFY_DB_URL: database.url,
      BROWSER: 'none',
      JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789abcdef',
      ...env,
    },
    stdio: ['ignore', openSync(logPath, 'w'), openSync(logPath, 'a')],
    detached: true,
  });
  const stop = async () => {
    proxy.close();
    try {
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone (a failed build)
    }
    await database.stop();
  };

  try {
    for (let i = 0; ; i += 1) {
      if (i === 240 || server.exitCode !== null) throw new Error('netlify serve did not start');
      try {
        const response = await fetch(`${origin}/api/portfolio`);
        await response.arrayBuffer();
        if (response.ok) break;
      } catch {
        // not up yet
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } catch (error) {
    console.error(readFileSync(logPath, 'utf8').slice(-3000));
    await stop();
    throw error;
  }
  return { base, origin, stop };
}

/** The value at `fraction` (0.5: the median) of `values`, nearest rank. */
export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}
