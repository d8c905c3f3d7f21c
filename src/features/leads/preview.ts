/**
 * A visitor's text as one short line for a list row (the Messages tab, the contact timeline): whitespace runs made one
 * space, at most `max` characters, cut at a word where one is near the end, with "…" when cut. Plain text: lists show
 * it as text, never as HTML.
 */
export function preview(text: string, max = 140): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
