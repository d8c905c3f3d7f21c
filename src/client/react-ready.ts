/**
 * React Fast Refresh's preamble, in `npm run dev` only. Astro runs it before its own islands hydrate; our loaders (the
 * home page's islands, the chat button, the dashboard's mount) mount React themselves, so they wait for it first, or
 * the dev server's React plugin stops every component with "can't detect preamble". In a build `import.meta.env.DEV`
 * is false and the import is dropped.
 */
export async function reactReady(): Promise<void> {
  // @ts-expect-error Astro's virtual module (its before-hydration scripts) has no type declarations.
  if (import.meta.env.DEV) await import('astro:scripts/before-hydration.js');
}
