import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contactFunction from '../../netlify/functions/contact-send';
import messagesFunction from '../../netlify/functions/admin-leads';
import taxonomyFunction from '../../netlify/functions/taxonomy';
import { siteKnowledge } from '../../src/features/chat/knowledge';
import { portfolioContent } from '../../src/features/content/portfolio';
import { resetEnvCache } from '../../src/platform/env';
import { sendLeadDigest } from '../../src/features/leads/inbox';
import type { Taxonomy } from '../../src/features/taxonomy/schema';
import { getLead } from '../../src/features/leads/messages-store';
import { asAdmin, useAdminBench } from '../helpers/admin';
import { portfolioFixture } from '../helpers/fixtures';
import { testDatabase } from '../helpers/db-setup';
import { call, callJson } from '../helpers/functions';
import { startLocalSmtp, type LocalSmtp } from '../helpers/smtp';

const bench = useAdminBench();
let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startLocalSmtp();
});
afterAll(async () => {
  delete process.env['LEADS_LANGUAGE'];
  resetEnvCache();
  await smtp.stop();
});

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
    expect((await getLead(added.body.id))?.serviceOfInterest).toBe('sustainability');
    // Removed from the list, but a value the form always had: kept valid, stored as it is.
    const old = await contact('investment');
    expect(old.status).toBe(201);
    expect((await getLead(old.body.id))?.serviceOfInterest).toBe('investment');
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

  it('keeps one of two saves made at once from the same version (the first save too); the other hears 409', async () => {
    // Back to the seeded list (version 0: nothing stored), then two first saves, then two saves of version 1 (each
    // without `investment`, as the list was before: the tests below expect it removed).
    await testDatabase().query('DELETE FROM taxonomy');
    for (const version of [0, 1]) {
      const { body: list } = await get();
      expect(list.version).toBe(version);
      const saves = await Promise.all(
        ['First', 'Second'].map((name) =>
          put({
            version: list.version,
            entries: [
              ...list.entries.filter((entry) => entry.key !== 'investment'),
              { key: `race-${version}-${name}`, en: name, es: name, uses: ['service'] },
            ],
          }),
        ),
      );
      expect(saves.map((save) => save.status).sort()).toEqual([200, 409]);
      const kept = saves.find((save) => save.status === 200)!.body;
      expect((await get()).body).toEqual(kept);
      expect(kept.version).toBe(version + 1);
    }
  });
});

describe('names from the list wherever a service or category is shown', () => {
  const leadMail = (needle: string) =>
    smtp.to('leads@vantia.test').filter((mail) => mail.parsed.text?.includes(needle));

  it('names a renamed and a new service in lead alerts (both languages), the weekly digest and the CSV', async () => {
    const { body: list } = await get();
    const entries = [
      ...list.entries.map((entry) =>
        entry.key === 'ai-solutions' ? { ...entry, en: 'Applied AI', es: 'IA aplicada' } : entry,
      ),
      { key: 'esg', en: 'ESG Advisory', es: 'Asesoría ESG', uses: ['service'] },
    ];
    expect((await put({ version: list.version, entries })).status).toBe(200);

    const esg = await contact('esg');
    expect(esg.status).toBe(201);
    process.env['LEADS_LANGUAGE'] = 'es';
    resetEnvCache();
    try {
      const renamed = await callJson<{ id: string }>(contactFunction, '/api/contact', {
        method: 'POST',
        body: {
          name: 'Luis Pérez',
          email: 'luis@cliente.example',
          message: 'Hola, IA.',
          serviceOfInterest: 'ai-solutions',
        },
      });
      expect(renamed.status).toBe(201);
    } finally {
      delete process.env['LEADS_LANGUAGE'];
      resetEnvCache();
    }
    expect(leadMail('A proposal, please.').map((mail) => mail.parsed.text)).toContainEqual(
      expect.stringContaining('Service of interest: ESG Advisory'),
    );
    const [spanish] = leadMail('Hola, IA.');
    expect(spanish?.parsed.text).toContain('Servicio de interés: IA aplicada');
    expect(String(spanish?.parsed.html)).toContain('IA aplicada');

    await sendLeadDigest(new Date());
    const [digest] = smtp
      .to('leads@vantia.test')
      .filter((mail) => mail.parsed.subject?.startsWith('Leads of the week'));
    expect(digest?.parsed.text).toMatch(/Ana García <ana@cliente\.example> — contact form, ESG Advisory, \d{4}-/);
    expect(digest?.parsed.text).toContain('Luis Pérez <luis@cliente.example> — contact form, Applied AI, ');
    expect(String(digest?.parsed.html)).toContain('ESG Advisory');

    const csv = await (
      await call(messagesFunction, '/api/contact-messages?format=csv', asAdmin(bench.cookie()))
    ).text();
    const rows = csv.split('\r\n');
    expect(rows.find((row) => row.startsWith('"Luis Pérez"'))).toContain('"luis@cliente.example","","Applied AI",');
    // A value the list does not hold (removed from it above) is shown as stored.
    expect(rows.find((row) => row.includes('"investment"'))).toBeDefined();
  });

  it("names a renamed category in the chat assistant's knowledge, in both languages", async () => {
    const item = portfolioFixture(7, {
      title: { en: 'Port logistics twin', es: 'Gemelo logístico portuario' },
      category: 'Strategy Consulting',
    });
    await portfolioContent.saveMany([item]);
    const { body: list } = await get();
    const entries = list.entries.map((entry) =>
      entry.key === 'Strategy Consulting' ? { ...entry, en: 'Boardroom Strategy', es: 'Estrategia de consejo' } : entry,
    );
    expect((await put({ version: list.version, entries })).status).toBe(200);
    for (const [lang, name] of [
      ['en', 'Boardroom Strategy'],
      ['es', 'Estrategia de consejo'],
    ] as const) {
      const knowledge = await siteKnowledge(lang);
      const passages = knowledge.passagesOf.get(`portfolio:${item.id}`) ?? [];
      expect(JSON.stringify(passages), lang).toContain(name);
    }
  });
});
