import { localePath } from '../../i18n';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../i18n/languages';

/**
 * The pages a newsletter e-mail's links lead to (src/pages/[...lang]/newsletter/): a GET shows a button, and only
 * the button's POST changes anything, so a mail scanner that fetches every link confirms or unsubscribes nobody.
 * A result in the URL is a code, never a token.
 */
export const NEWSLETTER_PAGES = { confirm: '/newsletter/confirm', unsubscribe: '/newsletter/unsubscribe' } as const;
export type NewsletterPage = keyof typeof NEWSLETTER_PAGES;
export const NEWSLETTER_RESULTS = ['done', 'invalid'] as const;
export type NewsletterResult = (typeof NEWSLETTER_RESULTS)[number];

export function newsletterPagePath(page: NewsletterPage, lang: Language, query: Record<string, string>): string {
  return `${localePath(lang, NEWSLETTER_PAGES[page])}?${new URLSearchParams(query).toString()}`;
}

export function languageOf(value: string | null | undefined): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** What a confirmation or unsubscribe link that matches no subscriber answers (404). */
export const INVALID_LINK = 'This link is not valid or has expired.';
