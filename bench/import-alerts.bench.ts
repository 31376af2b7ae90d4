/**
 * Import, then tell the alerts (issue 6 point 2: "after an import of 2,000 alerted ASINs the alerts
 * are judged in under 2 s"). What an owner runs: the real importer (importCatalogueAndCheckAlerts)
 * on real Amazon UK data, on on-disk PGlite and on PostgreSQL side by side.
 *
 * Per database: import `amazon-uk-2023/underpriced_and_overpriced_products.csv` (3,870 rows) through
 * the importer; put one alert from a confirmed subscriber on each of the first 2,000 products; write
 * a feed with those 2,000 prices 10 % lower and import it. Prints the time to judge the alerts (the
 * price check's transaction: judging, queueing the deferred e-mails, writing the alerts back; the
 * sender composes the e-mails later), the whole second import, and the e-mails queued,
 * beside the budget. PostgreSQL: BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres;
 * a scratch database is created and dropped. Asserts nothing.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../server/db/client';
import { dealAlerts } from '../server/db/schema/alerts.schema';
import { products } from '../server/db/schema/catalogue.schema';
import { subscribers } from '../server/db/schema/visitors.schema';
import { testEnv } from '../server/env';
import { importCatalogueAndCheckAlerts } from '../server/features/catalogue/catalogue-update.service';
import { withScratchPostgres } from './bench-postgres';

const FEED = path.resolve(import.meta.dirname, '../../shared/data/amazon-uk-2023/underpriced_and_overpriced_products.csv');
const ALERTED = 2_000;
const BUDGET_MS = 2_000;
const env = testEnv({ PUBLIC_URL: 'https://deals.example' });

async function measure(label: string, database: Database, scratch: string): Promise<void> {
  await database.migrate();
  const db = database.db;
  const first = await importCatalogueAndCheckAlerts({ db, env, clock: () => new Date() }, { filePath: FEED });
  const rows = await db
    .select({ asin: products.asin, title: products.title, pricePence: products.pricePence })
    .from(products)
    .orderBy(products.asin)
    .limit(ALERTED);
  const at = new Date(Date.now() - 86_400_000);
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await db
      .insert(subscribers)
      .values(chunk.map((r) => ({ email: `${r.asin.toLowerCase()}@bench.example`, consentSource: 'deal_alert', confirmedAt: at })));
    await db.insert(dealAlerts).values(
      chunk.map((r) => ({
        userEmail: `${r.asin.toLowerCase()}@bench.example`,
        productAsin: r.asin,
        productTitle: r.title,
        currentPricePence: r.pricePence,
      })),
    );
  }
  const feed = path.join(scratch, 'lower.csv');
  const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;
  writeFileSync(
    feed,
    `asin,title,price\n${rows.map((r) => `${r.asin},${quote(r.title)},${(Math.max(1, Math.round(r.pricePence * 0.9)) / 100).toFixed(2)}`).join('\n')}\n`,
  );
  const started = performance.now();
  const second = await importCatalogueAndCheckAlerts({ db, env, clock: () => new Date() }, { filePath: feed });
  const totalMs = performance.now() - started;
  const alerts = second.alerts;
  if (!alerts || 'error' in alerts) throw new Error(`alerts were not judged: ${alerts ? alerts.error : 'no price changed'}`);
  const judgingMs = alerts.evaluationMs;
  const ok = judgingMs < BUDGET_MS;
  console.log(`  ${label}`);
  console.log(`    first import: ${first.report.imported} products in ${first.report.durationMs} ms`);
  console.log(`    second import: ${second.report.changedAsins.length} prices changed, ${alerts.alertsChecked} alerts judged`);
  console.log(
    `    alerts judged in ${judgingMs.toFixed(0)} ms, ${Math.round(alerts.alertsChecked / (judgingMs / 1000))} alerts/s, with queueing the deferred e-mails (the sender composes them later) (budget < ${BUDGET_MS} ms) ${ok ? 'PASS' : 'MISS'} (load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')})`,
  );
  console.log(`    whole second import incl. judging: ${totalMs.toFixed(0)} ms; e-mails queued: ${alerts.notificationsQueued}`);
}

export async function run(): Promise<void> {
  if (!existsSync(FEED)) {
    console.log(`  skipped: real data not found at ${FEED}`);
    return;
  }
  const scratch = mkdtempSync(path.join(tmpdir(), 'bench-import-alerts-'));
  try {
    const pglite = await openDatabase({ dataDir: path.join(scratch, 'db') });
    try {
      await measure('PGlite on disk', pglite, scratch);
    } finally {
      await pglite.close();
    }

    await withScratchPostgres('bench_import', (postgres, host) => measure(`PostgreSQL (${host})`, postgres, scratch));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
