// @ts-check
// Lint, and the project's layers written down where a tool checks them
// (docs/architecture.md, "Layers"). `npm run check` runs it with --max-warnings 0.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Browser code: src/client, the React islands, the dashboard and the React primitives. */
const BROWSER = ['./src/client', './src/components/islands', './src/components/admin', './src/components/react-ui'];
const UI = ['./src/components', './src/client', './src/layouts', './src/pages', './src/scripts'];
const here = import.meta.dirname;

/**
 * `import-x/no-restricted-paths` zones: code in `target` may not import from `from` (docs/architecture.md, "Layers").
 * From the bottom up: i18n, platform, features, http, then functions and pages; browser code beside them.
 */
const layers = [
  {
    target: './src/i18n',
    from: ['./src/platform', './src/features', './src/http', ...UI, './netlify'],
    message: 'src/i18n is the bottom layer: it imports nothing of ours outside src/i18n.',
  },
  {
    target: './src/platform',
    from: ['./src/features', './src/http', ...UI, './netlify'],
    message: 'src/platform is shared infrastructure: it imports only src/platform and src/i18n.',
  },
  {
    target: './src/features',
    from: ['./src/http', ...UI, './netlify'],
    message: 'A feature is plain domain code: it imports src/platform, src/i18n and other features, never HTTP or UI.',
  },
  {
    target: './src/http',
    from: [...UI, './netlify'],
    message: 'src/http is the HTTP layer under functions and pages: it imports features, platform and i18n.',
  },
  {
    // Of the server, browser code may use only zod schemas (files named *schema.ts): pure, shared with the server; and
    // the firm's time zone and days (src/platform/time-zone.ts: Intl only), so the dashboard counts days as reports do.
    target: BROWSER,
    from: [`${here}/src/features/**/*`, `${here}/src/platform/**/*`],
    except: [
      `${here}/src/features/**/*schema.ts`,
      `${here}/src/platform/*schema.ts`,
      `${here}/src/platform/time-zone*.ts`,
    ],
    message:
      'Browser code may import src/client, src/i18n, src/platform/time-zone.ts and the *schema.ts files of features and platform only.',
  },
  {
    target: BROWSER,
    from: ['./src/http', './src/pages', './src/layouts', './netlify'],
    message: 'Browser code never imports the HTTP layer, pages, layouts or functions.',
  },
  {
    target: './src/client',
    from: './src/components',
    message: 'src/client is the bottom of the browser side: components import it, not the other way round.',
  },
  {
    target: ['./src/components', './src/layouts'],
    from: ['./src/pages', './netlify'],
    message: 'Components are used by pages, never the other way round.',
  },
  {
    target: './netlify',
    from: UI,
    message: 'Functions call src/http, src/features and src/platform only.',
  },
];

/** The files that speak to the database or to Blobs: the platform's db/ and files.ts, and each feature's tables and stores. */
const STORAGE_FILES = [
  'src/platform/db/**',
  'src/platform/files.ts',
  'src/features/*/tables.ts',
  'src/features/*/store.ts',
  'src/features/*/*-store.ts',
];
const BLOBS_ONLY_IN_STORES = {
  name: '@netlify/blobs',
  message: "Only src/platform/files.ts and the features' stores (store.ts, *-store.ts) touch Blobs.",
};
const DATABASE_MESSAGE =
  "Only src/platform/db/ and the features' tables.ts and stores (store.ts, *-store.ts) speak SQL.";
const DATABASE_ONLY_IN_STORES = ['@netlify/database', 'drizzle-orm', 'pg'].map((name) => ({
  name,
  message: DATABASE_MESSAGE,
}));
const DATABASE_PATTERNS = [{ group: ['drizzle-orm/*'], message: DATABASE_MESSAGE }];
/** The domain (features, platform) speaks no HTTP: no request context, function config or cookies (src/http does). */
const NO_HTTP_IN_DOMAIN = [
  {
    name: '@netlify/functions',
    importNames: ['Context', 'Config', 'Handler', 'HandlerEvent', 'HandlerContext', 'HandlerResponse'],
    message:
      'Features and platform speak no HTTP: requests, contexts and function config belong to src/http and netlify/.',
  },
  { name: 'cookie', message: 'Cookies are HTTP: src/http reads and writes them.' },
];
const CONTENT_IN_PAGES = {
  name: 'astro:content',
  message: 'Features are plain TypeScript; read content collections in pages.',
};

export default tseslint.config(
  {
    ignores: ['dist/', '.netlify/', '.astro/', 'node_modules/', 'public/', 'coverage/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    // Type-aware rules read types from tsconfig.json through the project service; it covers src, netlify, tests,
    // scripts and the root *.ts and *.mjs files (allowJs). This file is the one it leaves out: allowDefaultProject
    // gives it TypeScript's default project, so it is linted with types too rather than exempted. `npm run lint`
    // has no --cache: ESLint caches per file, and a file's type-aware result goes stale when a file it imports changes
    // (a function made async left its caller's floating promise unreported).
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['eslint.config.js'] }, tsconfigRootDir: here },
    },
    // Errors in recommendedTypeChecked already; named here so that they stay on.
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  ...astro.configs['flat/recommended'],
  {
    // No type-aware rules in .astro files. astro-eslint-parser does not support the project service: it falls back
    // to `project: true` (a warning per file, temporary .tsx files beside the sources, ~20 s more CPU for 52 files),
    // and plain TypeScript cannot type what an .astro file imports from another (props and exported types come back
    // `any` or error-typed), so no-unsafe-* would report what `astro check` has checked. Their <script> blocks
    // (virtual `*.astro/N_N.ts` files, not on disk) are not found by the project service, and the astro processor
    // drops that parse error, and with it every lint message of the block.
    files: ['**/*.astro', '**/*.astro/*.{js,ts}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.{ts,tsx,mts,js,mjs,astro}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layers }],
      'no-restricted-imports': [
        'error',
        {
          paths: [BLOBS_ONLY_IN_STORES, ...DATABASE_ONLY_IN_STORES, CONTENT_IN_PAGES],
          patterns: DATABASE_PATTERNS,
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // Astro's content collections are read where pages are made.
    files: ['src/pages/**', 'src/components/**/*.astro', 'src/layouts/**', 'src/content.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [BLOBS_ONLY_IN_STORES, ...DATABASE_ONLY_IN_STORES], patterns: DATABASE_PATTERNS },
      ],
    },
  },
  {
    // The domain: no HTTP (and, outside its storage files, no SQL or Blobs).
    files: ['src/features/**', 'src/platform/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [BLOBS_ONLY_IN_STORES, ...DATABASE_ONLY_IN_STORES, CONTENT_IN_PAGES, ...NO_HTTP_IN_DOMAIN],
          patterns: DATABASE_PATTERNS,
        },
      ],
    },
  },
  {
    // The storage files speak SQL and Blobs, and still no HTTP.
    files: STORAGE_FILES,
    rules: { 'no-restricted-imports': ['error', { paths: [CONTENT_IN_PAGES, ...NO_HTTP_IN_DOMAIN] }] },
  },
  {
    // The test and script harnesses start local engines and servers.
    files: ['tests/**', 'scripts/**', 'drizzle.config.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/**/*.tsx', 'src/client/**', 'src/scripts/**'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  prettier,
);
