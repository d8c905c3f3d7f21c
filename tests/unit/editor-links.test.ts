import { describe, expect, it } from 'vitest';
import { normaliseLink } from '../../src/components/admin/content/link';

describe("the rich-text editor's link addresses", () => {
  it('keeps web, mail, phone and same-site addresses, and makes an e-mail address a mailto: link', () => {
    expect(normaliseLink(' https://example.com/guide ')).toBe('https://example.com/guide');
    expect(normaliseLink('http://example.com')).toBe('http://example.com');
    expect(normaliseLink('mailto:ana@example.com')).toBe('mailto:ana@example.com');
    expect(normaliseLink('ana@example.com')).toBe('mailto:ana@example.com');
    expect(normaliseLink('tel:+34 910 000 000')).toBe('tel:+34 910 000 000');
    expect(normaliseLink('/es/insights')).toBe('/es/insights');
    expect(normaliseLink('/')).toBe('/');
  });

  it('refuses scripts, other schemes, addresses another site hides behind a slash, and half-typed ones', () => {
    for (const address of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example',
      '/\\evil.example',
      'https://',
      'https:evil.example',
      'example.com',
      'mailto:',
      '/a page',
      '',
    ]) {
      expect(normaliseLink(address), address).toBeNull();
    }
  });
});
