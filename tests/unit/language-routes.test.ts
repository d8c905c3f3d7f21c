import { describe, expect, it } from 'vitest';
import { languagePaths, prefixLanguage, routeLanguage } from '../../src/i18n/language-routes';

describe('language prefixes of src/pages/[...lang]', () => {
  it('reads no prefix as English and /es as Spanish', () => {
    expect(prefixLanguage(undefined)).toBe('en');
    expect(prefixLanguage('es')).toBe('es');
    expect(routeLanguage('es')).toBe('es');
  });

  it("names no language for any other prefix, English's code included", () => {
    for (const prefix of ['en', 'fr', 'ES', 'es/es', 'es-ES', ''])
      expect(prefixLanguage(prefix), prefix).toBeUndefined();
    expect(() => routeLanguage('fr')).toThrow('fr');
  });

  it('pre-renders one copy per language, English unprefixed', () => {
    expect(languagePaths()).toEqual([{ params: { lang: undefined } }, { params: { lang: 'es' } }]);
  });
});
