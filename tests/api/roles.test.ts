import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config, Context } from '@netlify/functions';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/platform/ids';
import { saveUser, setUserActive } from '../../src/features/accounts/users-store';
import { call } from '../helpers/functions';
import { ADMIN, SITE, signIn, useAdminBench } from '../helpers/admin';

/**
 * The role matrix (docs/roles.md): every route and method of every function in netlify/functions, as anonymous,
 * investor, deactivated investor, deactivated admin and admin. The routes come from each function's own
 * `config.path`, so a new function or method is walked without anyone adding it here: unless this file lists it
 * as public (or open to any signed-in account), it must refuse everyone but an active admin.
 */

type Handler = (request: Request, context: Context) => Promise<Response> | Response;
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/** What anonymous visitors may call: `METHOD path` with the path as in `config.path` (`:id` probed also as `admin`). */
const PUBLIC = new Set([
  'GET /api/admin/auth-status',
  'POST /api/admin/login',
  'POST /api/admin/logout',
  'GET /api/auth/user',
  'POST /api/chat',
  'POST /api/contact',
  // The analytics beacon (issue #33): a pageview, counted without a cookie.
  'POST /api/event',
  'GET /api/insights',
  'GET /api/insights/:id',
  'GET /api/portfolio',
  'GET /api/portfolio/:id',
  'GET /api/login',
  'POST /api/newsletter',
  'POST /api/newsletter/confirm',
  'GET /api/newsletter/unsubscribe',
  'POST /api/newsletter/unsubscribe',
  'POST /api/tavus/callback',
  'POST /api/tavus/conversation',
  'POST /api/tavus-conversations',
  'POST /api/whatsapp-conversations',
  // Meta's webhook: its verification token and its signature (tests/api/whatsapp.test.ts), not a session.
  'GET /api/whatsapp/webhook',
  'POST /api/whatsapp/webhook',
  'GET /uploads/:key',
  // A prospective investor's request for access, and the invitation link that sets a new investor's password.
  'POST /api/access-requests',
  'POST /api/invitations',
  // Meetings (issue #25): the free slots, a booking, and the visitor's cancellation with their link's token (the id
  // `admin` is probed too: it is no meeting, and the route stays public).
  'GET /api/meetings/slots',
  'POST /api/meetings',
  'POST /api/meetings/:id/cancel',
  'POST /api/meetings/admin/cancel',
]);

/** What any signed-in, active account may call, investors included (401 for anonymous visitors). */
const SIGNED_IN = new Set([
  'POST /api/account/password',
  // Each account's own name and title (the partner's desk signs replies with them).
  'PUT /api/account/profile',
  // The investor dashboard (tests/api/investors.test.ts checks what each account sees).
  'GET /api/investor-updates',
  'GET /api/investor-updates/:id',
  'GET /api/documents',
  'POST /api/documents/:id/link',
  'POST /api/documents/admin/link',
  'GET /api/document-download',
]);

interface Probe {
  /** `METHOD pattern`, as PUBLIC and SIGNED_IN name it. */
  name: string;
  file: string;
  method: (typeof METHODS)[number];
  url: string;
  params: Record<string, string>;
  handler: Handler;
}

const functionsDir = resolve(__dirname, '../../netlify/functions');
const files = readdirSync(functionsDir).filter((file) => /\.m?ts$/.test(file));

async function loadProbes(): Promise<Probe[]> {
  const probes: Probe[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(join(functionsDir, file)).href)) as {
      default: Handler;
      config?: Config;
    };
    // A scheduled function (the retention job) has no URL: Netlify runs it, nobody can call it.
    if (module.config?.schedule) {
      expect(module.config.path, `${file} is scheduled, so it has no path`).toBeUndefined();
      continue;
    }
    const paths = module.config?.path;
    expect(paths, `${file} has a config.path`).toBeDefined();
    for (const pattern of typeof paths === 'string' ? [paths] : (paths ?? [])) {
      const variants: Array<{ name: string; params: Record<string, string> }> = [{ name: pattern, params: {} }];
      for (const [, param] of pattern.matchAll(/:(\w+)/g)) {
        const value = param === 'id' ? newId() : 'probe-value';
        for (const variant of variants) variant.params[param!] = value;
        if (param === 'id') variants.push({ name: pattern.replace(':id', 'admin'), params: { id: 'admin' } });
      }
      for (const variant of variants) {
        const url = pattern.replace(/:(\w+)/g, (_, param: string) => variant.params[param] ?? '');
        for (const method of METHODS) {
          probes.push({
            name: `${method} ${variant.name}`,
            file,
            method,
            url,
            params: variant.params,
            handler: module.default,
          });
        }
      }
    }
  }
  return probes;
}

function send(probe: Probe, cookie?: string): Promise<Response> {
  const write = probe.method !== 'GET';
  return call(probe.handler, probe.url, {
    method: probe.method,
    params: probe.params,
    headers: { origin: SITE, ...(cookie ? { cookie } : {}) },
    ...(write ? { body: {} } : {}),
  });
}

async function answer(probe: Probe, cookie?: string) {
  const response = await send(probe, cookie);
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

const bench = useAdminBench();
const investor = { username: 'matrix-investor', password: 'matrix investor password' };
const leaver = { username: 'matrix-leaver', password: 'matrix leaver password' };
const formerAdmin = { username: 'matrix-former-admin', password: 'matrix former admin password' };
const cookies = { investor: '', leaver: '', formerAdmin: '' };
let probes: Probe[] = [];

beforeAll(async () => {
  probes = await loadProbes();
  await saveUser({ ...investor, role: 'investor' });
  await saveUser({ ...leaver, role: 'investor' });
  await saveUser({ ...formerAdmin, role: 'admin' });
  cookies.investor = await signIn(investor.username, investor.password, '10.70.0.1');
  cookies.leaver = await signIn(leaver.username, leaver.password, '10.70.0.2');
  cookies.formerAdmin = await signIn(formerAdmin.username, formerAdmin.password, '10.70.0.3');
  await setUserActive(leaver.username, false);
  await setUserActive(formerAdmin.username, false);
});

describe('the role matrix', () => {
  it('walks every function in netlify/functions, and lists nothing that is not there', () => {
    expect(files.length).toBeGreaterThan(15);
    const names = new Set(probes.map((probe) => probe.name));
    for (const name of [...PUBLIC, ...SIGNED_IN]) expect(names, name).toContain(name);
  });

  it('refuses every admin route and method to anonymous visitors (401), investors and deactivated accounts (403)', async () => {
    const checked: string[] = [];
    for (const probe of probes) {
      if (PUBLIC.has(probe.name) || SIGNED_IN.has(probe.name)) continue;
      const anonymous = await answer(probe);
      // A method the function does not have: 405 for everyone, whoever asks.
      if (anonymous.status === 405) {
        expect((await answer(probe, bench.cookie())).status, probe.name).toBe(405);
        continue;
      }
      expect(anonymous, `${probe.name} (${probe.file}) anonymous`).toEqual({
        status: 401,
        body: { message: 'Unauthorized' },
      });
      for (const who of ['investor', 'leaver', 'formerAdmin'] as const) {
        expect(await answer(probe, cookies[who]), `${probe.name} as ${who}`).toEqual({
          status: 403,
          body: { message: 'Access Denied' },
        });
      }
      const admin = await answer(probe, bench.cookie());
      expect(admin.status, `${probe.name} as admin`).toBeGreaterThanOrEqual(200);
      expect(admin.status, `${probe.name} as admin: ${JSON.stringify(admin.body)}`).toBeLessThan(500);
      expect([401, 403], `${probe.name} as admin`).not.toContain(admin.status);
      checked.push(probe.name);
    }
    // The data an investor must never see, among others.
    for (const name of [
      'GET /api/contact-messages',
      'GET /api/newsletters',
      'DELETE /api/newsletters/:id',
      'GET /api/whatsapp-conversations',
      'GET /api/tavus-conversations',
      'GET /api/insights/admin',
      'GET /api/portfolio/admin',
      'POST /api/insights',
      'PUT /api/portfolio/:id',
      'DELETE /api/portfolio/:id',
      'POST /api/upload',
      'GET /api/investor-updates/admin',
      'POST /api/investor-updates',
      'PUT /api/investor-updates/:id',
      'DELETE /api/investor-updates/:id',
      'GET /api/documents/admin',
      'POST /api/documents',
      'PUT /api/documents/:id',
      'DELETE /api/documents/:id',
      'POST /api/document-uploads',
      'PUT /api/document-uploads/:id/:part',
      'DELETE /api/contact-messages/:id',
      'GET /api/newsletter-issues',
      'POST /api/newsletter-issues/:id/send',
      'POST /api/newsletter-issues/:id/test',
      'POST /api/newsletter-issues/:id/run',
      'DELETE /api/whatsapp-conversations/:id',
      'DELETE /api/tavus-conversations/:id',
      'POST /api/privacy-requests',
      'GET /api/meetings',
      'POST /api/admin/meetings/:id/cancel',
      'GET /api/meetings/settings',
      'PUT /api/meetings/settings',
    ]) {
      expect(checked).toContain(name);
    }
  });

  it('lets any active account, investors too, past the routes open to signed-in users', async () => {
    for (const probe of probes.filter((candidate) => SIGNED_IN.has(candidate.name))) {
      expect(await answer(probe), probe.name).toEqual({ status: 401, body: { message: 'Unauthorized' } });
      for (const who of ['leaver', 'formerAdmin'] as const) {
        expect(await answer(probe, cookies[who]), `${probe.name} as ${who}`).toEqual({
          status: 403,
          body: { message: 'Access Denied' },
        });
      }
      for (const cookie of [cookies.investor, bench.cookie()]) {
        const got = await answer(probe, cookie);
        expect([401, 403, 405], `${probe.name}: ${JSON.stringify(got.body)}`).not.toContain(got.status);
      }
    }
  });

  it('gives an investor the same sign-in and session as an admin, and tells the dashboard its role', async () => {
    const authUser = probes.find((probe) => probe.name === 'GET /api/auth/user')!;
    expect(await answer(authUser, cookies.investor)).toMatchObject({
      status: 200,
      body: { username: investor.username, role: 'investor', isAdmin: false, isActive: true },
    });
    expect(await answer(authUser, bench.cookie())).toMatchObject({
      status: 200,
      body: { username: ADMIN.username, role: 'admin', isAdmin: true },
    });
  });
});
