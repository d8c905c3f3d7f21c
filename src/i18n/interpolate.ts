/** What a text's `{placeholders}` are filled with. */
export type TextValues = Record<string, string | number>;

/**
 * The one interpolation of the site's, the dashboard's and the mail's texts: each `{name}` becomes `values.name`; a
 * placeholder without a value stays as written.
 */
export function interpolate(template: string, values?: TextValues): string {
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : match,
  );
}
