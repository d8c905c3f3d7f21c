import { describe, expect, it } from 'vitest';
import { sitePath } from '../../src/components/islands/site-path';

const PAGE = 'https://www.site.example/es/insights/';

describe("the chat panel's answer links", () => {
  it('refuses every target a browser would open on another site, or as a script', () => {
    for (const target of [
      '/\\evil.example/pay',
      '\\/evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '//evil.example',
      'https://evil.example',
      'https://www.site.example.evil.example/',
      'http://www.site.example/',
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'mailto:ana@example.com',
      'https://',
    ]) {
      expect(sitePath(target, PAGE), target).toBeNull();
    }
  });

  it('keeps paths on this site as paths, an absolute URL of the site made relative', () => {
    expect(sitePath('/insights/x', PAGE)).toBe('/insights/x');
    expect(sitePath('https://www.site.example/es/', PAGE)).toBe('/es/');
    expect(sitePath('https://www.site.example/es/portfolio?x=1#top', PAGE)).toBe('/es/portfolio?x=1#top');
    expect(sitePath('/es/#contact', PAGE)).toBe('/es/#contact');
    // An escaped backslash is a character of the path, not a separator: it stays on this site.
    expect(sitePath('/%5Cevil.example', PAGE)).toBe('/%5Cevil.example');
    // A fragment alone stays on the page.
    expect(sitePath('#contact', PAGE)).toBe('/es/insights/#contact');
  });
});
