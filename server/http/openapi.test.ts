/**
 * Issue 6 point 4: the OpenAPI document covers every endpoint the app registers (walked through
 * AppDeps.onRoute, so a new route module is checked without touching this test), carries the zod
 * schemas, and the browsable reference loads under the app's Content-Security-Policy.
 *
 * Issue 26: the document passes `redocly lint` with the recommended rules (the CLI of the
 * @redocly/cli dev dependency, offline, no telemetry), its security matches what the routes answer
 * without credentials, and it lists the statuses every route of a kind answers.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import type { Database } from '../db/client';
import { testEnv } from '../env';
import { signInAsAdmin } from '../test-support/admin-session';
import { createTestApp } from '../test-support/test-app';
import { isCsvDownload, isDocumentedUrl, isRedirect } from './openapi';

type Parameter = { in: string; name: string; required?: boolean; description?: string };
type Response = { description?: string; content?: Record<string, unknown>; headers?: Record<string, unknown> };
type Operation = {
  tags?: string[];
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, Response>;
};
type JsonSchema = { $ref?: string; properties?: Record<string, unknown>; required?: string[] };
interface Document {
  openapi: string;
  info: { title: string; version: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema>; securitySchemes?: Record<string, { type: string; in?: string; name?: string }> };
}

const PUBLIC_URL = 'https://deals.example';
const routes: RouteOptions[] = [];
let app: App;
let database: Database;
let close: () => Promise<void>;
let doc: Document;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({
    env: testEnv({ PUBLIC_URL }),
    version: '9.8.7',
    serveWeb: true,
    onRoute: (route) => void routes.push(route),
  }));
  await app.ready();
  const res = await app.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => close?.());

/** Not API: the documentation itself and the web app's files and fallback (anything outside /api and /go). */
function hiddenByDesign(url: string): boolean {
  if (url === '/api/openapi.json' || url === '/api/docs' || url.startsWith('/api/docs/')) return true;
  return !url.startsWith('/api/') && url !== '/go' && !url.startsWith('/go/');
}

/** `/api/deal-alerts/:id` → `/api/deal-alerts/{id}`, as OpenAPI writes path parameters. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * A path with its parameters' names left out (`/api/category-pages/{}`): OpenAPI counts paths that
 * differ only in those names as one, so the document writes them once with the names joined.
 */
const pathShape = (p: string) => openApiPath(p).replace(/\{[^}]+\}/g, '{}');

/** The document's operation for a method and a route URL or document path, whatever its parameters are named. */
function operationAt(method: string, url: string): Operation | undefined {
  const documented = Object.keys(doc.paths).filter((p) => pathShape(p) === pathShape(url));
  return documented.map((p) => doc.paths[p]?.[method.toLowerCase()]).find(Boolean);
}

/** Every operation of the document with its path and method. */
function allOperations(): { path: string; method: string; operation: Operation }[] {
  return Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path: p, method, operation })),
  );
}

function registered(): { method: string; url: string }[] {
  return routes.flatMap((route) =>
    ([] as string[])
      .concat(route.method)
      .filter((method) => method !== 'HEAD')
      .map((method) => ({ method: method.toLowerCase(), url: route.url })),
  );
}

/** A schema, following one local `$ref` into components. */
function resolve(schema: JsonSchema | undefined): JsonSchema | undefined {
  const ref = schema?.$ref?.replace('#/components/schemas/', '');
  return ref ? doc.components?.schemas?.[ref] : schema;
}

describe('GET /api/openapi.json (issue 6 point 4)', () => {
  it('is an OpenAPI 3.1 document naming the API, its version and PUBLIC_URL', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.title).toBe('Deal Alerts UK API');
    expect(doc.info.version).toBe('9.8.7');
    expect(doc.servers?.map((s) => s.url)).toEqual([PUBLIC_URL]);
  });

  it('documents every registered route except HEAD and the non-API ones', () => {
    const expected = registered().filter((r) => !hiddenByDesign(r.url));
    // The walk saw the app's routes (a broken onRoute would make the check below vacuous).
    expect(expected.length).toBeGreaterThan(20);
    expect(expected.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/deal-alerts', '/go/:asin', '/go']));
    const missing = expected.filter((r) => !operationAt(r.method, r.url)).map((r) => `${r.method.toUpperCase()} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('documents nothing that is not a registered route, and hides the docs routes', () => {
    const known = new Set(registered().map((r) => `${r.method} ${pathShape(r.url)}`));
    const extra = allOperations()
      .filter((o) => !known.has(`${o.method} ${pathShape(o.path)}`))
      .map((o) => `${o.method} ${o.path}`);
    expect(extra).toEqual([]);
    const docsRoutes = registered().filter((r) => r.url.startsWith('/api/docs') || r.url === '/api/openapi.json');
    expect(docsRoutes.length).toBeGreaterThan(1);
    for (const path of Object.keys(doc.paths)) {
      expect(path.startsWith('/api/docs') || path === '/api/openapi.json', path).toBe(false);
    }
  });

  it('tags every operation by feature', () => {
    expect(doc.paths['/api/deal-alerts']?.post?.tags).toEqual(['deal-alerts']);
    expect(doc.paths['/go/{asin}']?.get?.tags).toEqual(['go']);
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) expect(operation.tags?.length, `${method} ${path}`).toBe(1);
    }
  });

  it('carries the zod schemas: POST /api/deal-alerts takes productAsin and answers 201 and 400', () => {
    const operation = doc.paths['/api/deal-alerts']?.post;
    const body = resolve(operation?.requestBody?.content?.['application/json']?.schema);
    expect(Object.keys(body?.properties ?? {})).toContain('productAsin');
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['201', '400']));
    const params = (doc.paths['/api/deal-alerts/{id}']?.delete as { parameters?: { in: string; name: string }[] } | undefined)?.parameters;
    expect(params).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'id' })]));
  });
});

describe('GET /api/docs', () => {
  async function docsPage() {
    let res = await app.inject({ url: '/api/docs' });
    for (let hops = 0; res.statusCode >= 300 && res.statusCode < 400 && hops < 3; hops += 1) {
      res = await app.inject({ url: String(res.headers.location) });
    }
    return res;
  }

  it('answers the reference page as HTML', async () => {
    const res = await docsPage();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('id="swagger-ui"');
  });

  it("runs under the app's CSP: no inline script, every script from this origin and served", async () => {
    const res = await docsPage();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|sha256-)/);
    expect(csp).toContain("frame-ancestors 'none'");
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [tag, attributes, content] of scripts) {
      const src = /\bsrc="([^"]+)"/.exec(attributes ?? '')?.[1];
      expect(src, tag).toMatch(/^\/api\/docs\//);
      expect(content?.trim(), tag).toBe('');
      const file = await app.inject({ url: src });
      expect(file.statusCode, src).toBe(200);
      expect(file.headers['content-type'], src).toMatch(/javascript/);
    }
    // The UI loads the document from ./json: the same document as /api/openapi.json.
    const json = await app.inject({ url: '/api/docs/json' });
    expect(json.json().paths).toEqual(doc.paths);
  });
});

/** One finding of `redocly lint --format json`. */
interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer?: string }[];
}

const REDOCLY_CLI = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

/**
 * `redocly lint` of `document` with the recommended rules, run as the CLI runs in a shell: from an
 * empty folder (no redocly.yaml but the recommended rules), with no telemetry and no update check.
 * Nothing is fetched: the document has no remote `$ref`.
 */
async function redoclyLint(document: unknown): Promise<LintProblem[]> {
  const dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
  try {
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    const args = [REDOCLY_CLI, 'lint', file, '--extends', 'recommended', '--format', 'json', '--max-problems', '100000'];
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true', NO_COLOR: '1' };
    // Exit code 1 when there are errors: the JSON report on stdout says which.
    const stdout = await new Promise<string>((done, fail) =>
      execFile(process.execPath, args, { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 }, (error, out, err) =>
        out.trim().startsWith('{') ? done(out) : fail(new Error(`redocly lint gave no report: ${error?.message ?? ''}\n${err}`)),
      ),
    );
    return (JSON.parse(stdout) as { problems: LintProblem[] }).problems;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `#/paths/~1go~1{asin}/get/responses` → the operation at `/go/{asin}` `get`, if the pointer names one. */
function operationOfPointer(pointer: string | undefined): Operation | undefined {
  const [, paths, openApiPathKey, method] = (pointer ?? '').replace(/^#/, '').split('/');
  if (paths !== 'paths' || !openApiPathKey || !method) return undefined;
  return doc.paths[openApiPathKey.replace(/~1/g, '/').replace(/~0/g, '~')]?.[method];
}

/**
 * The recommended rules' warnings that state a fact rather than a gap: no licence is chosen for this
 * private project; a redirect answers no 2xx; an operation with no parameter, body or rate limit
 * answers no 4xx.
 */
function isExpectedWarning(problem: LintProblem): boolean {
  if (problem.severity !== 'warn') return false;
  if (problem.ruleId === 'info-license') return true;
  const operation = operationOfPointer(problem.location[0]?.pointer);
  const statuses = Object.keys(operation?.responses ?? {});
  if (problem.ruleId === 'operation-2xx-response') return statuses.length > 0 && statuses.every((s) => /^[34]/.test(s));
  if (problem.ruleId === 'operation-4xx-response') return !operation?.parameters?.length && !operation?.requestBody;
  return false;
}

const describeProblem = (p: LintProblem) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`;

describe('GET /api/openapi.json for other tools (issue 26)', () => {
  it('passes redocly lint with the recommended rules: no error, and only warnings that state facts', async () => {
    const problems = await redoclyLint(doc);
    expect(problems.filter((p) => p.severity === 'error').map(describeProblem)).toEqual([]);
    expect(problems.filter((p) => !isExpectedWarning(p)).map(describeProblem)).toEqual([]);
  });

  it('names every operation: a unique camelCase operationId from method and path, and a summary', () => {
    const ids = allOperations().map((o) => o.operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/deal-alerts']?.get?.operationId).toBe('getDealAlerts');
    expect(doc.paths['/api/deal-alerts/{id}']?.delete?.operationId).toBe('deleteDealAlertsById');
    expect(doc.paths['/api/deal-alerts/{id}']?.delete?.summary).toBe('Delete deal alerts by ID');
    for (const { path: p, method, operation } of allOperations()) expect(operation.summary?.trim(), `${method} ${p}`).toBeTruthy();
  });

  it('writes the paths the server tells apart only by method once, each operation keeping its own parameter', () => {
    const item = doc.paths['/api/category-pages/{slugOrId}'];
    expect(Object.keys(item ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    expect(item?.get?.operationId).toBe('getCategoryPagesBySlug');
    expect(item?.put?.parameters?.find((p) => p.in === 'path')).toMatchObject({
      name: 'slugOrId',
      description: expect.stringContaining('`:id`'),
    });
  });

  it('names the admin session cookie as the sign-in sets it, and that cookie opens an admin operation', async () => {
    const scheme = doc.components?.securitySchemes?.adminSession;
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(doc.components?.securitySchemes?.visitorToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const { cookie } = await signInAsAdmin(app, database, PUBLIC_URL);
    expect(cookie.split('=')[0]).toBe(scheme?.name);
    expect(doc.paths['/api/admin/me']?.get?.security).toEqual([{ adminSession: [] }]);
    expect((await app.inject({ url: '/api/admin/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('lists the statuses each kind of route answers: 400 on validated input, 401/403 on admin routes, 429 when rate-limited', () => {
    const missing: string[] = [];
    for (const route of routes) {
      for (const method of ([] as string[]).concat(route.method).filter((m) => m !== 'HEAD')) {
        if (!isDocumentedUrl(route.url)) continue;
        const statuses = Object.keys(operationAt(method, route.url)?.responses ?? {});
        const schema = (route.schema ?? {}) as Record<string, unknown>;
        const want = [
          ...(schema.body || schema.querystring || schema.params || schema.headers ? ['400'] : []),
          ...(route.config?.rateLimit ? ['429'] : []),
          ...(route.url.startsWith('/api/admin/') && route.config?.adminAccess !== 'sign-in' ? ['401'] : []),
          ...(route.url.startsWith('/api/admin/') && method !== 'GET' ? ['403'] : []),
        ];
        for (const status of want.filter((s) => !statuses.includes(s))) missing.push(`${method} ${route.url}: ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('documents the redirects as 302 with Location and the CSV downloads as 200 text/csv', () => {
    const redirects = allOperations().filter((o) => isRedirect(o.method.toUpperCase(), o.path));
    expect(redirects.map((o) => o.path).sort()).toEqual(['/api/unsubscribe/one-click', '/go', '/go/{asin}']);
    for (const { path: p, operation } of redirects) {
      expect(operation.responses?.['302']?.headers, p).toHaveProperty('Location');
      expect(
        Object.keys(operation.responses ?? {}).filter((s) => s.startsWith('2')),
        p,
      ).toEqual([]);
    }
    const downloads = allOperations().filter((o) => isCsvDownload(o.method.toUpperCase(), o.path));
    expect(downloads.length).toBeGreaterThanOrEqual(8);
    for (const { path: p, operation } of downloads)
      expect(Object.keys(operation.responses?.['200']?.content ?? {}), p).toEqual(['text/csv']);
  });

  /**
   * What the routes answer a request with no session, no token and no body, against the document:
   * an operation needing the admin session answers 401 (the sign-in, needing none, 403 without
   * Origin); every answer of a visitor scope is `Cache-Control: no-store` (server/features/visitors/visitor.guard.ts),
   * so the operations marked with the visitor token are exactly the public ones answering so.
   */
  it('says who may call each operation as the routes behave', async () => {
    const wrong: string[] = [];
    for (const { path: p, method, operation } of allOperations()) {
      const url = p.replace(/\{[^}]+\}/g, '1');
      const res = await app.inject({ method: method.toUpperCase() as 'GET', url });
      const noStore = String(res.headers['cache-control'] ?? '').includes('no-store');
      const schemes = (operation.security ?? []).flatMap((s) => Object.keys(s));
      const origin = operation.parameters?.some((q) => q.in === 'header' && q.name === 'Origin' && q.required);
      const at = `${method.toUpperCase()} ${p} (${res.statusCode}, cache-control ${String(res.headers['cache-control'])})`;
      if (schemes.includes('adminSession')) {
        if (res.statusCode !== 401) wrong.push(`${at}: documented as admin, answers no 401`);
      } else if (origin) {
        if (res.statusCode !== 403) wrong.push(`${at}: documented as needing Origin, answers no 403`);
      } else if (!schemes.includes('visitorToken') && res.statusCode === 401) {
        wrong.push(`${at}: documented as public, answers 401`);
      } else if (schemes.includes('visitorToken') !== noStore) {
        wrong.push(
          `${at}: ${noStore ? 'answers like a visitor scope, documented without the visitor token' : 'documented with the visitor token'}`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });
});
