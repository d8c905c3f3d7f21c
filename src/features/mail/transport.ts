import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '../../platform/env';
import { site } from '../../platform/site';

/** What the outbox hands the transport: one message, already rendered. */
export interface OutgoingMail {
  to: string[];
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** A calendar invitation: the mail's text/calendar alternative, and an `invitation.ics` attachment. */
  calendar?: { method: string; content: string } | undefined;
}

/** Whether SMTP is configured (SMTP_URL). Without it mail waits in the outbox. */
export function smtpConfigured(): boolean {
  return Boolean(env().SMTP_URL);
}

/** The sender: MAIL_FROM, else the firm's name and public address. */
export function mailFrom(): string {
  return env().MAIL_FROM ?? `${site.name} <${site.email}>`;
}

let cached: { url: string; transporter: Transporter } | undefined;

function transporter(url: string): Transporter {
  if (cached?.url !== url) {
    cached = {
      url,
      transporter: nodemailer.createTransport({
        url,
        // A visitor's request may wait on one try (src/features/mail/outbox.ts): never for long.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    };
  }
  return cached.transporter;
}

/** A header value on one line: no CR or LF can start another header (header injection). */
export function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

/** Sends one mail over SMTP; throws when the server refuses it or cannot be reached. */
export async function sendOverSmtp(mail: OutgoingMail): Promise<void> {
  const url = env().SMTP_URL;
  if (!url) throw new Error('SMTP_URL is not set');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(mail.headers)) headers[oneLine(name)] = oneLine(value);
  await transporter(url).sendMail({
    from: mailFrom(),
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: oneLine(mail.subject),
    text: mail.text,
    html: mail.html,
    headers,
    ...(mail.calendar
      ? { icalEvent: { filename: 'invitation.ics', method: mail.calendar.method, content: mail.calendar.content } }
      : {}),
  });
}

/** What a failure may say in logs and the outbox: an SMTP code or an error's name, never a server's text. */
export function failureCode(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { responseCode, code, name } = error as { responseCode?: unknown; code?: unknown; name?: unknown };
    if (typeof responseCode === 'number') return `SMTP ${responseCode}`;
    if (typeof code === 'string' && /^[A-Z_]{2,30}$/.test(code)) return code;
    if (typeof name === 'string' && /^\w{1,40}$/.test(name)) return name;
  }
  return 'Error';
}
