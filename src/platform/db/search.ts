import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Full-text search in Postgres (docs/architecture.md, "Search"). The local engine has no `unaccent`, so accents are
 * folded in the row, by `translate()` (immutable, so a stored generated column may use it), and the same way in the
 * query: "Pérez" finds "perez" and "PEREZ".
 */
const FOLD_FROM = 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ';
const FOLD_TO = 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc';

/** The SQL of a text folded for search: lower case, accents removed. For generated columns and queries alike. */
export function foldedSql(text: SQL | AnyColumn): SQL {
  return sql`translate(lower(${text}), ${sql.raw(`'${FOLD_FROM}'`)}, ${sql.raw(`'${FOLD_TO}'`)})`;
}

/** The same fold in JavaScript, for values compared outside SQL. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** A search's first 8 words, folded, letters and digits only: `word:*` is always a valid `to_tsquery` operand. */
export function searchWords(q: string): string[] {
  return foldText(q)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

/**
 * A visitor's or admin's search text as a `to_tsquery` argument that cannot be malformed: the words (letters and
 * digits only), each matched as a prefix (`ana:*` finds "Ana" and "Anabel"), all required. An e-mail address stays
 * one term (the `simple` parser keeps it whole). Null when nothing is left to search for.
 */
export function prefixQuery(q: string): string | null {
  const folded = foldText(q);
  const email = /^[\w.+-]+@[\w.-]+\.\w+$/.exec(folded);
  if (email) return `'${folded.replace(/'/g, '')}'`;
  const words = searchWords(q);
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}
