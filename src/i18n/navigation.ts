import type { DictionaryKey } from './index';

/** The landing page's sections in the order of docs/product.md, "Landing page", as the header and footer link them. */
export const SECTION_LINKS: ReadonlyArray<readonly [string, DictionaryKey]> = [
  ['services', 'nav.services'],
  ['investment', 'nav.investment'],
  ['about', 'nav.about'],
  ['portfolio', 'nav.portfolio'],
  ['insights', 'nav.insights'],
  ['contact', 'nav.contact'],
];
