import { usePlural, useTranslations } from '../../i18n';
import { DEFAULT_LANGUAGE, languageRow, type Language } from '../../i18n/languages';
import { now } from '../../platform/clock';
import { newId } from '../../platform/ids';
import { channelReply, isExtractionAttempt } from '../chat/assistant';
import { takeWhatsAppMessage } from '../quotas/quotas';
import { MAX_CHAT_MESSAGE_LENGTH, type ChatMessage } from '../chat/schema';
import { MAX_CONVERSATION_CHARS } from '../chat/session';
import { sameSecret } from '../../platform/secrets';
import type { WhatsAppConfig } from './config';
import { sendText } from './graph';
import { detectLanguage, languageOfNumber } from './language';
import {
  REPLY_WINDOW_MS,
  type InboundMessage,
  type Verification,
  type WebhookPayload,
  type WhatsAppProfile,
} from './schema';
import { leadStateOf } from '../conversations/schema';
import {
  claimTurn,
  endTurn,
  markStopped,
  newestMessages,
  recordEvents,
  recordOutbound,
  returnDisclosure,
  saveLeadState,
  storedWamids,
  takeDisclosure,
  whatsappContact,
  type ContactRow,
  type Inbound,
  type MessageStatus,
  type StatusEvent,
} from './store';
import { isStop, MAX_WHATSAPP_TEXT, whatsappText } from './text';

/** Meta's verification: the challenge when the mode is `subscribe` and the token is ours, else null (403). */
export function verificationChallenge(query: Verification, config: WhatsAppConfig): string | null {
  if (query.mode !== 'subscribe' || query.token === null || query.challenge === null) return null;
  return sameSecret(query.token, config.verifyToken) ? query.challenge : null;
}

const STATUSES: ReadonlySet<string> = new Set<MessageStatus>(['sent', 'delivered', 'read', 'failed']);

/** An inbound message as it is answered: what was recorded, and the language it is answered in. */
interface Received {
  contactId: string;
  phone: string | null;
  wamid: string;
  text: string;
  language: Language;
}

/**
 * Everything a signed webhook call carries, after it was answered 200. First every event is recorded, in one
 * transaction (src/features/whatsapp/store.ts, recordEvents): each status callback updates its message, each inbound
 * message is stored once (a retried wamid is not stored again) within its contact's daily quota (QUOTAS.whatsapp:
 * past it, a message is neither stored nor answered; a stop word still stops). Then each message stored is answered
 * in order (`answerMessage`), each waiting for its contact's turn until TURN_MS after the call began: work cut off
 * after the 200 loses answers, never messages. A change for another phone number of the app is skipped. One
 * message's failure is logged and does not stop the others.
 */
export async function handleWebhook(payload: WebhookPayload, config: WhatsAppConfig): Promise<void> {
  if (payload.object !== 'whatsapp_business_account') return;
  const deadline = now().getTime() + TURN_MS;
  const statuses: StatusEvent[] = [];
  const inbound: Inbound[] = [];
  for (const entry of payload.entry) {
    for (const { value } of entry.changes) {
      if (!value) continue;
      const number = value.metadata?.phone_number_id;
      if (number && number !== config.phoneNumberId) continue;
      for (const status of value.statuses ?? []) {
        if (!STATUSES.has(status.status)) continue;
        const note = status.errors?.map((error) => `${error.code ?? ''} ${error.title ?? ''}`.trim()).join('; ');
        statuses.push({
          wamid: status.id,
          status: status.status as MessageStatus,
          at: secondsToIso(status.timestamp),
          note: note || null,
        });
      }
      for (const message of value.messages ?? []) {
        const read = readInbound(message, value.contacts ?? []);
        if (read) inbound.push(read);
      }
    }
  }
  const { allowed, stops } = await withinQuota(inbound);
  const recorded = await recordEvents(statuses, allowed);
  for (const message of stops) {
    try {
      await stopPastQuota(message, config);
    } catch (error) {
      console.error(`WhatsApp stop ${message.wamid} not recorded`, error);
    }
  }
  for (const [index, contact] of recorded.entries()) {
    const message = allowed[index]!;
    if (!contact?.fresh) continue;
    try {
      const { contactId, phone, wamid, body: text } = message;
      await answerMessage({ contactId, phone, wamid, text, language: contact.language }, config, deadline);
    } catch (error) {
      console.error(`WhatsApp message ${message.wamid} not answered`, error);
    }
  }
}

/**
 * The messages within their contact's daily quota (QUOTAS.whatsapp), in order; one already stored (Meta's retry)
 * passes without taking any. A message past the quota is dropped, and said in the log by its wamid only; a stop word
 * past it is not stored either, but still stops (`stops`): no quota, however spent, keeps a person from stopping.
 */
async function withinQuota(inbound: Inbound[]): Promise<{ allowed: Inbound[]; stops: Inbound[] }> {
  const stored = await storedWamids(inbound.map((message) => message.wamid));
  const allowed: Inbound[] = [];
  const stops: Inbound[] = [];
  const seen = new Set<string>();
  for (const message of inbound) {
    // A wamid twice in one call is one message: it takes one use of the quota.
    if (seen.has(message.wamid)) continue;
    seen.add(message.wamid);
    if (stored.has(message.wamid) || (await takeWhatsAppMessage(`whatsapp:${message.contactId}`))) {
      allowed.push(message);
    } else if (message.body && isStop(message.body)) {
      console.warn(`WhatsApp message ${message.wamid} past the daily quota: a stop word, not stored, the stop set`);
      stops.push(message);
    } else {
      console.warn(`WhatsApp message ${message.wamid} past the daily quota: not stored, not answered`);
    }
  }
  return { allowed, stops };
}

/**
 * A stop word past the daily quota: the contact (and every contact of its phone) is stopped, with one statement and
 * no row stored; the contact that it stopped gets the confirmation, once, as a stop within the quota does. A sender
 * never stored has nothing to stop: nothing was ever sent to them.
 */
async function stopPastQuota(message: Inbound, config: WhatsAppConfig): Promise<void> {
  const { contactId, phone, wamid } = message;
  if (!(await markStopped(contactId, new Date().toISOString(), phone))) return;
  const contact = await whatsappContact(contactId);
  if (!contact) return;
  const language = contact.language;
  const body = useTranslations(language)('whatsapp.stopped');
  await send(config, { contactId, phone, language, inReplyTo: wamid, body, stopping: true });
}

function secondsToIso(seconds: string): string {
  return new Date(Number(seconds) * 1000).toISOString();
}

/** An inbound message and its sender as they are stored, or null when Meta names no sender. */
function readInbound(message: InboundMessage, profiles: WhatsAppProfile[]): Inbound | null {
  const profile =
    profiles.find((p) => (p.user_id && p.user_id === message.from_user_id) || (p.wa_id && p.wa_id === message.from)) ??
    (profiles.length === 1 ? profiles[0] : undefined);
  const contactId = message.from_user_id ?? profile?.user_id ?? message.from ?? profile?.wa_id;
  if (!contactId) return null;
  const phone = message.from ?? profile?.wa_id ?? null;
  // Postgres's `text` refuses U+0000: one such character would lose the whole call's transaction.
  const text = message.type === 'text' ? (message.text?.body.replaceAll('\u0000', '').trim() ?? '') : '';
  return {
    contactId,
    phone,
    name: profile?.profile?.name?.replaceAll('\u0000', '').slice(0, 200) ?? null,
    language: text ? detectLanguage(text) : null,
    fallbackLanguage: languageOfNumber(phone, DEFAULT_LANGUAGE),
    wamid: message.id,
    type: message.type,
    body: text.slice(0, MAX_WHATSAPP_TEXT),
    at: secondsToIso(message.timestamp),
  };
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
 * The meeting offer as a WhatsApp text (its buttons allow 20 characters; plain text works everywhere): the chat's
 * offer (its /book link becomes a whole URL in `whatsappText`), then the times numbered, each in Madrid time and
 * labelled so, then how to choose.
 */
export function offerText(text: string, slots: string[], language: Language): string {
  if (!slots.length) return text;
  const list = slots.map((slot, index) => `${index + 1}. ${slot}`).join('\n');
  const choices = new Intl.ListFormat(languageRow(language).locale, { type: 'disjunction' }).format(
    slots.map((_, index) => String(index + 1)),
  );
  return `${text}\n\n${list}\n\n${usePlural(language)('whatsapp.chooseSlot', slots.length, { choices })}`;
}

/**
 * How long one answer holds its contact's turn, and how long after its call began a message waits for the turn at
 * most: below a synchronous function's 60 s limit on Netlify (its `waitUntil` work included), so a run waiting for a
 * turn gives up, logged, before the platform kills it. A turn claimed by an earlier run (cut off by that limit) has
 * run out by then and is taken over (docs/security.md, "WhatsApp").
 */
export const TURN_MS = 45_000;
/**
 * A message waiting for its contact's turn asks again after 100 ms, then twice as long each time, at most 2 s; each
 * pause is between half and all of that (jitter), so one person's parallel messages, which began waiting together, do
 * not all ask at the same instants and leave the freed turn idle until their next round.
 */
const FIRST_POLL_MS = 100;
const MAX_POLL_MS = 2_000;

/**
 * Answers one inbound message just stored, in its contact's turn (store.ts, claimTurn): a person's parallel messages
 * are answered one at a time, each from the lead state the one before saved, so two messages never both file the
 * lead or book the meeting. A claim held longer than TURN_MS (a cut-off answer) is taken over; past `deadline`
 * (epoch ms, the clock of src/platform/clock.ts) a message still waiting is left unanswered, and the log says so.
 */
async function answerMessage(message: Received, config: WhatsAppConfig, deadline: number) {
  // A STOP takes no turn: it stops at once, so a reply still being worked out for an earlier message is not sent.
  if (message.text && isStop(message.text)) {
    if (await markStopped(message.contactId, new Date().toISOString())) {
      const { contactId, phone, language, wamid } = message;
      const body = useTranslations(language)('whatsapp.stopped');
      await send(config, { contactId, phone, language, inReplyTo: wamid, body, stopping: true });
    }
    return;
  }
  for (let pause = FIRST_POLL_MS; ; pause = Math.min(pause * 2, MAX_POLL_MS)) {
    const at = now().getTime();
    const until = new Date(at + TURN_MS).toISOString();
    const contact = await claimTurn(message.contactId, new Date(at).toISOString(), until);
    if (contact) {
      try {
        return await answerInTurn(message, contact, until, config);
      } finally {
        await endTurn(message.contactId, until);
      }
    }
    if (at >= deadline) {
      console.error(`WhatsApp message ${message.wamid} not answered: its contact's turn was still taken`);
      return;
    }
    if (!(await whatsappContact(message.contactId))) return;
    await new Promise((resolve) => setTimeout(resolve, pause * (0.5 + Math.random() / 2)));
  }
}

/**
 * One inbound message in its contact's turn (claimed until `until`): from a contact who wrote STOP (here or under
 * their phone), nothing more; any other type than text gets the text-only note; a text is answered by the web chat's
 * assistant (src/features/chat/assistant.ts, channelReply), in the language it was written in, with the contact's
 * lead state (the lead flow and the meeting offer, as on the site), saved before the reply is sent.
 */
async function answerInTurn(message: Received, contact: ContactRow, until: string, config: WhatsAppConfig) {
  const { contactId, phone, text, language } = message;
  if (contact.stoppedAt) return;
  const reply = (body: string) => send(config, { contactId, phone, language, inReplyTo: message.wamid, body });
  if (!text) return reply(useTranslations(language)('whatsapp.textOnly'));
  // A message Meta delivers after the 24-hour window (a late retry) gets no answer (`send` stores why): it spends no
  // model call and moves no lead flow.
  if (Date.now() - new Date(contact.lastInboundAt).getTime() > REPLY_WINDOW_MS) return reply('');
  const question = text.slice(0, MAX_CHAT_MESSAGE_LENGTH);
  const answer = await channelReply({
    conversationId: contactId,
    language,
    message: question,
    history: await history(contactId, message.wamid, MAX_CONVERSATION_CHARS - question.length),
    lead: leadStateOf(contact),
    quotaSubject: `whatsapp:${contactId}`,
    channel: { source: 'whatsapp', phone: phone && `+${phone.replace(/^\+/, '')}` },
  });
  if (!(await saveLeadState(contactId, until, answer.lead))) {
    console.error(`WhatsApp message ${message.wamid}: its turn ran out; its lead state was not saved`);
  }
  await reply(offerText(answer.text, answer.slots, language));
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
  const sent = await sendText(config, { phone: reply.phone, userId: reply.contactId }, body);
  if (sent.ok) return record('sent', sent.wamid, body, null);
  if (disclosed) await returnDisclosure(reply.contactId, at);
  console.error(`WhatsApp reply to ${reply.inReplyTo} not sent: ${sent.error}`);
  await record('not-sent', `local.${newId(now.getTime())}`, body, sent.error);
}
