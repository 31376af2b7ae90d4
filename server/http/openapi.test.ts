/**
 * Issue 6 point 4: the OpenAPI document covers every endpoint the app registers (walked through
 * AppDeps.onRoute, so a new route module is checked without touching this test), carries the zod
 * schemas, and the browsable reference loads under the app's Content-Security-Policy.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { testEnv } from '../env';
import { createTestApp } from '../test-support/test-app';

type Operation = {
  tags?: string[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
};
type JsonSchema = { $ref?: string; properties?: Record<string, unknown>; required?: string[] };
interface Document {
  openapi: string;
  info: { title: string; version: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const PUBLIC_URL = 'https://deals.example';
const routes: RouteOptions[] = [];
let app: App;
let close: () => Promise<void>;
let doc: Document;

beforeAll(async () => {
  ({ app, close } = await createTestApp({
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
    const missing = expected.filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method]).map((r) => `${r.method.toUpperCase()} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('documents nothing that is not a registered route, and hides the docs routes', () => {
    const known = new Set(registered().map((r) => `${r.method} ${openApiPath(r.url)}`));
    const extra = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .map((method) => `${method} ${path}`)
        .filter((key) => !known.has(key)),
    );
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
