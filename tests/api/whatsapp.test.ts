import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context } from '@netlify/functions';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import webhookFunction from '../../netlify/functions/whatsapp-webhook';
import conversationsFunction from '../../netlify/functions/chat-log';
import conversationDeleteFunction from '../../netlify/functions/admin-chat-log-delete';
import privacyFunction from '../../netlify/functions/admin-privacy-requests';
import contactsFunction from '../../netlify/functions/admin-contacts';
import statusFunction from '../../netlify/functions/admin-whatsapp-status';
import chatFunction from '../../netlify/functions/chat';
import { runRetention } from '../../src/features/retention/retention';
import type { ListedConversation } from '../../src/features/whatsapp/conversations';
import type { PersonalData } from '../../src/features/privacy/schema';
import { database, queryCount, resetQueryCount } from '../../src/platform/db/client';
import { contactTimeline } from '../../src/features/contacts/timeline';
import { resetEnvCache } from '../../src/platform/env';
import { whatsappContacts, whatsappMessages } from '../../src/features/whatsapp/tables';
import { signatureHeader } from '../../src/features/whatsapp/signature';
import { dailyQuotaUsed } from '../../src/features/quotas/store';
import { MODEL_CALLS } from '../../src/features/quotas/quotas';
import { allPages } from '../../src/platform/db/paging';
import { eachLead } from '../../src/features/leads/messages-store';
import { portfolioContent } from '../../src/features/content/portfolio';
import { en } from '../../src/i18n/en';
import { es } from '../../src/i18n/es';
import { startLocalBlobs, type LocalBlobs } from '../helpers/blobs';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai';
import { portfolioFixture } from '../helpers/fixtures';
import { startLocalSmtp, type LocalSmtp } from '../helpers/smtp';
import { testDatabase } from '../helpers/db-setup';
import { listMeetings, savePartnerSettings } from '../../src/features/meetings/store';
import { book, offeredSlots } from '../../src/features/meetings/booking';
import { slotLabel } from '../../src/features/chat/meeting-offer';
import { setClock } from '../../src/platform/clock';
import { siteUrl } from '../../src/features/mail/templates';
import { whatsappText } from '../../src/features/whatsapp/text';
import type { PartnerSettings } from '../../src/features/meetings/schema';
import { asAdmin, signIn, useTestEnv } from '../helpers/admin';
import { call, callJson } from '../helpers/functions';

const SECRET = 'test-app-secret-for-signatures';
const VERIFY = 'test-verify-token';
const PHONE_NUMBER_ID = '106540352242922';

/** A fake Graph API on 127.0.0.1: records every message sent and answers as Meta does, with a new wamid. */
interface FakeGraph {
  base: string;
  sent: Array<{ path: string; authorization: string | undefined; body: SentBody }>;
  /** While set, each send is recorded at once and answered only when this promise settles. */
  hold: Promise<void> | null;
  stop: () => Promise<void>;
}
interface SentBody {
  messaging_product: string;
  to?: string;
  recipient?: string;
  type: string;
  text: { body: string; preview_url?: boolean };
}

async function startFakeGraph(): Promise<FakeGraph> {
  const sent: FakeGraph['sent'] = [];
  let count = 0;
  const fake = { hold: null } as Pick<FakeGraph, 'hold'>;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as SentBody;
      sent.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
      void (fake.hold ?? Promise.resolve()).then(() => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            messaging_product: 'whatsapp',
            contacts: [{ input: body.to, wa_id: body.to }],
            messages: [{ id: `wamid.out.${++count}` }],
          }),
        );
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    base: `http://127.0.0.1:${port}/v26.0`,
    sent,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

let blobs: LocalBlobs;
let graph: FakeGraph;
let openai: FakeOpenAi;
let smtp: LocalSmtp;
let cookie: string;

function connect(on: boolean) {
  const variables = {
    WHATSAPP_VERIFY_TOKEN: VERIFY,
    WHATSAPP_APP_SECRET: SECRET,
    WHATSAPP_ACCESS_TOKEN: 'test-access-token',
    WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
    WHATSAPP_API_BASE: graph.base,
  };
  for (const [name, value] of Object.entries(variables)) {
    if (on) process.env[name] = value;
    else delete process.env[name];
  }
  resetEnvCache();
}

function useModel(on: boolean, cap = 1000) {
  if (on) {
    process.env['OPENAI_API_KEY'] = 'sk-test-key';
    process.env['OPENAI_BASE_URL'] = openai.baseURL;
    process.env['OPENAI_MODEL'] = 'test-model';
    process.env['CHAT_DAILY_MODEL_CALLS'] = String(cap);
  } else {
    delete process.env['OPENAI_API_KEY'];
  }
  resetEnvCache();
}

beforeAll(async () => {
  blobs = await startLocalBlobs();
  graph = await startFakeGraph();
  openai = await startFakeOpenAi();
  smtp = await startLocalSmtp();
  useTestEnv();
  cookie = await signIn();
  await portfolioContent.saveMany([
    portfolioFixture(1, {
      title: {
        en: 'Logistics control tower for a Spanish carrier',
        es: 'Torre de control logística para un transportista español',
      },
    }),
  ]);
});
afterAll(async () => {
  connect(false);
  useModel(false);
  await smtp.stop();
  await openai.stop();
  await graph.stop();
  await blobs.stop();
});
beforeEach(() => {
  connect(true);
  useModel(false);
  smtp.configure(true);
  delete process.env['QUOTA_MODEL_CALLS_PER_IP'];
  resetEnvCache();
  graph.sent.length = 0;
  openai.requests.length = 0;
});

/** Calls the function as Netlify does, with a context whose `waitUntil` keeps the work; `settled` awaits it. */
async function post(rawBody: string, headers: Record<string, string>) {
  const pending: Array<Promise<unknown>> = [];
  const context = {
    params: {},
    ip: '173.252.0.1',
    waitUntil: (promise: Promise<unknown>) => pending.push(promise),
  } as unknown as Context;
  const request = new Request('http://localhost:8888/api/whatsapp/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: rawBody,
  });
  const response = await webhookFunction(request, context);
  const worked = pending.length;
  await Promise.all(pending);
  return { status: response.status, text: await response.text(), worked };
}

function verify(query: string) {
  return webhookFunction(new Request(`http://localhost:8888/api/whatsapp/webhook?${query}`), {
    params: {},
  } as unknown as Context);
}

let wamidCount = 0;
const newWamid = () => `wamid.HBgLMzQ2MDAxMjM0NTYVAgASGBQz${++wamidCount}`;

interface Person {
  phone: string;
  userId?: string;
  name?: string;
}
const person = (n: number, name = `Person ${n}`): Person => ({
  phone: `3460010${String(n).padStart(4, '0')}`,
  userId: `ES.10${n}`,
  name,
});

/** A webhook payload shaped like Meta's: one message (text unless `message` says otherwise) from `from`. */
function inbound(from: Person, message: Record<string, unknown>, seconds = Math.floor(Date.now() / 1000)) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '34910000000', phone_number_id: PHONE_NUMBER_ID },
              contacts: [{ profile: { name: from.name }, wa_id: from.phone, user_id: from.userId }],
              messages: [
                {
                  from: from.phone,
                  from_user_id: from.userId,
                  id: newWamid(),
                  timestamp: String(seconds),
                  ...message,
                },
              ],
            },
          },
        ],
      },
    ],
  };
}
const textMessage = (body: string) => ({ type: 'text', text: { body } });

function statuses(list: Array<{ id: string; status: string }>, to: Person) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '34910000000', phone_number_id: PHONE_NUMBER_ID },
              statuses: list.map((status) => ({ ...status, timestamp, recipient_id: to.phone })),
            },
          },
        ],
      },
    ],
  };
}

/** Posts a payload signed with the app secret, as Meta does. */
function send(payload: unknown) {
  const raw = JSON.stringify(payload);
  return post(raw, { 'x-hub-signature-256': signatureHeader(raw, SECRET) });
}

/** Sends one text from a person and answers what the firm's number sent back (the body, or null). */
async function say(from: Person, body: string): Promise<string | null> {
  const before = graph.sent.length;
  const { status } = await send(inbound(from, textMessage(body)));
  expect(status).toBe(200);
  const replies = graph.sent.slice(before).filter((sent) => sent.body.to === from.phone);
  expect(replies.length).toBeLessThanOrEqual(1);
  return replies[0]?.body.text.body ?? null;
}

async function messagesOf(contactId: string) {
  return database()
    .select()
    .from(whatsappMessages)
    .where(eq(whatsappMessages.contactId, contactId))
    .orderBy(asc(whatsappMessages.at), asc(whatsappMessages.direction));
}

describe('GET /api/whatsapp/webhook (Meta verification)', () => {
  it('answers the challenge as text for the right token, 403 otherwise', async () => {
    const ok = await verify('hub.mode=subscribe&hub.verify_token=test-verify-token&hub.challenge=1158201444');
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    expect((await verify('hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1')).status).toBe(403);
    expect((await verify('hub.mode=unsubscribe&hub.verify_token=test-verify-token&hub.challenge=1')).status).toBe(403);
    expect((await verify('hub.mode=subscribe&hub.challenge=1')).status).toBe(403);
  });
});

describe('without the WhatsApp variables', () => {
  it('both endpoints answer 404 and nothing is stored or sent', async () => {
    connect(false);
    const before = await testDatabase().snapshot({ withoutQuotas: true });
    const get = await verify('hub.mode=subscribe&hub.verify_token=test-verify-token&hub.challenge=1');
    expect(get.status).toBe(404);
    const raw = JSON.stringify(inbound(person(90), textMessage('Hello')));
    const posted = await post(raw, { 'x-hub-signature-256': signatureHeader(raw, SECRET) });
    expect(posted.status).toBe(404);
    expect(await testDatabase().snapshot({ withoutQuotas: true })).toEqual(before);
    expect(graph.sent).toHaveLength(0);
  });
});

describe('POST /api/whatsapp/webhook', () => {
  it('refuses a missing or wrong signature with 401: nothing stored, nothing sent', async () => {
    const before = await testDatabase().snapshot({ withoutQuotas: true });
    const raw = JSON.stringify(inbound(person(1), textMessage('Hello, what do you do?')));
    const wrongSecret = await post(raw, { 'x-hub-signature-256': signatureHeader(raw, 'another-secret') });
    const missing = await post(raw, {});
    const otherBody = await post(raw.replace('Hello', 'Hallo'), {
      'x-hub-signature-256': signatureHeader(raw, SECRET),
    });
    const garbage = await post(raw, { 'x-hub-signature-256': 'sha256=zz' });
    for (const answer of [wrongSecret, missing, otherBody, garbage]) {
      expect(answer.status).toBe(401);
      expect(answer.worked).toBe(0);
    }
    expect(await testDatabase().snapshot({ withoutQuotas: true })).toEqual(before);
    expect(graph.sent).toHaveLength(0);
  });

  it('refuses a body past its bound with 413', async () => {
    const raw = JSON.stringify({ object: 'whatsapp_business_account', entry: [], pad: 'x'.repeat(300 * 1024) });
    const { status } = await post(raw, { 'x-hub-signature-256': signatureHeader(raw, SECRET) });
    expect(status).toBe(413);
  });

  it('answers 200 before the work and stores and answers a retried wamid once', async () => {
    const from = person(2);
    const payload = inbound(from, textMessage('Hello, what services do you offer?'));
    const first = await send(payload);
    const retry = await send(payload);
    expect([first.status, retry.status]).toEqual([200, 200]);
    expect(first.worked).toBe(1);
    expect(graph.sent).toHaveLength(1);
    const [sent] = graph.sent;
    expect(sent!.path).toBe(`/v26.0/${PHONE_NUMBER_ID}/messages`);
    expect(sent!.authorization).toBe('Bearer test-access-token');
    expect(sent!.body).toMatchObject({ messaging_product: 'whatsapp', to: from.phone, type: 'text' });
    const rows = await messagesOf(from.userId!);
    expect(rows.map((row) => [row.direction, row.status])).toEqual([
      ['in', 'received'],
      ['out', 'sent'],
    ]);
    const [contact] = await database().select().from(whatsappContacts).where(eq(whatsappContacts.id, from.userId!));
    expect(contact).toMatchObject({ phone: from.phone, name: 'Person 2', language: 'en' });
  });

  it('answers in English and in Spanish, the AI disclosure as the first line of the first reply only', async () => {
    const english = await say(person(3), 'Hello, what services do you offer?');
    expect(english!.split('\n')[0]).toBe(en['whatsapp.disclosure']);
    const again = await say(person(3), 'Do you work with logistics companies?');
    expect(again).not.toContain(en['whatsapp.disclosure']);
    expect(again).toMatch(/logistics/i);

    const spanish = await say(person(4, 'Lucía'), 'Hola, ¿qué servicios ofrecen a las empresas?');
    expect(spanish!.split('\n')[0]).toBe(es['whatsapp.disclosure']);
    expect(spanish).not.toContain(en['whatsapp.disclosure']);
    const [contact] = await database().select().from(whatsappContacts).where(eq(whatsappContacts.id, 'ES.104'));
    expect(contact!.language).toBe('es');
  });

  it("tells the model the message's language; its links come as plain URLs; at most 4,096 characters", async () => {
    useModel(true);
    openai.respondWith({ text: 'Vea [Torre de control](/es/portfolio/logistics-control-tower) y **más**.' });
    const reply = await say(person(5), '¿Tienen experiencia en logística?');
    expect(openai.requests).toHaveLength(1);
    expect(openai.requests[0]!.body.messages[0]!.content).toContain('Always answer in Spanish');
    expect(reply).toContain('Torre de control: https://site.test/es/portfolio/logistics-control-tower');
    expect(reply).toContain('*más*');
    expect(reply).not.toContain('](');

    openai.respondWith({ text: 'word '.repeat(1500) });
    const long = await say(person(5), 'Tell me everything about your logistics work');
    expect(long!.length).toBeLessThanOrEqual(4096);
    // The conversation so far went to the model as the chat's history.
    const last = openai.requests[1]!.body.messages;
    expect(last.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
  });

  it('answers any other message type with the text-only note, in the language of the number', async () => {
    await send(inbound(person(6), { type: 'image', image: { id: 'media-1', mime_type: 'image/jpeg' } }));
    const british = { phone: '447700900123', userId: 'GB.106', name: 'Sam' };
    await send(inbound(british, { type: 'audio', audio: { id: 'media-2', mime_type: 'audio/ogg' } }));
    expect(graph.sent).toHaveLength(2);
    expect(graph.sent[0]!.body.text.body).toContain(es['whatsapp.textOnly']);
    expect(graph.sent[1]!.body.text.body).toContain(en['whatsapp.textOnly']);
  });

  it('sends nothing 24 hours after the last message, and stores why', async () => {
    const from = person(7);
    useModel(true);
    const dayAndHourAgo = Math.floor(Date.now() / 1000) - 25 * 60 * 60;
    const { status } = await send(inbound(from, textMessage('Hello, what do you do?'), dayAndHourAgo));
    expect(status).toBe(200);
    expect(graph.sent).toHaveLength(0);
    // Not answered, so not worth a model call either.
    expect(openai.requests).toHaveLength(0);
    useModel(false);
    const rows = await messagesOf(from.userId!);
    expect(rows.map((row) => [row.direction, row.status, row.note])).toEqual([
      ['in', 'received', null],
      ['out', 'not-sent', 'window'],
    ]);
    // Within the window again (a new message), the reply goes, with the disclosure it did not get.
    const reply = await say(from, 'Hello again, are you there?');
    expect(reply!.split('\n')[0]).toBe(en['whatsapp.disclosure']);
  });

  it('STOP and BAJA end the conversation: a confirmation, then nothing more', async () => {
    const spanish = person(8);
    expect(await say(spanish, 'Hola, ¿qué hacen?')).toBeTruthy();
    expect(await say(spanish, 'BAJA')).toContain(es['whatsapp.stopped']);
    expect(await say(spanish, 'Hola, ¿sigue ahí?')).toBeNull();
    expect(await say(spanish, 'BAJA')).toBeNull();

    const english = person(9);
    expect(await say(english, 'Hello, what do you do?')).toBeTruthy();
    expect(await say(english, 'stop')).toContain(en['whatsapp.stopped']);
    expect(await say(english, 'Hello?')).toBeNull();
    const [contact] = await database().select().from(whatsappContacts).where(eq(whatsappContacts.id, 'ES.109'));
    expect(contact!.stoppedAt).not.toBeNull();
  });

  it('files a lead with consent (source WhatsApp, the phone) and mails the alert', async () => {
    const from = person(10, 'Ana');
    expect(await say(from, 'I would like to talk to your team')).toContain('Do you agree?');
    expect(await say(from, 'yes')).toContain(en['assistant.leadName']);
    expect(await say(from, 'Ana Whatsapp')).toContain('What email address');
    expect(await say(from, 'ana.whatsapp@example.com')).toContain(en['assistant.leadCompany']);
    expect(await say(from, 'Acme Logistics')).toContain('ana.whatsapp@example.com');
    const leads = (await allPages(eachLead())).filter((lead) => lead.email === 'ana.whatsapp@example.com');
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ source: 'whatsapp', name: 'Ana Whatsapp', company: 'Acme Logistics' });
    expect(leads[0]!.phone).toBe(`+${from.phone}`);
    const alerts = smtp.to('leads@vantia.test').filter((mail) => mail.parsed.subject?.includes('Ana Whatsapp'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.parsed.subject).toContain('WhatsApp');
    expect(alerts[0]!.parsed.text).toContain('I would like to talk to your team');
  });

  it('a no to the consent question files nothing', async () => {
    const from = person(11);
    await say(from, 'Quiero hablar con su equipo');
    expect(await say(from, 'no')).toContain('no he guardado nada');
    const leads = (await allPages(eachLead())).filter((lead) => lead.source === 'whatsapp');
    expect(leads.every((lead) => lead.phone !== `+${from.phone}`)).toBe(true);
  });

  it('writes to a person Meta names only by their user id through `recipient` (`to` takes phone numbers)', async () => {
    const payload = inbound(person(90), textMessage('Hello, what do you do?'));
    const value = payload.entry[0]!.changes[0]!.value;
    delete (value.messages[0] as { from?: string }).from;
    delete (value.contacts[0] as { wa_id?: string }).wa_id;
    await send(payload);
    expect(graph.sent.map((sent) => [sent.body.to, sent.body.recipient])).toEqual([[undefined, 'ES.1090']]);
    // Known by phone too: the phone, in `to`.
    await say(person(91), 'Hello, what do you do?');
    expect(graph.sent.at(-1)!.body).toMatchObject({ to: person(91).phone });
    expect(graph.sent.at(-1)!.body.recipient).toBeUndefined();
  });

  it('status callbacks update the delivery state of the message sent', async () => {
    const from = person(12);
    await say(from, 'Hello, what do you do?');
    const [sentRow] = (await messagesOf(from.userId!)).filter((row) => row.direction === 'out');
    const wamid = sentRow!.wamid;
    expect(wamid).toMatch(/^wamid\.out\./);
    await send(statuses([{ id: wamid, status: 'delivered' }], from));
    let [out] = (await messagesOf(from.userId!)).filter((row) => row.direction === 'out');
    expect(out).toMatchObject({ wamid, status: 'delivered' });
    await send(statuses([{ id: wamid, status: 'read' }], from));
    [out] = (await messagesOf(from.userId!)).filter((row) => row.direction === 'out');
    expect(out!.status).toBe('read');
  });

  it('keeps the daily caps on model calls under 20 parallel messages: the site and one contact', async () => {
    useModel(true);
    openai.respondWith({ text: 'From the model.' });
    const used = await dailyQuotaUsed(MODEL_CALLS);
    useModel(true, used + 5);
    const people = Array.from({ length: 20 }, (_, i) => person(200 + i));
    const answers = await Promise.all(people.map((from) => send(inbound(from, textMessage('What do you do in AI?')))));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(openai.requests).toHaveLength(5);
    expect(graph.sent).toHaveLength(20);
    expect(graph.sent.filter((sent) => sent.body.text.body.includes('From the model.'))).toHaveLength(5);

    // One contact's share: QUOTA_MODEL_CALLS_PER_IP counts a WhatsApp contact as the chat counts an IP.
    openai.requests.length = 0;
    graph.sent.length = 0;
    process.env['QUOTA_MODEL_CALLS_PER_IP'] = '3';
    useModel(true, used + 1000);
    const one = person(300);
    await Promise.all(Array.from({ length: 20 }, () => send(inbound(one, textMessage('What do you do in AI?')))));
    expect(openai.requests).toHaveLength(3);
    expect(graph.sent).toHaveLength(20);
  });
});

describe('the conversations tab: both channels', () => {
  it('tells the dashboard whether WhatsApp is connected, which variables are missing, and the webhook URL', async () => {
    const status = () =>
      callJson<{ connected: boolean; missing: string[]; webhookUrl: string }>(
        statusFunction,
        '/api/whatsapp/status',
        asAdmin(cookie),
      );
    expect((await status()).body).toEqual({
      connected: true,
      missing: [],
      webhookUrl: 'https://site.test/api/whatsapp/webhook',
    });
    delete process.env['WHATSAPP_APP_SECRET'];
    resetEnvCache();
    const off = await status();
    expect(off.body).toMatchObject({ connected: false, missing: ['WHATSAPP_APP_SECRET'] });
    expect(JSON.stringify(off.body)).not.toContain('test-access-token');
    expect((await callJson(statusFunction, '/api/whatsapp/status')).status).toBe(401);
  });

  const list = (query = '') =>
    callJson<ListedConversation[]>(conversationsFunction, `/api/whatsapp-conversations${query}`, asAdmin(cookie));

  it('lists web chats and WhatsApp conversations together, each with its channel, and filters by channel', async () => {
    const chat = await callJson<{ sessionId: string }>(chatFunction, '/api/chat', {
      method: 'POST',
      body: { messages: [{ role: 'user', content: 'What services do you offer?' }], language: 'en' },
    });
    expect(chat.status).toBe(200);
    const from = person(400, 'Marta');
    await say(from, 'Hola, ¿qué servicios ofrecen?');
    const late = person(404);
    await send(inbound(late, textMessage('¿Siguen ahí?'), Math.floor(Date.now() / 1000) - 25 * 60 * 60));

    const both = await list();
    expect(both.status).toBe(200);
    const channels = new Set(both.body.map((conversation) => conversation.channel));
    expect(channels).toEqual(new Set(['chat', 'whatsapp']));
    const started = both.body.map((conversation) => conversation.conversationStarted);
    expect(started).toEqual([...started].sort().reverse());

    const whatsapp = await list('?channel=whatsapp');
    expect(whatsapp.body.every((conversation) => conversation.channel === 'whatsapp')).toBe(true);
    const marta = whatsapp.body.find((conversation) => conversation.id === from.userId)!;
    expect(marta).toMatchObject({
      channel: 'whatsapp',
      phone: `+${from.phone}`,
      visitorName: 'Marta',
      language: 'es',
      firstQuestion: 'Hola, ¿qué servicios ofrecen?',
    });
    // The transcript says what was sent, and why a reply was not (the 24-hour window).
    const lines = (conversation: ListedConversation) =>
      conversation.channel === 'whatsapp'
        ? conversation.messages.map((line) => [line.role, line.status, line.note])
        : [];
    expect(lines(marta)).toEqual([
      ['user', 'received', null],
      ['bot', 'sent', null],
    ]);
    expect(lines(whatsapp.body.find((conversation) => conversation.id === late.userId)!)).toEqual([
      ['user', 'received', null],
      ['bot', 'not-sent', 'window'],
    ]);
    const chats = await list('?channel=chat');
    expect(chats.body.map((conversation) => conversation.sessionId)).toContain(chat.body.sessionId);
    expect(chats.body.every((conversation) => conversation.channel === 'chat')).toBe(true);
    expect((await list('?channel=sms')).status).toBe(400);
    // Found by phone in the list's search, written any way the contact timeline reads a phone.
    const national = from.phone.slice(2).replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3');
    for (const q of ['+' + from.phone, `0034 ${national}`, national, from.phone, `(+34) ${national}`]) {
      const found = await list(`?q=${encodeURIComponent(q)}`);
      expect(
        found.body.map((conversation) => conversation.id),
        q,
      ).toEqual([from.userId]);
    }
    expect((await list(`?q=${encodeURIComponent('600 1')}`)).body).toEqual([]);
    expect((await callJson(conversationsFunction, '/api/whatsapp-conversations')).status).toBe(401);
  });

  it("exports both channels with the seed's columns and the channel", async () => {
    const csv = await (
      await call(conversationsFunction, '/api/whatsapp-conversations?format=csv', asAdmin(cookie))
    ).text();
    const lines = csv
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Session ID","Message Role","Message Content","Timestamp","Language","Started","Message Count","Channel"',
    );
    expect(lines.some((line) => line.startsWith('"ES.10400","user","Hola, ¿qué servicios ofrecen?"'))).toBe(true);
    expect(lines.some((line) => line.endsWith('"whatsapp"'))).toBe(true);
    expect(lines.some((line) => line.endsWith('"chat"'))).toBe(true);
  });

  it('an admin deletes one WhatsApp conversation with every message of it', async () => {
    const from = person(401);
    await say(from, 'Hello, what do you do?');
    const url = `/api/whatsapp-conversations/${from.userId}?channel=whatsapp`;
    const options = asAdmin(cookie, { method: 'DELETE', params: { id: from.userId! } });
    expect((await callJson(conversationDeleteFunction, url, options)).status).toBe(200);
    expect(await messagesOf(from.userId!)).toEqual([]);
    expect((await callJson(conversationDeleteFunction, url, options)).status).toBe(404);
  });

  it('a privacy request finds WhatsApp conversations by phone, with the lead filed there, and erases them', async () => {
    const from = person(402, 'Pilar');
    await say(from, 'Quiero hablar con su equipo');
    await say(from, 'sí');
    await say(from, 'Pilar Privacidad');
    await say(from, 'pilar.privacy@example.com');
    await say(from, 'ninguna');
    const ask = (body: Record<string, string>) =>
      callJson<PersonalData & { erased?: Record<string, number> }>(
        privacyFunction,
        '/api/privacy-requests',
        asAdmin(cookie, { method: 'POST', body }),
      );
    const byPhone = await ask({ phone: '+34 600 10 0402', kind: 'lookup' });
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.whatsappConversations.map((conversation) => conversation.id)).toEqual([from.userId]);
    expect(byPhone.body.contactMessages.map((message) => message.email)).toEqual(['pilar.privacy@example.com']);
    const byEmail = await ask({ email: 'PILAR.privacy@example.com', kind: 'lookup' });
    expect(byEmail.body.whatsappConversations.map((conversation) => conversation.id)).toEqual([from.userId]);
    expect((await ask({ kind: 'lookup' })).status).toBe(400);

    const erased = await ask({ phone: '0034600100402', kind: 'erasure' });
    expect(erased.body.erased).toMatchObject({ whatsappConversations: 1, contactMessages: 1 });
    expect(await messagesOf(from.userId!)).toEqual([]);
    expect((await ask({ phone: '+34600100402', kind: 'lookup' })).body.whatsappConversations).toEqual([]);
  });

  it("the contact view lists a person's WhatsApp conversations: by the address given there, and by phone", async () => {
    const timeline = (query: string) =>
      callJson<{ items: Array<{ kind: string; id: string; summary: string; link: { tab: string; id: string } }> }>(
        contactsFunction,
        `/api/contacts?${query}`,
        asAdmin(cookie),
      );
    const lucia = person(405, 'Lucía');
    await say(lucia, 'Quiero hablar con su equipo');
    await say(lucia, 'sí');
    await say(lucia, 'Lucía Contacto');
    await say(lucia, 'lucia.timeline@example.com');
    await say(lucia, 'ninguna');
    const byAddress = await timeline('email=Lucia.Timeline%40example.com');
    expect(byAddress.status).toBe(200);
    const whatsapp = byAddress.body.items.filter((item) => item.kind === 'whatsapp');
    expect(whatsapp).toEqual([
      expect.objectContaining({
        id: lucia.userId,
        summary: 'Quiero hablar con su equipo',
        link: { tab: 'whatsapp', id: lucia.userId },
      }),
    ]);
    // One summary statement finds them, whatever their messages: with the leads', replies' and subscription's, four.
    await say(lucia, 'Gracias');
    resetQueryCount();
    const direct = await contactTimeline({ email: 'lucia.timeline@example.com', phone: '+34 600 10 04 05' });
    expect(queryCount()).toBe(4);
    const [contact] = await database().select().from(whatsappContacts).where(eq(whatsappContacts.id, lucia.userId!));
    expect(direct.items.filter((item) => item.kind === 'whatsapp')).toEqual([
      expect.objectContaining({ id: lucia.userId, at: contact!.lastActivity, summary: 'Quiero hablar con su equipo' }),
    ]);
    // Someone who only wrote on WhatsApp: found by the phone the query names, in any format.
    const tomas = person(406, 'Tomás');
    await say(tomas, 'Do you invest in healthtech?');
    const byPhone = await timeline(`email=tomas%40example.com&phone=${encodeURIComponent('600 10 04 06')}`);
    expect(byPhone.body.items.filter((item) => item.kind === 'whatsapp').map((item) => item.id)).toEqual([
      tomas.userId,
    ]);
    expect(
      (await timeline('email=nobody%40example.com')).body.items.filter((item) => item.kind === 'whatsapp'),
    ).toEqual([]);
  });

  it('retention deletes a WhatsApp conversation 12 months after its last message', async () => {
    const old = new Date(Date.now() - 400 * 24 * 60 * 60 * 1000).toISOString();
    await database().insert(whatsappContacts).values({
      id: 'ES.old',
      phone: '34600999999',
      language: 'es',
      started: old,
      lastInboundAt: old,
      lastActivity: old,
    });
    await database().insert(whatsappMessages).values({
      wamid: 'wamid.old',
      contactId: 'ES.old',
      direction: 'in',
      type: 'text',
      body: 'Hola',
      at: old,
      status: 'received',
    });
    const recent = person(403);
    await say(recent, 'Hello, what do you do?');
    const report = await runRetention(new Date());
    expect(report.whatsappConversations).toBe(1);
    expect(await messagesOf('ES.old')).toEqual([]);
    expect(await messagesOf(recent.userId!)).toHaveLength(2);
  });
});

/** A payload shaped like Meta's batching several texts of one person in one call. */
function inboundBatch(from: Person, bodies: string[]) {
  const payload = inbound(from, textMessage(bodies[0]!));
  const seconds = String(Math.floor(Date.now() / 1000));
  payload.entry[0]!.changes[0]!.value.messages = bodies.map((body) => ({
    from: from.phone,
    from_user_id: from.userId,
    id: newWamid(),
    timestamp: seconds,
    ...textMessage(body),
  }));
  return payload;
}

const inboundOf = async (from: Person) =>
  (await messagesOf(from.userId ?? from.phone)).filter((row) => row.direction === 'in');

describe('the meeting offer on WhatsApp', () => {
  /** Monday 7 December 2026, 08:00 in Madrid: the first free times are 9:00, 9:30 and 10:00. */
  const NOW = new Date('2026-12-07T07:00:00.000Z');
  let partnerId: string;
  const hours = (list: PartnerSettings['hours']) =>
    savePartnerSettings(partnerId, {
      hours: list,
      daysOff: [],
      noticeMinutes: 60,
      bufferMinutes: 0,
      meetingLink: 'https://meet.example.com/partner',
    });
  beforeAll(async () => {
    const [admin] = await testDatabase().query<{ id: string }>('SELECT id FROM users LIMIT 1');
    partnerId = admin!.id;
    await hours([1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 540, endMinute: 1020 })));
  });
  afterAll(async () => {
    setClock(null);
    await hours([]);
  });
  beforeEach(() => setClock(NOW));

  const freeStarts = async () => (await offeredSlots(NOW)).slots.map((slot) => slot.start);

  it('offers the next three times as a numbered list in Madrid time with the /book URL; "2" books it', async () => {
    const from = person(40, 'Marta');
    const offer = await say(from, 'Could we meet to discuss a project?');
    expect(offer).toContain(whatsappText(en['assistant.meetingOffer'].replace('{bookUrl}', '/book')));
    expect(offer).toContain(`${siteUrl()}/book`);
    expect(offer).toContain(
      [
        '1. Mon, Dec 7, 09:00 (Madrid time)',
        '2. Mon, Dec 7, 09:30 (Madrid time)',
        '3. Mon, Dec 7, 10:00 (Madrid time)',
        '',
        'Reply with the number of the time you prefer (1, 2, or 3).',
      ].join('\n'),
    );
    expect(await say(from, '2')).toMatch(/^Good choice: Mon, Dec 7, 09:30 \(Madrid time\)\. .*privacy policy: http/);
    expect(await say(from, 'yes')).toBe(en['assistant.leadName']);
    expect(await say(from, 'Marta Wa')).toBe('What email address should we use, Marta Wa?');
    expect(await say(from, 'marta.wa@example.com')).toBe(en['assistant.leadCompany']);
    expect(await say(from, 'Gil Capital')).toBe(en['assistant.meetingTopic']);
    expect(await say(from, 'Raising a Series A')).toMatch(
      /^Done, Marta Wa: your meeting with .+ is booked for Mon, Dec 7, 09:30 \(Madrid time\)\. I've sent the calendar invitation to marta\.wa@example\.com/,
    );

    // Booked as the form books: the meeting, its lead (source booking, with the WhatsApp phone), the invitation.
    const meeting = (await listMeetings(NOW)).upcoming.find((row) => row.email === 'marta.wa@example.com');
    expect(meeting).toMatchObject({
      start: '2026-12-07T08:30:00.000Z',
      name: 'Marta Wa',
      company: 'Gil Capital',
      topic: 'Raising a Series A',
      language: 'en',
      status: 'confirmed',
    });
    const lead = (await allPages(eachLead())).find((row) => row.email === 'marta.wa@example.com');
    expect(lead).toMatchObject({ source: 'booking', phone: `+${from.phone}` });
    const invitation = smtp
      .to('marta.wa@example.com')[0]
      ?.parsed.attachments.find((part) => part.contentType.startsWith('text/calendar'));
    expect(invitation?.content.toString('utf8')).toContain('METHOD:REQUEST');
    expect(await freeStarts()).not.toContain('2026-12-07T08:30:00.000Z');
    const [contact] = await database().select().from(whatsappContacts).where(eq(whatsappContacts.id, from.userId!));
    expect(contact).toMatchObject({ leadStep: null, leadBooking: null });
  });

  it('in Spanish: chosen by its time; a time taken meanwhile gets a clear answer and the next times', async () => {
    const from = person(41, 'Lucía');
    const offer = await say(from, 'Me gustaría tener una reunión con ustedes');
    expect(offer).toContain(`${siteUrl()}/es/book`);
    const lines = offer!.split('\n').filter((line) => /^[1-3]\. /.test(line));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^1\. lun, 7 dic, \d\d:\d\d \(hora de Madrid\)$/);
    expect(offer).toContain('Responda con el número de la hora que prefiera (1, 2 o 3).');
    const chosen = /(\d\d:\d\d)/.exec(lines[1]!)![1]!;
    expect(await say(from, chosen)).toMatch(new RegExp(`^Perfecto: lun, 7 dic, ${chosen} \\(hora de Madrid\\)`));
    expect(await say(from, 'sí')).toBe(es['assistant.leadName']);
    await say(from, 'Lucía Wa');
    expect(await say(from, 'lucia.wa@example.com')).toBe(es['assistant.leadCompany']);
    expect(await say(from, 'ninguna')).toBe(es['assistant.meetingTopic']);

    // Someone else books that time through the form's rules before Lucía says what she wants to talk about.
    const start = (await offeredSlots(NOW)).slots.find((slot) => slotLabel(slot.start, 'es') === lines[1]!.slice(3))!;
    await book(
      {
        start: start.start,
        partnerId: start.partnerId,
        name: 'Otro',
        email: 'otro.wa@example.com',
        company: null,
        topic: 'Otra cosa',
      },
      'es',
      '10.40.0.1',
      NOW,
    );
    const taken = await say(from, 'Inversión en agritech');
    expect(taken).toMatch(/^Lo sentimos, alguien acaba de reservar esa hora\./);
    const again = taken!.split('\n').filter((line) => /^[1-3]\. /.test(line));
    expect(again).toHaveLength(3);
    expect(again.join('\n')).not.toContain(chosen);

    // What she gave is kept: her number books at once.
    const when = again[0]!.slice(3);
    expect(await say(from, 'el 1')).toMatch(
      new RegExp(`^Listo, Lucía Wa: su reunión con .+ queda reservada para el ${when.replace(/[()]/g, '\\$&')}`),
    );
    const meeting = (await listMeetings(NOW)).upcoming.find((row) => row.email === 'lucia.wa@example.com');
    expect(meeting).toMatchObject({ language: 'es', company: null, topic: 'Inversión en agritech' });
    expect(smtp.to('lucia.wa@example.com')[0]!.parsed.subject).toContain('Su reunión con Vantia Partners');
  });

  it('asks for the numbers of the times offered: "(1 or 2)" for two, "1" alone for one', async () => {
    const tuesday = (endMinute: number) =>
      savePartnerSettings(partnerId, {
        hours: [{ weekday: 2, startMinute: 540, endMinute }],
        daysOff: ['2026-12-15'],
        noticeMinutes: 60,
        bufferMinutes: 0,
        meetingLink: 'https://meet.example.com/partner',
      });
    try {
      await tuesday(600);
      const two = await say(person(42), 'Could we meet to discuss a project?');
      expect(two).toContain(
        [
          '1. Tue, Dec 8, 09:00 (Madrid time)',
          '2. Tue, Dec 8, 09:30 (Madrid time)',
          '',
          'Reply with the number of the time you prefer (1 or 2).',
        ].join('\n'),
      );
      await tuesday(570);
      const one = await say(person(43), 'Me gustaría tener una reunión con ustedes');
      expect(one).toContain(
        ['1. mar, 8 dic, 09:00 (hora de Madrid)', '', 'Responda 1 para elegir esta hora.'].join('\n'),
      );
      expect(one).not.toContain('2.');
    } finally {
      await hours([1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 540, endMinute: 1020 })));
    }
  });
});

describe('a batch, the daily quota, STOP', () => {
  it('records every message of a batch before answering any: work cut off after the 200 loses no message', async () => {
    const from = person(50);
    const bodies = ['Hello, what do you do?', 'Do you work in logistics?', 'And in AI?'];
    let release!: () => void;
    graph.hold = new Promise<void>((resolve) => (release = resolve));
    const pending: Array<Promise<unknown>> = [];
    const raw = JSON.stringify(inboundBatch(from, bodies));
    try {
      const response = await webhookFunction(
        new Request('http://localhost:8888/api/whatsapp/webhook', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': signatureHeader(raw, SECRET) },
          body: raw,
        }),
        { params: {}, waitUntil: (promise: Promise<unknown>) => pending.push(promise) } as unknown as Context,
      );
      expect(response.status).toBe(200);
      // The first answer is on its way (the Graph API has not answered yet): every message is already stored.
      await vi.waitFor(() => expect(graph.sent).toHaveLength(1));
      expect((await inboundOf(from)).map((row) => row.body).sort()).toEqual([...bodies].sort());
    } finally {
      graph.hold = null;
      release();
    }
    await Promise.all(pending);
    expect(graph.sent.filter((sent) => sent.body.to === from.phone)).toHaveLength(3);
  });

  it("takes each contact's daily quota before storing: past it, parallel messages are neither stored nor answered", async () => {
    process.env['QUOTA_WHATSAPP_PER_IP'] = '3';
    try {
      const from = person(60);
      const posts = Array.from({ length: 8 }, (_, i) => inbound(from, textMessage(`Question number ${i}?`)));
      const answers = await Promise.all(posts.map((payload) => send(payload)));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      expect(await inboundOf(from)).toHaveLength(3);
      expect(graph.sent.filter((sent) => sent.body.to === from.phone)).toHaveLength(3);
      // Meta's retry of a stored message takes nothing and is not answered again; another contact has their own share.
      const stored = new Set((await inboundOf(from)).map((row) => row.wamid));
      const retry = posts.find((payload) => stored.has(payload.entry[0]!.changes[0]!.value.messages[0]!.id))!;
      await send(retry);
      expect(await inboundOf(from)).toHaveLength(3);
      expect(await say(person(61), 'Hello, what do you do?')).toBeTruthy();
    } finally {
      delete process.env['QUOTA_WHATSAPP_PER_IP'];
    }
  });

  it("a STOP follows the phone: Meta's user id changing, or known by phone first, never writes again", async () => {
    const before = person(70);
    expect(await say(before, 'Hola, ¿qué hacen?')).toBeTruthy();
    expect(await say(before, 'BAJA')).toContain(es['whatsapp.stopped']);
    expect(await say({ ...before, userId: 'ES.70.new' }, 'Hola de nuevo')).toBeNull();

    const phoneOnly: Person = { phone: person(71).phone };
    expect(await say(phoneOnly, 'Hello, what do you do?')).toBeTruthy();
    expect(await say(phoneOnly, 'STOP')).toContain(en['whatsapp.stopped']);
    expect(await say({ ...phoneOnly, userId: 'ES.71.new' }, 'Hello?')).toBeNull();

    // Both ids already known: a STOP under one stops the other.
    const two = person(72);
    expect(await say(two, 'Hello, what do you do?')).toBeTruthy();
    expect(await say({ ...two, userId: 'ES.72.new' }, 'And in AI?')).toBeTruthy();
    expect(await say({ ...two, userId: 'ES.72.new' }, 'stop')).toContain(en['whatsapp.stopped']);
    expect(await say(two, 'Hello?')).toBeNull();
  });

  it('a stop word past the daily quota still stops: its confirmation, then nothing more; it is not stored', async () => {
    const contactOf = async (from: Person) =>
      (await database().select().from(whatsappContacts).where(eq(whatsappContacts.id, from.userId!)))[0];
    // Past the contact's own share.
    process.env['QUOTA_WHATSAPP_PER_IP'] = '2';
    const busy = person(94);
    try {
      expect(await say(busy, 'Hello, what do you do?')).toBeTruthy();
      expect(await say(busy, 'And in AI?')).toBeTruthy();
      expect(await say(busy, 'Hello?')).toBeNull();
      expect(await say(busy, 'STOP')).toContain(en['whatsapp.stopped']);
      expect(await say(busy, 'stop')).toBeNull();
    } finally {
      delete process.env['QUOTA_WHATSAPP_PER_IP'];
    }
    expect((await contactOf(busy))!.stoppedAt).not.toBeNull();
    expect((await inboundOf(busy)).map((row) => row.body)).toEqual(['Hello, what do you do?', 'And in AI?']);
    expect(await say(busy, 'Hello again')).toBeNull();

    // Past the number's share, spent by others (many accounts): a STOP is not lost.
    const other = person(95);
    expect(await say(other, 'Hola, ¿qué hacen?')).toBeTruthy();
    process.env['QUOTA_WHATSAPP_PER_DAY'] = '1';
    try {
      expect(await say(other, 'Hola, ¿siguen ahí?')).toBeNull();
      expect(await say(other, 'BAJA')).toContain(es['whatsapp.stopped']);
    } finally {
      delete process.env['QUOTA_WHATSAPP_PER_DAY'];
    }
    expect((await contactOf(other))!.stoppedAt).not.toBeNull();
    expect(await inboundOf(other)).toHaveLength(1);
    expect(await say(other, 'Hola de nuevo')).toBeNull();
  });

  it('a wamid twice in one call is one message: it takes one use of the quota', async () => {
    process.env['QUOTA_WHATSAPP_PER_IP'] = '2';
    try {
      const from = person(93);
      const payload = inbound(from, textMessage('Hello, what do you do?'));
      const [message] = payload.entry[0]!.changes[0]!.value.messages;
      payload.entry[0]!.changes[0]!.value.messages.push({ ...message! });
      const before = graph.sent.length;
      expect((await send(payload)).status).toBe(200);
      expect(graph.sent.slice(before)).toHaveLength(1);
      expect(await say(from, 'And in AI?')).toBeTruthy();
      expect(await inboundOf(from)).toHaveLength(2);
    } finally {
      delete process.env['QUOTA_WHATSAPP_PER_IP'];
    }
  });

  it('a NUL character in a text or a profile name loses nothing: stored without it, and answered', async () => {
    const from = person(96, 'Nul\u0000 Name');
    expect(await say(from, 'Hello\u0000, what do you do?')).toBeTruthy();
    expect((await inboundOf(from)).map((row) => row.body)).toEqual(['Hello, what do you do?']);
    const [contact] = await database().select().from(whatsappContacts).where(eq(whatsappContacts.id, from.userId!));
    expect(contact!.name).toBe('Nul Name');
  });

  it('two calls naming the same two contacts in opposite orders both store and answer everything', async () => {
    const pair = (first: Person, second: Person, round: number) => {
      const payload = inbound(first, textMessage(`Hello ${round}, what do you do?`));
      payload.entry[0]!.changes.push(inbound(second, textMessage(`And in AI, ${round}?`)).entry[0]!.changes[0]!);
      return payload;
    };
    for (let round = 0; round < 4; round += 1) {
      const a = person(500 + 2 * round);
      const b = person(501 + 2 * round);
      const before = graph.sent.length;
      const posts = await Promise.all([send(pair(a, b, round)), send(pair(b, a, round))]);
      expect(posts.every((post) => post.status === 200)).toBe(true);
      expect(await inboundOf(a)).toHaveLength(2);
      expect(await inboundOf(b)).toHaveLength(2);
      expect(graph.sent.slice(before)).toHaveLength(4);
    }
  });

  it("answers one person's parallel messages one at a time: two at the lead flow's last step file one lead", async () => {
    const from = person(80, 'Rosa');
    expect(await say(from, 'I would like to talk to your team')).toContain('Do you agree?');
    await say(from, 'yes');
    await say(from, 'Rosa Parallel');
    expect(await say(from, 'rosa.parallel@example.com')).toBe(en['assistant.leadCompany']);
    const before = graph.sent.length;
    const posts = await Promise.all(['Acme', 'Beta'].map((company) => send(inbound(from, textMessage(company)))));
    expect(posts.every((post) => post.status === 200)).toBe(true);
    const leads = (await allPages(eachLead())).filter((lead) => lead.email === 'rosa.parallel@example.com');
    expect(leads).toHaveLength(1);
    const replies = graph.sent.slice(before).map((sent) => sent.body.text.body);
    expect(replies).toHaveLength(2);
    expect(replies.filter((reply) => reply.includes('rosa.parallel@example.com'))).toHaveLength(1);
    const [contact] = await database().select().from(whatsappContacts).where(eq(whatsappContacts.id, from.userId!));
    expect(contact).toMatchObject({ leadStep: null, answeringUntil: null });
  });

  it('stops only when the whole message is a stop word: "cancelar" in a flow is a message like any other', async () => {
    const from = person(73);
    expect(await say(from, 'Quiero cancelar la reunión')).toBeTruthy();
    expect(await say(from, 'Cancelar')).toBeTruthy();
    expect(await say(from, 'parar')).toBeTruthy();
    expect(await say(from, 'No quiero darme de baja')).toBeTruthy();
    expect(await say(from, '¡Bája!')).toContain(es['whatsapp.stopped']);
    const other = person(74);
    expect(await say(other, 'Hola')).toBeTruthy();
    expect(await say(other, ' Darme de BAJA. ')).toContain(es['whatsapp.stopped']);
    const english = person(75);
    expect(await say(english, 'Hello, what do you do?')).toBeTruthy();
    expect(await say(english, 'Stop.')).toContain(en['whatsapp.stopped']);
    expect(await say(english, 'Hello?')).toBeNull();
  });
});

describe("a contact's turn (one answer at a time)", () => {
  /** docs/security.md, "WhatsApp": a turn lasts 45 s, and a message waits for one at most 45 s after its call began. */
  const TURN_MS = 45_000;
  let clock = 0;
  const holdTurn = (from: Person, until: number) =>
    database()
      .update(whatsappContacts)
      .set({ answeringUntil: new Date(until).toISOString() })
      .where(eq(whatsappContacts.id, from.userId!));
  beforeEach(() => {
    clock = Date.now();
    setClock(() => new Date(clock));
  });
  afterEach(() => setClock(null));

  it('a turn left by a run that was cut off is taken over once it has run out', async () => {
    const from = person(97);
    expect(await say(from, 'Hello, what do you do?')).toBeTruthy();
    // A run claimed the turn a moment ago and was killed by the platform's time limit: its claim stays.
    await holdTurn(from, clock + TURN_MS);
    const before = graph.sent.length;
    const answer = say(from, 'Are you still there?');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(graph.sent.length).toBe(before);
    clock += TURN_MS + 1_000;
    expect(await answer).toBeTruthy();
    const [contact] = await database().select().from(whatsappContacts).where(eq(whatsappContacts.id, from.userId!));
    expect(contact!.answeringUntil).toBeNull();
  });

  it('a message still waiting for the turn at its deadline is left unanswered, logged, and stays stored', async () => {
    const from = person(98);
    expect(await say(from, 'Hello, what do you do?')).toBeTruthy();
    await holdTurn(from, clock + 10 * TURN_MS);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const answer = say(from, 'Are you still there?');
      await new Promise((resolve) => setTimeout(resolve, 500));
      clock += TURN_MS + 1_000;
      expect(await answer).toBeNull();
      expect(errors).toHaveBeenCalledWith(expect.stringMatching(/not answered: its contact's turn was still taken$/));
    } finally {
      errors.mockRestore();
      await holdTurn(from, 0);
    }
    expect((await inboundOf(from)).map((row) => row.body)).toContain('Are you still there?');
  });
});
