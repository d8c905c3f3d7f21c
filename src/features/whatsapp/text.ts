import { foldText } from '../../platform/db/search';
import { siteUrl } from '../mail/templates';

/** The longest text message the Cloud API sends. */
export const MAX_WHATSAPP_TEXT = 4096;

/**
 * The words that end the conversation (docs/product.md, "WhatsApp"): STOP, BAJA, UNSUBSCRIBE and "DAR(ME) DE BAJA",
 * only as the whole message (trimmed, any case and accents, a full stop or exclamation mark allowed). A word inside a
 * sentence never stops ("quiero cancelar la reunión" is a message like any other): a stop is for good.
 */
const STOP_WORDS: ReadonlySet<string> = new Set(['stop', 'baja', 'unsubscribe', 'dar de baja', 'darme de baja']);

export function isStop(text: string): boolean {
  const folded = foldText(text)
    .replace(/^[¡!\s]+|[.!\s]+$/gu, '')
    .replace(/\s+/g, ' ');
  return STOP_WORDS.has(folded);
}

/**
 * The assistant's reply as a WhatsApp text: its Markdown links as plain URLs ("Title: https://site/path"; a site
 * path becomes the site's full address, since WhatsApp links only whole URLs), `**bold**` as WhatsApp's `*bold*`,
 * and at most MAX_WHATSAPP_TEXT characters (cut at a word, with an ellipsis).
 */
export function whatsappText(markdown: string): string {
  const base = siteUrl();
  const text = markdown
    .replace(/\[([^\]\n]+)\]\(([^)\s]+)\)/g, (_whole, title: string, href: string) => {
      const url = href.startsWith('/') ? `${base}${href}` : href;
      return title.trim() === href ? url : `${title.trim()}: ${url}`;
    })
    .replace(/\*\*([^*\n]+)\*\*/g, '*$1*')
    .trim();
  if (text.length <= MAX_WHATSAPP_TEXT) return text;
  const cut = text.slice(0, MAX_WHATSAPP_TEXT - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > MAX_WHATSAPP_TEXT / 2 ? cut.slice(0, space) : cut}…`;
}
