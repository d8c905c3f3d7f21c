import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../src/lib/security-headers';

describe('security headers', () => {
  it('netlify.toml sends static pages the same headers as the middleware and the API', () => {
    const toml = readFileSync('netlify.toml', 'utf8');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      expect(toml, name).toContain(`${name} = ${JSON.stringify(value)}`);
    }
  });

  it('grants camera and microphone only to the video call frame, and forbids framing the site', () => {
    expect(SECURITY_HEADERS['Permissions-Policy']).toMatch(/camera=\("https:\/\/tavus\.daily\.co"\)/);
    expect(SECURITY_HEADERS['Permissions-Policy']).toMatch(/microphone=\("https:\/\/tavus\.daily\.co"\)/);
    expect(SECURITY_HEADERS['Content-Security-Policy']).toContain("frame-ancestors 'none'");
  });
});
