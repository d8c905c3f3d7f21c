import { localePath } from '../../i18n';
import { languageName, type Language } from '../../i18n/languages';
import { mailText, type MailKey } from '../../i18n/mail';
import { env } from '../../platform/env';
import type { ContactMessage } from '../leads/contact-schema';
import type { VideoConversation } from '../conversations/schema';
import { taxonomyLabel, type Taxonomy } from '../taxonomy/schema';
import { site } from '../../platform/site';
import { block, button, document, fields, heading, link, paragraph, type SafeHtml } from './html';

/** A rendered mail: subject, plain-text part and HTML part (both say the same). */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The site's address for links in mail: URL (Netlify sets it), else the local dev server. */
export function siteUrl(): string {
  return (env().URL ?? 'http://localhost:8888').replace(/\/+$/, '');
}

/**
 * Where a record opens in the dashboard: `/admin#{tab}/{id}` (the dashboard opens that tab and the record).
 * Tabs: `messages` (contact messages and chat leads), `video` (video calls).
 */
export function dashboardLink(tab: 'messages' | 'video', id: string): string {
  return `${siteUrl()}/admin#${tab}/${encodeURIComponent(id)}`;
}

/** A stored service of interest as the firm's services and categories list names it (the value as it is if unlisted). */
export function serviceName(value: string | null, lang: Language, taxonomy: Pick<Taxonomy, 'entries'>): string | null {
  return value ? taxonomyLabel(taxonomy, value, lang) : null;
}

/** A lead alert for a contact message or a chat lead (`source`); `taxonomy` names its service. */
export function contactAlert(
  message: ContactMessage,
  lang: Language,
  taxonomy: Pick<Taxonomy, 'entries'>,
): RenderedMail {
  const t = (key: MailKey, values?: Record<string, string | number>) => mailText(lang, key, values);
  const chat = message.source === 'chat';
  const investor = message.source === 'investor';
  const none = t('alert.none');
  const subject = t(chat ? 'alert.chat.subject' : investor ? 'alert.investor.subject' : 'alert.contact.subject', {
    name: message.name,
  });
  const rows: Array<[string, string]> = [
    [t('alert.field.name'), message.name],
    [t('alert.field.email'), message.email],
    [t('alert.field.company'), message.company ?? none],
    [t('alert.field.phone'), message.phone ?? none],
    [t('alert.field.service'), serviceName(message.serviceOfInterest, lang, taxonomy) ?? none],
  ];
  const url = dashboardLink('messages', message.id);
  const intro = t(chat ? 'alert.chat.intro' : investor ? 'alert.investor.intro' : 'alert.contact.intro');
  return render(lang, subject, [
    { text: intro, html: paragraph(intro) },
    { text: textFields(rows), html: fields(rows) },
    {
      text: `${t('alert.field.message')}:\n${message.message}`,
      html: [heading(t('alert.field.message')), block(message.message)],
    },
    { text: `${t('alert.open')}: ${url}`, html: button(t('alert.open'), url) },
  ]);
}

function duration(seconds: number | null, lang: Language): string {
  if (seconds === null) return mailText(lang, 'alert.none');
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return minutes > 0
    ? `${minutes} min ${String(rest).padStart(2, '0')} s`
    : mailText(lang, 'alert.seconds', { count: rest });
}

/** A lead alert for a finished video call, with its transcript. */
export function videoAlert(call: VideoConversation, lang: Language): RenderedMail {
  const t = (key: MailKey, values?: Record<string, string | number>) => mailText(lang, key, values);
  const length = duration(call.duration, lang);
  const rows: Array<[string, string]> = [
    [t('alert.field.language'), languageName(call.language, lang)],
    [t('alert.field.started'), call.conversationStarted.replace('T', ' ').slice(0, 16) + ' UTC'],
    [t('alert.field.duration'), length],
  ];
  const speaker = { user: t('alert.speaker.user'), assistant: t('alert.speaker.assistant') };
  const transcript = call.transcript.length
    ? call.transcript.map((line) => `${speaker[line.speaker]}: ${line.text}`).join('\n')
    : t('alert.noTranscript');
  const url = dashboardLink('video', call.sessionId);
  return render(lang, t('alert.video.subject', { duration: length }), [
    { text: t('alert.video.intro'), html: paragraph(t('alert.video.intro')) },
    { text: textFields(rows), html: fields(rows) },
    {
      text: `${t('alert.field.transcript')}:\n${transcript}`,
      html: [heading(t('alert.field.transcript')), block(transcript)],
    },
    { text: `${t('alert.open')}: ${url}`, html: button(t('alert.open'), url) },
  ]);
}

/** The double opt-in mail: a link to the confirmation page in the subscriber's language. */
export function confirmationMail(name: string, lang: Language, token: string): RenderedMail {
  const t = (key: MailKey, values?: Record<string, string | number>) =>
    mailText(lang, key, { siteName: site.name, ...values });
  const url = confirmationPageUrl(lang, token);
  return render(lang, t('confirm.subject'), [
    { text: t('confirm.greeting', { name }), html: paragraph(t('confirm.greeting', { name })) },
    { text: t('confirm.text'), html: paragraph(t('confirm.text')) },
    { text: url, html: button(t('confirm.button'), url) },
    { text: t('confirm.ignore'), html: paragraph(t('confirm.ignore'), 'font-size:13px;color:#6b7280') },
  ]);
}

/** The page that confirms a sign-up (src/pages/[...lang]/newsletter/confirm.astro). */
export function confirmationPageUrl(lang: Language, token: string): string {
  return `${siteUrl()}${localePath(lang, '/newsletter/confirm')}?token=${encodeURIComponent(token)}`;
}

/** The one-click unsubscribe address of a subscriber (List-Unsubscribe, RFC 8058; the footer links it too). */
export function unsubscribeUrl(token: string): string {
  return `${siteUrl()}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The headers every newsletter issue carries (RFC 2369 and RFC 8058). */
export function unsubscribeHeaders(token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/**
 * A newsletter issue for one subscriber: the issue's HTML (sanitised rich text, as the editor stores it) and its
 * plain text, with the unsubscribe link in the footer. Send it with `unsubscribeHeaders(token)`.
 */
export function issueMail(
  issue: { subject: string; html: string; text: string },
  lang: Language,
  token: string,
): RenderedMail {
  const url = unsubscribeUrl(token);
  const footer = mailText(lang, 'issue.footer', { siteName: site.name });
  const unsubscribe = mailText(lang, 'issue.unsubscribe');
  return {
    subject: issue.subject,
    text: `${issue.text}\n\n--\n${footer}\n${unsubscribe}: ${url}\n`,
    html: document(lang, issue.subject, site.name, [{ html: issue.html }], [paragraph(footer), link(unsubscribe, url)]),
  };
}

/** The set-password page an invitation links to (src/pages/[...lang]/set-password.astro). */
export function setPasswordPageUrl(lang: Language, token: string): string {
  return `${siteUrl()}${localePath(lang, '/set-password')}?token=${encodeURIComponent(token)}`;
}

/** The invitation of a new investor account: its username and a one-time link to set a password. */
export function invitationMail(
  name: string,
  username: string,
  lang: Language,
  token: string,
  days: number,
): RenderedMail {
  const t = (key: MailKey, values?: Record<string, string | number>) =>
    mailText(lang, key, { siteName: site.name, ...values });
  const url = setPasswordPageUrl(lang, token);
  return render(lang, t('invite.subject'), [
    { text: t('invite.greeting', { name }), html: paragraph(t('invite.greeting', { name })) },
    { text: t('invite.text', { username }), html: paragraph(t('invite.text', { username })) },
    { text: url, html: button(t('invite.button'), url) },
    { text: t('invite.expiry', { days }), html: paragraph(t('invite.expiry', { days })) },
    { text: t('invite.ignore'), html: paragraph(t('invite.ignore'), 'font-size:13px;color:#6b7280') },
  ]);
}

interface Part {
  text: string;
  html: SafeHtml | SafeHtml[];
}

function textFields(rows: Array<[string, string]>): string {
  return rows.map(([label, value]) => `${label}: ${value}`).join('\n');
}

function render(lang: Language, subject: string, parts: Part[]): RenderedMail {
  const footer = mailText(lang, 'mail.footer.sentBy', { siteName: site.name });
  return {
    subject,
    text: `${parts.map((part) => part.text).join('\n\n')}\n\n--\n${footer}\n`,
    html: document(
      lang,
      subject,
      site.name,
      parts.flatMap((part) => part.html),
      [paragraph(footer)],
    ),
  };
}
