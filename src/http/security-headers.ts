/**
 * Security headers of every page and API answer. Static pages get them from
 * netlify.toml; on-demand pages from src/middleware.ts (addSecurityHeaders);
 * API functions from src/http/http.ts. A test checks that all three agree. The script and style
 * hashes are in each page's CSP <meta> (Astro's CSP); what a <meta> cannot
 * carry (frame-ancestors) is here.
 */
export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'",
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  // Camera and microphone only for the video call's frame (Tavus runs on Daily).
  'Permissions-Policy':
    'camera=("https://tavus.daily.co"), microphone=("https://tavus.daily.co"), fullscreen=(self "https://tavus.daily.co"), display-capture=(), geolocation=(), payment=(), usb=()',
};

/**
 * Gives an on-demand page's answer the headers static pages get from
 * netlify.toml. Astro sends its own CSP (script and style hashes) as a header
 * on these pages; ours (frame-ancestors and friends) is added to it.
 */
export function addSecurityHeaders(headers: Headers): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    const existing = headers.get(name);
    if (!existing) headers.set(name, value);
    else if (name === 'Content-Security-Policy') {
      // Only the directives Astro's policy lacks: a repeated directive is an error in the console.
      const missing = value
        .split(';')
        .map((directive) => directive.trim())
        .filter((directive) => !existing.includes(directive.split(' ')[0] ?? directive));
      if (missing.length) headers.set(name, `${existing.replace(/;\s*$/, '')}; ${missing.join('; ')}`);
    }
  }
}
