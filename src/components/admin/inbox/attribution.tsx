import { Fragment, type ReactNode } from 'react';
import type { Attribution } from '../../../features/analytics/schema';
import { ADMIN_LOCALE } from '../../../i18n/admin';
import { LANGUAGE_TABLE, pick, type Language, type Localized } from '../../../i18n/languages';
import { useAdminLanguage, useAdminTexts } from '../language';
import { cachedRecords } from '../query';

/** The lists whose pages have a record's slug in their address, by the query key of their tab's list. */
const CONTENT_LISTS = { insights: 'insights', portfolio: 'portfolio' } as const;
type ContentList = keyof typeof CONTENT_LISTS;

const PREFIXES = LANGUAGE_TABLE.map((row) => row.prefix).filter(Boolean);
/** `/insights/{slug}`, `/es/portfolio/{slug}`: the list and the slug of a content page's address. */
const CONTENT_PATH = new RegExp(`^/(?:(?:${PREFIXES.join('|')})/)?(${Object.keys(CONTENT_LISTS).join('|')})/([^/]+)$`);

interface Titled {
  id: string;
  title: Localized;
  slugs?: Partial<Localized>;
}

/** A slug in words: "data-products-not-data-lakes" → "Data products not data lakes". */
function slugWords(slug: string): string {
  let text = slug;
  try {
    text = decodeURIComponent(slug);
  } catch {
    // Kept as written.
  }
  const words = text.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : slug;
}

/**
 * How a page of the visit is named: an insight's or a case study's title when the dashboard already holds that
 * tab's list (no request of its own), else its slug in words; any other page by its path.
 */
function pageName(path: string, language: Language): string {
  const match = CONTENT_PATH.exec(path);
  if (!match) return path;
  const [, list, slug] = match as unknown as [string, ContentList, string];
  const record = cachedRecords<Titled>(CONTENT_LISTS[list]).find(
    (item) => item.id === slug || Object.values(item.slugs ?? {}).includes(slug),
  );
  return (record && pick(record.title, language)) || slugWords(slug);
}

/** A page of the visit: its name, a link to the page itself (a new tab) with its path as the link's title. */
function Page({ path, language }: { path: string; language: Language }) {
  // Only this site's own pages are links: a path the browser could read as another host's (`//x`, `/\x`) is text.
  if (!/^\/(?![/\\])/.test(path) || path.includes('\\')) return <span title={path}>{pageName(path, language)}</span>;
  return (
    <a
      href={path}
      target="_blank"
      rel="noopener noreferrer"
      title={path}
      className="text-emerald-800 underline [overflow-wrap:anywhere] decoration-emerald-800/40 underline-offset-2 hover:decoration-emerald-800"
      data-attribution-page={path}
    >
      {pageName(path, language)}
    </a>
  );
}

function countryName(code: string, language: Language): string {
  try {
    return new Intl.DisplayNames([ADMIN_LOCALE[language]], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Where a lead came from, as one sentence (docs/product.md, "Analytics"): "Came from LinkedIn (social), campaign
 * dec-webinar · landed on /insights/x · read: Data products, not data lakes, /services". Null: no visit of that
 * visitor that day explains the lead, and it says so. Shown by the message view and the contact view.
 */
export function AttributionText({ attribution }: { attribution: Attribution | null }) {
  const t = useAdminTexts().attribution;
  const { language } = useAdminLanguage();
  if (!attribution) {
    return (
      <span className="text-slate-600" data-attribution="none">
        {t.none}
      </span>
    );
  }
  const { channel, source, medium, campaign, referrer, landingPage, pagesViewed, device, country } = attribution;
  const channelName = t.channels[channel];
  const origin = [
    channel === 'direct' && !source ? t.cameDirect : source ? t.cameFrom(source, channelName) : t.cameBy(channelName),
    medium && medium.toLowerCase() !== channel ? t.medium(medium) : null,
    campaign ? t.campaign(campaign) : null,
    // The referring page, when it says more than the source named from it.
    referrer && referrer.toLowerCase() !== source?.toLowerCase() ? t.via(referrer) : null,
  ].filter(Boolean);
  const where = [device ? t.devices[device] : null, country ? t.country(countryName(country, language)) : null].filter(
    Boolean,
  );
  const parts: ReactNode[] = [
    origin.join(', '),
    <Fragment key="landing">
      {t.landedOn} <Page path={landingPage} language={language} />
    </Fragment>,
  ];
  if (pagesViewed.length > 0) {
    parts.push(
      <Fragment key="read">
        {t.read}{' '}
        {pagesViewed.map((path, index) => (
          <Fragment key={`${index}-${path}`}>
            {index > 0 && ', '}
            <Page path={path} language={language} />
          </Fragment>
        ))}
      </Fragment>,
    );
  }
  if (where.length > 0) parts.push(where.join(', '));
  return (
    <span className="break-words" data-attribution={channel}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && ' · '}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
