import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import newsletterFunction, { config } from '../../netlify/functions/newsletter';
import { listSubscribers } from '../../src/lib/stores/newsletter';
import { startLocalBlobs, type LocalBlobs } from '../helpers/blobs';
import { callJson } from '../helpers/functions';

let blobs: LocalBlobs;
beforeAll(async () => {
  blobs = await startLocalBlobs();
});
afterAll(async () => blobs.stop());

function post(body: unknown, ip?: string) {
  return callJson<{ message?: string; field?: string; success?: boolean }>(newsletterFunction, '/api/newsletter', {
    method: 'POST',
    body,
    ...(ip ? { ip } : {}),
  });
}

describe('POST /api/newsletter', () => {
  it('subscribes with fullName (contact section) or name (standalone section)', async () => {
    expect((await post({ fullName: 'Lucía Fernández', email: 'lucia@example.es' })).status).toBe(201);
    expect((await post({ name: 'Tom Baker', email: ' Tom.Baker@Example.com ' })).status).toBe(201);
    const subscribers = await listSubscribers();
    expect(subscribers.map((s) => [s.fullName, s.email])).toEqual([
      ['Tom Baker', 'tom.baker@example.com'],
      ['Lucía Fernández', 'lucia@example.es'],
    ]);
    expect(Date.parse(subscribers[0]!.registrationDate)).not.toBeNaN();
  });

  it('answers a second sign-up of one address, in any case, with 409 and its contractual text', async () => {
    await post({ name: 'First', email: 'dup@example.com' });
    const before = await blobs.snapshot();
    const again = await post({ name: 'Second', email: 'DUP@example.com' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This email is already subscribed to our newsletter.');
    expect(await blobs.snapshot()).toEqual(before);
  });

  it.each([
    [{ email: 'a@example.com' }, 'fullName', 'Name is required'],
    [{ name: ' ', email: 'a@example.com' }, 'fullName', 'Name is required'],
    [{ name: 'Ana', email: 'ana@' }, 'email', 'Invalid email address'],
    [{ name: 'Ana' }, 'email', 'Invalid email address'],
  ])('refuses %# with 400 and stores nothing', async (body, field, message) => {
    const before = await blobs.snapshot();
    const response = await post(body);
    expect(response).toMatchObject({ status: 400, body: { field, message } });
    expect(await blobs.snapshot()).toEqual(before);
  });

  it('stores exactly one record when 50 sign-ups of one address race, and never answers 5xx', async () => {
    const responses = await Promise.all(
      // Fifty visitors, each from an IP of their own (one IP's sign-ups are capped: tests/api/quotas.test.ts).
      Array.from({ length: 50 }, (_, i) => post({ name: `Racer ${i}`, email: 'race@example.com' }, `10.50.0.${i}`)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    expect(statuses).toContain(201);
    const stored = (await listSubscribers()).filter((s) => s.email === 'race@example.com');
    expect(stored).toHaveLength(1);
    expect((await post({ name: 'Late', email: 'race@example.com' })).status).toBe(409);
  });

  it('declares a per-IP rate limit', () => {
    expect(config.rateLimit?.aggregateBy).toEqual(['ip', 'domain']);
  });
});
