/**
 * docs/product.md, "Input rules": an e-mail address becomes mailto:, and links may only be http, https, mailto, tel
 * or a page of this site (`/…`). `//host` and `/\host` are refused: browsers read both as another site.
 */
export function normaliseLink(value: string): string | null {
  const text = value.trim();
  if (/^[^\s@/:]+@[^\s@]+\.[^\s@]+$/.test(text)) return `mailto:${text}`;
  if (/^\/(?![/\\])[^\s\\]*$/.test(text)) return text;
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(text) || /^tel:\+?[\d\s().-]+$/i.test(text)) return text;
  if (!/^https?:\/\/[^\s]+$/i.test(text)) return null;
  try {
    return new URL(text).hostname ? text : null;
  } catch {
    return null;
  }
}
