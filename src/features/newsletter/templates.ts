import { localePath } from '../../i18n';
import { type Language } from '../../i18n/languages';
import { mailText, type MailKey } from '../../i18n/mail';
import { site } from '../../platform/site';
import { button, document, link, paragraph } from '../mail/html';
import { render, siteUrl, type RenderedMail } from '../mail/templates';

/** The newsletter's mails: the sign-up's confirmation and an issue, with their one-click unsubscribe. */

/**
 * The double opt-in mail: a link to the confirmation page in the subscriber's language. The address has not
 * confirmed yet, so the mail carries nothing a visitor typed, not even the name (a stranger's text mailed in the
 * firm's name to any address: docs/security.md), only a neutral greeting.
 */
export function confirmationMail(lang: Language, token: string): RenderedMail {
  const t = (key: MailKey, values?: Record<string, string | number>) =>
    mailText(lang, key, { siteName: site.name, ...values });
  const url = confirmationPageUrl(lang, token);
  return render(lang, t('confirm.subject'), [
    { text: t('confirm.greeting'), html: paragraph(t('confirm.greeting')) },
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
