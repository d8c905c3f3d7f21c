import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import auditLog from '../../netlify/functions/admin-audit-log';
import contactFunction from '../../netlify/functions/contact-send';
import replyFunction from '../../netlify/functions/admin-lead-reply';
import actionsFunction from '../../netlify/functions/admin-newsletter-issue-actions';
import issuesFunction from '../../netlify/functions/admin-newsletter-issues';
import { runIssueSend, setRunTrigger } from '../../src/features/newsletter/issues';
import type { AuditEvent } from '../../src/features/audit/schema';
import type { NewsletterIssue } from '../../src/features/newsletter/issue-schema';
import { confirmSubscription, subscribe } from '../../src/features/newsletter/subscribers-store';
import { ADMIN, asAdmin, useAdminBench } from '../helpers/admin';
import { call, callJson } from '../helpers/functions';
import { startLocalSmtp, type LocalSmtp } from '../helpers/smtp';

const bench = useAdminBench();
let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startLocalSmtp();
});
afterAll(async () => {
  setRunTrigger(null);
  await smtp.stop();
});

const admin = (options: Parameters<typeof asAdmin>[1] = {}) => asAdmin(bench.cookie(), options);

async function auditEvents(): Promise<AuditEvent[]> {
  const { status, body } = await callJson<AuditEvent[]>(auditLog, '/api/audit-log', admin());
  expect(status).toBe(200);
  return body;
}

async function auditCsv(): Promise<string> {
  const response = await call(auditLog, '/api/audit-log?format=csv', admin());
  expect(response.status).toBe(200);
  return response.text();
}

describe('the audit log records the mail the firm sends', () => {
  it('records who replied to which lead, without the address or the text', async () => {
    const sent = await callJson<{ id: string }>(contactFunction, '/api/contact', {
      method: 'POST',
      body: { name: 'Irene Audit', email: 'irene@audit.example', message: 'Could you call me?' },
    });
    expect(sent.status).toBe(201);
    const id = sent.body.id;
    const reply = await callJson(replyFunction, `/api/contact-messages/${id}/reply`, {
      ...admin({ method: 'POST', body: { language: 'en', subject: 'Your call', body: 'Tuesday at ten suits us.' } }),
      params: { id },
    });
    expect(reply.status).toBe(201);
    // The acknowledgement of her message, and the reply.
    expect(smtp.to('irene@audit.example').map((mail) => mail.parsed.subject)).toEqual([
      expect.stringMatching(/^We have your message/),
      'Your call',
    ]);

    const events = (await auditEvents()).filter((event) => event.action === 'lead.reply');
    expect(events).toEqual([expect.objectContaining({ actor: ADMIN.username, actorRole: 'admin', target: id })]);
    const csv = await auditCsv();
    expect(csv).toContain(`"${ADMIN.username}","admin","lead.reply","${id}",""`);
    for (const secret of ['irene@audit.example', 'Tuesday at ten', 'Your call', 'Irene Audit']) {
      expect(JSON.stringify(await auditEvents())).not.toContain(secret);
      expect(csv).not.toContain(secret);
    }
  });

  it('records who sent which newsletter issue to how many recipients, without an address', async () => {
    for (const email of ['one@audit.example', 'two@audit.example', 'three@audit.example']) {
      const result = await subscribe({ fullName: 'Reader', email, language: 'en' });
      if (result.status === 'duplicate') throw new Error('already subscribed');
      if (email !== 'three@audit.example') await confirmSubscription(result.subscriber.token!);
    }
    setRunTrigger(async (issueId) => void (await runIssueSend(issueId)));
    const created = await callJson<NewsletterIssue>(
      issuesFunction,
      '/api/newsletter-issues',
      admin({
        method: 'POST',
        body: {
          title: { en: 'Audit notes', es: 'Notas de auditoría' },
          description: { en: '', es: '' },
          content: { en: '<p>Notes.</p>', es: '<p>Notas.</p>' },
        },
      }),
    );
    expect(created.status).toBe(201);
    const issueId = created.body.id;
    const sent = await callJson(actionsFunction, `/api/newsletter-issues/${issueId}/send`, {
      ...admin({ method: 'POST' }),
      params: { id: issueId },
    });
    expect(sent.status).toBe(202);
    expect(smtp.to('one@audit.example')).toHaveLength(1);

    const events = (await auditEvents()).filter((event) => event.action === 'newsletter.send');
    // Two confirmed subscribers; the pending one is not a recipient.
    expect(events).toEqual([
      expect.objectContaining({ actor: ADMIN.username, actorRole: 'admin', target: issueId, detail: '2 recipients' }),
    ]);
    const csv = await auditCsv();
    expect(csv).toContain(`"${ADMIN.username}","admin","newsletter.send","${issueId}","2 recipients"`);
    expect(csv).not.toContain('@audit.example');
    expect(JSON.stringify(await auditEvents())).not.toContain('@audit.example');
  });
});
