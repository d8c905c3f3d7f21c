import type { Channel, Device } from './schema';

/**
 * What a pageview's URL and referrer say about a visit (docs/product.md, "Analytics"), pure functions the tests
 * drive directly: the path without its query string, the UTMs and `ref` (the only parameters kept), the referrer as
 * its domain (and path where it is no search engine), and the channel, UTMs first.
 */

const KEPT_PARAMETERS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'ref'] as const;
type Kept = (typeof KEPT_PARAMETERS)[number];
const VALUE_MAX = 100;
const PATH_MAX = 400;

/**
 * Known referrers and UTM sources, by the domain's name without its public suffix ("google" for google.es and
 * google.com.mx) or the source as people type it: each with the name reports show and its kind. Plausible and GA4
 * keep far longer lists; these are the ones a Madrid firm's visitors arrive from, and any other domain is a referral.
 */
const KNOWN: Record<string, { name: string; kind: 'search' | 'social' | 'email' }> = {
  google: { name: 'Google', kind: 'search' },
  bing: { name: 'Bing', kind: 'search' },
  duckduckgo: { name: 'DuckDuckGo', kind: 'search' },
  yahoo: { name: 'Yahoo', kind: 'search' },
  ecosia: { name: 'Ecosia', kind: 'search' },
  qwant: { name: 'Qwant', kind: 'search' },
  yandex: { name: 'Yandex', kind: 'search' },
  baidu: { name: 'Baidu', kind: 'search' },
  brave: { name: 'Brave Search', kind: 'search' },
  startpage: { name: 'Startpage', kind: 'search' },
  perplexity: { name: 'Perplexity', kind: 'search' },
  chatgpt: { name: 'ChatGPT', kind: 'search' },
  linkedin: { name: 'LinkedIn', kind: 'social' },
  lnkd: { name: 'LinkedIn', kind: 'social' },
  facebook: { name: 'Facebook', kind: 'social' },
  fb: { name: 'Facebook', kind: 'social' },
  instagram: { name: 'Instagram', kind: 'social' },
  twitter: { name: 'X', kind: 'social' },
  x: { name: 'X', kind: 'social' },
  youtube: { name: 'YouTube', kind: 'social' },
  reddit: { name: 'Reddit', kind: 'social' },
  threads: { name: 'Threads', kind: 'social' },
  bsky: { name: 'Bluesky', kind: 'social' },
  mastodon: { name: 'Mastodon', kind: 'social' },
  whatsapp: { name: 'WhatsApp', kind: 'social' },
  telegram: { name: 'Telegram', kind: 'social' },
  newsletter: { name: 'Newsletter', kind: 'email' },
  gmail: { name: 'Gmail', kind: 'email' },
  outlook: { name: 'Outlook', kind: 'email' },
  'yahoo-mail': { name: 'Yahoo Mail', kind: 'email' },
};

/** Webmail hosts whose domain names another service (mail.google.com is Gmail, not Google search). */
const WEBMAIL_HOSTS: Record<string, string> = {
  'mail.google.com': 'gmail',
  'outlook.live.com': 'outlook',
  'outlook.office.com': 'outlook',
  'outlook.office365.com': 'outlook',
  'mail.yahoo.com': 'yahoo-mail',
  // X's link shortener (t.me is Telegram's, named by its domain).
  't.co': 'twitter',
  't.me': 'telegram',
};

const EMAIL_MEDIUMS = /^(e[-_ ]?mail|newsletter|mailing|signature)$/i;
const SOCIAL_MEDIUMS = /^(social|social[-_ ]?(media|network|post)|sm|paid[-_ ]?social|organic[-_ ]?social)$/i;
const SEARCH_MEDIUMS = /^(cpc|ppc|paid[-_ ]?search|sem|organic|search)$/i;

/** Second-level labels under which a country's domains sit (google.co.uk, google.com.mx). */
const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'gov', 'edu', 'ac', 'gob']);

/** A host's registrable name: "www.google.com.mx" → "google", "es.linkedin.com" → "linkedin". */
function domainName(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  if (labels.length <= 1) return labels[0] ?? '';
  let index = labels.length - 2;
  if (index > 0 && SECOND_LEVEL.has(labels[index]!) && labels[labels.length - 1]!.length === 2) index -= 1;
  return labels[index] ?? '';
}

function bareHost(host: string): string {
  return host.toLowerCase().replace(/^www\./, '');
}

function knownOf(key: string | null | undefined) {
  if (!key) return undefined;
  return Object.hasOwn(KNOWN, key.toLowerCase()) ? KNOWN[key.toLowerCase()] : undefined;
}

function referrerKnown(host: string) {
  return knownOf(WEBMAIL_HOSTS[bareHost(host)] ?? domainName(host));
}

function cleanValue(value: string | null): string | null {
  // One line, no controls, bounded: what the dashboard shows and the CSV holds.
  const text = value
    ?.replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .trim()
    .slice(0, VALUE_MAX);
  return text ? text : null;
}

/** A path as reports group it: decoded where it can be, one trailing slash dropped, at most 400 characters. */
export function normalisePath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURI(pathname);
  } catch {
    // Left as sent: a malformed escape is still one page's address.
  }
  // A backslash is a slash to a browser (`/\\evil.example` opens another site): both are one slash here.
  path = path.replace(/[\p{Cc}\p{Cf}]+/gu, '').replace(/[\\/]+/g, '/');
  if (path.length > 1) path = path.replace(/\/$/, '');
  return (path.startsWith('/') ? path : `/${path}`).slice(0, PATH_MAX);
}

/** The pages never counted: the dashboard, the API, and the files that are not pages. */
export function isCountedPath(path: string): boolean {
  return !/^\/(?:[a-z]{2}\/)?(?:admin|api|\.netlify)(?:\/|$)/.test(path);
}

export interface PageUrl {
  host: string;
  path: string;
  parameters: Record<Kept, string | null>;
}

/** The page's URL as kept: its host and path, and of its query string the UTMs and `ref` only; null: not a URL. */
export function parsePageUrl(raw: string): PageUrl | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const parameters = Object.fromEntries(
    KEPT_PARAMETERS.map((name) => [name, cleanValue(url.searchParams.get(name))]),
  ) as Record<Kept, string | null>;
  return { host: url.host.toLowerCase(), path: normalisePath(url.pathname), parameters };
}

/**
 * The referrer as kept: null when there is none, it is this site (a self-referral: the visitor moving between its
 * pages), or it is not an http(s) URL; else its host without `www.`, with its path where it is no search engine
 * (a search's path and query are the visitor's words).
 */
export function referrerOf(raw: string | null | undefined, siteHost: string): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = bareHost(url.hostname);
  if (!host || host === bareHost(siteHost.replace(/:\d+$/, ''))) return null;
  if (referrerKnown(host)?.kind === 'search') return host;
  const path = normalisePath(url.pathname);
  return (path === '/' ? host : `${host}${path}`).slice(0, PATH_MAX);
}

export interface VisitSource {
  channel: Channel;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  content: string | null;
  term: string | null;
}

/**
 * The channel and source of a pageview. UTMs take precedence: a medium of e-mail, social or search (or a known
 * source of that kind) names that channel, any other tagged link is a campaign. Then `ref` (a source without a
 * medium: `?ref=signature`), then the referrer: a known search engine, social network or webmail, else a referral;
 * none is direct. The source is a known name ("LinkedIn", "Google") or the value or domain as given.
 */
export function classify(parameters: PageUrl['parameters'], referrer: string | null): VisitSource {
  const { utm_source: utmSource, utm_medium: medium, utm_campaign: campaign } = parameters;
  const tagged = { medium, campaign, content: parameters.utm_content, term: parameters.utm_term };
  if (utmSource || medium || campaign) {
    const known = knownOf(utmSource);
    const source =
      known?.name ??
      utmSource ??
      (referrer ? (referrerKnown(referrer.split('/')[0]!)?.name ?? referrer.split('/')[0]!) : null);
    const channel: Channel =
      medium && EMAIL_MEDIUMS.test(medium)
        ? 'email'
        : medium && SOCIAL_MEDIUMS.test(medium)
          ? 'social'
          : medium && SEARCH_MEDIUMS.test(medium)
            ? 'search'
            : !medium && known
              ? known.kind
              : 'campaign';
    return { channel, source, ...tagged };
  }
  if (parameters.ref) {
    const known = knownOf(parameters.ref);
    return {
      channel: known?.kind ?? (EMAIL_MEDIUMS.test(parameters.ref) ? 'email' : 'referral'),
      source: known?.name ?? parameters.ref,
      ...tagged,
    };
  }
  if (referrer) {
    const host = referrer.split('/')[0]!;
    const known = referrerKnown(host);
    return { channel: known?.kind ?? 'referral', source: known?.name ?? host, ...tagged };
  }
  return { channel: 'direct', source: null, ...tagged };
}

/** The device class from the window's width (Plausible's breakpoints: under 576 px a phone, under 992 a tablet). */
export function deviceOf(width: number | null | undefined): Device | null {
  if (width === null || width === undefined || width <= 0) return null;
  if (width < 576) return 'mobile';
  if (width < 992) return 'tablet';
  return 'desktop';
}
