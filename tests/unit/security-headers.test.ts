import { readFileSync } from 'node:fs';
import type { Context } from '@netlify/functions';
import { describe, expect, it } from 'vitest';
import contactMessagesFunction from '../../netlify/functions/admin-leads';
import { eventStream } from '../../src/http/event-stream';
import { addSecurityHeaders, SECURITY_HEADERS } from '../../src/http/security-headers';

/** The headers Netlify's CDN adds to every static file: netlify.toml's `[[headers]] for = "/*"` block. */
function staticPageHeaders(): Map<string, string> {
  const toml = readFileSync('netlify.toml', 'utf8');
  const block = toml.split('[[headers]]').find((part) => /^\s*for = "\/\*"/.test(part));
  if (!block) throw new Error('netlify.toml has no [[headers]] block for "/*"');
  const values = block.split('[headers.values]')[1] ?? '';
  const headers = new Map<string, string>();
  for (const line of values.split('\n')) {
    // TOML basic strings escape like JSON strings.
    const match = /^\s*([A-Za-z-]+)\s*=\s*(".*")\s*$/.exec(line);
    if (match) headers.set(match[1]!, JSON.parse(match[2]!) as string);
  }
  return headers;
}

function directives(csp: string | null): string[] {
  return (csp ?? '')
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean);
}

describe('security headers', () => {
  it('reach the browser alike from a static page, an on-demand page and the API', async () => {
    const staticPage = staticPageHeaders();
    expect([...staticPage.keys()]).toEqual(
      expect.arrayContaining(['Content-Security-Policy', 'Strict-Transport-Security', 'X-Frame-Options']),
    );

    // An on-demand page as Astro answers it: its own CSP with script and style hashes.
    const astroCsp = "script-src 'self' 'sha256-abc='; style-src 'self' 'sha256-def='";
    const page = new Headers({ 'Content-Type': 'text/html', 'Content-Security-Policy': astroCsp });
    addSecurityHeaders(page);
    // An API answer (401 from an admin list without a session) and the chat's event stream.
    const api = (
      await contactMessagesFunction(new Request('http://localhost/api/contact-messages'), {
        params: {},
      } as unknown as Context)
    ).headers;
    expect(api.get('content-type')).toMatch(/^application\/json/);
    const stream = eventStream((async function* () {})(), () => Promise.resolve()).headers;

    // No answer carries a security header the others lack.
    const pageNames = [...page.keys()].filter((name) => name !== 'content-type');
    expect(pageNames.sort()).toEqual([...staticPage.keys()].map((name) => name.toLowerCase()).sort());
    for (const [name, value] of staticPage) {
      if (name === 'Content-Security-Policy') continue;
      expect(page.get(name), `page ${name}`).toBe(value);
      expect(api.get(name), `API ${name}`).toBe(value);
      expect(stream.get(name), `event stream ${name}`).toBe(value);
    }

    // The page keeps Astro's hashes and gains every static directive, none twice.
    const pageCsp = directives(page.get('Content-Security-Policy'));
    expect(pageCsp).toEqual(
      expect.arrayContaining([...directives(astroCsp), ...directives(staticPage.get('Content-Security-Policy')!)]),
    );
    const names = pageCsp.map((directive) => directive.split(' ')[0]);
    expect(new Set(names).size).toBe(names.length);
    // API answers are data: nothing in them may load or run, and nothing may frame them.
    expect(directives(api.get('Content-Security-Policy'))).toEqual(["default-src 'none'", "frame-ancestors 'none'"]);
    expect(directives(stream.get('Content-Security-Policy'))).toContain("frame-ancestors 'none'");
  });

  it('grants camera and microphone only to the video call frame, and forbids framing the site', () => {
    expect(SECURITY_HEADERS['Permissions-Policy']).toMatch(/camera=\("https:\/\/tavus\.daily\.co"\)/);
    expect(SECURITY_HEADERS['Permissions-Policy']).toMatch(/microphone=\("https:\/\/tavus\.daily\.co"\)/);
    expect(SECURITY_HEADERS['Content-Security-Policy']).toContain("frame-ancestors 'none'");
  });
});
