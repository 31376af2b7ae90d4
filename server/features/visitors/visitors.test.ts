/**
 * Visitor tokens through a real route (GET /api/subscribers/status) on a fresh PGlite
 * (DESIGN.md §4 "Visitors"): hashed storage, both headers, revocation, last-used bookkeeping.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { visitorTokens } from '../../db/schema/visitors.schema';
import { createTestApp } from '../../test-support/test-app';
import { hashVisitorToken, issueVisitorToken } from './visitors.service';

let now = new Date('2025-08-01T10:00:00Z');
let database: Database;
let app: App;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ clock: () => now }));
});

afterAll(() => close?.());

/** A mailbox token (the status endpoint needs mailbox proof). */
const mint = async (email: string) => (await issueVisitorToken(database.db, { email, proof: 'mailbox', now })).token;

const statusWith = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/subscribers/status', headers });

async function tokenRow(token: string) {
  const [row] = await database.db
    .select()
    .from(visitorTokens)
    .where(eq(visitorTokens.tokenHash, hashVisitorToken(token)));
  return row;
}

describe('visitor tokens', () => {
  it('are 32 random bytes in base64url, stored only as a SHA-256 hash, for the lower-cased address', async () => {
    const token = await mint(' Hana@Example.com');
    const other = await mint('hana@example.com');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(other).not.toBe(token);
    const row = await tokenRow(token);
    expect(row).toMatchObject({ email: 'hana@example.com', tokenHash: hashVisitorToken(token) });
    const stored = JSON.stringify(await database.db.select().from(visitorTokens));
    expect(stored).not.toContain(token);
  });

  it('authenticate through Authorization: Bearer (any case) or X-Visitor-Token', async () => {
    const token = await mint('ivan@example.com');
    const cases: Array<Record<string, string>> = [
      { authorization: `Bearer ${token}` },
      { authorization: `bearer ${token}` },
      { 'x-visitor-token': token },
    ];
    for (const headers of cases) {
      const res = await statusWith(headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ email: 'ivan@example.com' });
    }
  });

  it('reject malformed, unknown and revoked tokens with 401', async () => {
    const token = await mint('jo@example.com');
    await database.db
      .update(visitorTokens)
      .set({ revokedAt: now })
      .where(eq(visitorTokens.tokenHash, hashVisitorToken(token)));
    const cases: Array<Record<string, string>> = [
      { authorization: `Bearer ${token}` },
      { authorization: 'Bearer short' },
      { authorization: `Basic ${token}` },
      { 'x-visitor-token': `${token}x` },
    ];
    for (const headers of cases) {
      expect((await statusWith(headers)).statusCode).toBe(401);
    }
  });

  it('refresh last_used_at at most once a minute', async () => {
    const issuedAt = now;
    const token = await mint('kim@example.com');
    now = new Date(issuedAt.getTime() + 30_000);
    await statusWith({ authorization: `Bearer ${token}` });
    expect((await tokenRow(token))?.lastUsedAt?.toISOString()).toBe(issuedAt.toISOString());
    now = new Date(issuedAt.getTime() + 61_000);
    await statusWith({ authorization: `Bearer ${token}` });
    expect((await tokenRow(token))?.lastUsedAt?.toISOString()).toBe(now.toISOString());
  });
});
