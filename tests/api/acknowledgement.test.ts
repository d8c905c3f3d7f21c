import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import chatFunction from '../../netlify/functions/chat';
import contactFunction from '../../netlify/functions/contact-send';
import { startLocalBlobs, type LocalBlobs } from '../helpers/blobs';
import { testDatabase } from '../helpers/db-setup';
import { call, callJson } from '../helpers/functions';
import { htmlLinks, startLocalSmtp, type CapturedMail, type LocalSmtp } from '../helpers/smtp';

let blobs: LocalBlobs;
let smtp: LocalSmtp;
beforeAll(async () => {
  blobs = await startLocalBlobs();
  smtp = await startLocalSmtp();
});
afterAll(async () => {
  await smtp.stop();
  await blobs.stop();
});
beforeEach(() => smtp.configure(true));

let ipCount = 0;
const freshIp = () => `10.93.0.${++ipCount}`;

/** What a visitor typed, each distinctive: none of it may reach the acknowledgement. */
const typed = {
  name: 'Zebulon Quixote-Marmalade',
  company: 'Typedco Nine Ninety One',
  phone: '+34 699 887 766',
  message: 'Buy cheap pills at http://spam.example/now UNIQUE-TYPED-7781',
};

function contactJson(email: string, lang: 'en' | 'es', extra: Record<string, string> = {}) {
  return callJson<{ id: string }>(contactFunction, `/api/contact?lang=${lang}`, {
    method: 'POST',
    body: { ...typed, email, serviceOfInterest: 'ai-solutions', ...extra },
    ip: freshIp(),
  });
}

function contactForm(email: string, lang: 'en' | 'es') {
  return call(contactFunction, `/api/contact?lang=${lang}`, {
    method: 'POST',
    rawBody: new URLSearchParams({ ...typed, email, serviceOfInterest: 'investment', website: '' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    ip: freshIp(),
  });
}

async function chatHandOff(email: string, lang: 'en' | 'es'): Promise<void> {
  const turns =
    lang === 'es'
      ? ['Quiero hablar con su equipo', 'sí', typed.name, email, typed.company]
      : ['I would like to talk to your team', 'yes', typed.name, email, typed.company];
  const messages: Array<{ role: 'user' | 'assistant'; content: string }> = [];
  let sessionId: string | undefined;
  for (const content of turns) {
    messages.push({ role: 'user', content });
    const { status, body } = await callJson<{ message: string; sessionId: string }>(chatFunction, '/api/chat', {
      method: 'POST',
      body: { messages, language: lang, ...(sessionId ? { sessionId } : {}) },
      ip: '10.93.1.1',
    });
    expect(status).toBe(200);
    sessionId = body.sessionId;
    messages.push({ role: 'assistant', content: body.message });
  }
}

/** The one acknowledgement mailed to an address (the firm's alerts go to LEADS_TO). */
function onlyMailTo(address: string): CapturedMail['parsed'] {
  const mails = smtp.to(address);
  expect(mails).toHaveLength(1);
  return mails[0]!.parsed;
}

function expectNothingTyped(mail: CapturedMail['parsed']): void {
  const all = `${mail.subject ?? ''}\n${mail.text ?? ''}\n${typeof mail.html === 'string' ? mail.html : ''}`;
  for (const text of [typed.name, 'Zebulon', typed.company, typed.phone, '699 887 766', 'UNIQUE-TYPED-7781', 'spam']) {
    expect(all).not.toContain(text);
  }
}

describe('the acknowledgement a visitor gets', () => {
  it('after a contact message (JSON, English): what the server knows, what happens next, no typed text', async () => {
    const sent = await contactJson('Ack.English@Example.com ', 'en');
    expect(sent.status).toBe(201);
    const mail = onlyMailTo('ack.english@example.com');
    expect(mail.subject).toMatch(/^We have your message – /);
    expect(mail.text).toContain('contact form of our website');
    expect(mail.text).toContain('A partner will answer within one working day.');
    expect(mail.text).toContain('Channel: Contact form');
    expect(mail.text).toContain('Service of interest: AI-Driven Solutions');
    expect(mail.text).toContain(`Reference: ${sent.body.id}`);
    expect(mail.text).toMatch(/Received: \w+ \d{1,2}, \d{4}.*\(Madrid\)/);
    expect(mail.text).toContain('If you did not write to us');
    expect(htmlLinks(mail)).toEqual(['https://site.test/privacy-policy']);
    expectNothingTyped(mail);
    // The firm's alert still carries everything.
    expect(
      smtp.mails.some(
        (m) => m.envelopeTo.includes('leads@vantia.test') && m.parsed.text?.includes('UNIQUE-TYPED-7781'),
      ),
    ).toBe(true);
  });

  it('after the contact form posted without its script, in Spanish', async () => {
    const response = await contactForm('ack.espanol@example.es', 'es');
    expect(response.status).toBe(303);
    const mail = onlyMailTo('ack.espanol@example.es');
    expect(mail.subject).toMatch(/^Hemos recibido su mensaje – /);
    expect(mail.text).toContain('Un socio le responderá en un día laborable como máximo.');
    expect(mail.text).toContain('Canal: Formulario de contacto');
    expect(mail.text).toContain('Servicio de interés: Oportunidades de inversión');
    expect(mail.text).toContain('Si no nos ha escrito');
    expect(htmlLinks(mail)).toEqual(['https://site.test/es/privacy-policy']);
    expectNothingTyped(mail);
  });

  it('once per address a day: a second message (any case) gets none, another address gets its own', async () => {
    expect((await contactJson('once@example.com', 'en')).status).toBe(201);
    expect((await contactJson(' ONCE@Example.com', 'es', { message: 'again' })).status).toBe(201);
    expect((await contactForm('once@example.com', 'en')).status).toBe(303);
    expect(onlyMailTo('once@example.com').subject).toMatch(/^We have your message/);
    expect((await contactJson('twice@example.com', 'en')).status).toBe(201);
    onlyMailTo('twice@example.com');
    // The day's count names an address by an HMAC under the secret, never the address.
    const rows = await testDatabase().query<{ row: string }>(`SELECT t::text AS row FROM daily_quotas t`);
    expect(JSON.stringify(rows)).toContain('acknowledgements-address');
    expect(JSON.stringify(rows)).not.toContain('once@example.com');
  });

  it('after a chat hand-off, in English and in Spanish', async () => {
    await chatHandOff('chat.en@example.com', 'en');
    const en = onlyMailTo('chat.en@example.com');
    expect(en.text).toContain('Channel: Chat assistant');
    expect(en.text).toContain('chat assistant');
    expectNothingTyped(en);

    await chatHandOff('chat.es@example.com', 'es');
    const es = onlyMailTo('chat.es@example.com');
    expect(es.subject).toMatch(/^Hemos recibido su mensaje/);
    expect(es.text).toContain('Canal: Asistente del chat');
    expectNothingTyped(es);
  });

  it('is not sent for a bot that filled the honeypot', async () => {
    expect((await contactJson('bot@example.com', 'en', { website: 'http://bot.example' })).status).toBe(201);
    expect(smtp.to('bot@example.com')).toHaveLength(0);
  });
});
