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

const PUBLIC_MODULE_MESSAGE =
  "A server feature imports another feature only through its public module: import '../<feature>' (its index.ts) and export what you need there.";

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
  // The admin area (web/admin, DESIGN.md §3): routes → features/<domain> → components and lib. Admin features
  // never import each other; an admin feature may import its own domain's shopper feature (the alerts tab
  // shows prices by alert.rules.ts, the Similar tab calls the shoppers' fetchers), no other.
  ...featuresIn('./web/admin/features/').map((feature) => ({
    target: `./web/admin/features/${feature}`,
    from: './web/admin/features',
    except: [`./${feature}`],
    message: 'Admin features never import each other: lift what both need to web/admin/components, web/admin/lib, web/lib or common/.',
  })),
  ...featuresIn('./web/admin/features/').map((feature) => ({
    target: `./web/admin/features/${feature}`,
    from: './web/features',
    except: [`./${feature}`],
    message:
      "Admin code takes from the shopper side only web/components/ui, web/lib, common/ and, in web/admin/features/<domain>, that domain's web/features/<domain>: move the piece there.",
  })),
  {
    target: ['./web/admin/routes', './web/admin/components', './web/admin/lib'],
    from: './web/features',
    message:
      "Admin code takes from the shopper side only web/components/ui, web/lib, common/ and, in web/admin/features/<domain>, that domain's web/features/<domain>: move the piece there.",
  },
  // No tab imports the route that loads it (tabs once took AdminTabProps from admin-tabs.tsx: an import circle).
  {
    target: ['./web/admin/features', './web/admin/components', './web/admin/lib'],
    from: './web/admin/routes',
    message: 'Only admin routes import admin routes: a tab takes AdminTabProps from web/admin/components/admin-tab.ts.',
  },
  { target: './web/admin/components', from: './web/admin/features', message: 'web/admin/components and web/admin/lib are feature-free.' },
  {
    target: './web/admin/lib',
    from: ['./web/admin/features', './web/admin/components'],
    message: 'web/admin/components and web/admin/lib are feature-free.',
  },
  // Web and server meet only in common/ (the API contract is common/api/*.schema.ts); common/ runs on both.
  {
    target: './web',
    from: './server',
    message: 'web/ never imports server/: put the shared type, schema or constant in common/ and import it from there.',
  },
  {
    target: './server',
    from: './web',
    message: 'server/ never imports web/: put what both sides need in common/ and import it from there.',
  },
  {
    target: './common',
    from: ['./server', './web'],
    message: 'common/ runs on both sides, so it imports neither server/ nor web/: move the piece it needs into common/.',
  },
  // Shopper pages never import the admin area (web/admin: lazy chunks that only router.tsx loads, DESIGN.md
  // §3) nor the *.admin.* schemas in common/. router.tsx is the one web file outside web/admin that names it.
  {
    target: ['./web/routes', './web/features', './web/shell', './web/components', './web/lib', './web/main.tsx', './web/boot.ts'],
    from: ['./web/admin/**', './common/**/*.admin.*.ts'],
    message:
      'Shopper code never imports admin code: move what both need to the shopper side (the feature, web/components/ui, web/lib or common/) and let the admin code import it.',
  },
  {
    target: './server/features/**/!(*.admin.*).ts',
    from: './server/features/**/*.admin.*.ts',
    message: 'Shopper routes and services never import admin code.',
  },
  // Server: a feature imports another feature only through that feature's public module, its index.ts,
  // which names what others may use (never its queries, routes or internal rules directly).
  ...serverFeatures.map((feature) => ({
    target: `./server/features/${feature}`,
    from: './server/features',
    except: [`./${feature}`, ...serverFeatures.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
    message: PUBLIC_MODULE_MESSAGE,
  })),
  // The layers below features never reach up into them.
  {
    target: ['./server/email/**', './server/sources/**', './server/db/**'],
    from: './server/features/**',
    message: 'email/, sources/ and db/ never import features/.',
  },
  // db/ is below http/ too: it takes what it needs as arguments.
  {
    target: './server/db',
    from: './server/http',
    message: 'db/ never imports http/: pass the value in as an argument, or move the shared type to db/ or common/.',
  },
  // http/ is the plumbing features build on, so it imports no feature (features import http/: that would be a loop).
  {
    target: './server/http',
    from: './server/features',
    message: 'http/ imports no feature: let the feature pass what http/ needs in, or move the code into the feature that owns it.',
  },
  // Entry points and jobs go through services too.
  {
    target: ['./server/jobs/**', './server/cli/**', './server/*.ts'],
    from: './server/features/**/*.queries.ts',
    message: "Entry points and jobs call a feature's *.service, never its *.queries.",
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
    // E-mail templates: the templates load React and the e-mail components (about 0.5 s of a start,
    // measured 2026-11-28), so the server imports them with `await import()` where it renders a
    // message (the sender and a few request handlers), never statically: they stay off the path to
    // the first answer (DESIGN.md §7 "Cold start"). Types may be imported (they are erased).
    files: ['server/**/*.{ts,tsx}'],
    ignores: [
      'server/email/templates/**',
      'server/email/owner-template.ts',
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/*.test-support.ts',
      '**/test-support/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/templates/*', '**/owner-template', '@react-email/*'],
              allowTypeImports: true,
              message: 'Load e-mail templates with `await import()` where a message is rendered (they cost start time).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'server/db/embedded/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
  },
);
