/**
 * The server's idea of "now" for rules that depend on it (scheduled publication: src/features/content/engine.ts).
 * Queries take it as a parameter rather than calling SQL `now()`, so a test can move the clock past a scheduled time
 * (`setClock`) and see the item appear, without waiting.
 */
let current: () => Date = () => new Date();

export function now(): Date {
  return current();
}

/** Tests: the clock `now()` answers from (a fixed moment, or a function); `setClock(null)` restores the real one. */
export function setClock(clock: Date | (() => Date) | null): void {
  if (clock === null) current = () => new Date();
  else if (clock instanceof Date) current = () => new Date(clock.getTime());
  else current = clock;
}
