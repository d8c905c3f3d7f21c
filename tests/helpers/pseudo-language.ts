import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { en } from '../../src/i18n/en';
import { adminEn } from '../../src/i18n/admin/en';
import { mailEn } from '../../src/i18n/mail/en';

/**
 * A pseudo language, `xx`, added to a copy of the site exactly as docs/architecture.md, "How to add a language",
 * says: a row in src/i18n/languages.ts, one dictionary per family (site, dashboard, mail) generated from the English
 * ones (each text `[xx] …`, its placeholders kept), and a line for each in src/i18n/dictionaries.ts. Nothing else of
 * the copy is touched: whatever still spells out two languages shows up as a type error or a missing page.
 */
export const PSEUDO = 'xx';
export const PSEUDO_MARK = `[${PSEUDO}] `;

export const PSEUDO_ROW = {
  code: PSEUDO,
  prefix: PSEUDO,
  locale: 'en-US',
  dashboardLocale: 'en-GB',
  og: 'xx_XX',
  name: 'Pseudo',
  stemming: 'simple',
};

const literal = (text: string) => JSON.stringify(PSEUDO_MARK + text);

/** A flat dictionary as TypeScript: every key, its English text marked. */
function flatDictionary(name: string, type: string, source: Record<string, string>): string {
  const entries = Object.entries(source).map(([key, text]) => `  ${JSON.stringify(key)}: ${literal(text)},`);
  return `export const ${name}: ${type} = {\n${entries.join('\n')}\n};\n`;
}

/** The dashboard's nested texts as TypeScript: strings marked, and each function's answer marked. */
function nestedTexts(value: unknown, path: string, indent: string): string {
  if (typeof value === 'string') return literal(value);
  if (typeof value === 'function')
    return `(...args: Parameters<typeof ${path}>) => ${JSON.stringify(PSEUDO_MARK)} + ${path}(...args)`;
  const fields = Object.entries(value as Record<string, unknown>).map(
    ([key, inner]) =>
      `${indent}  ${JSON.stringify(key)}: ${nestedTexts(inner, `${path}[${JSON.stringify(key)}]`, `${indent}  `)},`,
  );
  return `{\n${fields.join('\n')}\n${indent}}`;
}

/** The files the recipe adds, by path. */
export function pseudoDictionaries(): Record<string, string> {
  return {
    [`src/i18n/${PSEUDO}.ts`]:
      `import type { DictionaryKey } from './en';\n\n` + flatDictionary(PSEUDO, 'Record<DictionaryKey, string>', en),
    [`src/i18n/admin/${PSEUDO}.ts`]:
      `import { adminEn, type AdminTexts } from './en';\n\n` +
      `export const adminXx: AdminTexts = ${nestedTexts(adminEn, 'adminEn', '')};\n`,
    [`src/i18n/mail/${PSEUDO}.ts`]:
      `import type { MailKey } from './en';\n\n` + flatDictionary('mailXx', 'Record<MailKey, string>', mailEn),
  };
}

function edit(root: string, path: string, change: (text: string) => string): void {
  const file = join(root, path);
  const before = readFileSync(file, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`${path}: the recipe's change did not apply`);
  writeFileSync(file, after);
}

/** Adds the pseudo language to the site at `root`: the table's row, three dictionaries, their three registrations. */
export function addPseudoLanguage(root: string): void {
  edit(root, 'src/i18n/languages.ts', (text) =>
    text.replace(/\n\] as const satisfies/, `\n  ${JSON.stringify(PSEUDO_ROW)},\n] as const satisfies`),
  );
  for (const [path, text] of Object.entries(pseudoDictionaries())) writeFileSync(join(root, path), text);
  edit(root, 'src/i18n/dictionaries.ts', (text) =>
    text
      .replace(
        /\nexport const SITE_DICTIONARIES/,
        `\nimport { ${PSEUDO} } from './${PSEUDO}';\nimport { adminXx } from './admin/${PSEUDO}';\nimport { mailXx } from './mail/${PSEUDO}';\n$&`,
      )
      .replace(/^(export const SITE_DICTIONARIES[^=]*= \{\n(?: {2}.*\n)*)\};/m, `$1  ${PSEUDO},\n};`)
      .replace(/^(export const ADMIN_DICTIONARIES[^=]*= \{\n(?: {2}.*\n)*)\};/m, `$1  ${PSEUDO}: adminXx,\n};`)
      .replace(/^(export const MAIL_DICTIONARIES[^=]*= \{\n(?: {2}.*\n)*)\};/m, `$1  ${PSEUDO}: mailXx,\n};`),
  );
}
