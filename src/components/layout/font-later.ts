import { createHash } from 'node:crypto';

/**
 * The head script of every public page (PageShell.astro) that decides how the brand typeface comes
 * (docs/decisions/0054-the-brand-font-after-the-first-paint.md). Reached from another page of the site (a same-site
 * referrer), the font is in the browser's cache: it preloads it, for the first paint. Otherwise (a visitor's first
 * page) it marks `html.font-later`: the first paint is in the metric-matched fallback (src/styles/theme.css), and
 * AfterLoad.astro loads the font after it. The font's address (hashed by the build) comes from the script's
 * `data-font`, so the text, and its hash in astro.config.mjs's CSP, never change: a hash added while a page renders
 * comes too late for the CSP header of a page that has already started streaming.
 */
export const FONT_LATER_SCRIPT =
  "document.referrer.startsWith(location.origin+'/')?document.head.append(Object.assign(document.createElement('link')," +
  "{rel:'preload',as:'font',crossOrigin:'',href:document.currentScript.dataset.font})):" +
  "document.documentElement.classList.add('font-later')";

export const FONT_LATER_HASH = `sha256-${createHash('sha256').update(FONT_LATER_SCRIPT).digest('base64')}` as const;
