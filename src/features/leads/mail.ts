import { byLanguage, type Language, type Localized } from '../../i18n/languages';
import { mailText, type MailKey } from '../../i18n/mail';
import { env } from '../../platform/env';
import type { Lead } from './schema';
import type { Taxonomy } from '../taxonomy/schema';
import { site } from '../../platform/site';
import { block, button, document, fields, heading, link, paragraph, type SafeHtml } from '../mail/html';
import { serviceName } from './alert-mails';
import { render, siteUrl, type RenderedMail } from '../mail/templates';

/** The reply templates a partner starts from, in every language (`{sender}`: the partner's signature, `signature` in src/features/accounts/schema.ts). */
export function replyTemplates(lead: Lead, sender: string): Localized<{ subject: string; body: string }> {
  const values = { name: lead.name, siteName: site.name, sender };
  return byLanguage((lang) => ({
    subject: mailText(lang, 'reply.subject', values),
    body: mailText(lang, 'reply.body', values),
  }));
}

function paragraphs(text: string): SafeHtml[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .filter((part) => part.trim())
    .map((part) => paragraph(part.trim(), 'white-space:pre-wrap'));
}

/** A partner's reply as sent: their text (escaped, line breaks kept), then the lead's message quoted. */
export function replyMail(lead: Lead, input: { language: Language; subject: string; body: string }): RenderedMail {
  const lang = input.language;
  const quote = mailText(lang, 'reply.quote', { date: lead.createdAt.slice(0, 10) });
  const footer = mailText(lang, 'reply.footer', { siteName: site.name });
  const quoted = lead.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  return {
    subject: input.subject,
    text: `${input.body}\n\n${quote}\n${quoted}\n\n--\n${footer}\n`,
    html: document(
      lang,
      input.subject,
      site.name,
      [...paragraphs(input.body), paragraph(quote, 'font-size:13px;color:#6b7280'), block(lead.message)],
      [paragraph(footer)],
    ),
  };
}

function inboxLink(): string {
  return `${siteUrl()}/admin#messages`;
}

function leadLink(id: string): string {
  return `${siteUrl()}/admin#messages/${encodeURIComponent(id)}`;
}

/** The digest's week of the site: visitors, the three sources with most visitors, the page with most leads. */
export interface DigestWeek {
  visitors: number;
  sources: Array<{ source: string; visitors: number }>;
  page: { path: string; leads: number } | null;
}

/**
 * The weekly digest to the firm: new leads of the week, and older ones nobody has answered, each with its service
 * of interest as the services and categories list names it.
 */
export function digestMail(
  fresh: Lead[],
  unanswered: Lead[],
  more: boolean,
  taxonomy: Pick<Taxonomy, 'entries'>,
  lang: Language = env().LEADS_LANGUAGE,
  week?: DigestWeek,
): RenderedMail {
  const t = (key: MailKey, values?: Record<string, string | number>) => mailText(lang, key, values);
  const number = new Intl.NumberFormat(lang);
  // The week's visits (src/features/analytics): sources and paths are what visitors' links said, shown as text only,
  // and only when they look like a name or a host (dots written [.], so no mail client makes a link of them).
  const plain = (text: string) => text.replace(/\./g, '[.]');
  const siteLines = week
    ? [
        t('digest.visitors', { count: number.format(week.visitors) }),
        week.sources.length
          ? t('digest.sources', {
              sources: week.sources.map((row) => `${plain(row.source)} (${number.format(row.visitors)})`).join(', '),
            })
          : t('digest.noSources'),
        week.page
          ? t('digest.page', { path: plain(week.page.path), count: number.format(week.page.leads) })
          : t('digest.noPage'),
      ]
    : [];
  const subject = t('digest.subject', { new: fresh.length, unanswered: unanswered.length });
  const row = (lead: Lead): [string, string] => {
    const service = serviceName(lead.serviceOfInterest, lang, taxonomy);
    const details = [lead.company, t(`digest.source.${lead.source}`), service, lead.createdAt.slice(0, 10)];
    return [`${lead.name} <${lead.email}>`, details.filter(Boolean).join(', ')];
  };
  const section = (title: string, leads: Lead[]) => ({
    text: `${title}\n${leads.length ? leads.map((lead) => `- ${row(lead).join(' — ')}: ${leadLink(lead.id)}`).join('\n') : t('digest.none')}`,
    html: [
      heading(title),
      leads.length ? fields(leads.map(row)) : paragraph(t('digest.none')),
      ...leads.map((lead) => link(lead.name, leadLink(lead.id))),
    ],
  });
  return render(lang, subject, [
    { text: t('digest.intro'), html: [paragraph(t('digest.intro'))] },
    section(t('digest.new', { count: fresh.length }), fresh),
    section(t('digest.unanswered', { count: unanswered.length }), unanswered),
    ...(more ? [{ text: t('digest.more'), html: [paragraph(t('digest.more'))] }] : []),
    ...(week
      ? [
          {
            text: `${t('digest.site')}\n${siteLines.map((line) => `- ${line}`).join('\n')}`,
            html: [heading(t('digest.site')), ...siteLines.map((line) => paragraph(line))],
          },
        ]
      : []),
    { text: `${t('digest.open')}: ${inboxLink()}`, html: [button(t('digest.open'), inboxLink())] },
  ]);
}
