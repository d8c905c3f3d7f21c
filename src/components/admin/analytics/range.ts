import { addDays, firmDay } from '../../../platform/time-zone';

/** The Analytics tab's periods: four presets ending today, or two days the admin chooses. */
export const PRESETS = ['today', 'days7', 'days30', 'months12', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];

export interface Range {
  preset: Preset;
  /** Firm days (Madrid), `YYYY-MM-DD`, both included. */
  from: string;
  to: string;
}

/** Today in the firm's time zone, whatever the browser's (the server's days are Madrid's). */
export function firmToday(): string {
  return firmDay(new Date());
}

/** A preset's days, ending today: 12 months start the day after the same day a year ago. */
export function presetRange(preset: Exclude<Preset, 'custom'>, today = firmToday()): Range {
  if (preset === 'months12') {
    const date = new Date(`${today}T00:00:00Z`);
    date.setUTCFullYear(date.getUTCFullYear() - 1);
    return { preset, from: addDays(date.toISOString().slice(0, 10), 1), to: today };
  }
  const length = { today: 1, days7: 7, days30: 30 }[preset];
  return { preset, from: addDays(today, 1 - length), to: today };
}
