import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contactFunction from '../../netlify/functions/contact-send';
import leadFunction from '../../netlify/functions/admin-lead-delete';
import replyFunction from '../../netlify/functions/admin-lead-reply';
import profileFunction from '../../netlify/functions/account-profile';
import userFunction from '../../netlify/functions/session-user';
import chatLogFunction from '../../netlify/functions/chat-log';
import type { PublicUser } from '../../src/features/accounts/schema';
import type { ChatConversation } from '../../src/features/conversations/schema';
import type { LeadDetail } from '../../src/features/leads/schema';
import { addContactMessage } from '../../src/features/leads/messages-store';
import { logChatExchange } from '../../src/features/chat/log';
import { asAdmin, SITE, useAdminBench } from '../helpers/admin';
import { callJson } from '../helpers/functions';
import { startLocalSmtp, type LocalSmtp } from '../helpers/smtp';

// Issue #24, the partner's desk: the profile that signs replies, and the chat list's columns.
const bench = useAdminBench();
let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startLocalSmtp();
  smtp.configure(true);
});
afterAll(async () => {
  await smtp.stop();
});

const admin = (options: Parameters<typeof asAdmin>[1] = {}) => asAdmin(bench.cookie(), options);
const setProfile = (body: Record<string, unknown>, options = admin()) =>
  callJson<PublicUser & { error?: string }>(profileFunction, '/api/account/profile', {
    ...options,
    method: 'PUT',
    body,
  });
const detail = (id: string) =>
  callJson<LeadDetail>(leadFunction, `/api/contact-messages/${id}`, { ...admin(), params: { id } });

describe('profile', () => {
  it('sets the signed-in account’s name and title, which /api/auth/user then answers', async () => {
    const saved = await setProfile({ displayName: '  Ana García ', title: 'Managing Partner' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ username: 'partner', displayName: 'Ana García', title: 'Managing Partner' });
    const me = await callJson<PublicUser>(userFunction, '/api/auth/user', admin());
    expect(me.body).toMatchObject({ displayName: 'Ana García', title: 'Managing Partner' });
  });

  it('refuses a second line, an overlong field and an anonymous caller; empty unsets', async () => {
    expect((await setProfile({ displayName: 'Ana\nBcc: x@y.test', title: '' })).status).toBe(400);
    expect((await setProfile({ displayName: 'A'.repeat(101), title: '' })).status).toBe(400);
    expect((await setProfile({ displayName: 'Ana', title: '' }, { headers: { origin: SITE } })).status).toBe(401);
    const cleared = await setProfile({ displayName: '', title: '' });
    expect(cleared.body).toMatchObject({ displayName: null, title: null });
  });
});

describe('reply signature', () => {
  it('signs the reply template with the partner’s name and title, else the username, and the mail carries it', async () => {
    const { body: created } = await callJson<{ id: string }>(contactFunction, '/api/contact?lang=en', {
      method: 'POST',
      body: { name: 'Sara Sign', email: 'sara@sign.test', message: 'Hello' },
      ip: '10.91.0.1',
    });
    await setProfile({ displayName: '', title: '' });
    expect((await detail(created.id)).body.templates.en.body).toMatch(/Kind regards,\npartner\nVantia Partners$/);

    await setProfile({ displayName: 'Ana García', title: 'Managing Partner' });
    const { templates } = (await detail(created.id)).body;
    expect(templates.en.body).toMatch(/Kind regards,\nAna García\nManaging Partner\nVantia Partners$/);
    expect(templates.es.body).toContain('Ana García\nManaging Partner\nVantia Partners');

    const sent = await callJson(replyFunction, `/api/contact-messages/${created.id}/reply`, {
      ...admin({ method: 'POST', body: { language: 'en', subject: templates.en.subject, body: templates.en.body } }),
      params: { id: created.id },
    });
    expect(sent.status).toBe(201);
    const mail = smtp.to('sara@sign.test').find((m) => m.parsed.subject === templates.en.subject);
    expect(mail?.parsed.text).toContain('Kind regards,\nAna García\nManaging Partner\nVantia Partners');
    expect(mail?.parsed.text).not.toContain('admin');
  });
});

describe('chat list', () => {
  it('gives each conversation its first question, the visitor’s name, and the lead filed from it', async () => {
    const handedOff = 'session_1732280000000_deskchat01';
    const quiet = 'session_1732280000001_deskchat02';
    const at = new Date('2026-11-20T10:00:00Z');
    await logChatExchange(
      { sessionId: handedOff, userMessage: 'Do you help with AI audits?', botResponse: 'Yes.', language: 'es' },
      at,
    );
    await logChatExchange(
      {
        sessionId: handedOff,
        userMessage: 'Marta Ruiz',
        botResponse: 'Your e-mail?',
        language: 'es',
        lead: { step: 'email', consent: true, name: 'Marta Ruiz', email: null },
      },
      new Date(at.getTime() + 60_000),
    );
    const lead = await addContactMessage(
      {
        name: 'Marta Ruiz',
        email: 'marta@chat.test',
        company: null,
        phone: null,
        serviceOfInterest: null,
        message: 'From chat',
        investor: null,
      },
      'chat',
      new Date(at.getTime() + 120_000),
      handedOff,
    );
    await logChatExchange(
      { sessionId: quiet, userMessage: 'Where is your office?', botResponse: 'Madrid.', language: 'en' },
      new Date(at.getTime() + 180_000),
    );
    const { status, body } = await callJson<ChatConversation[]>(
      chatLogFunction,
      '/api/whatsapp-conversations',
      admin(),
    );
    expect(status).toBe(200);
    const byId = new Map(body.map((conversation) => [conversation.sessionId, conversation]));
    expect(byId.get(handedOff)).toMatchObject({
      firstQuestion: 'Do you help with AI audits?',
      visitorName: 'Marta Ruiz',
      language: 'es',
      leadId: lead.id,
      leadEmail: 'marta@chat.test',
    });
    expect(byId.get(quiet)).toMatchObject({
      firstQuestion: 'Where is your office?',
      visitorName: null,
      leadId: null,
      leadEmail: null,
    });
  });
});
