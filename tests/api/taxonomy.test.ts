import { describe, expect, it } from 'vitest';
import contactFunction from '../../netlify/functions/contact';
import taxonomyFunction from '../../netlify/functions/taxonomy';
import type { Taxonomy } from '../../src/lib/schemas/taxonomy';
import { getContactMessage } from '../../src/lib/stores/contact-messages';
import { asAdmin, useAdminBench } from '../helpers/admin';
import { call, callJson } from '../helpers/functions';

const bench = useAdminBench();

function get() {
  return callJson<Taxonomy>(taxonomyFunction, '/api/taxonomy', asAdmin(bench.cookie()));
}

function put(body: unknown) {
  return callJson<Taxonomy & { message?: string; field?: string }>(
    taxonomyFunction,
    '/api/taxonomy',
    asAdmin(bench.cookie(), { method: 'PUT', body }),
  );
}

function contact(serviceOfInterest: string) {
  return callJson<{ id: string; message?: string; field?: string }>(contactFunction, '/api/contact', {
    method: 'POST',
    body: { name: 'Ana García', email: 'ana@cliente.example', message: 'A proposal, please.', serviceOfInterest },
  });
}

describe('/api/taxonomy', () => {
  it('is for admins only', async () => {
    expect((await call(taxonomyFunction, '/api/taxonomy')).status).toBe(401);
    expect((await call(taxonomyFunction, '/api/taxonomy', { method: 'PUT', body: {} })).status).toBe(401);
  });

  it("starts with today's services and categories in both languages", async () => {
    const { status, body } = await get();
    expect(status).toBe(200);
    expect(body.version).toBe(0);
    expect(body.entries).toContainEqual({
      key: 'ai-solutions',
      en: 'AI-Driven Solutions',
      es: 'Soluciones impulsadas por IA',
      uses: ['service'],
    });
    expect(body.entries).toContainEqual({
      key: 'AI Innovation',
      en: 'AI Innovation',
      es: 'Innovación en IA',
      uses: ['insight'],
    });
  });

  it('refuses an entry without a Spanish name, and repeated keys, naming the field', async () => {
    const { body: list } = await get();
    const missing = await put({
      version: list.version,
      entries: [{ key: 'esg', en: 'ESG', es: ' ', uses: ['service'] }],
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: 'Spanish name is required', field: 'entries.0.es' });
    const twice = await put({
      version: list.version,
      entries: [
        { key: 'esg', en: 'ESG', es: 'ESG', uses: ['service'] },
        { key: 'ESG', en: 'ESG 2', es: 'ESG 2', uses: ['insight'] },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.field).toBe('entries.1.key');
    expect((await get()).body.version).toBe(0);
  });

  it('saves a new service the contact form then accepts, and still accepts the old values', async () => {
    expect((await contact('sustainability')).status).toBe(400);
    const { body: list } = await get();
    const entries = [
      ...list.entries.filter((entry) => entry.key !== 'investment'),
      { key: 'sustainability', en: 'Sustainability', es: 'Sostenibilidad', uses: ['service'] },
    ];
    const saved = await put({ version: list.version, entries });
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(1);
    expect((await get()).body.entries.at(-1)).toMatchObject({ key: 'sustainability', es: 'Sostenibilidad' });

    const added = await contact('sustainability');
    expect(added.status).toBe(201);
    expect((await getContactMessage(added.body.id))?.serviceOfInterest).toBe('sustainability');
    // Removed from the list, but a value the form always had: kept valid, stored as it is.
    const old = await contact('investment');
    expect(old.status).toBe(201);
    expect((await getContactMessage(old.body.id))?.serviceOfInterest).toBe('investment');
    const unknown = await contact('astrology');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: 'Choose one of the listed services', field: 'serviceOfInterest' });
  });

  it('refuses a save made from an older version (409) and keeps the newer list', async () => {
    const { body: list } = await get();
    const stale = await put({ version: list.version - 1, entries: [] });
    expect(stale.status).toBe(409);
    expect((await get()).body.entries).toEqual(list.entries);
  });
});
