import { localePath } from '../../i18n';
import { type Language } from '../../i18n/languages';
import { mailText, type MailKey } from '../../i18n/mail';
import { site } from '../../platform/site';
import { button, paragraph } from '../mail/html';
import { render, siteUrl, type RenderedMail } from '../mail/templates';

/** The invitation to set a password, for an account made from a lead. */

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
