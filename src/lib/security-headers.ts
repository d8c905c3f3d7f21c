/**
 * Security headers of every page and API answer. Static pages get them from
 * netlify.toml (a test checks it matches this list); on-demand pages from
 * src/middleware.ts; API functions from src/lib/http.ts. The script and style
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
