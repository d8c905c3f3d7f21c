import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * A phone number as the contact timeline matches it (docs/product.md, "Contact timeline"): what a visitor typed,
 * without spaces, dashes, dots, slashes and parentheses; then `00` in front becomes `+`
 * ("0034 600 123 456" → "+34600123456"), a Spanish number of 9 digits starting 6-9 gets +34 ("600-123-456" →
 * "+34600123456": the firm is in Madrid), a `+` number is kept (7 to 15 digits, E.164), other runs of 7 to 15 digits
 * are kept as they are (a number without its country matches only itself), and anything else (letters, an extension,
 * too short) is no phone (null). One definition, in SQL: the stored column (src/features/leads/tables.ts) and the
 * query's value are both computed by it, so they cannot disagree.
 */
export function phoneKeySql(phone: AnyColumn | SQL): SQL<string | null> {
  const bare = sql`regexp_replace(${phone}, '[[:space:]()./-]', '', 'g')`;
  return sql<string | null>`CASE
    WHEN ${bare} ~ '^[+][1-9][0-9]{6,14}$' THEN ${bare}
    WHEN ${bare} ~ '^00[1-9][0-9]{6,14}$' THEN '+' || substr(${bare}, 3)
    WHEN ${bare} ~ '^[6-9][0-9]{8}$' THEN '+34' || ${bare}
    WHEN ${bare} ~ '^[0-9]{7,15}$' THEN ${bare}
    ELSE NULL END`;
}
