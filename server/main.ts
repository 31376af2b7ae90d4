/**
 * The server's entry point and its only side effects (DESIGN.md §3):
 * env → database → migrate → buildApp → listen → start jobs; graceful shutdown on SIGINT/SIGTERM.
 *
 * `--demo` (or `npm run demo`) starts on a separate database under DATA_DIR/demo with the shipped
 * sample catalogue, labelled as demo data in the UI.
 *
 * Cold start (issue 7, ≤ 1 s to the first 200 on /api/health): `npm start` runs this file built to
 * dist/server/main.js (no TypeScript to transpile). This module's static imports are only what it
 * takes to read the environment, lock the data directory and start PGlite's worker thread (zod,
 * PGlite's message types, node built-ins): the worker, which spends about 0.7 s compiling PGlite's
 * WebAssembly and opening the data directory, starts about 60 ms after the process instead of
 * after the database drivers, drizzle and the schemas are loaded (~250 ms). Those, and the HTTP side
 * (Fastify, routes, their schemas), are imported while it opens; the jobs' modules load after
 * `listen`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadEnv, loadEnvOrReport, type Env } from './env';
import type { Database } from './db/client';
import { PgliteWorkerClient } from './db/embedded/pglite-worker-client';
import type { App } from './app';
import type { Jobs } from './jobs/scheduler';
import { startMallocTrim, type MallocTrim } from './db/embedded/malloc-trim';
import { describeDatabaseOpenError } from './db/open-error';
import { acquireDataDirLock, DataDirLockedError } from './db/embedded/data-dir-lock';
import { describeStartupError } from './db/embedded/data-dir-problem';
import { PROJECT_ROOT } from './project-root';
import { inFlightOf } from './http/in-flight';

/** The modules the HTTP side needs, loaded in parallel with opening the database. */
function loadServerModules() {
  return Promise.all([
    import('./app'),
    import('./site-settings'),
    import('./sources/catalogue.source'),
    import('./features/admin-auth/admin-auth.service'),
    import('./sources/creators-api/creators-api.connection'),
  ]);
}

/**
 * Prints why the server cannot start, in one line (data-dir-problem.ts: a read-only, full or
 * misnamed DATA_DIR says so; no stack trace, no SQL), and exits with code 1. `pgliteDir` when the
 * embedded database was being opened, so a failure without a code is diagnosed on the directory.
 */
function cannotStart(error: unknown, dataDir: string | undefined, pgliteDir?: string): never {
  console.error(describeStartupError(error, dataDir, pgliteDir));
  process.exit(1);
}

/** DATA_DIR as configured, read without touching the disk (for a message when loading the environment failed), or undefined. */
function configuredDataDir(): string | undefined {
  try {
    return loadEnv(undefined, { persistSecret: false }).DATA_DIR;
  } catch {
    return undefined;
  }
}

/**
 * The environment, or exit 1: bad variables are listed by loadEnvOrReport; a DATA_DIR where the
 * secret key cannot be stored (read-only, full, a file) is said in one line.
 */
function environmentOrExit(): Env {
  let env: Env | null;
  try {
    env = loadEnvOrReport();
  } catch (error) {
    cannotStart(error, configuredDataDir());
  }
  if (!env) process.exit(1);
  return env;
}

async function main(): Promise<void> {
  const demo = process.argv.includes('--demo');
  const env = environmentOrExit();
  const version = (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const dataDir = demo ? path.join(env.DATA_DIR, 'demo') : env.DATA_DIR;

  const databaseUrl = demo ? undefined : env.DATABASE_URL;
  let lock: { release(): void } | undefined;
  if (!databaseUrl) {
    // PGlite allows one process per data directory; the import CLI checks this lock too.
    try {
      lock = acquireDataDirLock(path.join(dataDir, 'db'), 'server');
    } catch (error) {
      // "Another process uses it" only when a live process holds the lock; else the directory's problem.
      if (error instanceof DataDirLockedError) {
        console.error(error.message);
        process.exit(1);
      }
      cannotStart(error, env.DATA_DIR);
    }
  }
  // An existing embedded database starts opening now, in its worker thread, while this thread
  // loads the rest of the server (a new one is created by initdb in openDatabase first).
  const pgliteDir = path.join(dataDir, 'db');
  const startedWorker = !databaseUrl && existsSync(path.join(pgliteDir, 'PG_VERSION')) ? new PgliteWorkerClient(pgliteDir) : undefined;
  const databaseModule = import('./db/client');
  const serverModules = loadServerModules();
  // Awaited once the database is open; a failed import then stops the start with its error.
  serverModules.catch(() => undefined);
  let database: Database;
  try {
    const { openDatabase } = await databaseModule;
    // With a started worker this answers at once; statements wait in the worker until PGlite is open.
    database = await openDatabase({ databaseUrl, dataDir: pgliteDir, startedWorker });
  } catch (error) {
    // We hold the data directory's lock, so no other process has PGlite open: say what is wrong here.
    if (databaseUrl) console.error(describeDatabaseOpenError(error, env));
    else cannotStart(error, env.DATA_DIR, pgliteDir);
    process.exit(1);
  }
  // Migrations run as soon as the database is open, while this thread builds the app. PGlite that
  // cannot open (a read-only file in its directory) fails here, as the first statement.
  // Answers the tags of the migrations applied, or null when migrating failed.
  const migrated = database.migrate().then(
    (applied) => applied,
    (error: unknown) => {
      console.error(databaseUrl ? describeDatabaseOpenError(error, env) : describeStartupError(error, env.DATA_DIR, pgliteDir));
      return null;
    },
  );

  const [{ buildApp }, { recordPublicUrl }, { createCatalogueSource }, { ensureFirstAdmin }, { connectCreatorsApi }] = await serverModules;
  const clock = () => new Date();
  const catalogueSource = createCatalogueSource(database.db);
  // The Creators API when credentials are set (issue 14), else the catalogue. Its log lines go to
  // the app's logger once the app exists.
  const logged: { app?: App } = {};
  const amazon = connectCreatorsApi(env, database.db, {
    fallback: catalogueSource,
    clock,
    log: { warn: (d, m) => logged.app?.log.warn(d, m), info: (d, m) => logged.app?.log.info(d, m) },
  });
  const priceSource = amazon?.source ?? catalogueSource;
  // The price check's own spacing follows Amazon's rate; the shared bucket in the database is the real limit.
  const jobEnv = amazon
    ? { ...env, DATA_DIR: dataDir, PRICE_SOURCE_RATE_PER_SECOND: amazon.config.ratePerSecond }
    : { ...env, DATA_DIR: dataDir };
  const baseDeps = { database, env: jobEnv, clock, priceSource, amazon, serveWeb: true, demo, version };
  // Listen first, then start the jobs (DESIGN.md §3 order): the first page does not wait for the
  // job queue. Outbox writes made before the queue is up are picked up by its start-up delivery.
  const started: { jobs?: Jobs; freshness?: { stop(): Promise<void> }; trim?: MallocTrim | null; bumps?: { stop(): Promise<void> } } = {};
  // Building the app runs no statement (route registration only), so it overlaps PGlite's opening.
  const app: App = await buildApp({ ...baseDeps, notifyOutbox: () => started.jobs?.notifyOutbox() });
  logged.app = app;
  // A stop signal from here on closes the app, the jobs started so far and the database cleanly
  // (before, a signal between `listen` and the end of startJobs killed the process at once).
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
      // Handlers whose clients have left are not waited for by close(): let them finish their
      // statements before the database goes (at most 5 s).
      const inFlight = inFlightOf(app);
      if (inFlight && inFlight.count() > 0)
        step((await inFlight.settled(5_000)) ? 'running requests finished' : `${inFlight.count()} requests still running after 5 s`);
      started.trim?.stop();
      await started.freshness?.stop();
      await started.jobs?.stop();
      await started.bumps?.stop();
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
  const appliedMigrations = await migrated;
  if (appliedMigrations === null) process.exit(1);
  // On PostgreSQL, other instances' catalogue changes reach this one's answer caches as soon as they
  // commit (LISTEN/NOTIFY, decision 0045), not only at the next read of the stored version.
  if (database.kind === 'postgres') {
    const { listenForCatalogueBumps } = await import('./catalogue-version');
    started.bumps = listenForCatalogueBumps(database, { log: (message) => app.log.warn(message) });
  }

  if (demo) {
    const { seedDemoCatalogue } = await import('./features/catalogue/demo/demo.seed');
    const seeded = await seedDemoCatalogue(database.db, new Date());
    console.log(`Demo catalogue ready: ${seeded.products} sample products (demo data, not real prices).`);
  }
  // E-mails queued by the CLI build their links from this (site-settings.ts).
  await recordPublicUrl(database.db, env.PUBLIC_URL, clock());
  const firstAdmin = await ensureFirstAdmin(database.db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }, clock());
  if (firstAdmin === 'created')
    console.log(`Admin account ${env.ADMIN_EMAIL} created from ADMIN_EMAIL/ADMIN_PASSWORD; sign in at /admin/login.`);
  else if (firstAdmin === 'password-missing') console.error('ADMIN_EMAIL is set but ADMIN_PASSWORD is not: no admin account created.');
  else if (firstAdmin === 'not-configured')
    console.log('No admin account yet: run `npm run admin:create -- you@example.com` or set ADMIN_EMAIL and ADMIN_PASSWORD.');
  const address = await app.listen({ port: env.PORT, host: env.HOST });
  // Start-up's freed C heap back to the system, then every MALLOC_TRIM_INTERVAL_SECONDS (decision
  // 0018). Before the jobs: their start waits for the database, which a long import may hold.
  started.trim = await startMallocTrim({ intervalSeconds: env.MALLOC_TRIM_INTERVAL_SECONDS });
  // The job queue (pg-boss, nodemailer) loads only now: the first page never waits for it.
  const { startJobs } = await import('./jobs/scheduler');
  started.jobs = await startJobs(baseDeps, { mailLogger: app.log });
  // PGlite has no autovacuum: tables a migration just filled in bulk are vacuumed once now, in the
  // background, rather than at the nightly job (maintenance.service.ts VACUUM_AFTER_MIGRATION).
  if (database.kind === 'pglite' && appliedMigrations.length > 0)
    void import('./jobs/maintenance.service')
      .then(({ vacuumAfterMigrations }) => vacuumAfterMigrations(database, appliedMigrations, app.log))
      .catch((error: unknown) =>
        app.log.warn({ error: error instanceof Error ? error.name : 'unknown' }, 'the vacuum after the new migrations did not start'),
      );
  if (amazon) {
    const { startFreshnessLoop } = await import('./jobs/amazon-freshness');
    started.freshness = startFreshnessLoop({ db: database.db, amazon, clock, log: app.log });
  }
  // Listening on every interface: the address a person types is localhost.
  const shown = ['0.0.0.0', '::'].includes(env.HOST) ? `http://localhost:${new URL(address).port}` : address;
  console.log(`Deal Alerts UK ${version} is running at ${shown}${demo ? ' (demo data)' : ''}`);
  console.log(`Database: ${database.kind === 'pglite' ? `embedded PGlite in ${pgliteDir}` : 'PostgreSQL (DATABASE_URL)'}`);
  console.log(
    amazon
      ? `Prices: Amazon Creators API at ${amazon.config.apiUrl} (${amazon.config.ratePerSecond}/s, ${amazon.config.dailyLimit.toLocaleString('en-GB')} a day)`
      : 'Prices: from the imported catalogue (set AMAZON_CREDENTIAL_ID and AMAZON_CREDENTIAL_SECRET for live Amazon prices)',
  );
  console.log(
    env.SMTP_URL
      ? 'E-mail: sent through SMTP_URL'
      : `E-mail: SMTP_URL not set; messages are written to ${path.join(dataDir, 'outbox')}/*.eml`,
  );
}

// Anything else that stops the start (before `listen` answers) is one line too, never a stack trace.
main().catch((error: unknown) => cannotStart(error, configuredDataDir()));
