import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import uploadsFunction from '../../netlify/functions/uploaded-file';
import loginFunction from '../../netlify/functions/sign-in-page';
import { newId } from '../../src/platform/ids';
import { putUpload } from '../../src/features/uploads/store';
import { startLocalBlobs, type LocalBlobs } from '../helpers/blobs';
import { call } from '../helpers/functions';

let blobs: LocalBlobs;
beforeAll(async () => {
  blobs = await startLocalBlobs();
});
afterAll(async () => blobs.stop());

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('GET /uploads/{key}', () => {
  it('serves a stored image with its type, nosniff and long immutable caching', async () => {
    const key = `${newId()}.png`;
    await putUpload(key, PNG.buffer);
    const response = await call(uploadsFunction, `/uploads/${key}`, { params: { key } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
  });

  it('answers 404 for unknown and hostile keys', async () => {
    for (const key of [
      `${newId()}.png`,
      '../production-users/admin',
      'x.svg',
      `${newId()}.svg`,
      `${newId()}.png/../x`,
      '',
    ]) {
      const response = await call(uploadsFunction, '/uploads/x', { params: { key } });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Image not found' });
    }
  });

  it('refuses to store under a key the server did not make', async () => {
    await expect(putUpload('../evil.png', PNG.buffer)).rejects.toThrow();
  });
});

describe('GET /api/login', () => {
  it('sends the visitor to the admin sign-in', async () => {
    const response = await call(loginFunction, '/api/login');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/admin');
  });

  it('keeps the language of a Spanish page, and only a known one', async () => {
    const spanish = await call(loginFunction, '/api/login?lang=es');
    expect(spanish.headers.get('location')).toBe('/admin?lang=es');
    const other = await call(loginFunction, '/api/login?lang=//evil.example');
    expect(other.headers.get('location')).toBe('/admin');
  });
});
