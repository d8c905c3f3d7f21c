import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import teamFunction from '../../netlify/functions/team';
import clientsFunction from '../../netlify/functions/clients';
import testimonialsFunction from '../../netlify/functions/testimonials';
import { saveUser } from '../../src/features/accounts/users-store';
import type { Client, TeamMember, Testimonial } from '../../src/features/content/firm-schema';
import { homeData } from '../../src/http/page-data';
import { call, callJson } from '../helpers/functions';
import { asAdmin, SITE, signIn, useAdminBench } from '../helpers/admin';
import { testDatabase } from '../helpers/db-setup';

const bench = useAdminBench();
const investor = { username: 'firm-investor', password: 'firm investor password 1' };
let investorCookie = '';

beforeAll(async () => {
  await saveUser({ ...investor, role: 'investor' });
  investorCookie = await signIn(investor.username, investor.password, '10.80.0.1');
});

beforeEach(async () => {
  await testDatabase().query(`DELETE FROM content WHERE kind IN ('team-member', 'client', 'testimonial')`);
});

const partner = {
  title: { en: 'Lucía Ferrer', es: 'Lucía Ferrer' },
  description: {
    en: 'Twenty years in industrial strategy; leads our transformation practice.',
    es: 'Veinte años en estrategia industrial; dirige nuestra práctica de transformación.',
  },
  role: { en: 'Partner, Transformation', es: 'Socia, Transformación' },
  imageUrl: '/images/demo/team-lucia-ferrer.png',
  linkedinUrl: 'https://www.linkedin.com/in/lucia-ferrer-example',
  order: 2,
};

const client = {
  title: { en: 'Naviera Cantábrica', es: 'Naviera Cantábrica' },
  imageUrl: '/images/demo/client-naviera-cantabrica.png',
  website: 'https://naviera.example.com',
  order: 1,
};

const quote = {
  title: { en: 'Marta Vidal', es: 'Marta Vidal' },
  description: { en: 'They asked the right questions first.', es: 'Primero hicieron las preguntas adecuadas.' },
  role: { en: 'CFO', es: 'Directora financiera' },
  company: 'Naviera Cantábrica',
  order: 1,
};

const admin = (options: Parameters<typeof asAdmin>[1]) => asAdmin(bench.cookie(), options);

describe('team members (admin API)', () => {
  it('creates, lists by order, updates and deletes a partner', async () => {
    const created = await callJson<TeamMember>(teamFunction, '/api/team', admin({ method: 'POST', body: partner }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...partner, version: 1, content: { en: '', es: '' } });
    const first = await callJson<TeamMember>(
      teamFunction,
      '/api/team',
      admin({ method: 'POST', body: { ...partner, title: { en: 'Alejandro Ríos', es: '' }, order: 0 } }),
    );
    expect(first.status).toBe(201);

    const list = await callJson<TeamMember[]>(teamFunction, '/api/team/admin', admin({}));
    expect(list.body.map((member) => member.title.en)).toEqual(['Alejandro Ríos', 'Lucía Ferrer']);

    const updated = await callJson<TeamMember>(
      teamFunction,
      '/x',
      admin({
        method: 'PUT',
        params: { id: created.body.id },
        body: { ...partner, role: { en: 'Managing Partner', es: 'Socia directora' }, order: 0, version: 1 },
      }),
    );
    expect(updated).toMatchObject({ status: 200, body: { role: { es: 'Socia directora' }, version: 2 } });

    const removed = await call(teamFunction, '/x', admin({ method: 'DELETE', params: { id: first.body.id } }));
    expect(removed.status).toBe(200);
    const after = await callJson<TeamMember[]>(teamFunction, '/api/team/admin', admin({}));
    expect(after.body.map((member) => member.title.en)).toEqual(['Lucía Ferrer']);
  });

  it.each([
    [{ linkedinUrl: 'https://www.linkedln.com/in/ana' }, 'linkedinUrl', /LinkedIn/],
    [{ linkedinUrl: 'http://www.linkedin.com/in/ana' }, 'linkedinUrl', /LinkedIn/],
    [{ linkedinUrl: 'javascript:alert(1)' }, 'linkedinUrl', /LinkedIn/],
    [{ description: { en: 'x'.repeat(301), es: '' } }, 'description.en', /Bio is too long \(at most 300/],
    [{ title: { en: '', es: '' } }, 'title', /Name is required/],
    [{ role: { en: '', es: '' } }, 'role', /Role is required/],
    [{ imageUrl: '' }, 'imageUrl', /Image is required/],
    [{ order: -1 }, 'order', /Order must be at least 0/],
  ])('refuses %o with 400 naming the field, storing nothing', async (patch, field, message) => {
    const response = await callJson<{ field: string; message: string }>(
      teamFunction,
      '/api/team',
      admin({ method: 'POST', body: { ...partner, ...patch } }),
    );
    expect(response.status).toBe(400);
    expect(response.body.field).toBe(field);
    expect(response.body.message).toMatch(message);
    const rows = await testDatabase().query(`SELECT id FROM content WHERE kind = 'team-member'`);
    expect(rows).toEqual([]);
  });

  it('accepts a LinkedIn address without www, and none', async () => {
    for (const linkedinUrl of ['https://linkedin.com/in/ana-garcia', '', null]) {
      const response = await callJson<TeamMember>(
        teamFunction,
        '/api/team',
        admin({ method: 'POST', body: { ...partner, linkedinUrl } }),
      );
      expect(response.status).toBe(201);
      expect(response.body.linkedinUrl).toBe(linkedinUrl || null);
    }
  });
});

describe('clients and quotes (admin API)', () => {
  it('creates, updates and deletes a client and a quote', async () => {
    const created = await callJson<Client>(clientsFunction, '/api/clients', admin({ method: 'POST', body: client }));
    expect(created).toMatchObject({ status: 201, body: { ...client, description: { en: '', es: '' } } });
    const badSite = await callJson<{ field: string }>(
      clientsFunction,
      '/api/clients',
      admin({ method: 'POST', body: { ...client, website: 'ftp://x' } }),
    );
    expect(badSite).toMatchObject({ status: 400, body: { field: 'website' } });

    const saved = await callJson<Testimonial>(
      testimonialsFunction,
      '/api/testimonials',
      admin({ method: 'POST', body: { ...quote, imageUrl: 'https://ignored.example.com/x.png' } }),
    );
    expect(saved).toMatchObject({ status: 201, body: { ...quote, imageUrl: '' } });
    const tooLong = await callJson<{ field: string; message: string }>(
      testimonialsFunction,
      '/api/testimonials',
      admin({ method: 'POST', body: { ...quote, description: { en: 'x'.repeat(401), es: '' } } }),
    );
    expect(tooLong).toMatchObject({ status: 400, body: { field: 'description.en' } });
    const noCompany = await callJson<{ field: string }>(
      testimonialsFunction,
      '/api/testimonials',
      admin({ method: 'POST', body: { ...quote, company: ' ' } }),
    );
    expect(noCompany).toMatchObject({ status: 400, body: { field: 'company' } });

    const updated = await callJson<Testimonial>(
      testimonialsFunction,
      '/x',
      admin({ method: 'PUT', params: { id: saved.body.id }, body: { ...quote, company: 'Grupo Alcor', version: 1 } }),
    );
    expect(updated).toMatchObject({ status: 200, body: { company: 'Grupo Alcor', version: 2 } });
    for (const [handler, id] of [
      [clientsFunction, created.body.id],
      [testimonialsFunction, saved.body.id],
    ] as const) {
      expect((await call(handler, '/x', admin({ method: 'DELETE', params: { id } }))).status).toBe(200);
    }
  });
});

describe('who may use these APIs', () => {
  it('refuses anonymous visitors (401) and investors (403), reads and writes, storing nothing', async () => {
    const stored = await callJson<TeamMember>(teamFunction, '/api/team', admin({ method: 'POST', body: partner }));
    const id = stored.body.id;
    for (const [handler, path, body] of [
      [teamFunction, '/api/team', partner],
      [clientsFunction, '/api/clients', client],
      [testimonialsFunction, '/api/testimonials', quote],
    ] as const) {
      for (const [cookie, status] of [
        [undefined, 401],
        [investorCookie, 403],
      ] as const) {
        const headers = { origin: SITE, ...(cookie ? { cookie } : {}) };
        expect((await call(handler, path, { headers })).status).toBe(status);
        expect((await call(handler, path, { method: 'POST', body, headers })).status).toBe(status);
        for (const method of ['PUT', 'DELETE'] as const)
          expect((await call(handler, '/x', { method, body, headers, params: { id } })).status).toBe(status);
      }
    }
    const rows = await testDatabase().query(`SELECT version FROM content WHERE kind <> 'portfolio'`);
    expect(rows).toEqual([{ version: 1 }]);
  });
});

describe('the home page data', () => {
  it('shows the team, clients and quotes in order, with public fields only, each language filled', async () => {
    for (const [order, name] of [
      [1, 'Second'],
      [0, 'First'],
    ] as const)
      await callJson(
        teamFunction,
        '/api/team',
        admin({
          method: 'POST',
          body: { ...partner, title: { en: name, es: '' }, role: { en: 'Partner', es: '' }, order },
        }),
      );
    await callJson(clientsFunction, '/api/clients', admin({ method: 'POST', body: client }));
    for (const order of [3, 2, 1, 0])
      await callJson(testimonialsFunction, '/api/testimonials', admin({ method: 'POST', body: { ...quote, order } }));

    const home = await homeData();
    expect(home.tags).toEqual(expect.arrayContaining(['team', 'clients', 'testimonials']));
    expect(home.data.team.map((member) => member.name)).toEqual([
      { en: 'First', es: 'First' },
      { en: 'Second', es: 'Second' },
    ]);
    expect(Object.keys(home.data.team[0]!).sort()).toEqual(['bio', 'id', 'linkedinUrl', 'name', 'photoUrl', 'role']);
    expect(home.data.team[0]).toMatchObject({ role: { en: 'Partner', es: 'Partner' }, photoUrl: partner.imageUrl });
    expect(home.data.clients.map(({ id: _id, ...shown }) => shown)).toEqual([
      { name: client.title, logoUrl: client.imageUrl, website: client.website },
    ]);
    // Two or three quotes, never more.
    expect(home.data.testimonials).toHaveLength(3);
    expect(Object.keys(home.data.testimonials[0]!).sort()).toEqual(['company', 'id', 'name', 'quote', 'role']);
  });

  it('has empty lists when there is nothing to show', async () => {
    const home = await homeData();
    expect(home.data).toMatchObject({ team: [], clients: [], testimonials: [] });
  });
});
