/**
 * Background jobs on pg-boss 10 in the app's own database (DESIGN.md §2 "Jobs";
 * docs/decisions/0004-jobs-and-outbox.md). Works on PGlite and on PostgreSQL; with several app
 * instances on one PostgreSQL each cron fires once and each job runs once.
 *
 * Queues:
 * - 'price-check': cron `PRICE_CHECK_CRON` (Europe/London) → runPriceCheck({ trigger: 'cron' });
 *   also sent once at start with trigger 'initial' when an active alert was never checked.
 * - 'send-email': scheduled every minute as a safety net (and for rows another process, such as
 *   the import CLI, wrote); policy 'stately', expiring after 60 s so a job a dead process left
 *   active holds nothing up for long. Its worker only kicks the in-process sender loop
 *   (email/sender-loop.ts), which also runs at start, (debounced) on notifyOutbox(), and when the
 *   outbox's next retry or lease falls due, so delivery never waits on the queue (issue 5).
 * - 'deal-digest': cron {@link DEAL_DIGEST_CRON} (hourly, Europe/London) → sendScheduledDigests:
 *   each subscriber's daily / weekly / monthly digest of new deals, from 08:00 UK time, at most
 *   once per period (outbox dedupe key), never empty (issue 12 part 3); then the saved searches'
 *   daily / weekly digests of new matches (issue 30, saved-search-matching.service.ts).
 *
 * stop(): stops taking jobs, lets running ones finish for up to {@link STOP_TIMEOUT_MS}, then hands
 * the rest back to pg-boss (they are failed and retried at the next start). A price check that
 * would outlive the timeout is aborted between source calls, before it writes anything.
 */
import PgBoss from 'pg-boss';
import type { AppDeps } from '../app-deps';
import { createSenderLoop } from '../email/sender-loop';
import type { MailLogger } from '../email/delivery-log';
import { deliverDueEmails, nextOutboxDueAt } from '../email/sender.service';
import { errorSummary } from '../http/log-redaction';
import { createTransport } from '../email/transport';
import { hasNeverCheckedAlerts, runPriceCheck, type PriceCheckTrigger } from '../features/price-checks/price-check.service';
import { sendScheduledDigests } from '../features/emails/deal-digest.service';
import { sendSavedSearchDigests } from '../features/saved-searches';
import { runNightlyMaintenance } from './maintenance.service';
import { pgBossDb } from './pg-boss-db';

export interface Jobs {
  /** Asks the sender to deliver the outbox soon. Never throws. */
  notifyOutbox(): void;
  /** Stops taking new jobs, waits for running ones (or hands them back), then resolves. */
  stop(): Promise<void>;
}

export const PRICE_CHECK_QUEUE = 'price-check';
export const SEND_EMAIL_QUEUE = 'send-email';
export const MAINTENANCE_QUEUE = 'maintenance';
export const DEAL_DIGEST_QUEUE = 'deal-digest';
/**
 * Hourly (Europe/London): a digest is due on the first run of its period from 08:00 on, so a server
 * that was down at 08:00 still sends that day's (week's, month's) digest when it is back.
 */
export const DEAL_DIGEST_CRON = '15 * * * *';
/** Nightly, when traffic is lowest (Europe/London). */
export const MAINTENANCE_CRON = '30 3 * * *';
/** How long stop() lets running jobs finish (main.ts forces exit after 20 s). */
export const STOP_TIMEOUT_MS = 15_000;
/** notifyOutbox() calls within this window become one job. */
export const NOTIFY_DEBOUNCE_MS = 200;
/** Rows per send-email job; a full batch queues a follow-up job at once. */
const SEND_BATCH = 200;

export interface StartJobsOptions {
  /** Seconds between polls of each queue (default 2). Tests may lower it (minimum 0.5). */
  pollingIntervalSeconds?: number;
  /** Where the sender logs failed and dead deliveries (the app's pino logger; default JSON lines on stdout). */
  mailLogger?: MailLogger;
}

/**
 * Starts pg-boss on `deps.database` (creating or migrating its `pgboss` schema), the queues, the
 * schedules and the workers; delivers anything pending and runs the initial check when needed.
 * Throws when pg-boss cannot start (for example the database is unreachable).
 */
export async function startJobs(deps: Omit<AppDeps, 'notifyOutbox'>, opts: StartJobsOptions = {}): Promise<Jobs> {
  const { database, env, clock } = deps;
  const log = (message: string, error?: unknown) => {
    if (env.LOG_LEVEL !== 'silent') console.error(`[jobs] ${message}`, error ?? '');
  };
  // Supervision every 15 s: a job a dead process left active is failed soon after it expires.
  const boss = new PgBoss({ db: pgBossDb(database), schedule: true, supervise: true, maintenanceIntervalSeconds: 15 });
  boss.on('error', (error) => log('pg-boss error', errorSummary(error)));
  await boss.start();

  await boss.createQueue(PRICE_CHECK_QUEUE, {
    name: PRICE_CHECK_QUEUE,
    policy: 'singleton',
    retryLimit: 2,
    retryDelay: 300,
    retryBackoff: true,
    // At 1 call/s, 100,000 unique ASINs take under 3 h; pg-boss caps expiry below 24 h.
    expireInSeconds: 12 * 60 * 60,
  });
  await boss.createQueue(SEND_EMAIL_QUEUE, {
    name: SEND_EMAIL_QUEUE,
    policy: 'stately',
    retryLimit: 0,
    expireInSeconds: 60,
  });
  await boss.schedule(PRICE_CHECK_QUEUE, env.PRICE_CHECK_CRON, { trigger: 'cron' }, { tz: 'Europe/London' });
  await boss.schedule(SEND_EMAIL_QUEUE, '* * * * *', {}, { tz: 'Europe/London' });
  await boss.createQueue(MAINTENANCE_QUEUE, { name: MAINTENANCE_QUEUE, policy: 'singleton', retryLimit: 1, expireInSeconds: 60 * 60 });
  await boss.schedule(MAINTENANCE_QUEUE, MAINTENANCE_CRON, {}, { tz: 'Europe/London' });
  await boss.createQueue(DEAL_DIGEST_QUEUE, { name: DEAL_DIGEST_QUEUE, policy: 'singleton', retryLimit: 1, expireInSeconds: 30 * 60 });
  await boss.schedule(DEAL_DIGEST_QUEUE, DEAL_DIGEST_CRON, {}, { tz: 'Europe/London' });

  const transport = createTransport(env, { pool: true });
  const abortRuns = new AbortController();
  const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? 2;

  const sender = createSenderLoop({
    deliver: () =>
      deliverDueEmails(
        { db: database.db, env, clock, transport, ...(opts.mailLogger ? { logger: opts.mailLogger } : {}) },
        { limit: SEND_BATCH },
      ),
    batch: SEND_BATCH,
    nextDueAt: () => nextOutboxDueAt(database.db),
    now: () => clock().getTime(),
    onError: (error) => log('the e-mail sender failed; it will retry', errorSummary(error)),
  });
  await boss.work(SEND_EMAIL_QUEUE, { pollingIntervalSeconds }, async () => {
    await sender.run();
  });

  // Nightly: re-judge the price claims that age with time (the reference-price rule, issue 27),
  // purge deleted products archived over 30 days ago (decision 0027), then, as PGlite has no
  // autovacuum, vacuum and analyse the busy tables (maintenance.service.ts).
  await boss.work(MAINTENANCE_QUEUE, { pollingIntervalSeconds: 60 }, async () => runNightlyMaintenance(database, clock()));

  const notifyOutbox = () => notifyDebounced();
  await boss.work(DEAL_DIGEST_QUEUE, { pollingIntervalSeconds: 60 }, async () => {
    const run = await sendScheduledDigests({ db: database.db, notifyOutbox }, clock());
    // Issue 30: the daily and weekly digests of saved searches' new matches, on the same clock.
    const savedSearches = await sendSavedSearchDigests({ db: database.db, notifyOutbox }, clock());
    return { queued: run.queued, empty: run.empty, tooEarly: run.tooEarly, savedSearchDigests: savedSearches.queued };
  });
  await boss.work<{ trigger?: PriceCheckTrigger }>(
    PRICE_CHECK_QUEUE,
    { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 5 },
    async (jobs) => {
      // batchSize 1 (the default): one run per job.
      const trigger: PriceCheckTrigger = jobs[0]?.data?.trigger === 'initial' ? 'initial' : 'cron';
      const run = await runPriceCheck(
        { db: database.db, source: deps.priceSource, clock, env, notifyOutbox, signal: abortRuns.signal },
        { trigger, results: false },
      );
      return {
        logId: run.logId,
        alertsChecked: run.alertsChecked,
        failedChecks: run.failedChecks,
        notificationsQueued: run.notificationsQueued,
      };
    },
  );

  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  function notifyDebounced(): void {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      sender.kick();
    }, NOTIFY_DEBOUNCE_MS);
    timer.unref?.();
  }

  // At start: deliver what a previous process left behind (not through the queue, which a dead
  // process may have left busy); check alerts nobody has checked yet.
  sender.kick();
  if (await hasNeverCheckedAlerts(database.db)) await boss.send(PRICE_CHECK_QUEUE, { trigger: 'initial' });

  return {
    notifyOutbox() {
      try {
        notifyDebounced();
      } catch (error) {
        log('notifyOutbox failed', error);
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearTimeout(timer);
      const abortTimer = setTimeout(() => abortRuns.abort(new Error('shutting down')), Math.max(0, STOP_TIMEOUT_MS - 2_000));
      try {
        // close: false — the pool/PGlite belong to the app, main.ts closes them after us.
        await boss.stop({ graceful: true, wait: true, close: false, timeout: STOP_TIMEOUT_MS });
        await sender.stop();
      } finally {
        clearTimeout(abortTimer);
        transport.close();
      }
    },
  };
}
