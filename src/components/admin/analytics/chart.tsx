import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import stylesheet from 'uplot/dist/uPlot.min.css?url';
import type { AnalyticsReport } from '../../../features/analytics/schema';
import { CHART_HEIGHT, LEADS_COLOUR, VISITORS_COLOUR } from './chart-shared';

const DAY = 86_400;
/** Whole steps only: a day, or a count of people, is never a fraction. */
const DAY_STEPS = [1, 2, 3, 7, 14, 28, 56, 91, 182].map((days) => days * DAY);
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6];

/** uPlot's stylesheet as a file of its own, loaded with the chart (a CSS import would be inlined into the pages). */
function loadStylesheet(): void {
  if (document.querySelector('link[data-uplot-styles]')) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = stylesheet;
  link.dataset['uplotStyles'] = '';
  document.head.append(link);
}

/**
 * Visitors (left axis) and leads (right axis, dashed) per day, drawn by uPlot at its container's width. Loaded with
 * the Analytics tab only (a dynamic import), so uPlot is in a chunk of its own. The numbers are in the tab's table
 * and the text alternative around it; the line under the chart repeats the day under the pointer.
 */
export default function VisitsChart({
  series,
  locale,
  labels,
}: {
  series: AnalyticsReport['series'];
  locale: string;
  labels: { visitors: string; leads: string };
}) {
  const box = useRef<HTMLDivElement>(null);
  const readout = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    loadStylesheet();
    const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const number = new Intl.NumberFormat(locale);
    const days = series.map((point) => Date.parse(`${point.date}T00:00:00Z`) / 1000);
    const countAxis = (scale: string, side: 1 | 3): uPlot.Axis => ({
      scale,
      side,
      stroke: '#475569',
      grid: { show: side === 3, stroke: '#e2e8f0', width: 1 },
      ticks: { show: false },
      incrs: COUNT_STEPS,
      values: (_, splits) => splits.map((split) => number.format(split)),
    });
    const counts = (_: uPlot, __: number, max: number): uPlot.Range.MinMax => [0, Math.max(1, max)];
    const plot = new uPlot(
      {
        width: element.clientWidth || 600,
        height: CHART_HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        // The days are Madrid's calendar days, sent as dates: placed and labelled as UTC midnights.
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        scales: {
          x: { time: true, range: (_, min, max) => (min === max ? [min - DAY / 2, max + DAY / 2] : [min, max]) },
          visitors: { range: counts },
          leads: { range: counts },
        },
        axes: [
          {
            stroke: '#475569',
            grid: { stroke: '#e2e8f0', width: 1 },
            ticks: { show: false },
            incrs: DAY_STEPS,
            space: 64,
            values: (_, splits) => splits.map((split) => day.format(new Date(split * 1000))),
          },
          countAxis('visitors', 3),
          countAxis('leads', 1),
        ],
        series: [
          {},
          { label: labels.visitors, scale: 'visitors', stroke: VISITORS_COLOUR, width: 2 },
          { label: labels.leads, scale: 'leads', stroke: LEADS_COLOUR, width: 2, dash: [6, 4] },
        ],
        hooks: {
          setCursor: [
            (self) => {
              const index = self.cursor.idx;
              const point = index === null || index === undefined ? undefined : series[index];
              if (readout.current)
                readout.current.textContent = point
                  ? `${day.format(new Date(`${point.date}T00:00:00Z`))}: ${labels.visitors} ${number.format(point.visitors)}, ${labels.leads} ${number.format(point.leads)}`
                  : '';
            },
          ],
        },
      },
      [days, series.map((point) => point.visitors), series.map((point) => point.leads)],
      element,
    );
    const observer = new ResizeObserver(() => {
      const width = Math.floor(element.clientWidth);
      if (width > 0 && width !== plot.width) plot.setSize({ width, height: CHART_HEIGHT });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [series, locale, labels.visitors, labels.leads]);
  return (
    <>
      <div ref={box} className="w-full min-w-0 overflow-hidden" data-analytics-plot />
      <p ref={readout} aria-hidden="true" className="min-h-5 text-xs text-slate-600 tabular-nums" />
    </>
  );
}
