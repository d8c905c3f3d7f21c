import { languageName, type Language } from '../../i18n/languages';
import { mailText, type MailKey } from '../../i18n/mail';
import type { ContactMessage } from './contact-schema';
import type { VideoConversation } from '../conversations/schema';
import { taxonomyLabel, type Taxonomy } from '../taxonomy/schema';
import { block, button, fields, heading, paragraph } from '../mail/html';
import { render, siteUrl, textFields, type RenderedMail } from '../mail/templates';

/** The firm's lead alerts as mails: a contact message or chat lead, and a video call. */

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
  const kind = { chat: 'chat', whatsapp: 'whatsapp', investor: 'investor' } as const;
  const alert = kind[message.source as keyof typeof kind] ?? 'contact';
  const none = t('alert.none');
  const subject = t(`alert.${alert}.subject`, { name: message.name });
  const rows: Array<[string, string]> = [
    [t('alert.field.name'), message.name],
    [t('alert.field.email'), message.email],
    [t('alert.field.company'), message.company ?? none],
    [t('alert.field.phone'), message.phone ?? none],
    [t('alert.field.service'), serviceName(message.serviceOfInterest, lang, taxonomy) ?? none],
  ];
  const url = dashboardLink('messages', message.id);
  const intro = t(`alert.${alert}.intro`);
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
