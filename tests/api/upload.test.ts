import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import uploadFunction from '../../netlify/functions/admin-upload';
import uploadsFunction from '../../netlify/functions/uploaded-file';
import { call } from '../helpers/functions';
import { putUpload } from '../../src/features/uploads/store';
import { uploadedImageSize } from '../../src/features/uploads/uploads';
import { SITE, useAdminBench } from '../helpers/admin';

const bench = useAdminBench();

function image(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 16, g: 185, b: 129 } } });
}

async function upload(
  bytes: Uint8Array | string,
  name = 'photo.png',
  type = 'image/png',
  headers: Record<string, string> = { cookie: bench.cookie(), origin: SITE },
) {
  const form = new FormData();
  form.append('image', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name);
  const response = await call(uploadFunction, '/api/upload', { method: 'POST', rawBody: form, headers });
  return {
    status: response.status,
    body: (await response.json()) as {
      success: boolean;
      url?: string;
      width?: number;
      height?: number;
      message: string;
    },
  };
}

describe('POST /api/upload', () => {
  it.each([
    ['jpg', 'image/jpeg', () => image(64, 48).jpeg().toBuffer()],
    ['png', 'image/png', () => image(64, 48).png().toBuffer()],
    ['gif', 'image/gif', () => image(64, 48).gif().toBuffer()],
    ['webp', 'image/webp', () => image(64, 48).webp().toBuffer()],
    ['avif', 'image/avif', () => image(64, 48).avif().toBuffer()],
  ])('stores a %s by its bytes under a server-made key and serves it back', async (ext, type, make) => {
    const bytes = new Uint8Array(await make());
    const { status, body } = await upload(bytes, '../../etc/passwd.png', 'application/octet-stream');
    expect(status).toBe(201);
    // Its size in pixels too (issue 23: the dashboard warns of small images).
    expect(body).toMatchObject({ success: true, message: 'Upload successful', width: 64, height: 48 });
    expect(body.url).toMatch(new RegExp(`^/uploads/[0-9a-hjkmnp-tv-z]{26}\\.${ext}$`));
    const key = body.url!.slice('/uploads/'.length);
    const served = await call(uploadsFunction, body.url!, { params: { key } });
    expect(served.headers.get('content-type')).toBe(type);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
  });

  it('refuses SVG, text dressed as an image, and an empty field, storing nothing', async () => {
    const before = await bench.blobs().snapshot();
    const svg = await upload(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
      'logo.svg',
      'image/svg+xml',
    );
    expect(svg).toMatchObject({
      status: 415,
      body: { success: false, message: 'Invalid file type: Please select an image file' },
    });
    const fake = await upload('<html><script>alert(1)</script></html>', 'photo.jpg', 'image/jpeg');
    expect(fake.status).toBe(415);
    const empty = await upload(new Uint8Array(0));
    expect(empty.status).toBe(400);
    expect(await bench.blobs().snapshot()).toEqual(before);
  });

  it('refuses more than 5 MB with 413, and huge dimensions with 400', async () => {
    const before = await bench.blobs().snapshot();
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(await image(8, 8).png().toBuffer());
    const tooBig = await upload(big);
    expect(tooBig).toMatchObject({
      status: 413,
      body: { success: false, message: 'File too large: Please select an image smaller than 5MB' },
    });
    const wide = await upload(new Uint8Array(await image(12_000, 2).png().toBuffer()));
    expect(wide).toMatchObject({ status: 400, body: { success: false, message: 'Image dimensions are too large' } });
    expect(await bench.blobs().snapshot()).toEqual(before);
  });

  it('needs a session and the site origin, refused in the plain error shape like every admin route', async () => {
    const bytes = new Uint8Array(await image(8, 8).png().toBuffer());
    const anonymous = await upload(bytes, 'a.png', 'image/png', { origin: SITE });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Unauthorized' });
    const crossSite = await upload(bytes, 'a.png', 'image/png', {
      cookie: bench.cookie(),
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).not.toHaveProperty('success');
  });

  it("knows an upload's size for the public pages: kept with it, or read from an older upload's bytes", async () => {
    const { body } = await upload(new Uint8Array(await image(64, 40).png().toBuffer()));
    expect(await uploadedImageSize(body.url!)).toEqual({ width: 64, height: 40 });
    expect(await uploadedImageSize(`${body.url!}?v=2`)).toEqual({ width: 64, height: 40 });
    // Stored before sizes were kept: no metadata, measured from its bytes.
    const older = '01j9zzzzzzzzzzzzzzzzzzzzzz.png';
    await putUpload(older, new Uint8Array(await image(300, 200).png().toBuffer()).buffer);
    expect(await uploadedImageSize(`/uploads/${older}`)).toEqual({ width: 300, height: 200 });
    // Not an upload, or a missing one: unknown.
    expect(await uploadedImageSize('/images/demo/case-retail-strategic-plan.jpg')).toBeNull();
    expect(await uploadedImageSize('/uploads/01j9yyyyyyyyyyyyyyyyyyyyyy.png')).toBeNull();
  });
});
