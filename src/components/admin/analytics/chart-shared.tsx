import { Component, type ReactNode } from 'react';

/**
 * What the daily chart (chart.tsx, loaded on demand) and the tab around it share, in a module of its own so the tab
 * does not import uPlot: the chart's height in CSS pixels (axes included) and its lines' colours (emerald-700 for
 * visitors, amber-700 dashed for leads), which the tab's legend draws too.
 */
export const CHART_HEIGHT = 240;
export const VISITORS_COLOUR = '#047857';
export const LEADS_COLOUR = '#b45309';

/**
 * uPlot makes a number format in `navigator.language` as it loads, and Chromium under a POSIX locale (LANG=C, as on
 * the test machines) reports "en-US@posix", which Intl refuses: the import would throw. Before it loads, such a
 * language is replaced, for this page, by the dashboard's locale (the chart formats its own numbers in it anyway).
 */
export function settleNavigatorLanguage(locale: string): void {
  try {
    new Intl.NumberFormat(navigator.language);
  } catch {
    Object.defineProperty(navigator, 'language', { value: locale, configurable: true });
  }
}

/** A chart that cannot load or draw (a chunk gone after a deploy) says so; the tab and the table stay. */
export class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
