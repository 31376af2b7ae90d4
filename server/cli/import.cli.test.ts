/**
 * `npm run import` as a person runs it (issue part 3): a real process running the built CLI as the
 * script does (`sh scripts/server-node.sh --enable-source-maps dist/server/cli/import.cli.js`; the
 * server project's global set-up builds it when stale) on a temporary DATA_DIR, checking exit codes
 * and the printed report. Both groups share one DATA_DIR (different ASINs): the first run creates
 * the embedded database on an empty folder, which costs about 8 s of CPU, once.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { acquireDataDirLock } from '../db/embedded/data-dir-lock';
import { dealAlerts } from '../db/schema/alerts.schema';
import { emailOutbox } from '../db/schema/email.schema';
import { composeDeferred } from '../email/deferred-email';
import { testEnv } from '../env';
import { subscribers } from '../db/schema/visitors.schema';
import { recordPublicUrl } from '../site-settings';
import { hasSharedData, sharedDataPath } from '../features/catalogue/real-data.test-support';

const BY_REVIEWS = 'amazon-uk-2023/best_products_by_reviews.csv';
const TOYS = 'amazon-uk-2017-toys/amazon_co-ecommerce_sample.csv';
const present = hasSharedData('the import CLI tests', BY_REVIEWS, TOYS);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCli(dataDir: string, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['scripts/server-node.sh', '--enable-source-maps', 'dist/server/cli/import.cli.js', ...args], {
      cwd: process.cwd(),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The DATA_DIR of every run here; it does not exist before the first. */
const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'import-cli-')), 'data');
/** Folders of the files the tests write. */
const made: string[] = [path.dirname(dataDir)];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

// Tests run the CLI up to twice: 60 s was not enough at load 11 (CI run of 2026-11-24, with tsx).
describe.skipIf(!present)('npm run import', { timeout: 180_000 }, () => {
  const work = mkdtempSync(path.join(tmpdir(), 'import-cli-files-'));
  made.push(work);
  let first: Run;

  beforeAll(async () => {
    first = await runCli(dataDir, [sharedDataPath(BY_REVIEWS)]);
  });

  it('imports a good file: exit code 0 and a readable report', () => {
    expect(first.stderr).not.toMatch(/Error|failed/i);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Layout: amazon-uk-2023. 50 rows read');
    expect(first.stdout).toMatch(/New products:\s+50\n/);
    expect(first.stdout).toMatch(/Rejected:\s+0\n/);
  });

  it('leaves the imported tables vacuumed and analysed on PGlite (all-visible pages, planner statistics)', async () => {
    const check = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    try {
      const { rows } = await check.query<{ relname: string; relallvisible: number; reltuples: number }>(
        `select relname, relallvisible, reltuples from pg_class where relname in ('products', 'price_observations') order by relname`,
      );
      // Without the import's VACUUM (ANALYZE) a fresh table has no all-visible page and reltuples -1.
      expect(rows.map((r) => [r.relname, Number(r.relallvisible) > 0, Number(r.reltuples)])).toEqual([
        ['price_observations', true, 50],
        ['products', true, 50],
      ]);
    } finally {
      await check.close();
    }
  });

  it('prints JSON with --json, and queues a price-drop e-mail for an alert on a product whose price fell', async () => {
    // A confirmed shopper watching the first product (£5.19), as the alerts feature would store it.
    const email = 'shopper@example.com';
    const seeded = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    await seeded.db.insert(subscribers).values({ email, consentSource: 'deal_alert', confirmedAt: new Date() });
    await seeded.db
      .insert(dealAlerts)
      .values({ userEmail: email, productAsin: 'B00O869QUC', productTitle: 'Batteries', currentPricePence: 519 });
    // The server that last ran on this database recorded its public address (issue 5).
    await recordPublicUrl(seeded.db, 'https://deals.example.co.uk', new Date());
    await seeded.close();

    const lines = readFileSync(sharedDataPath(BY_REVIEWS), 'utf8').split('\n');
    lines[1] = (lines[1] as string).replace('"5.19"', '"4.19"');
    const changed = path.join(work, 'changed.csv');
    writeFileSync(changed, lines.join('\n'));
    const run = await runCli(dataDir, [changed, '--json']);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as {
      updated: number;
      unchanged: number;
      changedAsins: string[];
      priceCheck?: Record<string, unknown>;
    };
    expect(report).toMatchObject({
      updated: 1,
      unchanged: 49,
      changedAsins: ['B00O869QUC'],
      priceCheck: { alertsChecked: 1, notificationsQueued: 1 },
    });

    const check = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    const queued = await check.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email));
    await check.close();
    expect(queued).toHaveLength(1);
    // The CLI queues the facts only; the server's sender composes the message with its own address,
    // so links point at the running site, never at the CLI's default http://localhost:3000.
    const row = queued[0] as (typeof queued)[number];
    expect(row.html).toBeNull();
    expect(row.payload).toMatchObject({ asin: 'B00O869QUC', oldPricePence: 519, newPricePence: 419 });
    const composed = await composeDeferred(testEnv({ PUBLIC_URL: 'https://deals.example.co.uk' }), row);
    expect(composed.html).toContain('https://deals.example.co.uk/deals/B00O869QUC');
    expect(composed.headers['List-Unsubscribe']).toMatch(/^<https:\/\/deals\.example\.co\.uk\/api\/unsubscribe\/one-click\?/);
    expect(composed.subject).toMatch(/^Price drop: .+ now £4\.19 \(was £5\.19\)$/);

    // Back up to £5.19 in text mode: a rise is checked but queues nothing.
    const text = await runCli(dataDir, [sharedDataPath(BY_REVIEWS)]);
    expect(text.stdout).toMatch(/Updated:\s+1\s+\(price changed: 1\)/);
    expect(text.stdout).toContain('Price changes: 1 product; 1 alert checked; 0 price-drop e-mails queued.');
  });

  it('rejects the 2017 toys feed row by row with a non-zero exit code', async () => {
    const run = await runCli(dataDir, [sharedDataPath(TOYS)]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/Rejected:\s+10,000\n/);
    expect(run.stdout).toContain('line 2: missing ASIN: the file has no ASIN column');
    expect(run.stdout).toContain('…and 9,980 more');
    expect(run.stdout).toMatch(/10,000 × missing ASIN/);
  });

  it('says clearly that the server holds the embedded database, and how to proceed', async () => {
    const lock = acquireDataDirLock(path.join(dataDir, 'db'), 'server');
    try {
      const run = await runCli(dataDir, [sharedDataPath(BY_REVIEWS)]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`The server (pid ${process.pid}, started `);
      expect(run.stderr).toContain(
        'Stop it (Ctrl+C) and run the import again, or set DATABASE_URL to a PostgreSQL server that both can share.',
      );
    } finally {
      lock.release();
    }
  });

  it('explains its usage', async () => {
    const run = await runCli(dataDir, ['--bogus']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Usage: npm run import -- <file.csv> [--observed-at <ISO 8601 date or date-time>] [--strict] [--json]');
  });
});

describe('npm run import -- --observed-at (issue 27 "True times")', { timeout: 180_000 }, () => {
  const work = mkdtempSync(path.join(tmpdir(), 'import-cli-at-files-'));
  made.push(work);

  async function stored(asin: string) {
    const check = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    try {
      const { rows } = await check.query<{ price: number; as_of: string; observations: string }>(
        `select p.price_pence as price, to_char(p.price_as_of at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as as_of,
           (select string_agg(o.price_pence || '@' || to_char(o.observed_at at time zone 'UTC', 'YYYY-MM-DD'), ' ' order by o.observed_at)
            from price_observations o where o.product_id = p.id) as observations
         from products p where p.asin = $1`,
        [asin],
      );
      return rows[0];
    } finally {
      await check.close();
    }
  }

  it('refuses a time that is not ISO 8601 or lies in the future, as a usage error naming the option and rule', async () => {
    const file = path.join(work, 'any.csv');
    writeFileSync(file, 'asin,title,price\nB0CLIAT001,Kettle,20.00\n');
    const bad = await runCli(dataDir, [file, '--observed-at', '01/06/2023']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      '--observed-at: "01/06/2023" must be an ISO 8601 date or date-time with a time zone, such as 2023-06-01 or 2023-06-01T09:30:00Z.',
    );
    const future = await runCli(dataDir, [file, '--observed-at=2999-01-01']);
    expect(future.code).toBe(2);
    expect(future.stderr).toContain('--observed-at: "2999-01-01" must not be more than 5 minutes in the future.');
  });

  it('records the prices as seen at that time, and an older file only in the history ("History only")', async () => {
    const june = path.join(work, 'june.csv');
    writeFileSync(june, 'asin,title,price\nB0CLIAT001,Kettle,20.00\n');
    const first = await runCli(dataDir, [june, '--observed-at', '2023-06-01T00:00:00Z']);
    expect(first.stderr).not.toMatch(/Error|failed/i);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Prices observed at 2023-06-01T00:00:00.000Z');
    expect(first.stdout).toMatch(/New products:\s+1\n/);
    expect(await stored('B0CLIAT001')).toEqual({ price: 2000, as_of: '2023-06-01T00:00:00Z', observations: '2000@2023-06-01' });

    const january = path.join(work, 'january.csv');
    writeFileSync(january, 'asin,title,price\nB0CLIAT001,Kettle,25.00\n');
    const older = await runCli(dataDir, [january, '--observed-at=2023-01-15', '--json']);
    expect(older.code).toBe(0);
    expect(JSON.parse(older.stdout)).toMatchObject({ imported: 0, updated: 0, unchanged: 0, historyOnly: 1 });
    expect(await stored('B0CLIAT001')).toEqual({
      price: 2000,
      as_of: '2023-06-01T00:00:00Z',
      observations: '2500@2023-01-15 2000@2023-06-01',
    });
    const text = await runCli(dataDir, [january, '--observed-at', '2023-01-15']);
    expect(text.stdout).toMatch(/History only:\s+1 {2}\(older than the stored price: added to the price history\)\n/);
  });
});
