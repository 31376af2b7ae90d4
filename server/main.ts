/**
 * The server's entry point and its only side effects (DESIGN.md §3):
 * env → database → migrate → buildApp → listen → start jobs; graceful shutdown on SIGINT/SIGTERM.
 *
 * `--demo` (or `npm run demo`) starts on a separate database under DATA_DIR/demo with the shipped
 * sample catalogue, labelled as demo data in the UI.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnvOrReport } from './env';
import { openDatabase, type Database } from './db/client';
import { buildApp, type App } from './app';
import { startJobs, type Jobs } from './jobs/scheduler';
import { createCatalogueSource } from './sources/catalogue.source';
import { describeDatabaseOpenError } from './db/open-error';
import { acquireDataDirLock, DataDirLockedError } from './db/data-dir-lock';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<void> {
  const demo = process.argv.includes('--demo');
  const env = loadEnvOrReport();
  if (!env) process.exit(1);
  const version = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const dataDir = demo ? path.join(env.DATA_DIR, 'demo') : env.DATA_DIR;

  const databaseUrl = demo ? undefined : env.DATABASE_URL;
  let lock: { release(): void } | undefined;
  if (!databaseUrl) {
    // PGlite allows one process per data directory; the import CLI checks this lock too.
    try {
      lock = acquireDataDirLock(path.join(dataDir, 'db'), 'server');
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl, dataDir: path.join(dataDir, 'db') });
    await database.migrate();
  } catch (error) {
    console.error(describeDatabaseOpenError(error, env));
    process.exit(1);
  }

  if (demo) {
    const { seedDemoCatalogue } = await import('./features/catalogue/demo/demo.seed');
    const seeded = await seedDemoCatalogue(database.db, new Date());
    console.log(`Demo catalogue ready: ${seeded.products} sample products (demo data, not real prices).`);
  }

  const clock = () => new Date();
  const priceSource = createCatalogueSource(database.db);
  const baseDeps = { database, env: { ...env, DATA_DIR: dataDir }, clock, priceSource, serveWeb: true, demo, version };
  // Listen first, then start the jobs (DESIGN.md §3 order): the first page does not wait for the
  // job queue. Outbox writes made before the queue is up are picked up by its start-up delivery.
  const started: { jobs?: Jobs } = {};
  const app: App = await buildApp({ ...baseDeps, notifyOutbox: () => started.jobs?.notifyOutbox() });
  const address = await app.listen({ port: env.PORT, host: env.HOST });
  started.jobs = await startJobs(baseDeps);
  // Listening on every interface: the address a person types is localhost.
  const shown = ['0.0.0.0', '::'].includes(env.HOST) ? `http://localhost:${new URL(address).port}` : address;
  console.log(`Deal Alerts UK ${version} is running at ${shown}${demo ? ' (demo data)' : ''}`);
  console.log(`Database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(dataDir, 'db')}` : 'PostgreSQL (DATABASE_URL)'}`);
  console.log(
    env.SMTP_URL
      ? 'E-mail: sent through SMTP_URL'
      : `E-mail: SMTP_URL not set; messages are written to ${path.join(dataDir, 'outbox')}/*.eml`,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests and jobs, then closing the database…`);
    const force = setTimeout(() => {
      console.error('Shutdown took longer than 20 s; exiting.');
      process.exit(1);
    }, 20_000);
    force.unref();
    try {
      const began = Date.now();
      const step = (what: string) => console.log(`  ${what} (${Date.now() - began} ms)`);
      // Stop taking requests and let running ones finish; after 5 s cut what is left (a browser's
      // keep-alive socket mid-request must not hold the shutdown for ever).
      const closing = app.close();
      const graceful = await Promise.race([closing.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 5_000).unref())]);
      if (!graceful) {
        console.log('  requests still open after 5 s: closing their connections');
        app.server.closeAllConnections();
        await closing;
      }
      step('HTTP server closed');
      await started.jobs?.stop();
      step('jobs stopped');
      await database.close();
      lock?.release();
      step('database closed');
      console.log('Stopped cleanly.');
      process.exit(0);
    } catch (error) {
      console.error('Error during shutdown:', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

void main();
