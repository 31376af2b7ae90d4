import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import type { Database } from '../../db/client';
import { testEnv } from '../../env';
import { createCatalogueSource } from '../../sources/catalogue.source';
import { createTestDatabase } from '../../test-support/test-db';

describe('GET /api/health and /api/config', () => {
  let database: Database;
  let app: App;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({
      database,
      env: testEnv(),
      clock: () => new Date(),
      priceSource: createCatalogueSource(database.db),
      notifyOutbox: () => undefined,
      version: '9.9.9',
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('reports the database reachable and every migration applied', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database.reachable).toBe(true);
    expect(body.migrations.pending).toBe(0);
    expect(body.migrations.applied).toBeGreaterThan(0);
    expect(body.version).toBe('9.9.9');
  });

  it('gives the browser its public settings, with an empty catalogue', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({
      affiliateTag: 'dealalertsuk-21',
      affiliateTagNewUser: 'dealalertsnew-21',
      demo: false,
      catalogueSize: 0,
    });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('/api/nope');
  });
});
