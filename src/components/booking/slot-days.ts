import { languageRow, type Language } from '../../i18n/languages';
import { MEETINGS_TIME_ZONE, slotChoice, type Slot } from '../../features/meetings/schema';

/**
 * The booking page's slots as the form shows them (docs/product.md, "Meetings"): grouped by their Madrid date, each
 * with its Madrid time, the radio button's value and the partner's name. The page renders these in Madrid time; with
 * JavaScript, src/scripts/local-times.ts rewrites each time in the visitor's own zone.
 */
/** The form's fields that can fail, as a refused post names them. */
export const BOOKING_FIELDS = ['start', 'name', 'email', 'company', 'topic', 'consent'] as const;
export type BookingField = (typeof BOOKING_FIELDS)[number];

/** What the page shows for one slot. */
export interface ShownSlot {
  /** The radio button's value (start and partner). */
  value: string;
  start: string;
  /** "09:00", Madrid time. */
  time: string;
  partnerName: string;
}
export interface SlotDay {
  /** The Madrid date, `2026-12-08`. */
  date: string;
  /** "Tuesday, 8 December", in the page's language. */
  label: string;
  slots: ShownSlot[];
}

export function slotDays(slots: readonly Slot[], lang: Language, partnerNames: ReadonlyMap<string, string>): SlotDay[] {
  const { locale } = languageRow(lang);
  const isoDate = new Intl.DateTimeFormat('en-CA', {
    timeZone: MEETINGS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const dayLabel = new Intl.DateTimeFormat(locale, {
    timeZone: MEETINGS_TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });
  const time = new Intl.DateTimeFormat(locale, {
    timeZone: MEETINGS_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const days = new Map<string, SlotDay>();
  for (const slot of slots) {
    const at = new Date(slot.start);
    const date = isoDate.format(at);
    let day = days.get(date);
    if (!day) {
      const label = dayLabel.format(at);
      day = { date, label: label.charAt(0).toLocaleUpperCase(locale) + label.slice(1), slots: [] };
      days.set(date, day);
    }
    day.slots.push({
      value: slotChoice(slot),
      start: slot.start,
      time: time.format(at),
      partnerName: partnerNames.get(slot.partnerId) ?? '',
    });
  }
  return [...days.values()];
}

/** A meeting's start in Madrid time, in full: "Tuesday, 8 December 2026, 09:00 (Europe/Madrid)" in the page's words. */
export function madridWhen(start: string, lang: Language): string {
  return new Intl.DateTimeFormat(languageRow(lang).locale, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: MEETINGS_TIME_ZONE,
  }).format(new Date(start));
}
