import { localePath } from '../../i18n';
import type { Language } from '../../i18n/languages';
import type { Insight } from './insight-schema';
import type { PortfolioItem } from './portfolio-schema';
import { site } from '../../platform/site';

export const DEFAULT_SOCIAL_IMAGE = { path: '/images/social-card.jpg', width: 1200, height: 630 } as const;
export const DESCRIPTION_LIMIT = 160;

/** Page descriptions are cut to 160 characters on a word boundary (docs/product.md, "Limits and constants"). */
export function metaDescription(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= DESCRIPTION_LIMIT) return clean;
  const cut = clean.slice(0, DESCRIPTION_LIMIT - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 100 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, origin).toString();
}

type JsonLd = Record<string, unknown>;

export function organizationJsonLd(origin: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name: site.name,
    legalName: site.legalName,
    url: `${origin}/`,
    logo: absoluteUrl(origin, '/favicon.svg'),
    email: site.email,
    foundingDate: String(site.foundingYear),
    founder: { '@type': 'Person', name: site.ceo.name },
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.city,
      postalCode: site.address.postalCode,
      addressRegion: site.address.region,
      addressCountry: site.address.country,
    },
    areaServed: ['ES', 'EU', 'US'],
    sameAs: Object.values(site.social),
  };
}

export function websiteJsonLd(origin: string, lang: Language): JsonLd {
  const insights = localePath(lang, '/insights');
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${origin}/#website`,
    url: `${origin}${localePath(lang, '/')}`,
    name: site.name,
    inLanguage: lang,
    publisher: { '@id': `${origin}/#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}${insights}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

export function breadcrumbJsonLd(origin: string, items: Array<{ name: string; path: string }>): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absoluteUrl(origin, item.path),
    })),
  };
}

/** `section`: the insight's category as the page names it. */
export function insightJsonLd(origin: string, insight: Insight, lang: Language, path: string, section: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: insight.title[lang],
    description: metaDescription(insight.description[lang]),
    image: insight.imageUrl ? [absoluteUrl(origin, insight.imageUrl)] : undefined,
    datePublished: insight.publishedAt ?? insight.createdAt,
    dateModified: insight.updatedAt,
    inLanguage: lang,
    articleSection: section,
    author: insight.author ? { '@type': 'Person', name: insight.author } : { '@id': `${origin}/#organization` },
    publisher: { '@id': `${origin}/#organization` },
    mainEntityOfPage: absoluteUrl(origin, path),
  };
}

/** `section`: the case study's category as the page names it, or null when it has none. */
export function caseStudyJsonLd(
  origin: string,
  item: PortfolioItem,
  lang: Language,
  path: string,
  section: string | null,
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    articleSection: section ?? 'Case study',
    headline: item.title[lang],
    description: metaDescription(item.description[lang]),
    image: item.imageUrl ? [absoluteUrl(origin, item.imageUrl)] : undefined,
    datePublished: item.createdAt,
    dateModified: item.updatedAt,
    inLanguage: lang,
    keywords: item.technologies.join(', ') || undefined,
    author: { '@id': `${origin}/#organization` },
    publisher: { '@id': `${origin}/#organization` },
    mainEntityOfPage: absoluteUrl(origin, path),
  };
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the element. */
export function jsonLdText(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

// The social image's crop is the browser's too (the editor previews it): it lives with the publishing schema.
export { cropPosition, socialImagePath, SOCIAL_IMAGE_SIZE } from './publishing-schema';
