import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contactFunction, { config } from '../../netlify/functions/contact-send';
import { allPages } from '../../src/platform/db/paging';
import { eachLead } from '../../src/features/leads/messages-store';
import { startLocalBlobs, type LocalBlobs } from '../helpers/blobs';
import { testDatabase } from '../helpers/db-setup';
import { call, callJson } from '../helpers/functions';

let blobs: LocalBlobs;
beforeAll(async () => {
  blobs = await startLocalBlobs();
});
afterAll(async () => blobs.stop());

/** Everything stored: the database's rows and the Blobs files (equal: nothing was stored). */
async function stored() {
  return { rows: await testDatabase().snapshot(), files: await blobs.snapshot() };
}

const valid = {
  name: 'María José Núñez',
  email: 'MJ.Nunez@Example.es ',
  company: 'Agroalimentaria del Sur',
  phone: '+34 600 000 000',
  serviceOfInterest: 'ai-solutions',
  message: '¿Podemos hablar sobre automatizar la planificación de la demanda?',
};

function post(body: unknown, headers: Record<string, string> = {}) {
  return callJson<{ message?: string; field?: string; success?: boolean; id?: string }>(
    contactFunction,
    '/api/contact',
    {
      method: 'POST',
      body,
      headers,
    },
  );
}

describe('POST /api/contact', () => {
  it('stores a message with every field, text exactly as given', async () => {
    const { status, body } = await post(valid);
    expect(status).toBe(201);
    expect(body.success).toBe(true);
    const stored = (await allPages(eachLead())).find((message) => message.id === body.id);
    expect(stored).toMatchObject({
      name: 'María José Núñez',
      email: 'mj.nunez@example.es',
      company: 'Agroalimentaria del Sur',
      phone: '+34 600 000 000',
      serviceOfInterest: 'ai-solutions',
      message: valid.message,
      source: 'form',
    });
  });

  it('takes the optional fields as absent or empty, and keeps markup as plain text', async () => {
    const message = '<script>alert(1)</script> & <b>hello</b>';
    const { status, body } = await post({
      name: 'Sam',
      email: 'sam@example.com',
      message,
      company: '',
      serviceOfInterest: '',
    });
    expect(status).toBe(201);
    const stored = (await allPages(eachLead())).find((m) => m.id === body.id);
    expect(stored).toMatchObject({ company: null, phone: null, serviceOfInterest: null, message });
  });

  it.each([
    [{ ...valid, name: '   ' }, 'name', 'Name is required'],
    [{ ...valid, name: undefined }, 'name', 'Name is required'],
    [{ ...valid, email: 'not-an-email' }, 'email', 'Invalid email address'],
    [{ ...valid, email: undefined }, 'email', 'Invalid email address'],
    [{ ...valid, message: '' }, 'message', 'Message is required'],
    [{ ...valid, serviceOfInterest: 'free-lunch' }, 'serviceOfInterest', 'Choose one of the listed services'],
    [{ ...valid, message: 'x'.repeat(5001) }, 'message', 'Message is too long (at most 5000 characters)'],
  ])('refuses %# with 400 naming the field, storing nothing', async (body, field, message) => {
    const before = await stored();
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message, field });
    expect(await stored()).toEqual(before);
  });

  it('refuses malformed JSON, a non-object, the wrong content type and a 10 MB body', async () => {
    const before = await stored();
    const malformed = await callJson<{ message: string }>(contactFunction, '/api/contact', {
      method: 'POST',
      rawBody: '{"name": "x",',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed).toMatchObject({ status: 400, body: { message: 'The body is not valid JSON' } });
    expect((await post(['a'])).status).toBe(400);
    const text = await callJson(contactFunction, '/api/contact', {
      method: 'POST',
      rawBody: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    const huge = await callJson<{ message: string }>(contactFunction, '/api/contact', {
      method: 'POST',
      rawBody: JSON.stringify({ ...valid, message: 'x'.repeat(10 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge).toMatchObject({ status: 413, body: { message: 'Request body is too large' } });
    // A body that lies about its length is still cut off at the limit.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 11; i += 1) controller.enqueue(new Uint8Array(1024 * 1024).fill(32));
        controller.close();
      },
    });
    const streamed = await callJson(contactFunction, '/api/contact', {
      method: 'POST',
      rawBody: stream,
      headers: { 'content-type': 'application/json' },
    });
    expect(streamed.status).toBe(413);
    expect(await stored()).toEqual(before);
  });

  it('silently drops a bot that fills the honeypot', async () => {
    const count = (await allPages(eachLead())).length;
    const response = await post({ ...valid, website: 'http://spam.example' });
    expect(response.status).toBe(201);
    expect(await allPages(eachLead())).toHaveLength(count);
  });

  it('answers other methods with 405 and declares a per-IP rate limit', async () => {
    const response = await call(contactFunction, '/api/contact');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(config.rateLimit?.aggregateBy).toEqual(['ip', 'domain']);
  });
});
