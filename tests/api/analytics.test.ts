import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import eventFunction from '../../netlify/functions/event';
import analyticsFunction from '../../netlify/functions/analytics';
import pageLeadsFunction from '../../netlify/functions/analytics-page-leads';
import contactFunction from '../../netlify/functions/contact-send';
import leadsFunction from '../../netlify/functions/admin-leads';
import leadFunction from '../../netlify/functions/admin-lead-delete';
import privacyRequests from '../../netlify/functions/admin-privacy-requests';
import { saveUser } from '../../src/features/accounts/users-store';
import { setClock } from '../../src/platform/clock';
import { closeDatabase, queryCount, resetQueryCount } from '../../src/platform/db/client';
import { resetEnvCache } from '../../src/platform/env';
import { addDays, firmDay } from '../../src/platform/time-zone';
import { forgetSalts, saltDays } from '../../src/features/analytics/store';
import { addContactMessage } from '../../src/features/leads/messages-store';
import { attributionOf, expireAnalytics, recordGoal, visitorId } from '../../src/features/analytics/analytics';
import { runRetention } from '../../src/features/retention/retention';
import type { AnalyticsReport, PageLead } from '../../src/features/analytics/schema';
import type { Lead, LeadRow } from '../../src/features/leads/schema';
import type { PersonalData } from '../../src/features/privacy/requests';
import { testDatabase } from '../helpers/db-setup';
import { asAdmin, signIn, SITE, useAdminBench } from '../helpers/admin';
import { call, callJson, type CallOptions } from '../helpers/functions';

const bench = useAdminBench();
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const today = () => firmDay(new Date());
let investorCookie = '';

beforeAll(async () => {
  await saveUser({ username: 'analytics-investor', password: 'analytics investor password', role: 'investor' });
  investorCookie = await signIn('analytics-investor', 'analytics investor password', '10.0.0.9');
});

afterEach(() => {
  setClock(null);
  delete process.env['QUOTA_EVENT_PER_IP'];
  resetEnvCache();
});

function signalOf(visit: Visit) {
  return { ip: visit.ip, userAgent: visit.ua ?? CHROME, host: 'localhost:8888', country: null };
}

interface Visit {
  ip: string;
  ua?: string | null;
  headers?: Record<string, string>;
}

function beacon(visit: Visit, body: unknown, options: Partial<CallOptions> = {}) {
  const headers: Record<string, string> = { 'content-type': 'text/plain;charset=UTF-8', ...visit.headers };
  if (visit.ua !== null) headers['user-agent'] = visit.ua ?? CHROME;
  return call(eventFunction, '/api/event', {
    method: 'POST',
    rawBody: typeof body === 'string' ? body : JSON.stringify(body),
    headers,
    ip: visit.ip,
    ...options,
  });
}

function pageview(visit: Visit, path: string, referrer: string | null = null, width = 1440) {
  return beacon(visit, { name: 'pageview', url: `${SITE}${path}`, referrer, width });
}

async function events(): Promise<Array<Record<string, unknown>>> {
  return testDatabase().query('SELECT * FROM analytics_events ORDER BY id');
}

function report(from = today(), to = today()) {
  return callJson<AnalyticsReport>(analyticsFunction, `/api/analytics?from=${from}&to=${to}`, asAdmin(bench.cookie()));
}

function sendContact(visit: Visit, email: string) {
  return callJson<{ id: string }>(contactFunction, '/api/contact', {
    method: 'POST',
    body: { name: 'Lucía Pérez', email, company: 'Tiendas Norte', message: 'We would like to talk about AI.' },
    headers: { 'user-agent': visit.ua ?? CHROME, origin: SITE },
    ip: visit.ip,
  });
}

async function leadById(id: string): Promise<Lead> {
  const { body } = await callJson<{ lead: Lead }>(leadFunction, `/api/contact-messages/${id}`, {
    ...asAdmin(bench.cookie()),
    params: { id },
  });
  return body.lead;
}

describe('POST /api/event', () => {
  it('answers 202 with no body and no cookie, and stores neither the IP nor the User-Agent', async () => {
    const response = await pageview({ ip: '203.0.113.5' }, '/insights?utm_source=linkedin&email=ana@x.es');
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
    expect(response.headers.get('set-cookie')).toBeNull();
    const stored = JSON.stringify(await events());
    expect(stored).toContain('/insights');
    expect(stored).not.toContain('203.0.113.5');
    expect(stored).not.toContain('Chrome/131');
    expect(stored).not.toContain('ana@x.es');
  });

  it('takes JSON as well as text/plain', async () => {
    const before = (await events()).length;
    const response = await call(eventFunction, '/api/event', {
      method: 'POST',
      body: { name: 'pageview', url: `${SITE}/services`, referrer: null, width: 390 },
      headers: { 'user-agent': CHROME },
      ip: '203.0.113.6',
    });
    expect(response.status).toBe(202);
    const rows = await events();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ path: '/services', device: 'mobile', channel: 'direct' });
  });

  it('refuses every bad input with the error shape and stores nothing', async () => {
    const before = (await events()).length;
    const visit = { ip: '203.0.113.7' };
    const cases: Array<[unknown, number, string?]> = [
      ['{not json', 400],
      ['[1,2]', 400],
      [{ name: 'signup', url: `${SITE}/` }, 400, 'name'],
      [{ name: 'pageview' }, 400, 'url'],
      [{ name: 'pageview', url: 'javascript:alert(1)' }, 400, 'url'],
      [{ name: 'pageview', url: `${SITE}/`, width: 'wide' }, 400, 'width'],
      [{ name: 'pageview', url: `${SITE}/${'a'.repeat(2100)}` }, 413],
    ];
    for (const [body, status, field] of cases) {
      const response = await beacon(visit, body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      const error = (await response.json()) as { message: string; field?: string };
      expect(error.message).toBeTruthy();
      if (field) expect(error.field).toBe(field);
      expect(JSON.stringify(error)).not.toMatch(/at .*\.ts|stack/i);
    }
    const wrongType = await beacon({ ...visit, headers: { 'content-type': 'multipart/form-data' } }, '{}');
    expect(wrongType.status).toBe(415);
    expect((await call(eventFunction, '/api/event')).status).toBe(405);
    expect(await events()).toHaveLength(before);
  });

  it("counts no beacon another site's page sends for its visitor", async () => {
    const before = (await events()).length;
    const forged = { name: 'pageview', url: `${SITE}/?utm_source=Evil&utm_campaign=forged`, referrer: null };
    const answers = await Promise.all([
      beacon({ ip: '203.0.113.9', headers: { origin: 'https://evil.example' } }, forged),
      beacon({ ip: '203.0.113.9', headers: { 'sec-fetch-site': 'cross-site' } }, forged),
      beacon({ ip: '203.0.113.9', headers: { 'sec-fetch-site': 'same-site' } }, forged),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202]);
    expect(await events()).toHaveLength(before);
    // The site's own page: counted.
    const own = await beacon({ ip: '203.0.113.9', headers: { origin: SITE, 'sec-fetch-site': 'same-origin' } }, forged);
    expect(own.status).toBe(202);
    expect(await events()).toHaveLength(before + 1);
  });

  it('counts no bot, no prefetch, no signed-in partner, no dashboard page and no other site', async () => {
    const before = (await events()).length;
    const answers = await Promise.all([
      pageview({ ip: '203.0.113.8', ua: GOOGLEBOT }, '/'),
      pageview({ ip: '203.0.113.8', ua: 'Mozilla/5.0 HeadlessChrome/131.0.0.0' }, '/'),
      pageview({ ip: '203.0.113.8', ua: null }, '/'),
      pageview({ ip: '203.0.113.8', headers: { 'sec-purpose': 'prefetch;prerender' } }, '/'),
      pageview({ ip: '203.0.113.8', headers: { cookie: bench.cookie() } }, '/'),
      pageview({ ip: '203.0.113.8' }, '/admin'),
      beacon({ ip: '203.0.113.8' }, { name: 'pageview', url: 'https://other.example/', referrer: null }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(7).fill(202));
    expect(await events()).toHaveLength(before);
  });

  it("bounds one visitor's day (429 with Retry-After) and stores nothing past it", async () => {
    process.env['QUOTA_EVENT_PER_IP'] = '3';
    resetEnvCache();
    const visit = { ip: '198.51.100.20' };
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await pageview(visit, `/page-${i}`)).status);
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
    const refused = await pageview(visit, '/page-5');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(/page views/);
    expect((await events()).filter((row) => String(row['path']).startsWith('/page-'))).toHaveLength(3);
  });

  it('writes a pageview in one statement, and holds parallel beacons without losing one', async () => {
    await pageview({ ip: '198.51.100.30' }, '/warm');
    resetQueryCount();
    await pageview({ ip: '198.51.100.30' }, '/one');
    expect(queryCount()).toBe(1);
    const before = (await events()).length;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => pageview({ ip: `198.51.100.${100 + (i % 20)}` }, `/parallel/${i}`)),
    );
    expect(answers.every((answer) => answer.status === 202)).toBe(true);
    expect(await events()).toHaveLength(before + 40);
  });

  it('still counts after its connection is replaced (the local engine keeps one session for every client)', async () => {
    const visit = { ip: '198.51.100.50' };
    expect((await pageview(visit, '/before-reconnect')).status).toBe(202);
    // A new pool, so a new client, preparing the beacon's statement again in the engine's one session.
    await closeDatabase();
    expect((await pageview(visit, '/after-reconnect')).status).toBe(202);
    const paths = (await events()).map((row) => row['path']);
    expect(paths).toEqual(expect.arrayContaining(['/before-reconnect', '/after-reconnect']));
  });

  it('drops a self-referral and derives the channel from the referrer and UTMs', async () => {
    const visit = { ip: '198.51.100.40' };
    await pageview(visit, '/?utm_source=newsletter&utm_medium=email&utm_campaign=december', 'https://www.google.com/');
    await pageview(visit, '/insights', `${SITE}/`);
    await pageview({ ip: '198.51.100.41' }, '/', 'https://www.google.es/search?q=vantia');
    const rows = (await events()).slice(-3);
    expect(rows[0]).toMatchObject({
      channel: 'email',
      source: 'Newsletter',
      campaign: 'december',
      referrer: 'google.com',
    });
    expect(rows[1]).toMatchObject({ channel: 'direct', referrer: null });
    expect(rows[2]).toMatchObject({ channel: 'search', source: 'Google', referrer: 'google.es' });
  });
});

describe('the visitor hash', () => {
  it('is the same all day for one browser and connection, another for another browser, another the next day', async () => {
    const signal = { ip: '192.0.2.1', userAgent: CHROME, host: 'localhost:8888', country: null };
    const evening = new Date('2026-12-08T22:50:00Z'); // 23:50 in Madrid
    const afterMidnight = new Date('2026-12-08T23:10:00Z'); // 00:10 on 9 December in Madrid
    const first = await visitorId(signal, new Date('2026-12-08T09:00:00Z'));
    expect(await visitorId(signal, evening)).toBe(first);
    expect(await visitorId({ ...signal, userAgent: FIREFOX }, evening)).not.toBe(first);
    expect(await visitorId({ ...signal, ip: '192.0.2.2' }, evening)).not.toBe(first);
    expect(await visitorId(signal, afterMidnight)).not.toBe(first);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    const days = await saltDays();
    expect(days).toEqual(expect.arrayContaining(['2026-12-08', '2026-12-09']));
  });

  it("rotates the salt daily and deletes each once its day is over: yesterday's visitors cannot be recomputed", async () => {
    const signal = { ip: '192.0.2.3', userAgent: CHROME, host: 'localhost:8888', country: null };
    const day = new Date('2026-11-02T10:00:00Z');
    const hash = await visitorId(signal, day);
    expect(await saltDays()).toContain('2026-11-02');
    // The daily retention run, at 01:00 UTC the next day.
    const report = await runRetention(new Date('2026-11-03T01:00:00Z'));
    expect(report.analyticsSalts).toBeGreaterThan(0);
    expect(await saltDays()).not.toContain('2026-11-02');
    forgetSalts();
    // The same IP and browser that day again: a new salt, so another hash, and the old one is lost for good.
    expect(await visitorId(signal, day)).not.toBe(hash);
    const salts = await testDatabase().query<{ day: string }>('SELECT day::text FROM analytics_salts');
    expect(salts.map((row) => row.day)).toContain('2026-11-02');
    await testDatabase().query("DELETE FROM analytics_salts WHERE day = '2026-11-02'");
    forgetSalts();
  });
});

describe('attribution', () => {
  it('gives a lead the visit it came from: source, campaign, landing page and every page read, in order', async () => {
    const visit = { ip: '192.0.2.10' };
    await pageview(
      visit,
      '/?utm_source=linkedin&utm_medium=social&utm_campaign=dec-webinar',
      'https://www.linkedin.com/',
    );
    await pageview(visit, '/insights/data-products-not-data-lakes', `${SITE}/`);
    await pageview(visit, '/services', `${SITE}/insights/data-products-not-data-lakes`);
    await pageview(visit, '/insights/data-products-not-data-lakes', `${SITE}/services`);
    const sent = await sendContact(visit, 'lucia@tiendas.example');
    expect(sent.status).toBe(201);
    const lead = await leadById(sent.body.id);
    expect(lead.attribution).toEqual({
      channel: 'social',
      source: 'LinkedIn',
      medium: 'social',
      campaign: 'dec-webinar',
      referrer: 'linkedin.com',
      landingPage: '/',
      pagesViewed: ['/', '/insights/data-products-not-data-lakes', '/services'],
      country: null,
      device: 'desktop',
    });
    // The inbox's list shows it too.
    const { body: rows } = await callJson<LeadRow[]>(leadsFunction, '/api/contact-messages', asAdmin(bench.cookie()));
    expect(rows.find((row) => row.id === sent.body.id)?.attribution?.campaign).toBe('dec-webinar');
    // What that insight brought: this lead.
    const { status, body: brought } = await callJson<PageLead[]>(
      pageLeadsFunction,
      `/api/analytics/page-leads?path=/insights/data-products-not-data-lakes&from=${today()}&to=${today()}`,
      asAdmin(bench.cookie()),
    );
    expect(status).toBe(200);
    expect(brought.map((row) => row.id)).toContain(sent.body.id);
  });

  it('is null, honestly, for a lead no visit of that day explains (another browser, a bot)', async () => {
    await pageview({ ip: '192.0.2.11' }, '/');
    const other = await sendContact({ ip: '192.0.2.11', ua: FIREFOX }, 'other@tiendas.example');
    expect((await leadById(other.body.id)).attribution).toBeNull();
    const bot = await sendContact({ ip: '192.0.2.12', ua: GOOGLEBOT }, 'bot@tiendas.example');
    expect((await leadById(bot.body.id)).attribution).toBeNull();
  });

  it('never costs the visitor their message: with the analytics tables failing, the lead is filed without its visit', async () => {
    const visit = { ip: '192.0.2.15' };
    await pageview(visit, '/?utm_campaign=broken');
    await testDatabase().query('ALTER TABLE analytics_events RENAME TO analytics_events_away');
    await testDatabase().query('ALTER TABLE analytics_goals RENAME TO analytics_goals_away');
    try {
      const sent = await sendContact(visit, 'kept@tiendas.example');
      expect(sent.status).toBe(201);
      expect((await leadById(sent.body.id)).attribution).toBeNull();
    } finally {
      await testDatabase().query('ALTER TABLE analytics_events_away RENAME TO analytics_events');
      await testDatabase().query('ALTER TABLE analytics_goals_away RENAME TO analytics_goals');
    }
  });

  it('does not reach across midnight: a visit before it explains no lead after it', async () => {
    const signal = { ip: '192.0.2.13', userAgent: CHROME, host: 'localhost:8888', country: null };
    const evening = new Date('2026-12-10T22:50:00Z');
    setClock(evening);
    expect((await pageview({ ip: signal.ip }, '/insights')).status).toBe(202);
    expect(await attributionOf(await visitorId(signal, evening), evening)).toMatchObject({ landingPage: '/insights' });
    const next = new Date('2026-12-10T23:10:00Z');
    expect(await attributionOf(await visitorId(signal, next), next)).toBeNull();
  });

  it('is in the privacy export and goes with the erasure', async () => {
    const visit = { ip: '192.0.2.14' };
    await pageview(visit, '/?utm_source=partner&utm_campaign=erase-me');
    const sent = await sendContact(visit, 'erase@tiendas.example');
    const privacy = (kind: string) =>
      callJson<PersonalData>(privacyRequests, '/api/privacy-requests', {
        ...asAdmin(bench.cookie(), { method: 'POST', body: { email: 'erase@tiendas.example', kind } }),
      });
    const exported = await privacy('access');
    expect(JSON.stringify(exported.body)).toContain('erase-me');
    await privacy('erasure');
    const left = await testDatabase().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM contact_messages WHERE attribution->>'campaign' = 'erase-me'",
    );
    expect(left[0]!.n).toBe(0);
    expect(await leadById(sent.body.id).catch(() => null)).toBeFalsy();
  });
});

describe('GET /api/analytics', () => {
  it('is for admins only, and refuses a bad range with the error shape', async () => {
    expect((await call(analyticsFunction, '/api/analytics')).status).toBe(401);
    expect((await call(analyticsFunction, '/api/analytics', { headers: { cookie: investorCookie } })).status).toBe(403);
    for (const query of [
      'from=yesterday',
      'from=2026-12-09&to=2026-12-01',
      'from=2020-01-01&to=2026-12-01',
      'to=2026-13-45',
    ]) {
      const { status, body } = await callJson<{ message: string }>(
        analyticsFunction,
        `/api/analytics?${query}`,
        asAdmin(bench.cookie()),
      );
      expect(status, query).toBe(400);
      expect(body.message).toBeTruthy();
    }
  });

  it("counts today's visitors, pageviews, channels, pages, goals and leads; the funnel; clients in euros", async () => {
    const start = (await report()).body;
    const ana = { ip: '192.0.2.20' };
    const ben = { ip: '192.0.2.21', ua: FIREFOX };
    await pageview(ana, '/?utm_source=linkedin&utm_medium=social&utm_campaign=funnel', 'https://www.linkedin.com/');
    await pageview(ana, '/book');
    await pageview(ben, '/insights', 'https://www.google.com/', 390);
    const sent = await sendContact(ana, 'ana@funnel.example');
    // A partner closes the lead as won, worth 12,000 €.
    const closed = await callJson<Lead>(leadFunction, `/api/contact-messages/${sent.body.id}`, {
      ...asAdmin(bench.cookie(), { method: 'PUT', body: { status: 'closed', outcome: 'won', value: 12000 } }),
      params: { id: sent.body.id },
    });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ outcome: 'won', value: 12000 });
    resetQueryCount();
    const { status, body } = await report();
    expect(status).toBe(200);
    // The session's read, the roll-up of any day that is over, the visits' and the leads' grouped reads.
    expect(queryCount()).toBeLessThanOrEqual(4);
    expect(body.visitors - start.visitors).toBe(2);
    expect(body.pageviews - start.pageviews).toBe(3);
    expect(body.leads - start.leads).toBe(1);
    expect(body.clients - start.clients).toBe(1);
    expect(body.value - start.value).toBe(12000);
    const social = body.channels.find((row) => row.channel === 'social')!;
    const before = start.channels.find((row) => row.channel === 'social');
    expect(social.visitors - (before?.visitors ?? 0)).toBe(1);
    expect(social.leads - (before?.leads ?? 0)).toBe(1);
    expect(body.campaigns.find((row) => row.campaign === 'funnel')).toMatchObject({
      visitors: 1,
      leads: 1,
      clients: 1,
    });
    expect(body.sources.find((row) => row.source === 'Google')?.visitors).toBeGreaterThanOrEqual(1);
    expect(body.pages.find((row) => row.path === '/book')?.leads).toBeGreaterThanOrEqual(1);
    expect(body.devices.find((row) => row.device === 'mobile')?.visitors).toBeGreaterThanOrEqual(1);
    const goal = (name: string, of: AnalyticsReport) => of.goals.find((row) => row.name === name)?.count ?? 0;
    expect(goal('contact-sent', body) - goal('contact-sent', start)).toBe(1);
    const step = (name: string, of: AnalyticsReport) => of.funnel.find((row) => row.step === name)?.visitors ?? 0;
    expect(step('engaged', body) - step('engaged', start)).toBe(1);
    expect(step('lead', body) - step('lead', start)).toBe(1);
    expect(step('client', body) - step('client', start)).toBe(1);
    expect(body.series.at(-1)).toMatchObject({ date: today() });
    expect(body.previous.to).toBe(addDays(today(), -1));
  });

  it('compacts a closed day from its raw rows to the figures counted as they came, kept after 90 days', async () => {
    // Yesterday, counted by the beacons as they came.
    const yesterday = new Date(Date.now() - 86_400_000);
    const day = firmDay(yesterday);
    setClock(yesterday);
    const chrome = { ip: '192.0.2.30' };
    const firefox = { ip: '192.0.2.31', ua: FIREFOX };
    await pageview(chrome, '/?utm_source=newsletter&utm_medium=email&utm_campaign=compact', 'https://mail.google.com/');
    await pageview(chrome, '/book');
    await pageview(chrome, '/book');
    await pageview(firefox, '/insights', 'https://www.google.com/');
    await recordGoal('chat-started', await visitorId({ ...signalOf(chrome), host: 'localhost:8888' }, yesterday));
    setClock(null);
    const counted = (await report(day, day)).body;
    expect(counted).toMatchObject({ visitors: 2, pageviews: 4 });
    // The day is over: the retention run groups it again from its raw rows, into one row a value.
    const retention = await expireAnalytics();
    expect(retention.rolled).toBeGreaterThanOrEqual(1);
    const compacted = (await report(day, day)).body;
    const { from: _f, to: _t, previous: _p, ...figures } = compacted;
    const { from: _f2, to: _t2, previous: _p2, ...before } = counted;
    expect(figures).toEqual(before);
    expect(compacted.funnel.find((row) => row.step === 'engaged')?.visitors).toBe(1);
    expect(compacted.goals.find((row) => row.name === 'chat-started')?.count).toBe(1);
    const shards = await testDatabase().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM analytics_daily WHERE day = $1 AND dimension = 'total'`,
      [day],
    );
    expect(shards[0]!.n).toBe(1);
    // 90 days on, the raw rows are deleted and the figures stay.
    await expireAnalytics(new Date(Date.parse(`${day}T12:00:00Z`) + 91 * 86_400_000));
    expect(await testDatabase().query('SELECT 1 FROM analytics_events WHERE day = $1', [day])).toHaveLength(0);
    expect((await report(day, day)).body).toMatchObject({ visitors: 2, pageviews: 4 });
  });

  it("groups a closed day's leads once, and again when one of them changes", async () => {
    const day = addDays(today(), -3);
    const at = new Date(Date.parse(`${day}T11:00:00Z`));
    const lead = await addContactMessage(
      {
        name: 'Old Lead',
        email: 'old@lead.example',
        company: null,
        phone: null,
        serviceOfInterest: null,
        message: 'x',
      },
      'form',
      at,
      undefined,
      {
        attribution: {
          channel: 'referral',
          source: 'rollup.example',
          medium: null,
          campaign: 'rolled',
          referrer: 'rollup.example',
          landingPage: '/',
          pagesViewed: ['/'],
        },
      },
    );
    const first = (await report(day, day)).body;
    expect(first.campaigns.find((row) => row.campaign === 'rolled')).toMatchObject({ leads: 1, clients: 0 });
    const rolled = await testDatabase().query('SELECT 1 FROM analytics_lead_rollups WHERE day = $1', [day]);
    expect(rolled).toHaveLength(1);
    await callJson(leadFunction, `/api/contact-messages/${lead.id}`, {
      ...asAdmin(bench.cookie(), { method: 'PUT', body: { status: 'closed', outcome: 'won', value: 900 } }),
      params: { id: lead.id },
    });
    const after = (await report(day, day)).body;
    expect(after.campaigns.find((row) => row.campaign === 'rolled')).toMatchObject({
      leads: 1,
      clients: 1,
      value: 900,
    });
    // Reopened, it is no client until it is closed again.
    await callJson(leadFunction, `/api/contact-messages/${lead.id}`, {
      ...asAdmin(bench.cookie(), { method: 'PUT', body: { status: 'new' } }),
      params: { id: lead.id },
    });
    expect((await report(day, day)).body.campaigns.find((row) => row.campaign === 'rolled')).toMatchObject({
      leads: 1,
      clients: 0,
    });
    // Deleted (its 12 months over, an erasure), the lead leaves the day's figures as they were: kept for ever.
    await callJson(leadFunction, `/api/contact-messages/${lead.id}`, {
      ...asAdmin(bench.cookie(), { method: 'DELETE' }),
      params: { id: lead.id },
    });
    expect((await report(day, day)).body.campaigns.find((row) => row.campaign === 'rolled')).toMatchObject({
      leads: 1,
    });
  });

  it('exports its tables as CSV', async () => {
    const response = await call(analyticsFunction, `/api/analytics?from=${today()}&to=${today()}&format=csv`, {
      ...asAdmin(bench.cookie()),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/csv/);
    const text = await response.text();
    expect(text).toContain('"Table","Name","Visitors"');
    expect(text).toContain('"channel","social"');
  });
});
