import { useTranslations } from '../../i18n';
import { DEFAULT_LANGUAGE, type Language } from '../../i18n/languages';
import { newId } from '../../platform/ids';
import { channelReply, isExtractionAttempt } from '../chat/assistant';
import { MAX_CHAT_MESSAGE_LENGTH, type ChatMessage } from '../chat/schema';
import { MAX_CONVERSATION_CHARS } from '../chat/session';
import { sameSecret, type WhatsAppConfig } from './config';
import { sendText } from './graph';
import { detectLanguage, languageOfNumber } from './language';
import {
  REPLY_WINDOW_MS,
  type InboundMessage,
  type Verification,
  type WebhookPayload,
  type WhatsAppProfile,
} from './schema';
import {
  applyStatus,
  leadStateOf,
  markStopped,
  newestMessages,
  recordInbound,
  recordOutbound,
  returnDisclosure,
  saveLeadState,
  takeDisclosure,
  whatsappContact,
  type MessageStatus,
} from './store';
import { isStop, MAX_WHATSAPP_TEXT, whatsappText } from './text';

/** Meta's verification: the challenge when the mode is `subscribe` and the token is ours, else null (403). */
export function verificationChallenge(query: Verification, config: WhatsAppConfig): string | null {
  if (query.mode !== 'subscribe' || query.token === null || query.challenge === null) return null;
  return sameSecret(query.token, config.verifyToken) ? query.challenge : null;
}

const STATUSES: ReadonlySet<string> = new Set<MessageStatus>(['sent', 'delivered', 'read', 'failed']);

/**
 * Everything a signed webhook call carries, after it was answered 200: each status callback updates its message,
 * each inbound message is stored once and answered (`answerMessage`). A change for another phone number of the
 * app is skipped. One message's failure is logged and does not stop the others.
 */
export async function handleWebhook(payload: WebhookPayload, config: WhatsAppConfig): Promise<void> {
  if (payload.object !== 'whatsapp_business_account') return;
  for (const entry of payload.entry) {
    for (const { value } of entry.changes) {
      if (!value) continue;
      const number = value.metadata?.phone_number_id;
      if (number && number !== config.phoneNumberId) continue;
      for (const status of value.statuses ?? []) {
        if (!STATUSES.has(status.status)) continue;
        const note = status.errors?.map((error) => `${error.code ?? ''} ${error.title ?? ''}`.trim()).join('; ');
        await applyStatus(status.id, status.status as MessageStatus, secondsToIso(status.timestamp), note || null);
      }
      for (const message of value.messages ?? []) {
        try {
          await answerMessage(message, value.contacts ?? [], config);
        } catch (error) {
          console.error(`WhatsApp message ${message.id} not answered`, error);
        }
      }
    }
  }
}

function secondsToIso(seconds: string): string {
  return new Date(Number(seconds) * 1000).toISOString();
}

/** A person's conversation as the assistant reads it: what they and it wrote, oldest first, screened and bounded. */
async function history(contactId: string, current: string, budget: number): Promise<ChatMessage[]> {
  const rows = await newestMessages(contactId, 60);
  const refused = new Set(
    rows.filter((row) => row.direction === 'in' && isExtractionAttempt(row.body)).map((row) => row.wamid),
  );
  const turns: ChatMessage[] = [];
  let used = 0;
  for (const row of rows) {
    if (row.wamid === current || refused.has(row.wamid) || (row.inReplyTo && refused.has(row.inReplyTo))) continue;
    if (!row.body || (row.direction === 'in' && row.type !== 'text')) continue;
    if (row.direction === 'out' && row.status === 'not-sent') continue;
    if (used + row.body.length > budget) break;
    used += row.body.length;
    turns.unshift({ role: row.direction === 'in' ? 'user' : 'assistant', content: row.body });
  }
  return turns;
}

/**
 * One inbound message: stored once (a retried wamid stops here); from a contact who wrote STOP, nothing more;
 * STOP or BAJA stops the contact with a confirmation; any other type gets the text-only note; a text is answered
 * by the web chat's assistant (src/features/chat/assistant.ts, channelReply), in the language it was written in.
 */
async function answerMessage(message: InboundMessage, profiles: WhatsAppProfile[], config: WhatsAppConfig) {
  const profile =
    profiles.find((p) => (p.user_id && p.user_id === message.from_user_id) || (p.wa_id && p.wa_id === message.from)) ??
    (profiles.length === 1 ? profiles[0] : undefined);
  const contactId = message.from_user_id ?? profile?.user_id ?? message.from ?? profile?.wa_id;
  if (!contactId) return;
  const phone = message.from ?? profile?.wa_id ?? null;
  const text = message.type === 'text' ? (message.text?.body.trim() ?? '') : '';
  const contact = await recordInbound({
    contactId,
    phone,
    name: profile?.profile?.name?.slice(0, 200) ?? null,
    language: text ? detectLanguage(text) : null,
    fallbackLanguage: languageOfNumber(phone, DEFAULT_LANGUAGE),
    wamid: message.id,
    type: message.type,
    body: text.slice(0, MAX_WHATSAPP_TEXT),
    at: secondsToIso(message.timestamp),
  });
  if (!contact?.fresh || contact.stoppedAt) return;
  const language = contact.language;
  const t = useTranslations(language);
  const reply = (body: string, options: { stopping?: boolean } = {}) =>
    send(config, { contactId, phone, language, inReplyTo: message.id, body, ...options });

  if (text && isStop(text)) {
    if (await markStopped(contactId, new Date().toISOString())) await reply(t('whatsapp.stopped'), { stopping: true });
    return;
  }
  if (!text) return reply(t('whatsapp.textOnly'));
  // A message Meta delivers after the 24-hour window (a late retry) gets no answer (`send` stores why): it spends no
  // model call and moves no lead flow.
  if (Date.now() - new Date(contact.lastInboundAt).getTime() > REPLY_WINDOW_MS) return reply('');
  const question = text.slice(0, MAX_CHAT_MESSAGE_LENGTH);
  const answer = await channelReply({
    conversationId: contactId,
    language,
    message: question,
    history: await history(contactId, message.id, MAX_CONVERSATION_CHARS - question.length),
    lead: leadStateOf(contact),
    quotaSubject: `whatsapp:${contactId}`,
    channel: { source: 'whatsapp', phone: phone && `+${phone.replace(/^\+/, '')}` },
  });
  await saveLeadState(contactId, answer.lead);
  await reply(answer.text);
}

/**
 * Sends one reply, unless the contact has stopped (save the stop's own confirmation) or the 24-hour window since
 * their last message has closed: then it is stored as not sent, with the reason the dashboard shows. The first
 * reply sent to a contact starts with the AI disclosure. Links become plain URLs; at most 4,096 characters.
 */
async function send(
  config: WhatsAppConfig,
  reply: {
    contactId: string;
    phone: string | null;
    language: Language;
    inReplyTo: string;
    body: string;
    stopping?: boolean;
  },
): Promise<void> {
  const now = new Date();
  const at = now.toISOString();
  const contact = await whatsappContact(reply.contactId);
  if (!contact) return;
  const blocked =
    contact.stoppedAt && !reply.stopping
      ? 'stopped'
      : now.getTime() - new Date(contact.lastInboundAt).getTime() > REPLY_WINDOW_MS
        ? 'window'
        : null;
  const record = (status: 'sent' | 'not-sent', wamid: string, body: string, note: string | null) =>
    recordOutbound({ wamid, contactId: reply.contactId, body, at, status, note, inReplyTo: reply.inReplyTo });
  if (blocked) return record('not-sent', `local.${newId(now.getTime())}`, whatsappText(reply.body), blocked);
  const disclosed = await takeDisclosure(reply.contactId, at);
  const body = whatsappText(
    disclosed ? `${useTranslations(reply.language)('whatsapp.disclosure')}\n\n${reply.body}` : reply.body,
  );
  const sent = await sendText(config, reply.phone ?? reply.contactId, body);
  if (sent.ok) return record('sent', sent.wamid, body, null);
  if (disclosed) await returnDisclosure(reply.contactId, at);
  console.error(`WhatsApp reply to ${reply.inReplyTo} not sent: ${sent.error}`);
  await record('not-sent', `local.${newId(now.getTime())}`, body, sent.error);
}
