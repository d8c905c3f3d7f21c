import { createElement, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** Marks the island `data-hydrated` once React has taken it over (its handlers are attached): tests wait for it. */
function Hydrated({ element, children }: { element: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    element.dataset['hydrated'] = 'true';
  }, [element]);
  return children;
}

/** Hydrates an island's server-rendered HTML with the props (JSON) it was rendered with. */
export function hydrateIsland(element: HTMLElement, Component: ComponentType<never>, props: string): void {
  hydrateRoot(element, <Hydrated element={element}>{createElement(Component, JSON.parse(props) as never)}</Hydrated>);
}
