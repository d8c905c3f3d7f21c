import { siteUrl } from '../mail/templates';

/** The longest text message the Cloud API sends. */
export const MAX_WHATSAPP_TEXT = 4096;

/** What a person writes to end the conversation (any case, alone in the message, a full stop allowed). */
const STOP = /^\s*(stop|baja|unsubscribe|cancelar|parar)\s*[.!]*\s*$/i;

export function isStop(text: string): boolean {
  return STOP.test(text);
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
