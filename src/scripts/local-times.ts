/**
 * The booking page with JavaScript (docs/product.md, "Meetings"): each slot's time in the visitor's own time zone, with
 * the Madrid time the page was rendered in shown beside it, and the note above the slots naming the zone. A visitor
 * in Madrid's zone sees the page as rendered.
 */
export function showLocalTimes(root: ParentNode = document): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const note = root.querySelector<HTMLElement>('[data-time-zone-note]');
  const madrid = note?.dataset['madridZone'];
  if (!note || !zone || zone === madrid) return;
  const locale = document.documentElement.lang || undefined;
  const time = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const day = new Intl.DateTimeFormat(locale, { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short' });
  const dateIn = (at: Date, timeZone: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  for (const shown of root.querySelectorAll<HTMLElement>('[data-slot-time]')) {
    const at = new Date(shown.dataset['start'] ?? '');
    if (Number.isNaN(at.getTime())) continue;
    // A time on another date than the Madrid day it is listed under says its own date.
    const otherDay = madrid && dateIn(at, zone) !== dateIn(at, madrid);
    shown.textContent = otherDay ? `${day.format(at)}, ${time.format(at)}` : time.format(at);
    shown.parentElement?.querySelector<HTMLElement>('[data-slot-madrid]')?.removeAttribute('hidden');
  }
  note.textContent = (note.dataset['localText'] ?? '').replace('{zone}', zone);
  note.dataset['timeZone'] = zone;
}
