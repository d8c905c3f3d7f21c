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

/** `import-x/no-restricted-paths` zones: code in `target` may not import from `from`. */
const layers = [
  {
    target: './src/i18n',
    from: ['./src/lib', './src/components', './src/client', './src/layouts', './src/pages', './netlify'],
    message: 'src/i18n is the bottom layer: it imports nothing of ours outside src/i18n.',
  },
  {
    target: './src/lib',
    from: ['./src/components', './src/client', './src/layouts', './src/pages', './src/scripts', './netlify'],
    message: 'src/lib is server and shared domain code: it imports only src/lib and src/i18n.',
  },
  {
    // Browser code: src/client, the React islands, the dashboard and the React primitives. Of src/lib they may use
    // only the schemas (pure zod, shared with the server); nothing else of the server reaches a bundle.
    target: ['./src/client', './src/components/islands', './src/components/admin', './src/components/react-ui'],
    from: './src/lib',
    except: ['./schemas'],
    message: 'Browser code may import src/client, src/i18n and src/lib/schemas, never other server code.',
  },
  {
    target: ['./src/client', './src/components/islands', './src/components/admin', './src/components/react-ui'],
    from: ['./src/pages', './src/layouts', './netlify'],
    message: 'Browser code never imports pages, layouts or functions.',
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
    from: ['./src/components', './src/client', './src/layouts', './src/pages'],
    message: 'Functions call src/lib only.',
  },
];

const BLOBS_ONLY_IN_STORES = {
  name: '@netlify/blobs',
  message: 'Only src/lib/blobs.ts and src/lib/stores/ touch Blobs.',
};
const DATABASE_ONLY_IN_STORES = ['@netlify/database', 'drizzle-orm', 'pg'].map((name) => ({
  name,
  message: 'Only src/lib/db/ and src/lib/stores/ speak to the database.',
}));
const DATABASE_PATTERNS = [
  { group: ['drizzle-orm/*'], message: 'Only src/lib/db/ and src/lib/stores/ speak to the database.' },
];

export default tseslint.config(
  {
    ignores: ['dist/', '.netlify/', '.astro/', 'node_modules/', 'public/', 'coverage/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs['flat/recommended'],
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
          paths: [
            BLOBS_ONLY_IN_STORES,
            ...DATABASE_ONLY_IN_STORES,
            { name: 'astro:content', message: 'src/lib is plain TypeScript; read content collections in pages.' },
          ],
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
    // The one place that opens Blobs stores, the stores themselves, and the test and script harnesses
    // that start a local Blobs server.
    files: ['src/lib/blobs.ts', 'src/lib/stores/**', 'src/lib/db/**', 'tests/**', 'scripts/**', 'drizzle.config.ts'],
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
