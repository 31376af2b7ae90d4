/**
 * The import rules of docs/architecture.md are enforced by ESLint (issue 6 point 5, issue 26): this
 * lints small probe files placed in the real tree (never written to disk) and checks that a wrong
 * import fails `npm run lint` with its zone's message, and that the allowed way passes. Every zone in
 * eslint.config.js must have a probe here (the last test checks that), and every probe's import must
 * point at a file that exists, so a probe cannot pass only because its import stopped resolving.
 */
import { ESLint } from 'eslint';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

/** Probe sources: a value import, a type-only import and a lazy `import()` are all checked. */
const use = (spec: string) => `import * as probe from '${spec}';\nexport const x = probe;\n`;
const useType = (spec: string, name: string) => `import type { ${name} } from '${spec}';\nexport type X = ${name};\n`;
const lazy = (spec: string) => `export const load = () => import('${spec}');\n`;

interface Zone {
  /** Matches the zone's message in eslint.config.js (and so the lint error). */
  message: RegExp;
  /** Probe file path (relative to the repository root) → probe source that must be refused. */
  refused: [file: string, code: string][];
  /** Probe file path → probe source that must pass, the nearest allowed way. */
  allowed: [file: string, code: string][];
}

const zones: Record<string, Zone> = {
  'web features never import each other': {
    message: /Web features never import each other/,
    refused: [['web/features/alerts/probe.ts', use('../search/api')]],
    allowed: [
      ['web/features/alerts/probe.ts', use('./api')],
      ['web/features/alerts/probe.ts', use('../../lib/http.client')],
    ],
  },
  'components/ui imports no feature': {
    message: /components\/ui is feature-free/,
    refused: [['web/components/ui/probe.ts', use('../../features/alerts/api')]],
    allowed: [['web/components/ui/probe.ts', use('./button')]],
  },
  'web never imports server': {
    message: /web\/ never imports server\//,
    refused: [
      ['web/lib/probe.ts', use('../../server/env')],
      ['web/features/alerts/probe.ts', useType('../../../server/app-deps', 'AppDeps')],
    ],
    allowed: [['web/lib/probe.ts', use('../../common/money')]],
  },
  'server never imports web': {
    message: /server\/ never imports web\//,
    refused: [
      ['server/features/alerts/probe.ts', use('../../../web/lib/http.client')],
      ['server/email/templates/probe.tsx', use('../../../web/components/ui/button')],
      // A file exempt from the public-module rule (eslint.config.js PENDING_PUBLIC_MODULE_IMPORTS) keeps every other zone.
      ['server/features/products/product-shape.ts', use('../../../web/lib/http.client')],
    ],
    // server/features/web is a server feature, not web/.
    allowed: [
      ['server/features/alerts/probe.ts', use('../../../common/money')],
      ['server/probe.ts', use('./features/web/web.routes')],
    ],
  },
  'common imports neither server nor web': {
    message: /common\/ runs on both sides/,
    refused: [
      ['common/probe.ts', use('../server/env')],
      ['common/api/probe.ts', use('../../web/lib/http.client')],
    ],
    allowed: [['common/api/probe.ts', use('../money')]],
  },
  'web shopper code never imports admin code': {
    message: /Shopper code never imports admin code/,
    refused: [
      ['web/routes/probe.route.tsx', use('../admin/routes/admin-tabs')],
      ['web/routes/probe.route.tsx', lazy('../admin/features/emails/components/email-alerts-tab')],
      ['web/routes/probe.route.tsx', useType('../../common/api/emails.admin.schema', 'ApiProbe')],
      ['web/shell/probe.tsx', use('../admin/components/catalogue-maintenance')],
      ['web/components/ui/probe.tsx', use('../../admin/lib/admin-query-keys')],
      ['web/lib/probe.ts', use('../admin/lib/admin-query-keys')],
      ['web/main.tsx', lazy('./admin/routes/admin-shell.route')],
      // A shopper feature never reaches into its own domain's admin feature either.
      ['web/features/alerts/probe.ts', use('../../admin/features/alerts/api')],
      ['web/features/alerts/components/probe.tsx', use('../../../admin/features/alerts/components/alerts-tab')],
    ],
    allowed: [
      // The router is the one web file outside web/admin that loads it (lazily).
      ['web/router.tsx', lazy('./admin/routes/admin-shell.route')],
      ['web/admin/routes/probe.tsx', lazy('../features/emails/components/email-alerts-tab')],
      ['web/admin/features/alerts/components/probe.tsx', use('../api')],
      ['web/routes/probe.route.tsx', use('../features/alerts/api')],
      ['web/routes/probe.route.tsx', use('../../common/api/alerts.schema')],
    ],
  },
  'web admin features never import each other': {
    message: /Admin features never import each other/,
    refused: [
      ['web/admin/features/alerts/probe.ts', use('../signups/api')],
      ['web/admin/features/catalogue/components/probe.tsx', use('../../clicks/components/click-format')],
    ],
    allowed: [
      ['web/admin/features/alerts/probe.ts', use('./api')],
      ['web/admin/features/catalogue/probe.ts', use('../../components/catalogue-maintenance')],
      ['web/admin/features/alerts/probe.ts', use('../../lib/admin-query-keys')],
    ],
  },
  "web admin code takes from shopper features only its own domain's": {
    message: /Admin code takes from the shopper side only/,
    refused: [
      ['web/admin/features/alerts/probe.ts', use('../../../features/signups/api')],
      ['web/admin/routes/probe.tsx', use('../../features/alerts/alert.rules')],
      ['web/admin/components/probe.tsx', use('../../features/products/api')],
      ['web/admin/lib/probe.ts', use('../../features/search/api')],
    ],
    allowed: [
      ['web/admin/features/alerts/probe.ts', use('../../../features/alerts/alert.rules')],
      ['web/admin/features/alternatives/probe.ts', use('../../../features/alternatives/api')],
      ['web/admin/routes/probe.tsx', use('../../components/ui/button')],
      ['web/admin/components/probe.tsx', use('../../lib/http.client')],
      ['web/admin/lib/probe.ts', use('../../../common/money')],
    ],
  },
  'web admin: only routes import routes': {
    message: /Only admin routes import admin routes/,
    refused: [
      ['web/admin/features/clicks/components/probe.tsx', useType('../../../routes/admin-tabs', 'AdminTab')],
      ['web/admin/components/probe.ts', use('../routes/admin-tabs')],
      ['web/admin/lib/probe.ts', use('../routes/admin-shell.route')],
    ],
    allowed: [
      ['web/admin/features/clicks/components/probe.tsx', useType('../../../components/admin-tab', 'AdminTabProps')],
      ['web/admin/routes/probe.tsx', use('./admin-tabs')],
    ],
  },
  'web admin components and lib import no admin feature': {
    message: /web\/admin\/components and web\/admin\/lib are feature-free/,
    refused: [
      ['web/admin/components/probe.tsx', use('../features/catalogue/api')],
      ['web/admin/lib/probe.ts', use('../features/audit/api')],
      ['web/admin/lib/probe.ts', use('../components/catalogue-maintenance')],
    ],
    allowed: [
      ['web/admin/components/probe.tsx', use('../lib/admin-catalogue-refetch')],
      ['web/admin/lib/probe.ts', use('./admin-query-keys')],
    ],
  },
  'server shopper code never imports admin code': {
    message: /Shopper routes and services never import admin code/,
    refused: [['server/features/category-pages/probe.ts', use('./category-pages.admin.service')]],
    allowed: [
      ['server/features/category-pages/probe.ts', use('./category-pages.service')],
      ['server/features/category-pages/probe.admin.service.ts', use('./category-pages.admin.service')],
    ],
  },
  'a server feature imports another only through its public module': {
    message: /imports another feature only through its public module/,
    refused: [
      ['server/features/alerts/probe.ts', use('../subscriptions/subscriptions.queries')],
      // A service, a rule or a type behind the public module is refused alike.
      ['server/features/alerts/probe.ts', use('../subscriptions/subscriptions.service')],
      ['server/features/web/probe.ts', use('../seo/html.rules')],
      ['server/features/emails/probe.ts', useType('../alerts/alert-shape', 'AlertRow')],
      ['server/features/catalogue/demo/probe.ts', use('../../prices/prices.service')],
      ['server/features/seo/probe.ts', lazy('../products/listing-cache')],
    ],
    allowed: [
      ['server/features/alerts/probe.ts', use('../subscriptions')],
      ['server/features/alerts/probe.ts', use('../subscriptions/index')],
      ['server/features/emails/probe.ts', useType('../alerts', 'AlertRow')],
      ['server/features/catalogue/demo/probe.ts', use('../../prices')],
      // Inside its own feature a module imports any file.
      ['server/features/products/probe.ts', use('./products.queries')],
      ['server/features/catalogue/demo/probe.ts', use('../catalogue-csv')],
    ],
  },
  'email, sources and db never import features': {
    message: /email\/, sources\/ and db\/ never import features\//,
    refused: [
      ['server/email/probe.ts', use('../features/subscriptions/subscriptions.service')],
      ['server/sources/probe.ts', use('../features/products/products.service')],
      ['server/db/probe.ts', use('../features/subscriptions/subscriptions.service')],
      // A feature's public module is a feature too (and proves '../features/x' resolves to its index.ts).
      ['server/sources/probe.ts', use('../features/products')],
    ],
    allowed: [['server/email/probe.ts', use('../db/client')]],
  },
  'db never imports http': {
    message: /db\/ never imports http\//,
    refused: [['server/db/probe.ts', use('../http/errors')]],
    allowed: [['server/db/probe.ts', use('../env')]],
  },
  'http imports no feature': {
    message: /http\/ imports no feature/,
    refused: [
      ['server/http/probe.ts', use('../features/visitors/visitors.service')],
      ['server/http/probe.ts', useType('../features/admin-auth/admin.guard', 'AdminPrincipal')],
    ],
    allowed: [['server/http/probe.ts', use('./errors')]],
  },
  'entry points and jobs call services, never queries': {
    message: /Entry points and jobs call a feature's \*\.service/,
    refused: [
      ['server/probe.ts', use('./features/subscriptions/subscriptions.queries')],
      ['server/cli/probe.cli.ts', use('../features/subscriptions/subscriptions.queries')],
      ['server/jobs/probe.ts', use('../features/subscriptions/subscriptions.queries')],
    ],
    allowed: [['server/jobs/probe.ts', use('../features/subscriptions/subscriptions.service')]],
  },
};

const specOf = (code: string) => /from '([^']+)'|import\('([^']+)'\)/.exec(code)?.slice(1).find(Boolean) ?? '';
/** Test names: "web/shell/probe.tsx → ../admin/components/x", the probe's source as the third column. */
const named = (probes: [string, string][]) => probes.map(([file, code]) => [file, specOf(code), code] as const);

/** The module a probe imports must exist, or lint has nothing to check and a probe passes for nothing. */
function expectImportResolves(file: string, code: string): void {
  const spec = specOf(code);
  expect(spec, `no import in probe ${code}`).not.toBe('');
  const base = path.resolve(ROOT, path.dirname(file), spec);
  const found = ['', '.ts', '.tsx', '/index.ts'].some((ext) => existsSync(base + ext));
  expect(found, `${file} imports '${spec}', which no longer exists: point the probe at a file that does`).toBe(true);
}

async function restrictedImports(file: string, code: string): Promise<string[]> {
  expectImportResolves(file, code);
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('import rules in lint', () => {
  describe.each(Object.entries(zones))('%s', (_name, zone) => {
    it.each(named(zone.refused))('refuses %s → %s', async (file, _spec, code) => {
      const messages = await restrictedImports(file, code);
      expect(messages.join('\n')).toMatch(zone.message);
    });

    it.each(named(zone.allowed))('allows %s → %s', async (file, _spec, code) => {
      expect(await restrictedImports(file, code)).toEqual([]);
    });
  });

  it('exempts from the public-module rule only files that still reach into another feature', async () => {
    const PUBLIC_MODULE = /only through its public module/;
    const featureFiles = readdirSync(path.join(ROOT, 'server/features'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|test-support|test-seed/.test(file))
      .map((file) => path.join('server/features', file));
    const exempt: string[] = [];
    for (const file of featureFiles) {
      const config = (await eslint.calculateConfigForFile(path.join(ROOT, file))) as {
        rules: Record<string, [unknown, { zones: { message: string }[] }]>;
      };
      const zones = config.rules['import-x/no-restricted-paths']![1].zones;
      if (!zones.some((zone) => PUBLIC_MODULE.test(zone.message))) exempt.push(file);
    }
    // PENDING_PUBLIC_MODULE_IMPORTS in eslint.config.js: each file's own text, linted as a file beside
    // it that is not exempt (same imports, every zone), must still be refused, or the entry goes.
    const noLongerNeeded: string[] = [];
    for (const file of exempt) {
      const beside = path.join(ROOT, path.dirname(file), `not-exempt-${path.basename(file)}`);
      const [result] = await eslint.lintText(readFileSync(path.join(ROOT, file), 'utf8'), { filePath: beside });
      if (!(result?.messages ?? []).some((m) => PUBLIC_MODULE.test(m.message))) noLongerNeeded.push(file);
    }
    expect(noLongerNeeded, 'take these off PENDING_PUBLIC_MODULE_IMPORTS in eslint.config.js').toEqual([]);
  });

  it('has a probe for every zone in eslint.config.js', async () => {
    const config = (await eslint.calculateConfigForFile(path.join(ROOT, 'server/app.ts'))) as {
      rules: Record<string, [unknown, { zones: { message: string }[] }]>;
    };
    const messages = new Set(config.rules['import-x/no-restricted-paths']![1].zones.map((z) => z.message));
    const unprobed = [...messages].filter((message) => !Object.values(zones).some((zone) => zone.message.test(message)));
    expect(unprobed).toEqual([]);
  });
});
