import { localePath } from '../../i18n';
import { DEFAULT_LANGUAGE, LANGUAGES, languageRow, type Language, type Localized } from '../../i18n/languages';
import { contentPath } from './publishing-schema';
import { insightDate, type Insight } from './insight-schema';
import { taxonomyLabel, type Taxonomy } from '../taxonomy/schema';
import { site } from '../../platform/site';

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char,
  );
}

/** RSS 2.0 for the published insights in one language. */
export function insightsRss(
  origin: string,
  lang: Language,
  insights: Insight[],
  title: string,
  description: string,
  taxonomy: Pick<Taxonomy, 'entries'>,
): string {
  const link = `${origin}${localePath(lang, '/insights')}`;
  const items = insights
    .map((insight) => {
      const url = `${origin}${localePath(lang, contentPath('insights', insight, lang))}`;
      return `    <item>
      <title>${escapeXml(insight.title[lang])}</title>
      <link>${url}</link>
      <guid isPermaLink="true">${url}</guid>
      <description>${escapeXml(insight.description[lang])}</description>
      <category>${escapeXml(taxonomyLabel(taxonomy, insight.category, lang))}</category>
      <pubDate>${new Date(insightDate(insight)).toUTCString()}</pubDate>${insight.author ? `\n      <dc:creator>${escapeXml(insight.author)}</dc:creator>` : ''}
    </item>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeXml(title)}</title>
    <link>${link}</link>
    <description>${escapeXml(description)}</description>
    <language>${languageRow(lang).locale}</language>
    <copyright>© ${site.copyrightYear} ${escapeXml(site.legalName)}</copyright>
    <atom:link href="${origin}${localePath(lang, '/rss.xml')}" rel="self" type="application/rss+xml" />
${items}
  </channel>
</rss>
`;
}

export interface SitemapEntry {
  /** Without the language prefix: the same in every language, or each language's own (a record's slugs). */
  path: string | Localized;
  lastmod?: string;
}

const pathIn = (entry: SitemapEntry, language: Language) =>
  localePath(language, typeof entry.path === 'string' ? entry.path : entry.path[language]);

/** A sitemap with every entry in every language, each naming its twins in the others (hreflang). */
export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.flatMap((entry) =>
    LANGUAGES.map((lang) => {
      const alternates = LANGUAGES.map(
        (other) => `    <xhtml:link rel="alternate" hreflang="${other}" href="${origin}${pathIn(entry, other)}" />`,
      )
        .concat(
          `    <xhtml:link rel="alternate" hreflang="x-default" href="${origin}${pathIn(entry, DEFAULT_LANGUAGE)}" />`,
        )
        .join('\n');
      return `  <url>
    <loc>${origin}${pathIn(entry, lang)}</loc>${entry.lastmod ? `\n    <lastmod>${entry.lastmod}</lastmod>` : ''}
${alternates}
  </url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`;
}
