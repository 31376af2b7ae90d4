/**
 * Issue 25, "limits hold across instances": two real server processes (`tsx server/main.ts`,
 * production limits) on one PostgreSQL database, on two ports. Requests alternating between them
 * reach the limit at the same total count as one process would (the store in the database,
 * server/http/rate-limit-store.ts), not twice; a per-address limit counts one mailbox across both.
 *
 * Needs `TEST_DATABASE_URL` (a PostgreSQL server the test may create a database on; the database
 * is dropped afterwards); without it the test is skipped with a printed reason.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, startServer, type RunningServer } from '../../tests/e2e/support/server-process';

const PG_URL = process.env.TEST_DATABASE_URL;
if (!PG_URL) console.log('rate-limit.instances.test skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it');

/** `POST /api/visits`: 30 a minute per client IP (visits.routes.ts). */
const VISITS_PER_MINUTE = 30;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

/** The URL of database `name` on the TEST_DATABASE_URL server. */
function urlOf(name: string): string {
  const url = new URL(PG_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
}

/** 'accepted' for a 2xx answer, '429', or the status otherwise. */
async function post(url: string, body: unknown): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status === 429 ? '429' : res.ok ? 'accepted' : String(res.status);
}

describe.skipIf(!PG_URL)('two server processes on one PostgreSQL database', () => {
  let admin: pg.Client;
  const dbName = `rate_limit_instances_${process.pid}_${randomBytes(3).toString('hex')}`;
  const dataDirs: string[] = [];
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    // A copy of the run's migrated template when there is one (template-db.global-setup.ts): the
    // servers then find the migrations applied and start sooner.
    const template = inject('postgresTemplate');
    await admin.query(template ? `create database ${dbName} template ${template}` : `create database ${dbName}`);
    // Instances share one SECRET_KEY, as they must for e-mailed links (and the stored limit keys).
    const shared = { DATABASE_URL: urlOf(dbName), SECRET_KEY: randomBytes(32).toString('hex') };
    // One after the other, each fully started (migrations and job queue: two pg-boss installs at
    // once on a new database race; tests/e2e/two-instances.e2e.ts starts them in turn too).
    for (let i = 0; i < 2; i += 1) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'rate-limit-instances-'));
      dataDirs.push(dataDir);
      const port = await freePort();
      const server = await startServer({ ...shared, PORT: String(port), DATA_DIR: dataDir }, [], { runner: 'tsx', pollMs: 100 });
      servers.push(server);
      const deadline = Date.now() + 60_000;
      while (!server.output().includes('is running at')) {
        if (Date.now() > deadline) throw new Error(`server did not finish starting in 60 s:\n${server.output()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  });

  it('refuses the 31st visit a minute from one client, however the 31 are spread over the two', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const seen: string[] = [];
    for (let i = 0; i < VISITS_PER_MINUTE + 2; i += 1) seen.push(await post(`${(i % 2 === 0 ? a : b).url}/api/visits`, { path: '/' }));
    expect(seen).toEqual([...Array<string>(VISITS_PER_MINUTE).fill('accepted'), '429', '429']);
  });

  it('counts one mailbox across both: the fourth contact message an hour for victim+n@ is refused', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const contact = (server: RunningServer, email: string) =>
      post(`${server.url}/api/contact`, { name: 'Sam', email, subject: 'Hello', message: 'A message long enough to be accepted.' });
    expect(await contact(a, 'victim@example.com')).toBe('accepted');
    expect(await contact(b, 'victim+1@example.com')).toBe('accepted');
    expect(await contact(a, 'Victim+2@example.com')).toBe('accepted');
    expect(await contact(b, 'victim+3@example.com')).toBe('429');
  });
});
