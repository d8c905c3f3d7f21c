import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import contactFunction from '../../netlify/functions/contact-send';
import eventFunction from '../../netlify/functions/event';
import leadFunction from '../../netlify/functions/admin-lead-delete';
import replyFunction from '../../netlify/functions/admin-lead-reply';
import messagesFunction from '../../netlify/functions/admin-leads';
import { recordVideoCallStart, putVideoEvent } from '../../src/features/video/log';
import { sendLeadDigest } from '../../src/features/leads/inbox';
import { fileVideoLead } from '../../src/features/video/lead';
import type { Lead, LeadDetail } from '../../src/features/leads/schema';
import {
  addContactMessage,
  contactMessagesByEmail,
  countContactMessagesByWeek,
  deleteContactMessagesBefore,
  getLead,
} from '../../src/features/leads/messages-store';
import { leadReplies } from '../../src/features/leads/replies-store';
import { outboxKeys } from '../../src/features/mail/outbox-store';
import { asAdmin, useAdminBench } from '../helpers/admin';
import { call, callJson } from '../helpers/functions';
import { startLocalSmtp, toAddresses, type LocalSmtp } from '../helpers/smtp';

const bench = useAdminBench();
let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startLocalSmtp();
});
afterAll(async () => {
  await smtp.stop();
});
beforeEach(() => smtp.configure(true));

const admin = (options: Parameters<typeof asAdmin>[1] = {}) => asAdmin(bench.cookie(), options);

async function contact(body: Record<string, unknown>, lang = 'en', ip = '10.90.0.1'): Promise<string> {
  const { status, body: answer } = await callJson<{ id: string }>(contactFunction, `/api/contact?lang=${lang}`, {
    method: 'POST',
    body,
    ip,
  });
  expect(status).toBe(201);
  return answer.id;
}

function setLead(id: string, body: Record<string, unknown>) {
  return callJson<Lead & { message: string }>(leadFunction, `/api/contact-messages/${id}`, {
    ...admin({ method: 'PUT', body }),
    params: { id },
  });
}

/** Every row of a filtered list, page by page (limit 2), as the names in order. */
async function allPages(query: string): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const path: string = `/api/contact-messages?limit=2&${query}${cursor ? `&cursor=${cursor}` : ''}`;
    const { status, body, headers } = await callJson<Lead[]>(messagesFunction, path, admin());
    expect(status).toBe(200);
    expect(body.length).toBeLessThanOrEqual(2);
    names.push(...body.map((lead) => lead.name));
    cursor = headers.get('x-next-cursor');
    pages += 1;
  } while (cursor && pages < 20);
  return names;
}

describe('lead inbox', () => {
  it('keeps a status and an owner per lead, and filters by status and source across pages', async () => {
    const ids: Record<string, string> = {};
    for (const name of ['Ana Form', 'Bea Form', 'Carla Form']) {
      ids[name] = await contact({ name, email: `${name.split(' ')[0]!.toLowerCase()}@lead.test`, message: 'Hi' });
    }
    for (const name of ['Dora Chat', 'Eva Chat']) {
      const lead = await addContactMessage(
        { name, email: 'chat@lead.test', company: null, phone: null, serviceOfInterest: null, message: 'From chat' },
        'chat',
      );
      ids[name] = lead.id;
    }

    // New leads are `new`, with no owner.
    const first = await callJson<Lead[]>(messagesFunction, '/api/contact-messages?status=new', admin());
    expect(first.body.map((lead) => [lead.name, lead.status, lead.owner])).toContainEqual(['Eva Chat', 'new', null]);

    const closed = await setLead(ids['Bea Form']!, { status: 'closed', owner: 'partner' });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed', owner: 'partner', name: 'Bea Form' });
    expect((await setLead(ids['Dora Chat']!, { status: 'replied' })).body).toMatchObject({ owner: null });
    expect((await setLead(ids['Dora Chat']!, { owner: 'partner' })).body).toMatchObject({
      status: 'replied',
      owner: 'partner',
    });
    // An owner is a dashboard user; a status one of three; an unknown lead 404.
    expect((await setLead(ids['Ana Form']!, { owner: 'nobody' })).status).toBe(400);
    expect((await setLead(ids['Ana Form']!, { status: 'spam' })).status).toBe(400);
    expect((await setLead('01arz3ndektsv4rrffq69g5fav', { status: 'closed' })).status).toBe(404);

    expect(await allPages('status=new')).toEqual(['Eva Chat', 'Carla Form', 'Ana Form']);
    expect(await allPages('status=closed')).toEqual(['Bea Form']);
    expect(await allPages('source=chat')).toEqual(['Eva Chat', 'Dora Chat']);
    expect(await allPages('source=form')).toEqual(['Carla Form', 'Bea Form', 'Ana Form']);
    expect(await allPages('status=replied&source=chat')).toEqual(['Dora Chat']);
    expect(await allPages('status=replied&source=form')).toEqual([]);
    expect(await allPages('owner=partner')).toEqual(['Dora Chat', 'Bea Form']);
    expect(await allPages('owner=partner&status=closed')).toEqual(['Bea Form']);
    // Moving back to new moves the lead between the folders.
    await setLead(ids['Bea Form']!, { status: 'new' });
    expect(await allPages('status=new&source=form')).toEqual(['Carla Form', 'Bea Form', 'Ana Form']);
    expect(await allPages('status=closed')).toEqual([]);
    // A search with a filter keeps only the rows that pass both.
    expect(await allPages('q=dora&status=replied')).toEqual(['Dora Chat']);
    expect(await allPages('q=dora&status=new')).toEqual([]);
    expect((await callJson(messagesFunction, '/api/contact-messages?source=fax', admin())).status).toBe(400);
    // Admins only.
    expect((await callJson(messagesFunction, '/api/contact-messages?status=new')).status).toBe(401);
  });

  it('replies by e-mail to the lead’s own address with the edited text, and keeps the thread', async () => {
    const id = await contact(
      { name: 'Lucía Reply', email: 'lucia@lead.test', company: 'Acme', message: 'Necesito <b>ayuda</b>\ncon datos.' },
      'es',
    );
    const detail = await callJson<LeadDetail>(leadFunction, `/api/contact-messages/${id}`, {
      ...admin(),
      params: { id },
    });
    expect(detail.status).toBe(200);
    // The page's language is the lead's: the dashboard preselects the Spanish template.
    expect(detail.body.lead.language).toBe('es');
    expect(detail.body.replies).toEqual([]);
    expect(detail.body.templates.es.body).toContain('Lucía Reply');
    expect(detail.body.templates.es.subject).toMatch(/^Su mensaje a /);
    expect(detail.body.templates.en.subject).toMatch(/^Your message to /);

    const body = `${detail.body.templates.es.body.replace('. \n', '. Le proponemos una llamada el martes.\n')}`;
    const reply = (input: Record<string, unknown>) =>
      callJson<Lead>(replyFunction, `/api/contact-messages/${id}/reply`, {
        ...admin({ method: 'POST', body: input }),
        params: { id },
      });
    // The body names no recipient: a `to` is ignored, the mail goes to the lead only. A subject is one line.
    const sent = await reply({
      language: 'es',
      subject: 'Su consulta sobre datos',
      body,
      to: ['victim@elsewhere.test'],
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ status: 'replied', owner: 'partner' });
    expect((await reply({ language: 'es', subject: 'Hi\r\nBcc: victim@elsewhere.test', body: 'x' })).status).toBe(400);
    expect((await reply({ language: 'es', subject: '', body: 'x' })).status).toBe(400);
    expect(smtp.to('victim@elsewhere.test')).toEqual([]);

    // Besides the acknowledgement of her message (tests/api/acknowledgement.test.ts): the reply, once.
    const replies = () =>
      smtp
        .to('lucia@lead.test')
        .filter((m) => !/^(We have your message|Hemos recibido su mensaje)/.test(m.parsed.subject ?? ''));
    const [mail, ...others] = replies();
    expect(others).toEqual([]);
    expect(mail!.envelopeTo).toEqual(['lucia@lead.test']);
    expect(toAddresses(mail!.parsed)).toEqual(['lucia@lead.test']);
    expect(mail!.parsed.subject).toBe('Su consulta sobre datos');
    expect(mail!.parsed.from?.value[0]?.address).toBe('news@vantia.test');
    expect(mail!.parsed.replyTo?.value.map((entry) => entry.address)).toEqual([
      'leads@vantia.test',
      'partner@vantia.test',
    ]);
    expect(mail!.parsed.text).toContain('Le proponemos una llamada el martes.');
    expect(mail!.parsed.text).toContain('> Necesito <b>ayuda</b>');
    const html = String(mail!.parsed.html);
    expect(html).toContain('Le proponemos una llamada el martes.');
    expect(html).toContain('Necesito &lt;b&gt;ayuda&lt;/b&gt;');
    expect(html).not.toContain('<b>ayuda');

    await reply({ language: 'en', subject: 'Follow-up', body: 'Any news?' });
    const thread = await callJson<LeadDetail>(leadFunction, `/api/contact-messages/${id}`, {
      ...admin(),
      params: { id },
    });
    expect(thread.body.replies.map((r) => [r.subject, r.by, r.language])).toEqual([
      ['Su consulta sobre datos', 'partner', 'es'],
      ['Follow-up', 'partner', 'en'],
    ]);
    expect(thread.body.lead.status).toBe('replied');
    expect(replies()).toHaveLength(2);
  });

  it('takes at most 20 replies per lead, however many are sent at once', async () => {
    smtp.configure(false);
    const id = await contact(
      { name: 'Capped Carla', email: 'carla@lead.test', message: 'Write me' },
      'en',
      '10.90.0.2',
    );
    const answers = await Promise.all(
      Array.from({ length: 23 }, (_, i) =>
        callJson(replyFunction, `/api/contact-messages/${id}/reply`, {
          ...admin({ method: 'POST', body: { language: 'en', subject: `Reply ${i}`, body: 'Hello' } }),
          params: { id },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(20);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(3);
    const thread = await callJson<LeadDetail>(leadFunction, `/api/contact-messages/${id}`, {
      ...admin(),
      params: { id },
    });
    expect(thread.body.replies).toHaveLength(20);
    // One mail per reply taken, waiting for SMTP; none for the refused ones.
    expect((await outboxKeys()).filter((key) => key.startsWith(`replies/${id}/`))).toHaveLength(20);
    const unknown = '01arz3ndektsv4rrffq69g5fav';
    const missing = await callJson(replyFunction, `/api/contact-messages/${unknown}/reply`, {
      ...admin({ method: 'POST', body: { language: 'en', subject: 'Hi', body: 'Hello' } }),
      params: { id: unknown },
    });
    expect(missing.status).toBe(404);
  });

  it('sends a weekly digest of new and unanswered leads only', async () => {
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const add = (name: string, days: number) =>
      addContactMessage(
        { name, email: 'digest@lead.test', company: 'Digest Co', phone: null, serviceOfInterest: null, message: 'x' },
        'form',
        ago(days),
      );
    await add('Fresh Lead', 2);
    await add('Waiting Lead', 12);
    const answered = await add('Answered Lead', 3);
    const closedOld = await add('Closed Lead', 9);
    await add('Ancient Lead', 60);
    await setLead(answered.id, { status: 'replied' });
    await setLead(closedOld.id, { status: 'closed' });
    // The week's visits: two visitors, one from LinkedIn who read an insight and wrote.
    const beacon = (ip: string, ua: string, path: string, referrer: string | null) =>
      call(eventFunction, '/api/event', {
        method: 'POST',
        rawBody: JSON.stringify({ name: 'pageview', url: `http://localhost:8888${path}`, referrer, width: 1280 }),
        headers: { 'content-type': 'text/plain', 'user-agent': ua },
        ip,
      });
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    await beacon('192.0.2.60', chrome, '/', 'https://www.linkedin.com/');
    await beacon('192.0.2.60', chrome, '/insights/digest-insight', 'http://localhost:8888/');
    await beacon('192.0.2.61', chrome, '/', null);
    const wrote = await call(contactFunction, '/api/contact', {
      method: 'POST',
      body: { name: 'Reader Lead', email: 'reader@lead.test', message: 'Read your insight.' },
      headers: { 'user-agent': chrome },
      ip: '192.0.2.60',
    });
    expect(wrote.status).toBe(201);

    await sendLeadDigest(now);
    const digests = smtp.to('leads@vantia.test').filter((mail) => mail.parsed.subject?.startsWith('Leads of the week'));
    expect(digests).toHaveLength(1);
    const text = digests[0]!.parsed.text ?? '';
    const [fresh, unanswered] = text.split('Still unanswered');
    expect(fresh).toContain('Fresh Lead');
    expect(fresh).not.toContain('Waiting Lead');
    expect(unanswered).toContain('Waiting Lead');
    for (const name of ['Answered Lead', 'Closed Lead', 'Ancient Lead']) expect(text).not.toContain(name);
    expect(text).toContain('https://site.test/admin#messages/');
    expect(String(digests[0]!.parsed.html)).toContain('Fresh Lead');
    // The site's week: its visitors, its top sources and the page that brought the most leads.
    expect(text).toContain('The site this week');
    expect(text).toMatch(/\b2 visitors/);
    expect(text).toContain('Top sources: LinkedIn (1)');
    expect(text).toMatch(/The page that brought the most leads: \/(insights\/digest-insight)? \(1\)/);
    // One digest a week, however often the schedule runs.
    await sendLeadDigest(now);
    expect(
      smtp.to('leads@vantia.test').filter((mail) => mail.parsed.subject?.startsWith('Leads of the week')),
    ).toHaveLength(1);
  });

  it('files a finished video call with a known e-mail as one lead (source video)', async () => {
    const sessionId = 'cvideolead1';
    await recordVideoCallStart({
      sessionId,
      kind: 'started',
      at: new Date(Date.now() - 60_000).toISOString(),
      language: 'es',
      conversationUrl: 'https://tavus.daily.co/cvideolead1',
    });
    await putVideoEvent({
      sessionId,
      kind: 'transcript',
      at: new Date().toISOString(),
      transcript: [
        { speaker: 'assistant', text: '¿En qué puedo ayudarle?', timestamp: new Date().toISOString() },
        {
          speaker: 'user',
          text: 'Quiero invertir, escríbanme a marta@video.test',
          timestamp: new Date().toISOString(),
        },
      ],
    });
    // Tavus replays its event, at once and later: one lead.
    await Promise.all([fileVideoLead(sessionId), fileVideoLead(sessionId), fileVideoLead(sessionId)]);
    await fileVideoLead(sessionId);
    expect(await allPages('source=video')).toEqual(['marta@video.test']);
    const [lead] = (await callJson<Lead[]>(messagesFunction, '/api/contact-messages?source=video', admin())).body;
    expect(lead).toMatchObject({ email: 'marta@video.test', source: 'video', language: 'es', status: 'new' });
    expect(lead!.message).toContain('Quiero invertir');
  });

  it('exports the leads as CSV: SPEC’s message columns first, then status, owner, notes, attribution and outcome', async () => {
    const response = await call(messagesFunction, '/api/contact-messages?format=csv', admin());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /attachment; filename="contact-messages-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const text = await response.text();
    const [header, ...rows] = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      '"Name","Email","Company","Service","Date","Phone","Message","Source","Language","Status","Owner","Notes",' +
        '"Channel","Referrer source","Medium","Campaign","Referrer","Landing page","Pages viewed","Outcome","Value (EUR)"',
    );
    const lucia = rows.find((row) => row.startsWith('"Lucía Reply"'));
    // No visit explains a lead filed in-process, and nobody said how it ended: the last nine cells are empty.
    expect(lucia).toMatch(new RegExp(`"Acme",.*"form","es","replied","partner",""${',""'.repeat(9)}$`, 's'));
  });

  it('answers what retention, privacy requests and the overview ask of the table, one statement each', async () => {
    const at = (iso: string) => new Date(iso);
    const old = (name: string, when: string, source: 'form' | 'chat' = 'form') =>
      addContactMessage(
        { name, email: 'Old.Lead@Retention.test', company: null, phone: null, serviceOfInterest: null, message: 'x' },
        source,
        at(when),
      );
    // Monday 3 and Wednesday 5 January 2000 (one ISO week), Sunday 9 January (the same week), Monday 10 (the next).
    const first = await old('Old One', '2000-01-03T00:00:00Z');
    await old('Old Two', '2000-01-05T12:00:00Z', 'chat');
    await old('Old Three', '2000-01-09T23:59:59Z');
    const kept = await old('Old Four', '2000-01-10T00:00:00Z');
    expect(await countContactMessagesByWeek(at('2000-01-01T00:00:00Z'))).toEqual(
      expect.arrayContaining([
        { week: '2000-01-03', source: 'form', count: 2 },
        { week: '2000-01-03', source: 'chat', count: 1 },
        { week: '2000-01-10', source: 'form', count: 1 },
      ]),
    );
    expect((await contactMessagesByEmail(' old.lead@RETENTION.test')).map((m) => m.name)).toEqual([
      'Old Four',
      'Old Three',
      'Old Two',
      'Old One',
    ]);
    await callJson(replyFunction, `/api/contact-messages/${first.id}/reply`, {
      ...admin({ method: 'POST', body: { language: 'en', subject: 'Late', body: 'Sorry' } }),
      params: { id: first.id },
    });
    expect(await leadReplies(first.id)).toHaveLength(1);
    // Oldest first, at most the limit; a message's replies go with it.
    expect(await deleteContactMessagesBefore(at('2000-01-10T00:00:00Z'), 2)).toBe(2);
    expect(await getLead(first.id)).toBeNull();
    expect(await leadReplies(first.id)).toEqual([]);
    expect(await deleteContactMessagesBefore(at('2000-01-10T00:00:00Z'), 100)).toBe(1);
    expect((await contactMessagesByEmail('old.lead@retention.test')).map((m) => m.id)).toEqual([kept.id]);
  });
});
