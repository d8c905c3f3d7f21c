import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { resetEnvCache } from '../../src/platform/env';

export interface CapturedMail {
  /** The SMTP envelope's recipients (what the server was asked to deliver to). */
  envelopeTo: string[];
  parsed: ParsedMail;
}

export interface LocalSmtp {
  /** `smtp://127.0.0.1:{port}`: what SMTP_URL is set to while `useSmtp()` is on. */
  url: string;
  mails: CapturedMail[];
  /** Every mail whose envelope names this address. */
  to: (address: string) => CapturedMail[];
  /** The next N failed deliveries are refused with 451 (a temporary failure). */
  refuseNext: (count: number) => void;
  /** Points SMTP_URL (and MAIL_FROM, LEADS_TO) at this server, or (false) unsets SMTP_URL. */
  configure: (on: boolean) => void;
  stop: () => Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 in this process (smtp-server), each mail parsed with mailparser: tests assert
 * on what arrives. A mail is recorded before the server accepts it, so when the sender's `sendMail` resolves
 * the mail is here.
 */
export async function startLocalSmtp(
  options: { leadsTo?: string; from?: string; port?: number } = {},
): Promise<LocalSmtp> {
  const mails: CapturedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address);
      simpleParser(stream)
        .then((parsed) => {
          if (refusals > 0) {
            refusals -= 1;
            const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
            callback(error);
            return;
          }
          mails.push({ envelopeTo, parsed });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('The SMTP server has no port');
  const url = `smtp://127.0.0.1:${address.port}`;
  const configure = (on: boolean) => {
    if (on) process.env['SMTP_URL'] = url;
    else delete process.env['SMTP_URL'];
    process.env['MAIL_FROM'] = options.from ?? 'Vantia Partners <news@vantia.test>';
    process.env['LEADS_TO'] = options.leadsTo ?? 'leads@vantia.test, partner@vantia.test';
    process.env['URL'] = 'https://site.test';
    resetEnvCache();
  };
  configure(true);
  return {
    url,
    mails,
    to: (recipient) => mails.filter((mail) => mail.envelopeTo.includes(recipient)),
    refuseNext: (count) => {
      refusals = count;
    },
    configure,
    stop: async () => {
      for (const name of ['SMTP_URL', 'MAIL_FROM', 'LEADS_TO', 'URL']) delete process.env[name];
      resetEnvCache();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The addresses of a parsed mail's To header. */
export function toAddresses(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((group) => group.value.map((entry) => entry.address ?? ''));
}

/** Every http(s) link of a mail's HTML part. */
export function htmlLinks(mail: ParsedMail): string[] {
  const html = typeof mail.html === 'string' ? mail.html : '';
  return [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
}
