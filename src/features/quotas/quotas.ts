import { createHmac } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { ConfigError, deployContext, env } from '../../platform/env';
import { LimitReached, Unavailable } from '../../platform/errors';
import { normaliseEmail } from '../../platform/emails';
import { takeDailyQuota, takeSharedQuota, utcDay, type DailyQuota, type QuotaShares } from './store';

/**
 * What one visitor can make the site spend, in one place (docs/security.md#what-one-visitor-can-make-the-site-spend): request body limits, and daily
 * quotas per visitor IP and for the whole site on every anonymous write. Netlify's per-minute `rateLimit`
 * (src/features/quotas/rate-limits.ts) slows a burst; these bound a day, and hold on the local stack too, where netlify-cli
 * does not enforce `rateLimit`.
 */

const KB = 1024;

/** The largest request body each public route reads (413 past it). Other routes keep http.ts's 1 MB. */
export const BODY_LIMITS = {
  /** A message of 5,000 characters and the form's other fields. */
  contact: 16 * KB,
  newsletter: 4 * KB,
  /** The request-access form: a few short fields and two short lists. */
  access: 8 * KB,
  /** 30 messages of 2,000 characters of English or Spanish text. */
  chat: 64 * KB,
  /** POST /api/whatsapp-conversations: one exchange of two 4,000-character texts. */
  chatLog: 16 * KB,
  /** POST /api/tavus-conversations: at most 200 transcript lines of 1,000 characters (the schema), and 64 KB in all. */
  videoLog: 64 * KB,
  /** POST /api/tavus/conversation: a language and a few names the server ignores. */
  videoStart: 8 * KB,
  /** POST /api/meetings: a topic of 5,000 characters and the form's other fields. */
  booking: 16 * KB,
  /** POST /api/meetings/{id}/cancel: a token. */
  cancel: 4 * KB,
  /** POST /api/whatsapp/webhook: Meta's signed events (a few messages and statuses; Meta batches at most 1,000). */
  whatsapp: 256 * KB,
  /** POST /api/event: a pageview's name, URL, referrer and width (src/features/analytics/schema.ts). */
  event: 2 * KB,
} as const;

/** A daily quota on an anonymous write: so many per visitor IP, so many for the whole site, per UTC day. */
export interface VisitorQuota {
  /** Names its counters (daily_quotas) and its variables: QUOTA_{NAME}_PER_IP, QUOTA_{NAME}_PER_DAY. */
  name: string;
  perIp: number;
  perDay: number;
  /** What it counts, for the refusal's message. */
  what: string;
}

export const QUOTAS = {
  /** A 25th message from one IP in a day is refused (issue 10). */
  contact: { name: 'contact', perIp: 24, perDay: 200, what: 'messages' },
  newsletter: { name: 'newsletter', perIp: 10, perDay: 200, what: 'sign-ups' },
  /** POST /api/access-requests: a prospective investor asks once or twice; a day's leads fit one review. */
  access: { name: 'access', perIp: 5, perDay: 100, what: 'requests' },
  /** Every POST /api/chat: about three long conversations a day from one IP. */
  chat: { name: 'chat', perIp: 100, perDay: 2000, what: 'chat messages' },
  /** POST /api/whatsapp-conversations. */
  chatLog: { name: 'chat-log', perIp: 100, perDay: 2000, what: 'chat log entries' },
  /** POST /api/tavus-conversations: one per call, and calls are capped below. */
  videoLog: { name: 'video-log', perIp: 4, perDay: 100, what: 'call logs' },
  /** POST /api/meetings (issue #25): a visitor books one call, maybe moves it; a partner's fortnight is ~100 slots. */
  booking: { name: 'booking', perIp: 5, perDay: 50, what: 'bookings' },
  /**
   * WhatsApp messages stored and answered (issue #26): `perIp` counts one contact (QUOTA_WHATSAPP_PER_IP, as the
   * model calls' share counts a contact), `perDay` the firm's number. A message past either is neither stored nor
   * answered (docs/security.md, "WhatsApp").
   */
  whatsapp: { name: 'whatsapp', perIp: 60, perDay: 3000, what: 'WhatsApp messages' },
  /**
   * POST /api/event (issue #33): pageviews counted. A reader of the whole site sees a few dozen pages a day; the site's
   * cap bounds what a day's analytics rows can cost: at most about 2 KB of rows a pageview at its longest values (its raw
   * row, its visit, its page's mark, the day's figures), some 200 MB a day, for 90 days; a reader's pageview is a few
   * hundred bytes.
   */
  event: { name: 'event', perIp: 300, perDay: 100_000, what: 'page views' },
} as const satisfies Record<string, VisitorQuota>;

/**
 * Bookings one e-mail address may get a day (QUOTA_BOOKING_PER_ADDRESS): each mails the address, so this bounds what
 * a stranger who types someone's address can send them.
 */
export const BOOKINGS_PER_ADDRESS = 3;

/**
 * One IP's share of the paid services a day; the site-wide caps are CHAT_DAILY_MODEL_CALLS and TAVUS_DAILY_CALLS.
 * Past its share of model calls a visitor still gets answers, from the built-in assistant.
 */
export const MODEL_CALLS_PER_IP = 30;
export const VIDEO_CALLS_PER_IP = 2;

/** Calls to the chat's language model (CHAT_DAILY_MODEL_CALLS). */
export const MODEL_CALLS: DailyQuota = { prefix: 'model-calls' };
/** Tavus video calls started (TAVUS_DAILY_CALLS). */
export const VIDEO_CALLS: DailyQuota = { prefix: 'video-calls' };

/** The highest cap a quota can be configured with. */
export const MAX_QUOTA_CAP = 999_999;

function capFromEnv(variable: string, fallback: number): number {
  const raw = process.env[variable]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > MAX_QUOTA_CAP) {
    throw new ConfigError(`Invalid environment variable ${variable}: a whole number from 0 to ${MAX_QUOTA_CAP}`);
  }
  return value;
}

function envName(name: string): string {
  return name.toUpperCase().replace(/-/g, '_');
}

/** A quota's caps as configured: the defaults above unless QUOTA_{NAME}_PER_IP or QUOTA_{NAME}_PER_DAY say otherwise. */
export function quotaCaps(quota: VisitorQuota): { perIp: number; perDay: number } {
  return {
    perIp: capFromEnv(`QUOTA_${envName(quota.name)}_PER_IP`, quota.perIp),
    perDay: capFromEnv(`QUOTA_${envName(quota.name)}_PER_DAY`, quota.perDay),
  };
}

/**
 * Whom a quota counts: an IPv4 address as it is; an IPv6 address by its /64 network, since one subscriber (and so one
 * attacker) usually holds a whole /64 and could otherwise take a fresh quota with every address in it.
 */
export function visitorNetwork(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const groups = (part: string) =>
    part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : [];
  const [head = '', tail] = address.split('::');
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const full = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

function ipHashSecret(): string {
  const { IP_HASH_SECRET, JWT_SECRET } = env();
  const secret = IP_HASH_SECRET ?? JWT_SECRET;
  if (secret) return secret;
  // Local runs without a .env still count per visitor; a deployed site must have a secret.
  if (deployContext() === 'dev') return 'local development only: no IP_HASH_SECRET or JWT_SECRET';
  throw new ConfigError('IP_HASH_SECRET (or JWT_SECRET) is not set. See README.md, "Configuration".');
}

/**
 * What a quota stores for a visitor: HMAC-SHA256 of the day and the IP (its /64 for IPv6) under a secret, never the
 * address. Without the secret a hash cannot be tested against guessed addresses, and the same IP hashes differently
 * each day.
 */
export function visitorHash(ip: string, now: Date): string {
  return createHmac('sha256', ipHashSecret())
    .update(`${utcDay(now)}\n${visitorNetwork(ip)}`)
    .digest('hex')
    .slice(0, 32);
}

/**
 * Where a daily quota counts one e-mail address (the visitor acknowledgements: src/features/leads/acknowledgement.ts):
 * `{name}-address`, with an HMAC of the day and the trimmed, lower-cased address under the same secret as
 * `visitorHash`: never the address, and not testable against guessed addresses without the secret.
 */
export function addressQuota(site: DailyQuota, email: string, now: Date): DailyQuota {
  const subject = createHmac('sha256', ipHashSecret())
    .update(`${utcDay(now)}\n${normaliseEmail(email)}`)
    .digest('hex')
    .slice(0, 32);
  return { prefix: `${site.prefix}-address`, subject };
}

/** Seconds until the next UTC day, when every daily quota starts again. */
export function secondsUntilTomorrow(now: Date): number {
  const tomorrow = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((tomorrow - now.getTime()) / 1000));
}

/**
 * The refusal of a spent quota, reopening at the next UTC day: a visitor's share is a limit reached (429), the
 * site's share of a cost makes the service unavailable (503).
 */
export function quotaRefusal(share: 'visitor' | 'site', message: string, now: Date): LimitReached | Unavailable {
  const retryAfter = secondsUntilTomorrow(now);
  return share === 'visitor' ? new LimitReached(message, retryAfter) : new Unavailable(message, retryAfter);
}

export type Outcome = 'granted' | 'visitor' | 'site';

/** A site-wide quota, counted per UTC day; one visitor's share of it is `visitorQuota`. */
export function siteQuota(name: string): DailyQuota {
  return { prefix: name };
}

/** Where one visitor's share of a site quota is counted: `{name}-ip`, with the visitor's hash as its subject. */
export function visitorQuota(site: DailyQuota, ip: string, now: Date): DailyQuota {
  return { prefix: `${site.prefix}-ip`, subject: visitorHash(ip, now) };
}

/**
 * Takes one use from the visitor's share and one from the site's, in one statement (src/features/quotas/store.ts,
 * takeSharedQuota): a spent site quota refuses without counting anything, and one visitor past their share never
 * spends the site's.
 */
function takeShared(site: DailyQuota, siteCap: number, visitorCap: number, ip: string, now: Date): Promise<Outcome> {
  return takeSharedQuota(
    site,
    Math.min(siteCap, MAX_QUOTA_CAP),
    visitorQuota(site, ip, now),
    Math.min(visitorCap, MAX_QUOTA_CAP),
    now,
  );
}

/**
 * Takes one use of an e-mail address's daily share of bookings (BOOKINGS_PER_ADDRESS, QUOTA_BOOKING_PER_ADDRESS),
 * counted under an HMAC of the day and the address (`addressQuota`), or throws 429.
 */
export async function takeBookingAddressQuota(email: string, now = new Date()): Promise<void> {
  const cap = capFromEnv('QUOTA_BOOKING_PER_ADDRESS', BOOKINGS_PER_ADDRESS);
  if (!(await takeDailyQuota(addressQuota(siteQuota(QUOTAS.booking.name), email, now), cap, now))) {
    throw quotaRefusal('visitor', 'Too many bookings for this e-mail address today. Please try again tomorrow.', now);
  }
}

/** The counters one use of an anonymous write's quota takes: the site's and the visitor's, with their caps. */
export function quotaShares(quota: VisitorQuota, ip: string, now: Date): QuotaShares {
  const { perIp, perDay } = quotaCaps(quota);
  const site = siteQuota(quota.name);
  return {
    site,
    siteCap: Math.min(perDay, MAX_QUOTA_CAP),
    visitor: visitorQuota(site, ip, now),
    visitorCap: Math.min(perIp, MAX_QUOTA_CAP),
  };
}

/** Throws the 429 of a quota use refused (`visitor`: their share is spent; `site`: the site's), or returns. */
export function refuseUnlessGranted(quota: VisitorQuota, outcome: Outcome, now: Date): void {
  if (outcome === 'visitor') {
    throw quotaRefusal('visitor', `Too many ${quota.what} from your connection today. Please try again tomorrow.`, now);
  }
  if (outcome === 'site') {
    throw quotaRefusal('visitor', `The site accepts no more ${quota.what} today. Please try again tomorrow.`, now);
  }
}

/** Takes one use of an anonymous write's quota, or throws 429 with Retry-After and a message saying whose is spent. */
export async function takeVisitorQuota(quota: VisitorQuota, ip: string, now = new Date()): Promise<void> {
  const { site, siteCap, visitor, visitorCap } = quotaShares(quota, ip, now);
  refuseUnlessGranted(quota, await takeSharedQuota(site, siteCap, visitor, visitorCap, now), now);
}

/** Whether the visitor may have one more model call today: their share (QUOTA_MODEL_CALLS_PER_IP) and the site's. */
export async function takeModelCall(ip: string, siteCap: number, now = new Date()): Promise<boolean> {
  const perIp = capFromEnv('QUOTA_MODEL_CALLS_PER_IP', MODEL_CALLS_PER_IP);
  return (await takeShared(MODEL_CALLS, siteCap, perIp, ip, now)) === 'granted';
}

/** Whether one more message of a WhatsApp contact may be stored and answered today: theirs and the number's share. */
export async function takeWhatsAppMessage(contact: string, now = new Date()): Promise<boolean> {
  const { perIp, perDay } = quotaCaps(QUOTAS.whatsapp);
  return (await takeShared(siteQuota(QUOTAS.whatsapp.name), perDay, perIp, contact, now)) === 'granted';
}

/** One video call: granted, or refused because the visitor's share (QUOTA_VIDEO_CALLS_PER_IP) or the site's is spent. */
export function takeVideoCall(ip: string, siteCap: number, now = new Date()): Promise<Outcome> {
  const perIp = capFromEnv('QUOTA_VIDEO_CALLS_PER_IP', VIDEO_CALLS_PER_IP);
  return takeShared(VIDEO_CALLS, siteCap, perIp, ip, now);
}
