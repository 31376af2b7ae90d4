// ESLint flat config (DESIGN.md §2): typescript-eslint, react-hooks, jsx-a11y; Prettier does formatting.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';
import { URL } from 'node:url';

/** Feature folders under `dir` (read at lint time, so a new feature is covered without editing this file). */
const featuresIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const serverFeatures = featuresIn('./server/features/');
const webFeatures = featuresIn('./web/features/');

/**
 * The import rules of docs/architecture.md ("Import rules"), as import-x/no-restricted-paths zones:
 * a check, not a hope. Paths are resolved, so `../x` and deep paths are caught alike.
 */
const importZones = [
  // Web: features never import each other; the UI kit never imports a feature.
  ...webFeatures.map((feature) => ({
    target: `./web/features/${feature}`,
    from: './web/features',
    except: [`./${feature}`],
    message: 'Web features never import each other: lift what both need to web/lib, web/components or common/.',
  })),
  { target: './web/components/ui', from: './web/features', message: 'components/ui is feature-free.' },
  // Shopper pages never import the admin area (its own lazy chunk, DESIGN.md §3).
  {
    target: ['./web/routes/*.tsx', './web/features/!(admin*)/**', './web/shell/**'],
    from: ['./web/routes/admin/**', './web/features/admin*/**', './web/components/admin/**'],
    message: 'Shopper code never imports admin code.',
  },
  {
    target: './server/features/**/!(*.admin.*).ts',
    from: './server/features/**/*.admin.*.ts',
    message: 'Shopper routes and services never import admin code.',
  },
  // Server: a feature may call another feature's service, never its queries.
  ...serverFeatures.flatMap((feature) =>
    serverFeatures
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `./server/features/${feature}/**`,
        from: `./server/features/${other}/**/*.queries.ts`,
        message: "Call the other feature's *.service, never its *.queries.",
      })),
  ),
  // The layers below features never reach up into them.
  {
    target: ['./server/email/**', './server/sources/**', './server/db/**'],
    from: './server/features/**',
    message: 'email/, sources/ and db/ never import features/.',
  },
  // Entry points and jobs go through services too.
  {
    target: ['./server/jobs/**', './server/cli/**', './server/http/**', './server/*.ts'],
    from: './server/features/**/*.queries.ts',
    message: "Entry points, jobs and HTTP guards call a feature's *.service, never its *.queries.",
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'server/db/migrations/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-console': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'server/email/templates/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      ...jsxA11y.flatConfigs.recommended.rules,
    },
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
  },
  {
    files: ['server/**/*.{ts,tsx}', 'web/**/*.{ts,tsx}', 'common/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.test-support.ts', '**/test-support/**'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: importZones }] },
  },
  {
    files: ['scripts/**/*.mjs', 'server/db/pglite-init.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
  },
);
