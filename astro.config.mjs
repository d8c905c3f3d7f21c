// @ts-check
import { defineConfig } from 'astro/config';
import netlify from '@astrojs/netlify';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { FONT_LATER_HASH } from './src/components/layout/font-later';

/**
 * On Netlify (and under `netlify serve`) the adapter's skew protection adds `?dpl={DEPLOY_ID}` to every chunk's
 * imports, but not to the list of modules Vite preloads before a dynamic import: each preloaded module was then
 * fetched a second time, as another module instance, under the query. This gives the preload list the same query.
 * A plugin's `config` hook, because Astro sets its own `build.modulePreload` over the user's.
 * @returns {import('vite').Plugin}
 */
function preloadWithDeployId() {
  const deployId = process.env.DEPLOY_ID;
  return {
    name: 'preload-with-deploy-id',
    config: () =>
      deployId
        ? {
            build: {
              modulePreload: {
                resolveDependencies: (_file, dependencies, { hostType }) =>
                  hostType === 'js'
                    ? dependencies.map((dependency) => `${dependency}?dpl=${encodeURIComponent(deployId)}`)
                    : dependencies,
              },
            },
          }
        : {},
  };
}

// Pages are static by default; the ones that read live content opt out with
// `export const prerender = false` and run through the Netlify adapter.
export default defineConfig({
  site: process.env.URL ?? 'http://localhost:8888',
  trailingSlash: 'ignore',
  adapter: netlify(),
  integrations: [react()],
  // Tailwind 4 runs as a Vite plugin; its configuration is in src/styles/global.css (docs/decisions/0024-tailwind-4-through-tailwindcss-vite.md).
  vite: {
    plugins: [tailwindcss(), preloadWithDeployId()],
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [{ name: 'chat-launcher', test: /vite\/preload-helper|ChatLauncher\.astro\?astro&type=script/ }],
          },
        },
      },
    },
  },
  // Languages are routed by one file per page under src/pages/[...lang]/ (its
  // prefix checked in src/middleware.ts), not by Astro's i18n middleware, which
  // would take over a page's own 404 answers.
  build: { inlineStylesheets: 'always' },
  prefetch: false,
  devToolbar: { enabled: false },
  security: {
    // Astro hashes every script and style it emits into a CSP <meta> tag, so no
    // inline code runs unless Astro put it there. Headers that cannot live in a
    // <meta> (frame-ancestors) come from netlify.toml and src/middleware.ts.
    csp: {
      algorithm: 'SHA-256',
      // The one inline script Astro does not emit itself: the head's font script (src/components/layout/font-later.ts).
      scriptDirective: { hashes: [FONT_LATER_HASH] },
      directives: [
        "default-src 'self'",
        "img-src 'self' data: https:",
        "media-src 'self'",
        "font-src 'self'",
        "connect-src 'self'",
        'frame-src https://tavus.daily.co',
        "form-action 'self'",
        "base-uri 'self'",
        "object-src 'none'",
      ],
    },
  },
});
