import { beforeAll, describe, expect, it } from 'vitest';
import accessFunction from '../../netlify/functions/investor-access-request';
import chatFunction from '../../netlify/functions/chat';
import contactFunction from '../../netlify/functions/contact-send';
import contactsFunction from '../../netlify/functions/admin-contacts';
import newsletterFunction from '../../netlify/functions/newsletter-subscribe';
import replyFunction from '../../netlify/functions/admin-lead-reply';
import { saveUser } from '../../src/features/accounts/users-store';
import { contactTimelineSchema, type ContactTimeline } from '../../src/features/contacts/schema';
import { asAdmin, signIn, useAdminBench } from '../helpers/admin';
import { call, callJson } from '../helpers/functions';

const bench = useAdminBench();
const admin = (options: Parameters<typeof asAdmin>[1] = {}) => asAdmin(bench.cookie(), options);

let ipCount = 0;
const freshIp = () => `10.92.0.${++ipCount}`;
/** Each record a millisecond or more after the last: the order newest first is the order they were made in. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

async function contact(body: Record<string, unknown>, lang = 'en'): Promise<string> {
  const { status, body: answer } = await callJson<{ id: string }>(contactFunction, `/api/contact?lang=${lang}`, {
    method: 'POST',
    body,
    ip: freshIp(),
  });
  expect(status).toBe(201);
  await tick();
  return answer.id;
}

async function chatLead(name: string, email: string): Promise<string> {
  const messages: Array<{ role: 'user' | 'assistant'; content: string }> = [];
  let sessionId: string | undefined;
  for (const content of ['We need help with AI', 'I would like to talk to your team', 'yes', name, email, 'Ana SL']) {
    messages.push({ role: 'user', content });
    const { status, body } = await callJson<{ message: string; sessionId: string }>(chatFunction, '/api/chat', {
      method: 'POST',
      body: { messages, language: 'en', ...(sessionId ? { sessionId } : {}) },
      ip: '10.92.1.1',
    });
    expect(status).toBe(200);
    sessionId = body.sessionId;
    messages.push({ role: 'assistant', content: body.message });
  }
  await tick();
  return sessionId!;
}

async function timeline(query: string, options = admin()): Promise<ContactTimeline> {
  const { status, body } = await callJson<ContactTimeline>(contactsFunction, `/api/contacts?${query}`, options);
  expect(status).toBe(200);
  return contactTimelineSchema.parse(body);
}

const ids: Record<string, string> = {};
let chatSession = '';

beforeAll(async () => {
  // Ana, in every way she could reach the firm, with her address and phone written differently each time.
  ids['form'] = await contact({
    name: 'Ana Ruiz',
    email: 'Ana@Example.com ',
    phone: '+34 600 123 456',
    message: 'First message: our plants need demand forecasting.',
  });
  chatSession = await chatLead('Ana Ruiz', ' ANA@example.COM');
  const subscribed = await callJson(newsletterFunction, '/api/newsletter', {
    method: 'POST',
    body: { fullName: 'Ana R.', email: 'ana@example.com' },
    ip: freshIp(),
  });
  expect(subscribed.status).toBe(201);
  await tick();
  const access = await callJson<{ id: string }>(accessFunction, '/api/access-requests', {
    method: 'POST',
    body: {
      name: 'Ana Ruiz',
      email: 'ana@EXAMPLE.com',
      company: 'Ruiz Family Office',
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
  expect(access.status).toBe(201);
  ids['access'] = access.body.id;
  await tick();
  const reply = await callJson<{ id: string }>(replyFunction, `/api/contact-messages/${ids['form']}/reply`, {
    ...admin({ method: 'POST', body: { language: 'en', subject: 'Re: demand forecasting', body: 'Hello Ana' } }),
    params: { id: ids['form'] },
  });
  expect(reply.status).toBe(201);
  await tick();
  // From her work address, with her phone written the Spanish way: hers by the phone.
  ids['work'] = await contact(
    { name: 'Ana Ruiz', email: 'ana.ruiz@work.example', phone: '0034 600-123-456', message: 'From work' },
    'es',
  );
  // Another person, and a message that only shares the first digits.
  ids['other'] = await contact({
    name: 'Otro',
    email: 'otro@example.com',
    phone: '+34 600 123 457',
    message: 'Not Ana',
  });
  ids['newest'] = await contact({ name: 'Ana Ruiz', email: 'ana@example.com', message: 'Newest, no phone' });
});

describe('GET /api/contacts', () => {
  it('lists every record of one person, newest first, matched by e-mail (any case, spaces) and phone', async () => {
    const answer = await timeline(`email=${encodeURIComponent(' ANA@Example.com ')}`);
    // The newest number she gave from her own address, as she typed it (not the work address's, which is hers only by
    // the phone number: anyone can type a number).
    expect(answer.contact).toEqual({ email: 'ana@example.com', name: 'Ana Ruiz', phone: '+34 600 123 456' });
    expect(answer.items.map((item) => item.kind)).toEqual([
      'message',
      'message',
      'reply',
      'access-request',
      'newsletter',
      'chat',
      'message',
    ]);
    expect(answer.items.map((item) => item.id)).toContain(ids['work']);
    expect(answer.items.map((item) => item.id)).not.toContain(ids['other']);
    expect(answer.truncated).toBe(false);
    const ats = answer.items.map((item) => item.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    expect(answer.lead).toEqual({
      id: ids['newest'],
      kind: 'message',
      at: answer.items[0]!.at,
      status: 'new',
      owner: null,
      notes: null,
      outcome: null,
      value: null,
    });

    const [newest, work, reply, access, newsletter, chat, first] = answer.items;
    expect(newest).toMatchObject({ summary: 'Newest, no phone', link: { tab: 'messages', id: ids['newest'] } });
    expect(work).toMatchObject({
      id: ids['work'],
      summary: 'From work',
      status: 'new',
      email: 'ana.ruiz@work.example',
      matchedBy: 'phone',
    });
    expect(newest).toMatchObject({ email: 'ana@example.com', matchedBy: 'email' });
    expect(reply).toMatchObject({
      kind: 'reply',
      summary: 'Re: demand forecasting',
      leadId: ids['form'],
      by: 'partner',
    });
    expect(access).toMatchObject({ id: ids['access'], status: 'new', owner: null });
    expect(newsletter).toMatchObject({ status: 'pending', summary: 'Ana R.', link: { tab: 'newsletter' } });
    expect(chat).toMatchObject({ kind: 'chat', conversationId: chatSession, status: 'new' });
    expect(first).toMatchObject({ id: ids['form'], status: 'replied', owner: 'partner' });
    for (const item of answer.items) expect(item.summary.length).toBeLessThanOrEqual(160);
  });

  it.each([['0034600123456'], ['600-123-456'], ['600.123.456'], ['(+34) 600 123 456'], ['+34600123456']])(
    'finds her by a phone number written %j, from an address with no records',
    async (phone) => {
      const answer = await timeline(`email=nobody@example.com&phone=${encodeURIComponent(phone)}`);
      // Her two messages that gave the number, and the reply to the first.
      expect(answer.items.map((item) => item.kind)).toEqual(['message', 'reply', 'message']);
      expect(answer.items.map((item) => (item.kind === 'reply' ? item.leadId : item.id))).toEqual([
        ids['work'],
        ids['form'],
        ids['form'],
      ]);
      expect(answer.contact.email).toBe('nobody@example.com');
    },
  );

  it('answers a person with no records with no items (200)', async () => {
    const answer = await timeline('email=stranger@example.com&phone=12');
    expect(answer).toEqual({ contact: { email: 'stranger@example.com', name: null }, items: [], truncated: false });
  });

  it('refuses a missing or invalid address with 400 naming the field', async () => {
    for (const query of ['', 'email=', 'email=not-an-address', `email=a@b.co&phone=${'1'.repeat(51)}`]) {
      const { status, body } = await callJson<{ field?: string }>(contactsFunction, `/api/contacts?${query}`, admin());
      expect(status, query).toBe(400);
      expect(body.field, query).toBe(query.includes('phone') ? 'phone' : 'email');
    }
  });

  it('is for admins only: 401 for a visitor, 403 for an investor', async () => {
    expect((await call(contactsFunction, '/api/contacts?email=ana@example.com')).status).toBe(401);
    await saveUser({ username: 'contacts-investor', password: 'an investor password here', role: 'investor' });
    const cookie = await signIn('contacts-investor', 'an investor password here', '10.92.2.1');
    const refused = await call(contactsFunction, '/api/contacts?email=ana@example.com', asAdmin(cookie));
    expect(refused.status).toBe(403);
  });
});

describe('a stranger who types her phone number', () => {
  it('shows in her timeline as another address, and names neither her contact nor her lead', async () => {
    const mallory = await contact({
      name: 'Mallory',
      email: 'mallory@evil.example',
      phone: '+34 600 123 456',
      message: 'Reply to me instead',
    });
    const answer = await timeline('email=ana@example.com');
    expect(answer.contact).toEqual({ email: 'ana@example.com', name: 'Ana Ruiz', phone: '+34 600 123 456' });
    expect(answer.lead?.id).toBe(ids['newest']);
    expect(answer.items[0]).toMatchObject({ id: mallory, email: 'mallory@evil.example', matchedBy: 'phone' });
  });
});
