import type { Language } from '../../i18n/languages';
import { mailText } from '../../i18n/mail';
import { env } from '../../platform/env';
import { site } from '../../platform/site';
import { document, paragraph, type SafeHtml } from './html';

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

/** One block of a mail: its plain text and its HTML. */
export interface Part {
  text: string;
  html: SafeHtml | SafeHtml[];
}

/** Label: value lines, the plain-text form of `fields`. */
export function textFields(rows: Array<[string, string]>): string {
  return rows.map(([label, value]) => `${label}: ${value}`).join('\n');
}

/** A mail in a language: its parts, then the footer, as plain text and as HTML. */
export function render(lang: Language, subject: string, parts: Part[]): RenderedMail {
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
