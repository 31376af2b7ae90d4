import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test-support/test-app';

describe('GET /api/health and /api/config', () => {
  let app: App;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await createTestApp({ version: '9.9.9' }));
  });
  afterAll(() => close?.());

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
