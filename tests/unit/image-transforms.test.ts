import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// netlify-cli's local Image CDN (`/.netlify/images` under `netlify serve` and `netlify dev`), as patched by
// patches/netlify-cli++@netlify+images+2.0.1.patch: with NETLIFY_DEV_CACHE_IMAGES set, a transform is made once per
// address and kept, as the CDN keeps it (docs/decisions/0055-suite-speed-image-transforms-kept-site-built-beside.md).
const { ImageHandler } = (await import(
  // The copy netlify-cli itself imports (it needs a newer one than the site's other packages).
  new URL('../../node_modules/netlify-cli/node_modules/@netlify/images/dist/main.js', import.meta.url).href
)) as {
  ImageHandler: new (options: { logger: object; imagesConfig?: object }) => {
    match: (request: Request) => { handle: (origin: string) => Promise<Response> } | undefined;
  };
};

describe('Image CDN transforms under netlify serve', () => {
  let origin: Server;
  let base = '';
  /** How many times the origin sent each source picture (a transform GETs its source, after a HEAD for its age). */
  const fetched = new Map<string, number>();
  beforeAll(async () => {
    const picture = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    origin = createServer((request, response) => {
      if (request.method === 'GET') fetched.set(request.url ?? '', (fetched.get(request.url ?? '') ?? 0) + 1);
      if (request.url === '/missing.jpg') return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': picture.length }).end(picture);
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    delete process.env['NETLIFY_DEV_CACHE_IMAGES'];
    await new Promise((resolve) => origin.close(resolve));
  });
  const handler = new ImageHandler({ logger: { warn: () => undefined } });
  const transform = (source: string, headers: Record<string, string> = {}) =>
    handler
      .match(new Request(`http://localhost/.netlify/images?url=${source}&w=32&fm=webp`, { headers }))!
      .handle(base);

  it('transforms the picture anew for every request by default, as netlify-cli does', async () => {
    delete process.env['NETLIFY_DEV_CACHE_IMAGES'];
    for (let i = 0; i < 3; i++) expect((await transform('/default.jpg')).status).toBe(200);
    expect(fetched.get('/default.jpg')).toBe(3);
  });

  it('with NETLIFY_DEV_CACHE_IMAGES, makes it once for requests at the same time and after, the same bytes each time', async () => {
    process.env['NETLIFY_DEV_CACHE_IMAGES'] = '1';
    const answers = await Promise.all([1, 2, 3, 4].map(() => transform('/kept.jpg')));
    const later = await transform('/kept.jpg');
    const bodies = await Promise.all(
      [...answers, later].map(async (answer) => Buffer.from(await answer.arrayBuffer())),
    );
    expect(fetched.get('/kept.jpg')).toBe(1);
    expect([...answers, later].map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(later.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(bodies[0]).metadata()).width).toBe(32);
    for (const body of bodies) expect(body.equals(bodies[0]!)).toBe(true);
  });

  it('answers a revalidation with the kept ETag 304, and another ETag with the picture', async () => {
    process.env['NETLIFY_DEV_CACHE_IMAGES'] = '1';
    const etag = (await transform('/etag.jpg')).headers.get('etag')!;
    expect(etag).toBeTruthy();
    const same = await transform('/etag.jpg', { 'if-none-match': etag });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe('');
    const other = await transform('/etag.jpg', { 'if-none-match': '"other"' });
    expect(other.status).toBe(200);
    expect((await other.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect(fetched.get('/etag.jpg')).toBe(1);
  });

  it('drops the oldest transforms past its size limit, and makes a dropped one again', async () => {
    process.env['NETLIFY_DEV_CACHE_IMAGES'] = '1';
    // Room for one small picture only: each new one pushes the one before out.
    process.env['NETLIFY_DEV_CACHE_IMAGES_MAX_BYTES'] = '1';
    try {
      for (const source of ['/first.jpg', '/second.jpg', '/second.jpg', '/first.jpg']) {
        expect((await transform(source)).status).toBe(200);
      }
    } finally {
      delete process.env['NETLIFY_DEV_CACHE_IMAGES_MAX_BYTES'];
    }
    expect([fetched.get('/first.jpg'), fetched.get('/second.jpg')]).toEqual([2, 1]);
  });

  it('keeps no failure: a missing source is asked for again', async () => {
    process.env['NETLIFY_DEV_CACHE_IMAGES'] = '1';
    expect((await transform('/missing.jpg')).status).not.toBe(200);
    expect((await transform('/missing.jpg')).status).not.toBe(200);
    expect(fetched.get('/missing.jpg')).toBe(2);
  });
});
