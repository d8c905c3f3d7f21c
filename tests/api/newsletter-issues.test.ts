import { createServer, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import actionsFunction from '../../netlify/functions/admin-newsletter-issue-actions';
import runFunction from '../../netlify/functions/newsletter-issue-send-background';
import issuesFunction from '../../netlify/functions/admin-newsletter-issues';
import unsubscribeFunction from '../../netlify/functions/newsletter-unsubscribe';
import {
  RUN_TOKEN_HEADER,
  STALE_CLAIM_MS,
  STALE_RUN_MS,
  resumeSendingIssues,
  runIssueSend,
  runToken,
  setRunTrigger,
} from '../../src/features/newsletter/issues';
import { retryDueMail } from '../../src/features/mail/outbox';
import type { IssueProgress, NewsletterIssue } from '../../src/features/newsletter/issue-schema';
import {
  confirmSubscription,
  addressHash,
  getSubscriber,
  deleteSubscriber,
  listSubscribers,
  subscribe,
  unsubscribeByToken,
} from '../../src/features/newsletter/subscribers-store';
import { asAdmin, useAdminBench } from '../helpers/admin';
import { queryCount, resetQueryCount } from '../../src/platform/db/client';
import { createIssueSend } from '../../src/features/newsletter/issues-store';
import { byLanguage } from '../../src/i18n/languages';
import { testDatabase } from '../helpers/db-setup';
import { resetEnvCache } from '../../src/platform/env';
import { call, callJson } from '../helpers/functions';
import { htmlLinks, startLocalSmtp, toAddresses, type LocalSmtp } from '../helpers/smtp';

const bench = useAdminBench();
let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startLocalSmtp();
});
afterAll(async () => {
  setRunTrigger(null);
  await smtp.stop();
});

/** The addresses of the confirmed subscribers: an issue's recipients. */
const confirmedEmails = async () =>
  (await listSubscribers()).filter((s) => s.status === 'confirmed').map((s) => s.email);

const admin = (options: Parameters<typeof asAdmin>[1] = {}) => asAdmin(bench.cookie(), options);

/** A subscriber as the sign-up and its link leave them. */
async function subscriber(email: string, language: 'en' | 'es', status: 'pending' | 'confirmed' | 'unsubscribed') {
  const result = await subscribe({ fullName: email.split('@')[0]!, email, language });
  if (result.status === 'duplicate') throw new Error(`${email} is already confirmed`);
  const token = result.subscriber.token!;
  if (status !== 'pending') await confirmSubscription(token);
  if (status === 'unsubscribed') await unsubscribeByToken(token);
}

async function createIssue(subject: string): Promise<NewsletterIssue> {
  const created = await callJson<NewsletterIssue>(
    issuesFunction,
    '/api/newsletter-issues',
    admin({
      method: 'POST',
      body: {
        title: { en: `${subject} (EN)`, es: `${subject} (ES)` },
        description: { en: '', es: '' },
        content: {
          en: '<h2>News</h2><p>Our <strong>November</strong> notes.</p><script>alert(1)</script>',
          es: '<h2>Novedades</h2><p>Nuestras notas de <strong>noviembre</strong>.</p>',
        },
      },
    }),
  );
  expect(created.status).toBe(201);
  expect(created.body.status).toBe('draft');
  return created.body;
}

function action(id: string, name: string, options: Parameters<typeof asAdmin>[1] = {}) {
  return callJson<Record<string, unknown>>(
    actionsFunction,
    `/api/newsletter-issues/${id}/${name}`,
    admin({ ...options, params: { id } }),
  );
}

const progress = async (id: string) => (await action(id, 'progress')).body as unknown as IssueProgress;

describe('newsletter issues', () => {
  it('are written by an admin, previewed per language, and a test goes only to the address typed', async () => {
    await subscriber('reader@example.com', 'en', 'confirmed');
    const issue = await createIssue('Preview');
    const es = await action(issue.id, 'preview?language=es');
    expect(es.status).toBe(200);
    expect(es.body['subject']).toBe('Preview (ES)');
    expect(es.body['html']).toContain('Nuestras notas de <strong>noviembre</strong>.');
    expect(es.body['html']).toContain('Darse de baja');
    expect(es.body['text']).toContain('Novedades\n\nNuestras notas de noviembre.');
    const en = await action(issue.id, 'preview?language=en');
    expect(en.body['html']).not.toContain('<script');
    const page = await call(
      actionsFunction,
      `/api/newsletter-issues/${issue.id}/preview?language=en&format=html`,
      admin({ params: { id: issue.id } }),
    );
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await page.text()).toContain('Our <strong>November</strong> notes.');

    const before = smtp.mails.length;
    const test = await action(issue.id, 'test', { method: 'POST', body: { email: 'partner@firm.test' } });
    expect(test).toMatchObject({ status: 200, body: { sent: ['en', 'es'] } });
    const arrived = smtp.mails.slice(before);
    expect(arrived.map((mail) => mail.envelopeTo)).toEqual([['partner@firm.test'], ['partner@firm.test']]);
    expect(arrived.map((mail) => mail.parsed.subject)).toEqual(['[Test] Preview (EN)', '[Prueba] Preview (ES)']);
    expect(smtp.to('reader@example.com')).toHaveLength(0);
    expect((await action(issue.id, 'test', { method: 'POST', body: { email: 'not-an-address' } })).body).toMatchObject({
      field: 'email',
    });
    expect(await progress(issue.id)).toMatchObject({ status: 'draft', sent: 0, total: null });
  });

  it('goes once to confirmed subscribers only, each in their language, with one-click unsubscribe', async () => {
    await subscriber('ann@example.com', 'en', 'confirmed');
    await subscriber('bea@example.es', 'es', 'confirmed');
    await subscriber('pat@example.com', 'en', 'pending');
    await subscriber('uma@example.com', 'en', 'unsubscribed');
    const confirmed = await confirmedEmails();
    setRunTrigger(async (id) => void (await runIssueSend(id)));
    const issue = await createIssue('November');
    const sent = await action(issue.id, 'send', { method: 'POST' });
    expect(sent.status).toBe(202);
    expect(await progress(issue.id)).toMatchObject({
      status: 'sent',
      total: confirmed.length,
      sent: confirmed.length,
      failed: 0,
    });
    for (const email of confirmed)
      expect(smtp.to(email).filter((m) => m.parsed.subject?.startsWith('November'))).toHaveLength(1);
    expect(smtp.to('pat@example.com')).toHaveLength(0);
    expect(smtp.to('uma@example.com')).toHaveLength(0);
    expect(smtp.to('ann@example.com')[0]!.parsed.subject).toBe('November (EN)');
    const mail = smtp.to('bea@example.es')[0]!.parsed;
    expect(toAddresses(mail)).toEqual(['bea@example.es']);
    expect(mail.subject).toBe('November (ES)');
    expect(mail.text).toContain('Nuestras notas de noviembre.');
    const header = (name: string) =>
      mail.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n[ \t]+/g, ' ');
    const token = (await getSubscriber('bea@example.es'))!.token!;
    const url = `https://site.test/api/newsletter/unsubscribe?token=${token}`;
    expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${url}>`);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(htmlLinks(mail)).toContain(url);
    const oneClick = await call(unsubscribeFunction, `/api/newsletter/unsubscribe${new URL(url).search}`, {
      method: 'POST',
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(200);
    expect((await getSubscriber('bea@example.es'))!.status).toBe('unsubscribed');

    // Once only; and a sent issue is no longer edited.
    expect(await action(issue.id, 'send', { method: 'POST' })).toMatchObject({
      status: 409,
      body: { message: 'This issue has already been sent and can no longer be changed.' },
    });
    const edit = await callJson(
      issuesFunction,
      `/api/newsletter-issues/${issue.id}`,
      admin({
        method: 'PUT',
        params: { id: issue.id },
        body: { title: { en: 'x', es: 'x' }, description: { en: '', es: '' }, content: { en: 'x', es: 'x' } },
      }),
    );
    expect(edit.status).toBe(409);
    const list = await callJson<NewsletterIssue[]>(issuesFunction, '/api/newsletter-issues', admin());
    expect(list.body.find((i) => i.id === issue.id)).toMatchObject({ status: 'sent' });
  });

  it('resumes an interrupted send where it stopped, and racing runs mail nobody twice', async () => {
    for (let i = 0; i < 6; i += 1) await subscriber(`r${i}@example.com`, i % 2 ? 'es' : 'en', 'confirmed');
    const recipients = await confirmedEmails();
    const triggered: string[] = [];
    setRunTrigger((id) => {
      triggered.push(id);
      return Promise.resolve();
    });
    const issue = await createIssue('December');
    expect((await action(issue.id, 'send', { method: 'POST' })).status).toBe(202);
    expect(triggered).toEqual([issue.id]);
    const mailsOf = (email: string) => smtp.to(email).filter((m) => m.parsed.subject?.startsWith('December'));

    // The run is cut short after two recipients: the issue stays `sending`.
    expect(await runIssueSend(issue.id, { maxRecipients: 2 })).toEqual({ attempted: 2, finished: false });
    expect(await progress(issue.id)).toMatchObject({ status: 'sending', total: recipients.length, sent: 2 });
    // While the run is alive the schedule leaves it alone; once silent, it starts another.
    expect(await resumeSendingIssues()).toBe(0);
    expect(await resumeSendingIssues(new Date(Date.now() + STALE_RUN_MS + 1000))).toBe(1);
    expect(triggered).toEqual([issue.id, issue.id]);

    // Three runs race; SMTP refuses one mail (the mail schedule sends it later).
    smtp.refuseNext(1);
    await Promise.all([runIssueSend(issue.id), runIssueSend(issue.id), runIssueSend(issue.id)]);
    expect(await progress(issue.id)).toMatchObject({ status: 'sent', sent: recipients.length - 1, failed: 1 });
    await retryDueMail(new Date(Date.now() + 60 * 60_000));
    expect(await progress(issue.id)).toMatchObject({ status: 'sent', sent: recipients.length, failed: 0 });
    for (const email of recipients) expect(mailsOf(email), email).toHaveLength(1);
    // A further run finds nothing to do.
    expect(await runIssueSend(issue.id)).toEqual({ attempted: 0, finished: true });
  });

  it('starts a run only with the run’s token or an admin session', async () => {
    const issue = await createIssue('Token');
    const path = `/api/newsletter-issues/${issue.id}/run`;
    const forged = await call(runFunction, path, {
      method: 'POST',
      params: { id: issue.id },
      headers: { [RUN_TOKEN_HEADER]: runToken('01jzzzzzzzzzzzzzzzzzzzzzzz') },
    });
    expect(forged.status).toBe(401);
    const signed = await callJson(runFunction, path, {
      method: 'POST',
      params: { id: issue.id },
      headers: { [RUN_TOKEN_HEADER]: runToken(issue.id) },
    });
    // A draft has no send: the run does nothing.
    expect(signed).toMatchObject({ status: 202, body: { attempted: 0, finished: false } });
    expect(await progress(issue.id)).toMatchObject({ status: 'draft' });
  });

  it('is sent once when Send is pressed twice at once, and racing runs share the recipients', async () => {
    for (let i = 0; i < 25; i += 1) await subscriber(`crowd${i}@example.com`, i % 3 ? 'en' : 'es', 'confirmed');
    const recipients = await confirmedEmails();
    const runs: Promise<{ attempted: number; finished: boolean }>[] = [];
    setRunTrigger(() => Promise.resolve());
    const issue = await createIssue('January');
    const answers = await Promise.all([
      action(issue.id, 'send', { method: 'POST' }),
      action(issue.id, 'send', { method: 'POST' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409]);
    const sends = await testDatabase().query(`SELECT total FROM newsletter_sends WHERE issue_id = $1`, [issue.id]);
    expect(sends).toEqual([{ total: recipients.length }]);

    for (let i = 0; i < 4; i += 1) runs.push(runIssueSend(issue.id));
    const results = await Promise.all(runs);
    expect(results.reduce((sum, result) => sum + result.attempted, 0)).toBe(recipients.length);
    expect(results.some((result) => result.finished)).toBe(true);
    for (const email of recipients) {
      expect(
        smtp.to(email).filter((m) => m.parsed.subject?.startsWith('January')),
        email,
      ).toHaveLength(1);
    }
    const rows = await testDatabase().query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM newsletter_recipients WHERE issue_id = $1 GROUP BY status`,
      [issue.id],
    );
    expect(rows).toEqual([{ status: 'sent', n: recipients.length }]);
    expect(await progress(issue.id)).toMatchObject({ status: 'sent', sent: recipients.length, failed: 0 });
  });

  it('leaves a recipient a live run holds, takes over one a dead run held, and forgets an erased address', async () => {
    const recipients = await confirmedEmails();
    setRunTrigger(() => Promise.resolve());
    const issue = await createIssue('February');
    expect((await action(issue.id, 'send', { method: 'POST' })).status).toBe(202);
    const held = 'crowd3@example.com';
    const insert = `INSERT INTO newsletter_recipients (issue_id, address_hash, language, status, at) VALUES ($1, $2, 'es', 'sending', $3)`;
    await testDatabase().query(insert, [issue.id, addressHash(held), new Date().toISOString()]);
    const mailsOf = (email: string) => smtp.to(email).filter((m) => m.parsed.subject?.startsWith('February'));

    // Another run holds it: this one mails everyone else and leaves the send open.
    expect(await runIssueSend(issue.id)).toEqual({ attempted: recipients.length - 1, finished: false });
    expect(mailsOf(held)).toHaveLength(0);
    expect(await progress(issue.id)).toMatchObject({ status: 'sending', sent: recipients.length - 1 });

    // That run died: once its claim is older than any run lives, the next run takes the recipient over.
    const stale = new Date(Date.now() - STALE_CLAIM_MS - 60_000).toISOString();
    await testDatabase().query(`UPDATE newsletter_recipients SET at = $3 WHERE issue_id = $1 AND address_hash = $2`, [
      issue.id,
      addressHash(held),
      stale,
    ]);
    expect(await runIssueSend(issue.id)).toEqual({ attempted: 1, finished: true });
    expect(mailsOf(held)).toHaveLength(1);
    expect(await progress(issue.id)).toMatchObject({ status: 'sent', sent: recipients.length, failed: 0 });

    // Erasing the address drops its rows in every send (they are named by its hash).
    const gone = (await getSubscriber(held))!;
    resetQueryCount();
    await deleteSubscriber({ email: gone.email });
    expect(queryCount()).toBe(1);
    const left = await testDatabase().query(`SELECT 1 FROM newsletter_recipients WHERE address_hash = $1`, [
      addressHash(held),
    ]);
    expect(left).toEqual([]);
  });

  it('starts the run on the configured site address, never on the host a request names', async () => {
    // The site's address (URL) is a local server that sees the trigger; the admin's request names another host.
    const seen: { method: string | undefined; url: string | undefined; headers: IncomingHttpHeaders }[] = [];
    const site = createServer((request, response) => {
      seen.push({ method: request.method, url: request.url, headers: request.headers });
      response.writeHead(202).end('{}');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const address = site.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const siteUrl = `http://127.0.0.1:${address.port}`;
    const configured = process.env['URL'];
    process.env['URL'] = siteUrl;
    resetEnvCache();
    // Every server-side fetch is seen; one to the forged host is answered here, never sent.
    const realFetch = globalThis.fetch;
    const fetched: string[] = [];
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      fetched.push(url);
      if (new URL(url).hostname === 'evil.example') return Promise.resolve(new Response('{}', { status: 202 }));
      return realFetch(input, init);
    });
    try {
      setRunTrigger(null);
      const issue = await createIssue('Forged host');
      const { headers } = asAdmin(bench.cookie());
      const request = new Request(`http://evil.example/api/newsletter-issues/${issue.id}/send`, {
        method: 'POST',
        headers: { ...headers, host: 'evil.example', origin: 'http://evil.example' },
      });
      const context = { params: { id: issue.id }, ip: '127.0.0.1' } as unknown as Parameters<typeof actionsFunction>[1];
      expect((await actionsFunction(request, context)).status).toBe(202);
      expect(fetched.filter((url) => url.includes('evil.example'))).toEqual([]);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ method: 'POST', url: `/api/newsletter-issues/${issue.id}/run` });
      expect(seen[0]!.headers[RUN_TOKEN_HEADER]).toBe(runToken(issue.id));
      // The run the fake site did not make: finish the send so the file's other tests see no issue left sending.
      expect((await runIssueSend(issue.id)).finished).toBe(true);
    } finally {
      spy.mockRestore();
      setRunTrigger(null);
      process.env['URL'] = configured;
      resetEnvCache();
      await new Promise<void>((resolve) => site.close(() => resolve()));
    }
  });

  it('gives an issue’s send to one of ten racing claims', async () => {
    const part = { subject: 'S', html: '<p>B</p>', text: 'B' };
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        createIssueSend(
          '01jzzzzzzzzzzzzzzzzzzzzzzz',
          `admin${i}`,
          byLanguage(() => part),
        ),
      ),
    );
    expect(claims.filter((claim) => claim !== null)).toHaveLength(1);
  });
});
