import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { es } from '../../src/i18n/es';
import { mailEn } from '../../src/i18n/mail/en';
import {
  formatDate,
  localePath,
  loginPath,
  pathLanguage,
  requestedPath,
  unlocalisedPath,
  usePlural,
  useTranslations,
} from '../../src/i18n';
import { MAIL_DICTIONARIES, SITE_DICTIONARIES } from '../../src/i18n/dictionaries';
import { interpolate } from '../../src/i18n/interpolate';
import { newsletterFormTexts } from '../../src/components/islands/island-texts';
import {
  DEFAULT_LANGUAGE,
  fallbackOrder,
  LANGUAGE_TABLE,
  LANGUAGES,
  languageName,
  pick,
} from '../../src/i18n/languages';
import { taxonomyLabel } from '../../src/features/taxonomy/schema';
import { defaultTaxonomyEntries } from '../../src/features/taxonomy/seed';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the table of languages', () => {
  it('has one unprefixed language, the first (the default), and distinct codes and prefixes', () => {
    expect(LANGUAGES).toEqual(LANGUAGE_TABLE.map((row) => row.code));
    expect(DEFAULT_LANGUAGE).toBe(LANGUAGE_TABLE[0].code);
    expect(LANGUAGE_TABLE.filter((row) => row.prefix === '')).toEqual([LANGUAGE_TABLE[0]]);
    expect(new Set(LANGUAGES).size).toBe(LANGUAGES.length);
    expect(new Set(LANGUAGE_TABLE.map((row) => row.prefix)).size).toBe(LANGUAGES.length);
  });

  it('falls back from a missing text to the default language, then to the others in order', () => {
    expect(fallbackOrder('en')).toEqual(['en', 'es']);
    expect(fallbackOrder('es')).toEqual(['es', 'en']);
    expect(pick({ en: 'Hello', es: 'Hola' }, 'es')).toBe('Hola');
    expect(pick({ en: 'Hello', es: '' }, 'es')).toBe('Hello');
    expect(pick({ en: '', es: 'Hola' }, 'en')).toBe('Hola');
    expect(pick({ es: 'Hola' }, 'en')).toBe('Hola');
    expect(pick({ en: '', es: '' }, 'en')).toBe('');
  });

  it("names each language in another's words, as a label or inside a sentence", () => {
    expect(languageName('es', 'en')).toBe('Spanish');
    expect(languageName('en', 'es')).toBe('Inglés');
    expect(languageName('en', 'es', 'inline')).toBe('inglés');
    expect(languageName('es', 'es', 'inline')).toBe('español');
  });
});

describe('dictionaries', () => {
  it('every language has every English key, none empty, with the same placeholders (site and mail)', () => {
    for (const [reference, dictionaries] of [
      [en, SITE_DICTIONARIES],
      [mailEn, MAIL_DICTIONARIES],
    ] as const) {
      for (const language of LANGUAGES) {
        const dictionary: Record<string, string> = dictionaries[language];
        expect(Object.keys(dictionary).sort(), language).toEqual(Object.keys(reference).sort());
        for (const [key, text] of Object.entries(reference)) {
          expect(dictionary[key]?.trim(), `${language} ${key}`).not.toBe('');
          expect(placeholders(dictionary[key] ?? ''), `${language} ${key}`).toEqual(placeholders(text));
        }
      }
    }
  });

  it('fill placeholders one way for site, dashboard and mail: a missing value stays as written', () => {
    expect(interpolate('{count} of {total}', { count: 2, total: '5' })).toBe('2 of 5');
    expect(interpolate('{count} of {total}', { count: 2 })).toBe('2 of {total}');
    expect(interpolate('{constructor}', {})).toBe('{constructor}');
    expect(interpolate('no values')).toBe('no values');
  });

  it('holds the texts of docs/product.md, "Contractual texts"', () => {
    expect(en['portfolio.listEmpty']).toBe('No portfolio items available at the moment.');
    expect(es['portfolio.listEmpty']).toBe('No hay elementos de portafolio disponibles en este momento.');
    expect(es['portfolio.listHeading']).toBe('Todos los Casos de Éxito');
    expect(es['common.viewCaseStudy']).toBe('Ver Caso de Éxito');
    expect(en['notFound.title']).toBe('404 Page Not Found');
    expect(en['chat.fallback']).toMatch(/^I apologize, it seems there was a technical issue/);
  });

  it('fills placeholders and builds language paths', () => {
    expect(useTranslations('en')('common.minRead', { readTime: 7 })).toBe('7 min read');
    expect(localePath('es', '/')).toBe('/es/');
    expect(localePath('es', '/insights')).toBe('/es/insights');
    expect(localePath('en', '/insights')).toBe('/insights');
    expect(unlocalisedPath('/es/insights/x')).toBe('/insights/x');
    expect(unlocalisedPath('/es/')).toBe('/');
    expect(unlocalisedPath('/es')).toBe('/');
    expect(unlocalisedPath('/estate')).toBe('/estate');
    expect(pathLanguage('/es/insights')).toBe('es');
    expect(pathLanguage('/es')).toBe('es');
    expect(pathLanguage('/estate')).toBe('en');
    expect(pathLanguage('/insights')).toBe('en');
    expect(loginPath('en')).toBe('/api/login');
    expect(loginPath('es')).toBe('/api/login?lang=es');
  });

  it("write dates in each language's locale", () => {
    expect(formatDate('2025-03-04T10:00:00Z', 'en')).toBe('March 4, 2025');
    expect(formatDate('2025-03-04T10:00:00Z', 'es')).toBe('4 de marzo de 2025');
    expect(formatDate('2025-03-04T10:00:00Z', 'es', 'month')).toBe('marzo de 2025');
    expect(formatDate('not a date', 'en')).toBe('');
  });
});

describe('counts', () => {
  it("choose each language's plural form with Intl.PluralRules: 0, 1 and 2+", () => {
    const english = usePlural('en');
    const spanish = usePlural('es');
    expect(english('insights.searchResults', 0, { query: 'ai' })).toBe('0 results for “ai”');
    expect(english('insights.searchResults', 1, { query: 'ai' })).toBe('1 result for “ai”');
    expect(english('insights.searchResults', 2, { query: 'ai' })).toBe('2 results for “ai”');
    expect(english('insights.searchResults', 1200, { query: 'ai' })).toBe('1,200 results for “ai”');
    expect(spanish('insights.searchResults', 0, { query: 'ia' })).toBe('0 resultados para «ia»');
    expect(spanish('insights.searchResults', 1, { query: 'ia' })).toBe('1 resultado para «ia»');
    expect(spanish('insights.searchResults', 2, { query: 'ia' })).toBe('2 resultados para «ia»');
    // CLDR gives Spanish a third form ("many") for millions; without a key of its own it reads as "other".
    expect(spanish('insights.searchResults', 1_000_000, { query: 'ia' })).toBe('1.000.000 resultados para «ia»');
  });

  it('never leave a count text unsplit by plural form', () => {
    expect(
      Object.keys(en).filter((key) => /\{count\}/.test(en[key as keyof typeof en]) && !/\.(one|other)$/.test(key)),
    ).toEqual([]);
  });
});

describe('not-found addresses', () => {
  it('drop the suffixes the local server retries a 404 with', () => {
    expect(requestedPath('/no-such-page/index.htm')).toBe('/no-such-page');
    expect(requestedPath('/no-such-page/index.html')).toBe('/no-such-page');
    expect(requestedPath('/no-such-page.html')).toBe('/no-such-page');
    expect(requestedPath('/es/no-existe.htm')).toBe('/es/no-existe');
    expect(requestedPath('/index.html')).toBe('/');
    expect(requestedPath('/portfolio/01jd0000000000000000000000')).toBe('/portfolio/01jd0000000000000000000000');
    expect(requestedPath('/insights/')).toBe('/insights');
    expect(requestedPath('/')).toBe('/');
    // Never a protocol-relative address (another site) for the language switch.
    expect(requestedPath('//evil.example/x')).toBe('/evil.example/x');
    expect(localePath('en', unlocalisedPath(requestedPath('/es//evil.example')))).toBe('/evil.example');
  });
});

describe('first-visit language', () => {
  it("follows a stored choice, else the browser's first language, else English", async () => {
    const { preferredLanguage } = await import('../../src/http/page-data');
    expect(preferredLanguage(undefined, 'es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(preferredLanguage(undefined, 'es')).toBe('es');
    expect(preferredLanguage(undefined, 'en-GB,es;q=0.9')).toBe('en');
    expect(preferredLanguage(undefined, 'fr-FR,es;q=0.9')).toBe('en');
    expect(preferredLanguage(undefined, 'esp')).toBe('en');
    expect(preferredLanguage(undefined, null)).toBe('en');
    expect(preferredLanguage('en', 'es-ES')).toBe('en');
    expect(preferredLanguage('es', 'en-US')).toBe('es');
    expect(preferredLanguage('fr', 'es-AR')).toBe('es');
  });
});

describe('category labels', () => {
  const categoryKeys = (Object.keys(en) as Array<keyof typeof en>).filter((key) => key.startsWith('category.'));
  const seeded = { entries: defaultTaxonomyEntries() };

  it('the seeded list names each category the firm uses in the page language, stored under its English name', () => {
    expect(categoryKeys.length).toBeGreaterThan(0);
    for (const key of categoryKeys) {
      expect(taxonomyLabel(seeded, en[key], 'en'), key).toBe(en[key]);
      expect(taxonomyLabel(seeded, en[key], 'es'), key).toBe(es[key]);
    }
    expect(taxonomyLabel(seeded, 'AI Innovation', 'es')).toBe('Innovación en IA');
  });

  it('shows any other category as typed, in every language', () => {
    for (const category of ['Supply Chain', 'constructor', 'ai innovation']) {
      expect(taxonomyLabel(seeded, category, 'en')).toBe(category);
      expect(taxonomyLabel(seeded, category, 'es')).toBe(category);
    }
  });
});

describe('the newsletter sign-up answer (double opt-in)', () => {
  it('says a confirmation e-mail is on its way, never that the address is subscribed', () => {
    const english = newsletterFormTexts(useTranslations('en'), 'form.name');
    expect(english.successTitle).toBe('Almost there: please confirm your email');
    expect(english.successText).toBe(
      'We have sent you an email to confirm your subscription. Your subscription starts when you open the link in it.',
    );
    const spanish = newsletterFormTexts(useTranslations('es'), 'form.name');
    expect(spanish.successTitle).toBe('Ya casi está: confirme su correo');
    expect(spanish.successText).toBe(
      'Le hemos enviado un correo para confirmar la suscripción. La suscripción se activa cuando abra el enlace que contiene.',
    );
    for (const language of LANGUAGES) {
      const texts = newsletterFormTexts(useTranslations(language), 'form.fullName');
      expect(`${texts.successTitle} ${texts.successText}`).not.toMatch(/successfully|subscribed|completada|gracias/i);
    }
  });
});
