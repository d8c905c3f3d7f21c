import { describe, expect, it } from 'vitest';
import accessFunction from '../../netlify/functions/investor-access-request';
import auditLog from '../../netlify/functions/admin-audit-log';
import contactFunction from '../../netlify/functions/contact-send';
import contactsFunction from '../../netlify/functions/admin-contacts';
import leadAccountFunction from '../../netlify/functions/admin-lead-investor-account';
import leadFunction from '../../netlify/functions/admin-lead-delete';
import messagesFunction from '../../netlify/functions/admin-leads';
import newsletterFunction from '../../netlify/functions/newsletter-subscribe';
import subscribersFunction from '../../netlify/functions/admin-newsletter-subscribers';
import usersFunction from '../../netlify/functions/admin-users';
import videoLogFunction from '../../netlify/functions/video-log';
import { saveUser } from '../../src/features/accounts/users-store';
import type { AuditEvent } from '../../src/features/audit/schema';
import { contactTimelineSchema, type ContactTimeline } from '../../src/features/contacts/schema';
import type { VideoCallRow } from '../../src/features/conversations/schema';
import { addContactMessage, contactMessagesByEmail, getLead } from '../../src/features/leads/messages-store';
import type { NewsletterSubscription } from '../../src/features/newsletter/schema';
import { LEAD_NOTES_MAX, type Lead, type LeadDetail } from '../../src/features/leads/schema';
import { fileVideoLead } from '../../src/features/video/lead';
import { putVideoEvent, recordVideoCallStart, videoLeadId } from '../../src/features/video/log';
import { asAdmin, signIn, SITE, useAdminBench } from '../helpers/admin';
import { call, callJson } from '../helpers/functions';

// Issue #24, the rest: a lead's private notes, and a link to the person from every row that names them.
const bench = useAdminBench();
const admin = (options: Parameters<typeof asAdmin>[1] = {}) => asAdmin(bench.cookie(), options);

let ipCount = 0;
const freshIp = () => `10.93.0.${++ipCount}`;
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

async function contact(body: Record<string, unknown>): Promise<string> {
  const { status, body: answer } = await callJson<{ id: string }>(contactFunction, '/api/contact?lang=en', {
    method: 'POST',
    body,
    ip: freshIp(),
  });
  expect(status).toBe(201);
  await tick();
  return answer.id;
}

function setLead(id: string, body: Record<string, unknown>, options = admin()) {
  return callJson<Lead & { message: string; field?: string }>(leadFunction, `/api/contact-messages/${id}`, {
    ...options,
    method: 'PUT',
    body,
    params: { id },
  });
}

async function timeline(email: string): Promise<ContactTimeline> {
  const { status, body } = await callJson(
    contactsFunction,
    `/api/contacts?email=${encodeURIComponent(email)}`,
    admin(),
  );
  expect(status).toBe(200);
  return contactTimelineSchema.parse(body);
}

describe('lead notes', () => {
  it('saves a partner’s notes (trimmed), shows them in the lead, the contact view and the timeline, and clears them', async () => {
    const id = await contact({ name: 'Nora Notes', email: 'Nora@Notes.test', message: 'We want a data audit.' });
    const saved = await setLead(id, { notes: '  Called her on Monday.\nWants a proposal by Friday.  ' });
    expect(saved.status).toBe(200);
    expect(saved.body.notes).toBe('Called her on Monday.\nWants a proposal by Friday.');
    // Notes alone change neither the status nor the owner.
    expect(saved.body).toMatchObject({ status: 'new', owner: null });

    const detail = await callJson<LeadDetail>(leadFunction, `/api/contact-messages/${id}`, {
      ...admin(),
      params: { id },
    });
    expect(detail.body.lead.notes).toBe('Called her on Monday.\nWants a proposal by Friday.');
    const list = await callJson<Lead[]>(messagesFunction, '/api/contact-messages?q=nora@notes.test', admin());
    expect(list.body.map((lead) => lead.notes)).toEqual(['Called her on Monday.\nWants a proposal by Friday.']);

    const person = await timeline('nora@notes.test');
    expect(person.lead).toMatchObject({ id, kind: 'message', status: 'new', notes: saved.body.notes });
    expect(person.items.find((item) => item.id === id)).toMatchObject({ kind: 'message', notes: saved.body.notes });

    // Status and owner as before, the notes kept; then an empty text clears them.
    expect((await setLead(id, { status: 'replied' })).body).toMatchObject({
      status: 'replied',
      notes: saved.body.notes,
    });
    expect((await setLead(id, { notes: '   ' })).body.notes).toBeNull();
    expect((await timeline('nora@notes.test')).lead?.notes).toBeNull();
  });

  it('is in the audit log as who and which lead, never the text; in the CSV and in a privacy request’s copy', async () => {
    const id = await contact({ name: 'Otto Audit', email: 'otto@audit.test', message: 'Hello' });
    expect((await setLead(id, { notes: 'Prefers calls after 5 pm; budget 40k' })).status).toBe(200);
    const { body: events } = await callJson<AuditEvent[]>(auditLog, '/api/audit-log', admin());
    const event = events.find((candidate) => candidate.action === 'lead.notes' && candidate.target === id);
    expect(event).toMatchObject({ actor: 'partner', actorRole: 'admin' });
    expect(JSON.stringify(events)).not.toContain('budget 40k');

    const csv = await (await call(messagesFunction, '/api/contact-messages?format=csv', admin())).text();
    const [header, ...rows] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toMatch(/"Status","Owner","Notes","Channel",/);
    expect(rows.find((row) => row.startsWith('"Otto Audit"'))).toMatch(/"Prefers calls after 5 pm; budget 40k","/);

    // What the firm wrote about the person is data about them: an access request's copy holds it.
    const [message] = await contactMessagesByEmail('otto@audit.test');
    expect(message?.notes).toBe('Prefers calls after 5 pm; budget 40k');
  });

  it(`bounds notes at ${LEAD_NOTES_MAX} characters and refuses what is not text`, async () => {
    const id = await contact({ name: 'Bea Bounds', email: 'bea@bounds.test', message: 'Hello' });
    const longest = 'n'.repeat(LEAD_NOTES_MAX);
    expect((await setLead(id, { notes: longest })).body.notes).toBe(longest);
    const tooLong = await setLead(id, { notes: `${longest}x` });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/at most 5000 characters/);
    expect((await setLead(id, { notes: 42 })).status).toBe(400);
    expect((await setLead(id, {})).status).toBe(400);
    expect((await getLead(id))?.notes).toBe(longest);
  });

  it('is for admins only: 401 for a visitor, 403 for an investor, and nothing changes', async () => {
    const id = await contact({ name: 'Ivo Investor', email: 'ivo@refused.test', message: 'Hello' });
    expect((await setLead(id, { notes: 'anonymous' }, { headers: { origin: SITE } })).status).toBe(401);
    await saveUser({ username: 'notes-investor', password: 'an investor password here', role: 'investor' });
    const cookie = await signIn('notes-investor', 'an investor password here', '10.93.1.1');
    expect((await setLead(id, { notes: 'investor' }, asAdmin(cookie))).status).toBe(403);
    expect((await getLead(id))?.notes).toBeNull();
  });

  it('the contact view edits the newest open lead: a newer closed one is not it', async () => {
    const open = await contact({ name: 'Olga Open', email: 'olga@open.test', message: 'First, still open' });
    const closed = await contact({ name: 'Olga Open', email: 'olga@open.test', message: 'Second, closed' });
    await setLead(closed, { status: 'closed' });
    const person = await timeline('olga@open.test');
    expect(person.lead).toMatchObject({ id: open, status: 'new', kind: 'message' });
    // Every lead closed: the newest.
    await setLead(open, { status: 'closed' });
    expect((await timeline('olga@open.test')).lead).toMatchObject({ id: closed, status: 'closed' });
  });
});

describe('rows that name a person', () => {
  async function videoCall(sessionId: string, email: string) {
    await recordVideoCallStart({
      sessionId,
      kind: 'started',
      at: new Date(Date.now() - 60_000).toISOString(),
      language: 'en',
      conversationUrl: `https://tavus.daily.co/${sessionId}`,
    });
    await putVideoEvent({
      sessionId,
      kind: 'transcript',
      at: new Date().toISOString(),
      transcript: [{ speaker: 'user', text: `Write to me at ${email}`, timestamp: new Date().toISOString() }],
    });
  }
  const videoRows = async () =>
    (await callJson<VideoCallRow[]>(videoLogFunction, '/api/tavus-conversations?limit=100', admin())).body;

  it('a video call that filed a lead names the lead and its address; one that did not names none', async () => {
    await videoCall('cnoteslead1', 'vera@video.test');
    await fileVideoLead('cnoteslead1');
    await videoCall('cnoteslead2', '');
    await fileVideoLead('cnoteslead2');
    const rows = await videoRows();
    const withLead = rows.find((row) => row.sessionId === 'cnoteslead1');
    expect(withLead).toMatchObject({ leadEmail: 'vera@video.test' });
    expect((await getLead(withLead!.leadId!))?.sessionId).toBe('cnoteslead1');
    expect(rows.find((row) => row.sessionId === 'cnoteslead2')).toMatchObject({ leadId: null, leadEmail: null });
    // The address opens the person, whose timeline holds the call's lead.
    const person = await timeline('vera@video.test');
    expect(person.items).toEqual([expect.objectContaining({ kind: 'video', id: withLead!.leadId })]);
    expect(person.lead).toMatchObject({ id: withLead!.leadId, kind: 'video' });
  });

  it('a video lead filed before leads named their call is still found by its id', async () => {
    await videoCall('cnoteslegacy', 'leo@video.test');
    const started = (await videoRows()).find((row) => row.sessionId === 'cnoteslegacy')!.conversationStarted;
    // As fileVideoLead stored it before: the call's id only in the lead's id.
    await addContactMessage(
      {
        name: 'leo@video.test',
        email: 'leo@video.test',
        company: null,
        phone: null,
        serviceOfInterest: null,
        message: 'User: hi',
      },
      'video',
      new Date(started),
      undefined,
      { language: 'en', id: videoLeadId('cnoteslegacy', started) },
    );
    const row = (await videoRows()).find((candidate) => candidate.sessionId === 'cnoteslegacy');
    expect(row).toMatchObject({ leadId: videoLeadId('cnoteslegacy', started), leadEmail: 'leo@video.test' });
  });

  it('an investor account made from a request for access names the request’s address', async () => {
    const filed = await callJson<{ id: string }>(accessFunction, '/api/access-requests', {
      method: 'POST',
      body: {
        name: 'Irene Inversora',
        email: 'Irene@Access.test',
        company: 'Inversora SL',
        ticketSize: '1m-5m',
        sectors: ['ai'],
        regions: ['spain'],
        accredited: true,
        consent: true,
        lang: 'es',
        website: '',
      },
      ip: freshIp(),
    });
    expect(filed.status).toBe(201);
    const created = await callJson<{ username: string }>(
      leadAccountFunction,
      `/api/contact-messages/${filed.body.id}/investor-account`,
      admin({ method: 'POST', params: { id: filed.body.id } }),
    );
    expect(created.status).toBe(201);
    const { body: accounts } = await callJson<Array<{ username: string; leadEmail: string | null }>>(
      usersFunction,
      '/api/users',
      admin(),
    );
    expect(accounts.find((account) => account.username === created.body.username)?.leadEmail).toBe('irene@access.test');
    expect(accounts.find((account) => account.username === 'partner')?.leadEmail).toBeNull();
  });

  it('a subscriber the contact view links to is read by its id (the Newsletter tab narrows to it)', async () => {
    const signedUp = await callJson(newsletterFunction, '/api/newsletter', {
      method: 'POST',
      body: { fullName: 'Sara Subscriber', email: 'Sara@Subscriber.test' },
      ip: freshIp(),
    });
    expect(signedUp.status).toBe(201);
    const link = (await timeline('sara@subscriber.test')).items.find((item) => item.kind === 'newsletter')?.link;
    expect(link?.tab).toBe('newsletter');
    const id = link!.id;
    const read = await callJson<NewsletterSubscription>(subscribersFunction, `/api/newsletters/${id}`, {
      ...admin(),
      params: { id },
    });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id, email: 'sara@subscriber.test', fullName: 'Sara Subscriber' });
    expect(read.body).not.toHaveProperty('token');
    const missing = '01j0000000000000000000000z';
    const gone = await call(subscribersFunction, `/api/newsletters/${missing}`, {
      ...admin(),
      params: { id: missing },
    });
    expect(gone.status).toBe(404);
    expect((await call(subscribersFunction, `/api/newsletters/${id}`, { params: { id } })).status).toBe(401);
  });
});
