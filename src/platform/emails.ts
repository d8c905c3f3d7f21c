/**
 * The e-mail addresses written in a text (a chat message, a call's transcript), lower-cased, each once: what links
 * a conversation to a person for a privacy request. A spoken address ("ana at example dot com") is not found.
 */
const EMAIL_IN_TEXT = /[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*\.[A-Za-z]{2,24}/g;

export function emailsIn(...texts: Array<string | null | undefined>): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const match of text.slice(0, 100_000).matchAll(EMAIL_IN_TEXT)) found.add(match[0].toLowerCase());
  }
  return [...found].slice(0, 20);
}

/** The address as every table stores and looks it up: trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
