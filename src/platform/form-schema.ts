/**
 * The public forms' rules as plain functions, with no zod: the islands check a form with these before sending it,
 * and the result page (src/pages/[...lang]/form-result.astro) names the fields they fail. The server's zod schemas
 * (contact.ts, newsletter.ts) are built on the same limits and the same e-mail pattern, and stay the authority.
 */

export const NAME_MAX = 200;
export const EMAIL_MAX = 254;
export const COMPANY_MAX = 200;
export const PHONE_MAX = 50;
export const MESSAGE_MAX = 5000;

/** zod 4's `z.email()` pattern (zod/v4/core/regexes.js, `email`), so a form and the server agree on an address. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function nameOk(value: string): boolean {
  const name = value.trim();
  return name.length >= 1 && name.length <= NAME_MAX;
}

export function emailOk(value: string): boolean {
  const email = value.trim().toLowerCase();
  return email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email);
}

export function messageOk(value: string): boolean {
  const message = value.trim();
  return message.length >= 1 && message.length <= MESSAGE_MAX;
}

export type ContactField = 'name' | 'email' | 'message';
export type NewsletterField = 'name' | 'email';

/** The contact form's fields that fail, in the form's order. */
export function contactFieldErrors(values: { name: string; email: string; message: string }): ContactField[] {
  const failing: ContactField[] = [];
  if (!nameOk(values.name)) failing.push('name');
  if (!emailOk(values.email)) failing.push('email');
  if (!messageOk(values.message)) failing.push('message');
  return failing;
}

/** The newsletter form's fields that fail, in the form's order. */
export function newsletterFieldErrors(values: { name: string; email: string }): NewsletterField[] {
  const failing: NewsletterField[] = [];
  if (!nameOk(values.name)) failing.push('name');
  if (!emailOk(values.email)) failing.push('email');
  return failing;
}
