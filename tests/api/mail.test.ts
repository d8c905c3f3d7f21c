import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import contactFunction from '../../netlify/functions/contact-send';
import mailRetryFunction from '../../netlify/functions/scheduled-mail-retry';
import mailStatusFunction from '../../netlify/functions/admin-mail-status';
import tavusFunction from '../../netlify/functions/video-start';
import callbackFunction from '../../netlify/functions/video-callback';
import { leadReply } from '../../src/features/chat/lead';
import { resetEnvCache } from '../../src/platform/env';
import { deliver, enqueueMail, queueMail, retryDueMail } from '../../src/features/mail/outbox';
import {
  deleteSentMailBefore,
  dropMailAbout,
  getOutboxMail,
  mailStanding,
  outboxKeys,
} from '../../src/features/mail/outbox-store';
import type { MailStatus } from '../../src/features/mail/schema';
import { asAdmin, useAdminBench } from '../helpers/admin';
import { testDatabase } from '../helpers/db-setup';
import { startFakeTavus, type FakeTavus } from '../helpers/fake-tavus';
import { call, callJson } from '../helpers/functions';
import { htmlLinks, startLocalSmtp, toAddresses, type LocalSmtp } from '../helpers/smtp';

const bench = useAdminBench();
let smtp: LocalSmtp;
let tavus: FakeTavus;
beforeAll(async () => {
  smtp = await startLocalSmtp();
  tavus = await startFakeTavus();
});
afterAll(async () => {
  await tavus.stop();
  await smtp.stop();
});
beforeEach(() => smtp.configure(true));

const alertsAbout = (needle: string) =>
  smtp.to('leads@vantia.test').filter((mail) => mail.parsed.text?.includes(needle));

function contact(body: Record<string, unknown>, ip = '10.80.0.1') {
  return callJson<{ id: string }>(contactFunction, '/api/contact', { method: 'POST', body, ip });
}

async function status(): Promise<MailStatus> {
  return (await callJson<MailStatus>(mailStatusFunction, '/api/mail/status', asAdmin(bench.cookie()))).body;
}

describe('lead alerts', () => {
  it('sends one alert per contact message to LEADS_TO: who, company, service, the message and a dashboard link', async () => {
    const sent = await contact({
      name: 'Ana <b>García</b>',
      email: 'ana@empresa.es',
      company: 'Empresa & Hijos',
      serviceOfInterest: 'ai-solutions',
      message: 'We need help with <script>alert(1)</script>\nSecond line',
    });
    expect(sent.status).toBe(201);
    const [alert, ...more] = alertsAbout('Second line');
    expect(more).toHaveLength(0);
    const mail = alert!.parsed;
    expect(alert!.envelopeTo.sort()).toEqual(['leads@vantia.test', 'partner@vantia.test']);
    expect(toAddresses(mail).sort()).toEqual(['leads@vantia.test', 'partner@vantia.test']);
    expect(mail.from?.value[0]?.address).toBe('news@vantia.test');
    expect(mail.replyTo?.value[0]?.address).toBe('ana@empresa.es');
    expect(mail.subject).toBe('New contact message from Ana <b>García</b>');
    expect(mail.text).toContain('Company: Empresa & Hijos');
    expect(mail.text).toContain('Service of interest: AI-Driven Solutions');
    expect(mail.text).toContain(`https://site.test/admin#messages/${sent.body.id}`);
    // The HTML part shows what the visitor typed as text, never as markup.
    expect(mail.html).toContain('Ana &lt;b&gt;García&lt;/b&gt;');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;<br>Second line');
    expect(mail.html).not.toMatch(/<script|<b>/);
    expect(mail.html).toContain('Empresa &amp; Hijos');
    expect(htmlLinks(mail)).toEqual([`https://site.test/admin#messages/${sent.body.id}`]);
    expect(mail.html).not.toMatch(/<link|<img|src=/);
  });

  it('sends an alert for a lead the chat assistant files', async () => {
    const reply = await leadReply(
      {
        message: 'Acme Seguros',
        history: [{ role: 'user', content: 'Quiero hablar con el equipo sobre inversión' }],
        state: { step: 'company', consent: true, name: 'Pedro Chat', email: 'pedro@acme.es' },
      },
      'es',
    );
    expect(reply?.state).toBeNull();
    const [alert, ...more] = smtp.to('leads@vantia.test').filter((mail) => mail.parsed.subject?.includes('Pedro Chat'));
    expect(more).toHaveLength(0);
    expect(alert!.parsed.subject).toBe('New lead from the chat assistant: Pedro Chat');
    expect(alert!.parsed.text).toContain('Company: Acme Seguros');
    expect(alert!.parsed.text).toContain('Service of interest: Investment');
    expect(alert!.parsed.text).toContain('Quiero hablar con el equipo sobre inversión');
  });

  it('sends one alert for a finished video call with its transcript, however often Tavus delivers it', async () => {
    Object.assign(process.env, {
      TAVUS_API_KEY: 'tavus-test-key',
      TAVUS_BASE_URL: tavus.baseURL,
      TAVUS_REPLICA_ID: 'r-configured',
      TAVUS_PERSONA_ID: 'p-configured',
    });
    resetEnvCache();
    const id = `cmail${Date.now().toString(36)}`;
    tavus.respondWith(200, { conversation_id: id, conversation_url: `https://tavus.daily.co/${id}`, status: 'active' });
    const started = await callJson(tavusFunction, '/api/tavus/conversation', {
      method: 'POST',
      body: { language: 'es' },
      ip: '10.80.1.1',
    });
    expect(started.status).toBe(201);
    const query = new URL(String(tavus.created().at(-1)!['callback_url'])).search;
    const transcript = {
      conversation_id: id,
      event_type: 'application.transcription_ready',
      properties: {
        transcript: [
          { role: 'system', content: 'secret prompt' },
          { role: 'user', content: 'Me interesa invertir' },
          { role: 'assistant', content: 'Con mucho gusto' },
        ],
      },
    };
    const deliver = () => call(callbackFunction, `/api/tavus/callback${query}`, { method: 'POST', body: transcript });
    // Tavus retries: five deliveries at once, then a late replay.
    const statuses = (await Promise.all(Array.from({ length: 5 }, deliver))).map((response) => response.status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect((await deliver()).status).toBe(200);
    await retryDueMail(new Date(Date.now() + 60 * 60_000));
    const alerts = smtp.to('leads@vantia.test').filter((mail) => mail.parsed.text?.includes('Me interesa invertir'));
    expect(alerts).toHaveLength(1);
    const mail = alerts[0]!.parsed;
    expect(mail.subject).toMatch(/^Video call finished \(/);
    expect(mail.text).toContain('User: Me interesa invertir\nCEO Assistant: Con mucho gusto');
    expect(mail.text).not.toContain('secret prompt');
    expect(mail.text).toContain('Language: Spanish');
    expect(htmlLinks(mail)).toEqual([`https://site.test/admin#video/${id}`]);
  });
});

describe('the outbox', () => {
  it('keeps mail while SMTP is not configured, shows it waiting, and sends it once SMTP works', async () => {
    smtp.configure(false);
    const before = smtp.mails.length;
    const sent = await contact({ name: 'Waiting Wanda', email: 'wanda@example.com', message: 'Hello while offline' });
    expect(sent.status).toBe(201);
    expect(smtp.mails.length).toBe(before);
    // The firm's alert and the visitor's acknowledgement.
    expect(await status()).toEqual({ configured: false, waiting: 2 });
    // Still nothing when the schedule runs without SMTP.
    expect((await call(mailRetryFunction, '/.netlify/functions/scheduled-mail-retry')).status).toBe(204);
    expect(smtp.mails.length).toBe(before);

    smtp.configure(true);
    expect((await call(mailRetryFunction, '/.netlify/functions/scheduled-mail-retry')).status).toBe(204);
    expect(alertsAbout('Hello while offline')).toHaveLength(1);
    expect(await status()).toEqual({ configured: true, waiting: 0 });
  });

  it('retries a refused send with backoff, and sends it once', async () => {
    smtp.refuseNext(1);
    await contact({ name: 'Retry Rita', email: 'rita@example.com', message: 'Refused the first time' });
    expect(alertsAbout('Refused the first time')).toHaveLength(0);
    expect(await status()).toEqual({ configured: true, waiting: 1 });
    const [key] = await outboxKeys();
    const waiting = (await getOutboxMail(key!))!;
    expect(waiting).toMatchObject({ attempts: 1, lastError: 'SMTP 451' });
    // Not due yet: the retry leaves it; five minutes later it goes.
    await retryDueMail(new Date());
    expect(alertsAbout('Refused the first time')).toHaveLength(0);
    await retryDueMail(new Date(Date.now() + 5 * 60_000 + 1000));
    expect(alertsAbout('Refused the first time')).toHaveLength(1);
    await retryDueMail(new Date(Date.now() + 24 * 60 * 60_000));
    expect(alertsAbout('Refused the first time')).toHaveLength(1);
    expect(await status()).toEqual({ configured: true, waiting: 0 });
  });

  it('sends a mail once when many triggers queue and send it at the same time', async () => {
    const mail = {
      key: 'alerts/contact/race-test',
      to: ['race@vantia.test'],
      subject: 'Race',
      text: 'One only',
      html: '<p>One only</p>',
    };
    await Promise.all([
      ...Array.from({ length: 10 }, () => queueMail(mail)),
      ...Array.from({ length: 10 }, () => enqueueMail(mail).then(() => deliver(mail.key))),
    ]);
    await retryDueMail(new Date(Date.now() + 60 * 60_000));
    expect(smtp.to('race@vantia.test')).toHaveLength(1);
    // Queued again later (a replayed trigger): already sent, so nothing.
    await queueMail(mail);
    expect(smtp.to('race@vantia.test')).toHaveLength(1);
  });

  it('forgets the mail about an erased address: its records’ reasons, waiting or sent, and waiting mail to or from it', async () => {
    const mail = (key: string, to: 'leads' | string[], replyTo: string | null = null) => ({
      key,
      to,
      replyTo,
      subject: 'About someone',
      text: 'Personal',
      html: '<p>Personal</p>',
    });
    await queueMail(mail('alerts/contact/erase-sent', ['firm@vantia.test']));
    expect(await mailStanding('alerts/contact/erase-sent')).toBe('sent');
    // A sent mail keeps only its reason and when it went: no address, no text.
    const [row] = await testDatabase().query(`SELECT * FROM mail_outbox WHERE reason = 'alerts/contact/erase-sent'`);
    expect(row).toMatchObject({ content: null, to_addresses: [], reply_to: null });
    expect(JSON.stringify(row)).not.toContain('firm@vantia.test');
    smtp.configure(false);
    await enqueueMail(mail('alerts/contact/erase-waiting', 'leads', 'Erase.Me@Example.com'));
    await enqueueMail(mail('replies/erase-lead/r1', ['erase.me@example.com']));
    await enqueueMail(mail('confirm/other/1', ['keep@example.com']));
    const dropped = await dropMailAbout(' ERASE.me@example.com', ['alerts/contact/erase-sent', 'replies/erase-lead']);
    expect(dropped).toBe(2);
    expect(await outboxKeys()).toEqual(['confirm/other/1']);
    // The sent mark goes too: it named the record.
    expect(await mailStanding('alerts/contact/erase-sent')).toBeNull();
    expect(await dropMailAbout('keep@example.com', [])).toBe(1);
    expect(await status()).toEqual({ configured: false, waiting: 0 });
    // Retention may forget old sent marks, a bounded number at a time; waiting mail is never among them.
    await enqueueMail(mail('confirm/other/2', ['keep@example.com']));
    expect(await mailStanding('alerts/contact/race-test')).toBe('sent');
    expect(await deleteSentMailBefore(new Date(Date.now() + 1000), 1)).toBe(1);
    expect(await deleteSentMailBefore(new Date(Date.now() + 1000), 1000)).toBeGreaterThan(0);
    expect(await mailStanding('alerts/contact/race-test')).toBeNull();
    expect(await outboxKeys()).toEqual(['confirm/other/2']);
    expect(await dropMailAbout('keep@example.com', [])).toBe(1);
  });

  it('answers the dashboard status to admins only', async () => {
    expect((await callJson(mailStatusFunction, '/api/mail/status')).status).toBe(401);
  });
});
