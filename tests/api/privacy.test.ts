import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import auditLogFunction from '../../netlify/functions/admin-audit-log';
import chatFunction from '../../netlify/functions/chat';
import contactFunction from '../../netlify/functions/contact-send';
import contactMessageDelete from '../../netlify/functions/admin-lead-delete';
import contactMessageReply from '../../netlify/functions/admin-lead-reply';
import contactMessagesFunction from '../../netlify/functions/admin-leads';
import newsletterFunction from '../../netlify/functions/newsletter-subscribe';
import privacyRequests from '../../netlify/functions/admin-privacy-requests';
import callbackFunction from '../../netlify/functions/video-callback';
import tavusConversationDelete from '../../netlify/functions/admin-video-log-delete';
import tavusConversationsFunction from '../../netlify/functions/video-log';
import tavusFunction from '../../netlify/functions/video-start';
import whatsappConversationDelete from '../../netlify/functions/admin-chat-log-delete';
import whatsappConversationsFunction from '../../netlify/functions/chat-log';
import { queryCount, resetQueryCount } from '../../src/platform/db/client';
import { testDatabase } from '../helpers/db-setup';
import { resetEnvCache } from '../../src/platform/env';
import { addressHash } from '../../src/features/newsletter/subscribers-store';
import type { PersonalData } from '../../src/features/privacy/requests';
import type { AuditEvent } from '../../src/features/audit/schema';
import type { ContactMessage } from '../../src/features/leads/contact-schema';
import type { ChatConversation, VideoConversation } from '../../src/features/conversations/schema';
import { asAdmin, signIn, useTestEnv } from '../helpers/admin';
import { startLocalBlobs, type LocalBlobs } from '../helpers/blobs';
import { startFakeTavus, type FakeTavus } from '../helpers/fake-tavus';
import { startLocalSmtp } from '../helpers/smtp';
import { call, callJson } from '../helpers/functions';

let blobs: LocalBlobs;
let tavus: FakeTavus;
let cookie: string;
beforeAll(async () => {
  blobs = await startLocalBlobs();
  tavus = await startFakeTavus();
  useTestEnv();
  Object.assign(process.env, {
    URL: 'https://www.vantia.example',
    TAVUS_API_KEY: 'tavus-test-key',
    TAVUS_BASE_URL: tavus.baseURL,
    TAVUS_REPLICA_ID: 'r-configured',
    TAVUS_PERSONA_ID: 'p-configured',
    QUOTA_VIDEO_CALLS_PER_IP: '1000',
    QUOTA_CONTACT_PER_IP: '1000',
    QUOTA_CONTACT_PER_DAY: '1000',
    QUOTA_CHAT_PER_IP: '1000',
  });
  delete process.env['OPENAI_API_KEY'];
  resetEnvCache();
  cookie = await signIn();
});
afterAll(async () => {
  await tavus.stop();
  await blobs.stop();
});

const ANA = 'ana.garcia@cliente.example';

function contact(name: string, email: string, message = 'We would like a proposal.') {
  return callJson<{ id: string }>(contactFunction, '/api/contact', {
    method: 'POST',
    body: { name, email, message },
  });
}

/** A chat visitor who asks to talk to the team and leaves their details (the lead flow, without a model). */
async function chatLead(name: string, email: string): Promise<string> {
  const history: Array<{ role: 'user' | 'assistant'; content: string }> = [];
  let sessionId: string | undefined;
  for (const content of ['I would like to talk to your team', 'yes', name, email, 'Cliente S.L.']) {
    history.push({ role: 'user', content });
    const { status, body } = await callJson<{ message: string; sessionId: string }>(chatFunction, '/api/chat', {
      method: 'POST',
      body: { messages: history, language: 'en', ...(sessionId ? { sessionId } : {}) },
    });
    expect(status).toBe(200);
    sessionId = body.sessionId;
    history.push({ role: 'assistant', content: body.message });
  }
  return sessionId!;
}

/** A video call started through the site, whose transcript Tavus reports with `said` in it. */
async function videoCall(id: string, said: string): Promise<void> {
  tavus.respondWith(200, { conversation_id: id, conversation_url: `https://tavus.daily.co/${id}` });
  expect((await call(tavusFunction, '/api/tavus/conversation', { method: 'POST', body: {} })).status).toBe(201);
  const query = new URL(String(tavus.created().at(-1)!['callback_url'])).search;
  const transcript = await call(callbackFunction, `/api/tavus/callback${query}`, {
    method: 'POST',
    body: {
      conversation_id: id,
      event_type: 'application.transcription_ready',
      properties: {
        transcript: [
          { role: 'assistant', content: 'Hello, how can I help?' },
          { role: 'user', content: said },
        ],
      },
    },
  });
  expect(transcript.status).toBe(200);
}

function privacy(email: string, kind: 'lookup' | 'access' | 'erasure') {
  return callJson<PersonalData & { erased?: Record<string, unknown>; message?: string }>(
    privacyRequests,
    '/api/privacy-requests',
    asAdmin(cookie, { method: 'POST', body: { email, kind } }),
  );
}

/** Every row of every table but the quotas' (hashed IPs), as text: what a search of the site's data would see. */
async function everythingStored(): Promise<string> {
  return tableText('daily_quotas');
}

/** The rows of every table (or of `only`), as text, leaving out `except`. */
async function tableText(except: string | null, only?: string): Promise<string> {
  const tables = await testDatabase().query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`,
  );
  const texts: string[] = [];
  for (const { name } of tables) {
    if (name === except || (only && name !== only)) continue;
    const rows = await testDatabase().query<{ row: string }>(`SELECT t::text AS row FROM "${name}" t`);
    texts.push(...rows.map((row) => row.row));
  }
  return texts.join('\n');
}

async function auditEvents(): Promise<AuditEvent[]> {
  return (await callJson<AuditEvent[]>(auditLogFunction, '/api/audit-log', asAdmin(cookie))).body;
}

describe('privacy requests', () => {
  let anaSession = '';
  let otherSession = '';

  beforeAll(async () => {
    expect((await contact('Ana García', ANA)).status).toBe(201);
    expect((await contact('Bruno Díaz', 'bruno@otra.example')).status).toBe(201);
    anaSession = await chatLead('Ana García', ANA);
    otherSession = await chatLead('Bruno Díaz', 'bruno@otra.example');
    const subscribe = (fullName: string, email: string) =>
      call(newsletterFunction, '/api/newsletter', { method: 'POST', body: { fullName, email } });
    expect((await subscribe('Ana García', 'Ana.Garcia@Cliente.example')).status).toBe(201);
    expect((await subscribe('Bruno Díaz', 'bruno@otra.example')).status).toBe(201);
    await videoCall('call-ana-1', 'Please write to me at ANA.GARCIA@cliente.example about the project.');
    await videoCall('call-other-1', 'Just looking, thanks.');
  });

  it('finds everything held about an address, in any case or spacing, and nothing of anyone else', async () => {
    const { status, body, headers } = await privacy(`  ${ANA.toUpperCase()} `, 'lookup');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('private, no-store');
    expect(body.email).toBe(ANA);
    // The call in which Ana said her address is a lead too (issue 12, lead inbox: source video).
    expect(body.contactMessages.map((message) => message.source).sort()).toEqual(['chat', 'form', 'video']);
    expect(body.contactMessages.every((message) => message.email === ANA)).toBe(true);
    // The conversation the chat lead came from, with what the visitor said in it.
    expect(body.chatConversations.map((conversation) => conversation.sessionId)).toEqual([anaSession]);
    expect(body.chatConversations[0]!.messages.map((message) => message.content)).toContain(ANA);
    expect(body.newsletter).toMatchObject({ fullName: 'Ana García' });
    expect(body.videoCalls.map((videoCall) => videoCall.sessionId)).toEqual(['call-ana-1']);
    expect(JSON.stringify(body)).not.toContain('bruno');
  });

  it('costs the same statements however many other records there are', async () => {
    resetQueryCount();
    await privacy(ANA, 'lookup');
    const before = queryCount();
    for (let i = 0; i < 40; i += 1) await contact(`Visitor ${i}`, `visitor${i}@elsewhere.example`);
    resetQueryCount();
    await privacy(ANA, 'lookup');
    expect(queryCount()).toBe(before);
  });

  it('downloads everything as one JSON file and records the request without personal data', async () => {
    // A reply the firm sent to Ana's form message: what the firm wrote to her is part of her copy.
    const form = (await privacy(ANA, 'lookup')).body.contactMessages.find((message) => message.source === 'form')!;
    const replied = await call(contactMessageReply, `/api/contact-messages/${form.id}/reply`, {
      ...asAdmin(cookie, {
        method: 'POST',
        body: { language: 'es', subject: 'Su propuesta', body: 'Le enviamos la propuesta el lunes.' },
      }),
      params: { id: form.id },
    });
    expect(replied.status).toBe(201);
    const response = await call(privacyRequests, '/api/privacy-requests', {
      ...asAdmin(cookie, { method: 'POST', body: { email: ANA, kind: 'access' } }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="privacy-request-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const file = (await response.json()) as PersonalData;
    expect(file.contactMessages).toHaveLength(3);
    expect(file.replies).toEqual([
      expect.objectContaining({
        messageId: form.id,
        by: 'partner',
        language: 'es',
        subject: 'Su propuesta',
        body: 'Le enviamos la propuesta el lunes.',
      }),
    ]);
    expect(file.videoCalls[0]!.transcript.map((line) => line.text).join(' ')).toContain('ANA.GARCIA@cliente.example');
    const [event] = await auditEvents();
    expect(event).toMatchObject({ action: 'privacy.access', actor: 'partner' });
    expect(JSON.stringify(event).toLowerCase()).not.toMatch(/ana|garcia|cliente/);
  });

  it('deletes nothing when Tavus refuses to delete a call, and says so', async () => {
    tavus.deleteStatus = 500;
    try {
      const { status, body } = await privacy(ANA, 'erasure');
      expect(status).toBe(502);
      expect(body.message).toMatch(/Tavus did not delete the call/);
    } finally {
      tavus.deleteStatus = 204;
    }
    const { body } = await privacy(ANA, 'lookup');
    expect(body.contactMessages).toHaveLength(3);
    expect(body.videoCalls).toHaveLength(1);
  });

  it('erases it all in one action, at Tavus too, and keeps only a record that the request was handled', async () => {
    const { status, body } = await privacy(ANA, 'erasure');
    expect(status).toBe(200);
    expect(body.erased).toEqual({
      contactMessages: 3,
      chatConversations: 1,
      newsletter: 1,
      videoCalls: 1,
      whatsappConversations: 0,
      tavus: 'deleted',
    });
    expect(tavus.deleted()).toContain('call-ana-1');
    expect(tavus.deleted()).not.toContain('call-other-1');

    const after = (await privacy(ANA, 'lookup')).body;
    expect(after).toMatchObject({
      contactMessages: [],
      replies: [],
      chatConversations: [],
      newsletter: null,
      videoCalls: [],
    });
    // Nowhere in the site's data: not in records, index keys, logs or the audit log (whose event has counts only).
    const stored = (await everythingStored()).toLowerCase();
    expect(stored).not.toContain('ana.garcia');
    expect(stored).not.toContain('ana garcía');
    expect(stored).not.toContain(anaSession.toLowerCase());
    expect(stored).not.toContain('call-ana-1');
    // Nor the address's hash (newsletter and mail keys are named by it).
    expect(stored).not.toContain(addressHash(ANA));
    expect(stored).not.toContain('le enviamos la propuesta');
    const [event] = await auditEvents();
    expect(event).toMatchObject({ action: 'privacy.erasure', target: '' });
    expect(event!.detail).toBe(
      '3 messages, 1 chat conversations, 1 newsletter subscriptions, 1 video calls, 0 WhatsApp conversations',
    );

    // Everyone else's data is untouched.
    const messages = (
      await callJson<ContactMessage[]>(contactMessagesFunction, '/api/contact-messages', asAdmin(cookie))
    ).body;
    expect(messages.some((message) => message.email === 'bruno@otra.example')).toBe(true);
    const chats = (
      await callJson<ChatConversation[]>(whatsappConversationsFunction, '/api/whatsapp-conversations', asAdmin(cookie))
    ).body;
    expect(chats.map((conversation) => conversation.sessionId)).toContain(otherSession);
    const calls = (
      await callJson<VideoConversation[]>(tavusConversationsFunction, '/api/tavus-conversations', asAdmin(cookie))
    ).body;
    expect(calls.map((videoCall) => videoCall.sessionId)).toEqual(['call-other-1']);
  });

  it('erases the mail about the address too: sent, refused and waiting, with the marks that name it', async () => {
    const saved = { URL: process.env['URL'], MAIL_FROM: process.env['MAIL_FROM'], LEADS_TO: process.env['LEADS_TO'] };
    const smtp = await startLocalSmtp();
    smtp.configure(true);
    try {
      const CARLA = 'carla.ruiz@cliente.example';
      // Her lead alert is refused once (it waits, with a claim on its first attempt); her confirmation is sent.
      smtp.refuseNext(1);
      const sent = await contact('Carla Ruiz', CARLA);
      expect(sent.status).toBe(201);
      const subscribed = await call(newsletterFunction, '/api/newsletter', {
        method: 'POST',
        body: { fullName: 'Carla Ruiz', email: CARLA },
      });
      expect(subscribed.status).toBe(201);
      const mailStore = async () => (await tableText(null, 'mail_outbox')).toLowerCase();
      const before = await mailStore();
      expect(before).toContain(sent.body.id.toLowerCase());
      expect(before).toContain(addressHash(CARLA));
      expect((await privacy(CARLA, 'erasure')).status).toBe(200);
      const after = await mailStore();
      expect(after).not.toContain('carla');
      expect(after).not.toContain(sent.body.id.toLowerCase());
      expect(after).not.toContain(addressHash(CARLA));
    } finally {
      smtp.configure(false);
      await smtp.stop();
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetEnvCache();
    }
  });

  it('refuses an address that is not one', async () => {
    const { status, body } = await privacy('not an address', 'lookup');
    expect(status).toBe(400);
    expect(body).toMatchObject({ field: 'email' });
  });
});

describe('deleting one record', () => {
  const asAdminDelete = () => asAdmin(cookie, { method: 'DELETE' });

  it('deletes one contact message, which no admin list shows again', async () => {
    const { body } = await contact('Carla Ruiz', 'carla@uno.example');
    const response = await callJson(contactMessageDelete, `/api/contact-messages/${body.id}`, {
      ...asAdminDelete(),
      params: { id: body.id },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const list = await callJson<ContactMessage[]>(contactMessagesFunction, '/api/contact-messages', asAdmin(cookie));
    expect(list.body.map((message) => message.id)).not.toContain(body.id);
    // The admin list is never kept by the CDN, so it cannot serve the deleted message later.
    expect(list.headers.get('cache-control')).toMatch(/no-store/);
    expect(list.headers.get('netlify-cdn-cache-control')).toBeNull();
    expect((await privacy('carla@uno.example', 'lookup')).body.contactMessages).toEqual([]);
    const again = await callJson(contactMessageDelete, `/api/contact-messages/${body.id}`, {
      ...asAdminDelete(),
      params: { id: body.id },
    });
    expect(again.status).toBe(404);
    const [event] = await auditEvents();
    expect(event).toMatchObject({ action: 'message.delete', target: body.id });
  });

  it('deletes a whole chat conversation', async () => {
    const sessionId = await chatLead('Diego Sanz', 'diego@dos.example');
    const response = await callJson(whatsappConversationDelete, `/api/whatsapp-conversations/${sessionId}`, {
      ...asAdminDelete(),
      params: { id: sessionId },
    });
    expect(response.status).toBe(200);
    const chats = (
      await callJson<ChatConversation[]>(whatsappConversationsFunction, '/api/whatsapp-conversations', asAdmin(cookie))
    ).body;
    expect(chats.map((conversation) => conversation.sessionId)).not.toContain(sessionId);
    expect((await privacy('diego@dos.example', 'lookup')).body.chatConversations).toEqual([]);
  });

  it('deletes a video call here and at Tavus', async () => {
    await videoCall('call-delete-1', 'Hello');
    const response = await callJson(tavusConversationDelete, '/api/tavus-conversations/call-delete-1', {
      ...asAdminDelete(),
      params: { id: 'call-delete-1' },
    });
    expect(response.status).toBe(200);
    expect(tavus.deleted()).toContain('call-delete-1');
    const calls = (
      await callJson<VideoConversation[]>(tavusConversationsFunction, '/api/tavus-conversations', asAdmin(cookie))
    ).body;
    expect(calls.map((videoCall) => videoCall.sessionId)).not.toContain('call-delete-1');
  });
});
