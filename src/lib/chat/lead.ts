import { localePath, useTranslations } from '../../i18n';
import type { Language } from '../../i18n/languages';
import { emailField, type ServiceOfInterest } from '../schemas/contact';
import type { ChatMessage } from '../schemas/chat';
import { addContactMessage } from '../stores/contact-messages';

/**
 * Turning interest into a lead, with or without a model: when the visitor asks
 * to talk to the team, the assistant asks for consent, then name, e-mail and
 * company, one at a time, and files a contact message marked as coming from
 * the chat. The step is read from the assistant's last question, so the
 * conversation the client sends back is the only state.
 */
const WANTS_TEAM = [
  /\b(talk|speak|chat)\s+(to|with)\s+(someone|somebody|a person|a human|your team|the team|an? (expert|consultant|partner)|sales)\b/i,
  /\b(contact me|call me|get in touch|reach out to me|book a (call|meeting)|schedule a (call|meeting)|set up a (call|meeting)|meet (with )?(your|the) team)\b/i,
  /(hablar con|contactar con|cont[aá]ctenme|ll[aá]menme|llamarme|reuni[oó]n con|agendar|concertar una|ponerme en contacto|p[oó]ngame en contacto|p[oó]nganme en contacto)/i,
];
const YES =
  /^\s*(yes|yeah|yep|sure|ok(ay)?|i agree|agreed|of course|s[ií]|claro|vale|de acuerdo|acepto|por supuesto)\b/i;
const NO_COMPANY = /^\s*(none|no company|n\/a|-|ninguna|ninguno|sin empresa|no tengo)\s*\.?\s*$/i;

type Step = 'consent' | 'name' | 'email' | 'company';

function prefix(template: string): string {
  return template.split('{')[0]!.trim();
}

export function wantsTeam(text: string): boolean {
  return WANTS_TEAM.some((pattern) => pattern.test(text));
}

function stepAsked(lang: Language, assistantText: string): Step | null {
  const t = useTranslations(lang);
  const steps: Array<[Step, string]> = [
    ['consent', prefix(t('assistant.leadConsent'))],
    ['name', prefix(t('assistant.leadName'))],
    ['email', prefix(t('assistant.leadEmail'))],
    ['email', prefix(t('assistant.leadEmailInvalid'))],
    ['company', prefix(t('assistant.leadCompany'))],
  ];
  return steps.find(([, start]) => start && assistantText.startsWith(start))?.[0] ?? null;
}

/** The visitor's answer to the last question of the given step, searching back through the conversation. */
function answerTo(lang: Language, messages: ChatMessage[], step: Step): string | null {
  for (let i = messages.length - 2; i >= 0; i -= 1) {
    const message = messages[i]!;
    const next = messages[i + 1];
    if (message.role === 'assistant' && next?.role === 'user' && stepAsked(lang, message.content) === step) {
      if (step !== 'email' || emailField.safeParse(next.content).success) return next.content;
    }
  }
  return null;
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

/**
 * The lead flow's reply to the last message, or null when the conversation
 * is not in (or entering) the flow. Messages arrive as chatMessageSchema
 * parsed them: trimmed and never empty.
 */
export async function leadReply(messages: ChatMessage[], lang: Language, origin: string): Promise<string | null> {
  const t = useTranslations(lang);
  const last = messages[messages.length - 1]!;
  const previous = messages[messages.length - 2];
  const step = previous?.role === 'assistant' ? stepAsked(lang, previous.content) : null;
  const contactUrl = `${origin}${localePath(lang, '/')}#contact`;

  switch (step) {
    case 'consent':
      return YES.test(last.content) ? t('assistant.leadName') : t('assistant.leadDeclined', { contactUrl });
    case 'name':
      return t('assistant.leadEmail', { name: last.content.slice(0, 200) });
    case 'email':
      return emailField.safeParse(last.content).success ? t('assistant.leadCompany') : t('assistant.leadEmailInvalid');
    case 'company': {
      const name = answerTo(lang, messages, 'name');
      const email = answerTo(lang, messages, 'email');
      if (!name || !email) return t('assistant.leadName');
      const company = NO_COMPANY.test(last.content) ? null : last.content.slice(0, 200);
      const parsedEmail = emailField.parse(email);
      await addContactMessage(
        {
          name: name.slice(0, 200),
          email: parsedEmail,
          company,
          phone: null,
          serviceOfInterest: inferService(messages),
          message: transcript(messages, lang),
        },
        'chat',
      );
      return t('assistant.leadDone', { name, email: parsedEmail });
    }
    default:
      return wantsTeam(last.content)
        ? t('assistant.leadConsent', { privacyUrl: `${origin}${localePath(lang, '/privacy-policy')}` })
        : null;
  }
}
