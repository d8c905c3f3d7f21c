import type { ComponentType } from 'react';
import { reactReady } from '../../client/react-ready';

/**
 * The home page's islands (Island.astro): each is hydrated when it first scrolls into view, with the props its
 * server render used. React and the component load only then, as with Astro's `client:visible`; this loader is a
 * few hundred bytes where Astro's is 1.8 KB inline on every home page view.
 */
const ISLANDS = {
  contact: () => import('./ContactForm').then((module) => module.ContactForm),
  newsletter: () => import('./NewsletterForm').then((module) => module.NewsletterForm),
  video: () => import('./VideoCall').then((module) => module.VideoCall),
} satisfies Record<string, () => Promise<ComponentType<never>>>;

export type IslandName = keyof typeof ISLANDS;

function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(ISLANDS, name);
}

async function hydrate(element: HTMLElement): Promise<void> {
  const name = element.dataset['island'];
  if (!isIslandName(name)) return;
  await reactReady();
  const [Component, { hydrateIsland }] = await Promise.all([ISLANDS[name](), import('./hydrate-island')]);
  hydrateIsland(element, Component, element.dataset['props'] ?? '{}');
}

const islands = document.querySelectorAll<HTMLElement>('[data-island]');
if (islands.length > 0) {
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      const island = entry.target.closest<HTMLElement>('[data-island]');
      if (island) void hydrate(island);
    }
  });
  // `display: contents` boxes are never "visible": watch the island's first element.
  islands.forEach((island) => {
    const box = island.firstElementChild;
    if (box) observer.observe(box);
  });
}
