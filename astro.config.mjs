// @ts-check
import { defineConfig } from 'astro/config';
import netlify from '@astrojs/netlify';
import react from '@astrojs/react';
import tailwind from '@astrojs/tailwind';

// Pages are static by default; the ones that read live content opt out with
// `export const prerender = false` and run through the Netlify adapter.
export default defineConfig({
  site: process.env.URL ?? 'http://localhost:8888',
  adapter: netlify(),
  integrations: [react(), tailwind()],
});
