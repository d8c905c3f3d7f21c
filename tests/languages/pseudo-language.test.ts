import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { NetlifyDB } from '@netlify/database-dev';
import type { APIContext } from 'astro';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import type { AdminTexts } from '../../src/i18n/admin';
import type * as AdminModule from '../../src/i18n/admin';
import type * as LanguagesModule from '../../src/i18n/languages';
import type * as LocalizedFieldsModule from '../../src/components/admin/content/localized-fields';
import type * as MetricsEditorModule from '../../src/components/admin/content/metrics-editor';
import { addPseudoLanguage, PSEUDO, PSEUDO_MARK, PSEUDO_ROW } from '../helpers/pseudo-language';

/**
 * The proof that languages are data (docs/architecture.md, "How to add a language"): a copy of the site gets a third,
 * pseudo language `xx` the way the recipe says, a row in the table and three dictionaries generated from English,
 * and nothing else. Then its migration is generated, it is built and type-checked, and its pages, sitemap and
 * dashboard are in `xx` too. A place that still spelled out English and Spanish would fail here: a type error, a
 * page or an entry missing, a field without its language.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const npx = (cwd: string, ...args: string[]) => run('npx', args, { cwd, maxBuffer: 64 * 1024 * 1024 });

let copy = '';

/** The working tree as git sees it (tracked and new files, nothing ignored), node_modules shared. */
async function copySite(): Promise<string> {
  const target = mkdtempSync(join(tmpdir(), 'pseudo-language-'));
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  for (const path of stdout.split('\0')) {
    if (!path || !existsSync(join(ROOT, path))) continue;
    mkdirSync(dirname(join(target, path)), { recursive: true });
    cpSync(join(ROOT, path), join(target, path));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(target, 'node_modules'), 'dir');
  return target;
}

const read = (path: string) => readFileSync(join(copy, path), 'utf8');

beforeAll(async () => {
  copy = await copySite();
  addPseudoLanguage(copy);
  // The recipe's last step: the schema's CHECKs and search columns follow the table, so a migration is generated.
  await npx(copy, 'drizzle-kit', 'generate', '--name', 'pseudo-language');
  await npx(copy, 'astro', 'build');
}, 240_000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('a pseudo language added by the recipe alone', () => {
  it('type-checks: the dictionaries are complete and nothing else names two languages', async () => {
    const { stdout } = await npx(copy, 'tsc', '--noEmit').catch((error: Error & { stdout?: string }) => ({
      stdout: error.stdout ?? error.message,
    }));
    expect(stdout).toBe('');
  }, 180_000);

  it('gets a generated migration: its search column and every language CHECK', () => {
    const migrations = join(copy, 'netlify/database/migrations');
    const added = readdirSync(migrations).filter((name) => name.endsWith('_pseudo-language.sql'));
    expect(added).toHaveLength(1);
    const sql = readFileSync(join(migrations, added[0]!), 'utf8');
    expect(sql).toContain(`"search_${PSEUDO}" "tsvector"`);
    expect(sql).toContain(`content_search_${PSEUDO}`);
    expect(sql).toMatch(new RegExp(`"contact_messages_language" CHECK \\([^)]*'${PSEUDO}'`));
  });

  it('pre-renders its pages under /xx/, in its texts, and names it in every hreflang and language switch', () => {
    const page = read(`dist/${PSEUDO}/privacy-policy/index.html`);
    expect(page).toContain(`<html lang="${PSEUDO}"`);
    expect(page).toContain(`${PSEUDO_MARK}${en['common.skipToContent']}`);
    expect(page).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"/]+/${PSEUDO}/privacy-policy">`));
    // Its policy is not translated yet: the English one, marked as English.
    expect(page).toMatch(/<article[^>]* lang="en"/);
    // A switch to each of the other languages, each named in its own language.
    expect(page).toMatch(/<a href="\/privacy-policy" hreflang="en" lang="en"[^>]*>\s*English\s*<\/a>/);
    expect(page).toMatch(/<a href="\/es\/privacy-policy" hreflang="es" lang="es"[^>]*>\s*Español\s*<\/a>/);
    for (const other of ['', '/es']) {
      const twin = read(`dist${other}/privacy-policy/index.html`);
      expect(twin).toMatch(new RegExp(`hreflang="${PSEUDO}" href="https?://[^"/]+/${PSEUDO}/privacy-policy"`));
      expect(twin).toContain(`data-language-switch="${PSEUDO}"`);
      expect(twin).toContain(`<meta property="og:locale:alternate" content="${PSEUDO_ROW.og}">`);
    }
    const chat = JSON.parse(read(`dist/${PSEUDO}/chat-texts.json`)) as { title: string };
    expect(chat.title).toBe(`${PSEUDO_MARK}${en['chat.title']}`);
  });

  it('lists every page in its sitemap in xx, each with its twins', async () => {
    const engine = new NetlifyDB({ logger: () => undefined });
    process.env['NETLIFY_DB_URL'] = await engine.start();
    const client = (await import(join(copy, 'src/platform/db/client.ts'))) as { closeDatabase: () => Promise<void> };
    try {
      await engine.applyMigrations(join(copy, 'netlify/database/migrations'));
      const { GET } = (await import(join(copy, 'src/pages/sitemap.xml.ts'))) as {
        GET: (context: APIContext) => Promise<Response>;
      };
      const origin = 'https://example.com';
      const context = { site: new URL(origin), url: new URL(`${origin}/sitemap.xml`) } as APIContext;
      const sitemap = await (await GET(context)).text();
      for (const path of ['/', '/portfolio', '/insights', '/privacy-policy', '/book']) {
        const xx = `${origin}/${PSEUDO}${path === '/' ? '/' : path}`;
        expect(sitemap).toContain(`<loc>${xx}</loc>`);
        expect(sitemap).toContain(`hreflang="${PSEUDO}" href="${xx}"`);
      }
      // Eight pages (the booking page among them) in three languages.
      expect(sitemap.match(/<url>/g)).toHaveLength(3 * 8);
    } finally {
      await client.closeDatabase();
      await engine.stop();
      delete process.env['NETLIFY_DB_URL'];
    }
  }, 60_000);

  it("gives the dashboard's editors a field and a list per language, and its texts", async () => {
    // The copy's modules, typed as this checkout's (whose Language has no `xx`).
    const { LocalizedFields } = (await import(
      join(copy, 'src/components/admin/content/localized-fields.tsx')
    )) as typeof LocalizedFieldsModule;
    const { MetricsEditor } = (await import(
      join(copy, 'src/components/admin/content/metrics-editor.tsx')
    )) as typeof MetricsEditorModule;
    const { byLanguage } = (await import(join(copy, 'src/i18n/languages.ts'))) as typeof LanguagesModule;
    const admin = (await import(join(copy, 'src/i18n/admin/index.ts'))) as typeof AdminModule;
    const ADMIN_TEXTS = admin.ADMIN_TEXTS as Record<string, AdminTexts | undefined>;
    const fields = renderToStaticMarkup(
      createElement(LocalizedFields, {
        idPrefix: 'insight-title',
        value: byLanguage((language) => `title ${language}`),
        onChange: () => undefined,
        label: 'Title',
      }),
    );
    for (const [code, name] of [
      ['en', 'English'],
      ['es', 'Español'],
      [PSEUDO, PSEUDO_ROW.name],
    ]) {
      expect(fields).toContain(`for="insight-title-${code}"`);
      expect(fields).toContain(`Title (${name})`);
      expect(fields).toContain(`value="title ${code}"`);
    }
    const metrics = renderToStaticMarkup(
      createElement(MetricsEditor, { value: byLanguage(() => []), onChange: () => undefined }),
    );
    expect(metrics).toContain(PSEUDO_ROW.name);
    expect(metrics).toContain(`(${PSEUDO.toUpperCase()})`);
    expect(ADMIN_TEXTS[PSEUDO]?.title).toBe(`${PSEUDO_MARK}Admin Dashboard`);
    expect(ADMIN_TEXTS[PSEUDO]?.languageSwitch('Spanish')).toBe(`${PSEUDO_MARK}Dashboard in Spanish`);
  });
});
