import { attributionOf, recordGoal } from '../analytics/analytics';
import { localePath, useTranslations } from '../../i18n';
import type { Language } from '../../i18n/languages';
import { emailField, type ServiceOfInterest } from '../leads/contact-schema';
import type { ChatMessage } from './schema';
import type { LeadState } from '../conversations/schema';
import { alertContactMessage } from '../leads/alerts';
import { acknowledgeLead } from '../leads/acknowledgement';
import { addContactMessage } from '../leads/messages-store';
import type { Knowledge } from './knowledge';
import { retrieve } from './retrieval';
import { bookChosen, chooseSlot, offerMeeting, wantsMeeting, type MeetingReply } from './meeting-offer';
import { TOPIC_MAX } from '../meetings/schema';
import { now as clockNow } from '../../platform/clock';

/**
 * Turning interest into a lead, with or without a model: when the visitor asks
 * to talk to the team, the assistant asks for consent, then name, e-mail and
 * company, one at a time, and files a contact message marked as coming from
 * the chat. The flow's state (the question just asked, the consent, what the
 * visitor gave) is the server's: each exchange the server logs stores it on
 * its session (src/features/conversations/logs.ts), read back from there, never from
 * the conversation a client sends, so a lead is filed only after a "yes" the
 * server itself recorded in that session.
 */
const WANTS_TEAM = [
  /\b(talk|speak|chat)\s+(to|with)\s+(someone|somebody|a person|a human|your team|the team|an? (expert|consultant|partner)|sales)\b/i,
  /\b(contact me|call me|get in touch|reach out to me|book a (call|meeting)|schedule a (call|meeting)|set up a (call|meeting)|meet (with )?(your|the) team)\b/i,
  /(hablar con|contactar con|cont[aá]ctenme|ll[aá]menme|llamarme|reuni[oó]n con|agendar|concertar una|ponerme en contacto|p[oó]ngame en contacto|p[oó]nganme en contacto)/i,
];
/** Who a visitor may ask to talk to: not a topic of their question. */
const TEAM_WORDS =
  /\b(team|person|people|someone|somebody|human|sales|expert|consultant|partner|equipo|persona|alguien|humano|ventas|experto|consultor|socio)s?\b/i;
// The word must end there (not \b, which does not see the end of "sí").
const YES =
  /^\s*(yes|yeah|yep|sure|ok(ay)?|i agree|agreed|of course|s[ií]|claro|vale|de acuerdo|acepto|por supuesto)(?![\p{L}\p{N}])/iu;
const NO_COMPANY = /^\s*(none|no company|n\/a|-|ninguna|ninguno|sin empresa|no tengo)\s*\.?\s*$/i;

export function wantsTeam(text: string): boolean {
  return WANTS_TEAM.some((pattern) => pattern.test(text));
}

/**
 * The question a visitor asked together with the wish to talk to the team
 * ("Have you worked with insurers? I'd like to talk to your team"): the
 * message without the wish, when what is left is a question the site can
 * answer (the message without the wish); null when the message is only the wish.
 */
export function questionBesideTeamWish(text: string, knowledge: Knowledge): string | null {
  let rest = text;
  for (const pattern of [...WANTS_TEAM, TEAM_WORDS]) rest = rest.replace(new RegExp(pattern.source, 'gi'), ' ');
  const retrieval = retrieve(knowledge, rest);
  return retrieval.terms.length > 0 && retrieval.confident ? rest.replace(/\s+/g, ' ').trim() : null;
}

const SERVICE_HINTS: Array<[ServiceOfInterest, RegExp]> = [
  ['ai-solutions', /\b(ai|ia|artificial|machine learning|llm|genai|inteligencia)\b/i],
  ['investment', /\b(invest|investor|investment|inversi[oó]n|inversor|capital|deal)\w*/i],
  ['corporate-innovation', /\b(innovation|innovaci[oó]n|startup|venture)\w*/i],
  ['strategy-consulting', /\b(strategy|strategic|estrategia|estrat[eé]gic)\w*/i],
  ['digital-transformation', /\b(digital|transformation|transformaci[oó]n|erp|data|datos)\b/i],
];

/** The service the conversation was about, if one stands out. */
export function inferService(messages: ChatMessage[]): ServiceOfInterest | null {
  const text = messages
    .filter((message) => message.role === 'user')
    .map((message) => message.content)
    .join(' ');
  return SERVICE_HINTS.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}

function transcript(messages: ChatMessage[], lang: Language): string {
  const t = useTranslations(lang);
  const speaker = { user: t('chatLead.visitor'), assistant: t('chatLead.assistant') };
  const lines = messages.map((message) => `${speaker[message.role]}: ${message.content}`);
  return `${t('chatLead.transcriptHeader')}\n\n${lines.join('\n')}`.slice(0, 5000);
}

/** Where a conversation stands: what the server logged before (oldest first), and the lead flow's state after it. */
export interface LeadTurn {
  /** The visitor's new message (trimmed, never empty). */
  message: string;
  /** The session's earlier messages, as the server logged them. */
  history: ChatMessage[];
  /** The lead flow's state after the session's last logged exchange (null: not in the flow). */
  state: LeadState | null;
  /** The chat session: a lead records where it came from. */
  sessionId?: string;
  /** The visitor's IP: a meeting booked in the chat takes the same quotas as the booking form. */
  ip?: string;
  /** Where a lead filed from this conversation comes from: the site's chat (the default) or WhatsApp. */
  source?: 'chat' | 'whatsapp';
  /** The visitor's phone, when the channel knows it (WhatsApp): the lead carries it. */
  phone?: string | null;
  /** The web chat's visitor as the analytics count them (src/features/analytics): a lead carries their visit. */
  visitor?: string | null;
}

/**
 * The lead flow's reply to the visitor's new message and its state after it (`filed` when it filed the lead),
 * or null when the conversation is not in (or entering) the flow.
 */
export async function leadReply(turn: LeadTurn, lang: Language): Promise<MeetingReply | null> {
  const t = useTranslations(lang);
  const { message, state } = turn;
  const ip = turn.ip ?? '';
  const at = clockNow();
  // Links are relative site paths, as Markdown (the chat panel makes them clickable).
  const contactUrl = `${localePath(lang, '/')}#contact`;
  const askConsent = () => ({
    text: t('assistant.leadConsent', { privacyUrl: localePath(lang, '/privacy-policy') }),
    state: { step: 'consent', consent: false, name: null, email: null } satisfies LeadState,
  });

  // The meeting offer's buttons (./meeting-offer.ts): a time chosen, the offer again, or out of the flow.
  if (state?.step === 'slot' && state.booking) {
    return chooseSlot(message, { ...state, booking: state.booking }, lang, ip, at, turn.phone ?? null, turn.visitor);
  }
  // Asking again (the panel's "talk to a person", twice) while in the flow repeats the flow's question.
  if (state && wantsTeam(message)) return repeatQuestion(state, lang, askConsent);

  switch (state?.step) {
    case 'consent':
      return YES.test(message)
        ? { text: t('assistant.leadName'), state: { ...state, step: 'name', consent: true } }
        : { text: t('assistant.leadDeclined', { contactUrl }), state: null };
    case 'name': {
      const name = message.slice(0, 200);
      return { text: t('assistant.leadEmail', { name }), state: { ...state, step: 'email', name } };
    }
    case 'email': {
      const email = emailField.safeParse(message);
      return email.success
        ? { text: t('assistant.leadCompany'), state: { ...state, step: 'company', email: email.data } }
        : { text: t('assistant.leadEmailInvalid'), state };
    }
    case 'company': {
      // Only a consent the server recorded in this session files a lead.
      if (!state.consent) return askConsent();
      if (!state.name) return { text: t('assistant.leadName'), state: { ...state, step: 'name' } };
      const email = state.email ? emailField.safeParse(state.email) : null;
      if (!email?.success)
        return { text: t('assistant.leadEmail', { name: state.name }), state: { ...state, step: 'email' } };
      const company = NO_COMPANY.test(message) ? null : message.slice(0, 200);
      // A meeting being booked asks one more thing: the topic.
      if (state.booking) {
        return {
          text: t('assistant.meetingTopic'),
          state: { ...state, step: 'topic', booking: { ...state.booking, company } },
        };
      }
      const conversation: ChatMessage[] = [...turn.history, { role: 'user', content: message }];
      const lead = await addContactMessage(
        {
          name: state.name,
          email: email.data,
          company,
          phone: turn.phone ?? null,
          serviceOfInterest: inferService(conversation),
          message: transcript(conversation, lang),
        },
        turn.source ?? 'chat',
        undefined,
        turn.sessionId,
        { language: lang, attribution: await attributionOf(turn.visitor ?? null, at) },
      );
      if (turn.source !== 'whatsapp') await recordGoal('chat-lead', turn.visitor ?? null, at);
      await alertContactMessage(lead);
      await acknowledgeLead(lead, 'chat');
      return { text: t('assistant.leadDone', { name: state.name, email: email.data }), state: null, filed: true };
    }
    case 'topic': {
      if (!state.consent || !state.booking) return askConsent();
      const topic = message.slice(0, TOPIC_MAX);
      return bookChosen(
        { ...state, booking: { ...state.booking, topic } },
        lang,
        ip,
        at,
        turn.phone ?? null,
        turn.visitor,
      );
    }
    default: {
      // To meet, call or talk to someone: the next free times, when a partner has any; else the lead flow. Both
      // channels keep the booking under way with the lead state (the web chat's conversation, the WhatsApp contact).
      const offer = wantsMeeting(message) ? await offerMeeting(lang, at, null) : null;
      if (offer) return offer;
      return wantsTeam(message) || wantsMeeting(message) ? askConsent() : null;
    }
  }
}

/** The lead flow's pending question again, its state unchanged. */
function repeatQuestion(
  state: LeadState,
  lang: Language,
  askConsent: () => { text: string; state: LeadState },
): { text: string; state: LeadState } {
  const t = useTranslations(lang);
  if (!state.consent) return askConsent();
  if (!state.name) return { text: t('assistant.leadName'), state: { ...state, step: 'name' } };
  if (!state.email) return { text: t('assistant.leadEmail', { name: state.name }), state: { ...state, step: 'email' } };
  if (state.step === 'topic') return { text: t('assistant.meetingTopic'), state };
  return { text: t('assistant.leadCompany'), state: { ...state, step: 'company' } };
}
