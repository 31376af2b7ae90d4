/**
 * The price-check run (issue part 7 "Price checks and notifications"; shopper-screens §3 "Price
 * check result", §4; admin-area §3 "Price check log"; DESIGN.md §4 "E-mail", "Honest prices", §7).
 *
 * 1. Ask the price source for every alerted ASIN through the batching, rate-limited wrapper
 *    (⌈unique ASINs / 10⌉ calls; a failed call fails only its ASINs). No transaction is open while
 *    waiting on the source.
 *    Prices already in hand (an import's, `opts.quotes`) skip the source altogether.
 * 2. In one transaction: load the alerts, apply the prices (price-refresh.service.ts: product rows
 *    a non-catalogue source changed, price observations through the prices feature), **judge** every
 *    alert (price-check-judge.rules.ts), **queue** one deferred price-drop e-mail per (alert,
 *    observation) for confirmed, subscribed addresses (only its facts: the sender renders it after
 *    commit, email/deferred-email.ts), **write** the e-mails and the alerts back with set-based
 *    statements, log the run.
 * 3. After commit, nudge the sender. A run that wrote a price or an "as of" time bumped the catalogue
 *    version in its transaction (server/catalogue-version.ts), so cached answers show the new price.
 */
import type { PriceCheckResult } from '../../../common/api/price-checks.schema';
import type { Db, Tx } from '../../db/client';
import { catalogueTransaction } from '../../catalogue-version';
import { deferredPriceDrop } from '../../email/deferred-email';
import { enqueueEmails, type OutgoingEmail } from '../../email/outbox';
import { priceDropDedupeKey } from '../../email/outbox-keys';

import type { Env } from '../../env';
import { createBatchedSource, type BatchLookupResult, type Sleep } from '../../sources/batched-source';
import { CATALOGUE_SOURCE_NAME } from '../../sources/catalogue.source';
import type { PriceQuote, PriceSource } from '../../sources/price-source';
import { mailableEmails } from '../../email/mailability';
import {
  alertAsins,
  insertPriceCheckLog,
  loadAlerts,
  writeAlertChecks,
  type AlertCheckWrite,
  type AlertFilter,
} from './price-check.queries';
import { judgeAlerts, logDetails, resultOf, type JudgedAlert } from './price-check-judge.rules';
import { refreshPrices } from './price-refresh.service';

export type PriceCheckTrigger = 'cron' | 'manual' | 'initial' | 'import';

export interface PriceCheckDeps {
  db: Db;
  /** Where prices come from; not called when the options carry `quotes`. */
  source: PriceSource;
  /** Wall clock for stored times (last_checked_at, checked_at, sent times). */
  clock: () => Date;
  env: Env;
  /** Injected by tests and benchmarks so the rate limiter never really waits. */
  sleep?: Sleep;
  /** Monotonic ms for the rate limiter (default: simulated with an injected sleep, else performance.now). */
  now?: () => number;
  /** Called after commit when e-mail was queued. Must not throw (errors are swallowed here anyway). */
  notifyOutbox?: () => void;
  /** Aborts between source calls (graceful shutdown); nothing is written then. */
  signal?: AbortSignal;
}

export interface PriceCheckOptions {
  trigger: PriceCheckTrigger;
  /** Only alerts on these ASINs (the importer passes the products whose price it changed). */
  asins?: string[];
  /** Only this address's alerts. */
  email?: string;
  /** Only these alerts (inactive ones are checked but never notified). */
  alertIds?: number[];
  /**
   * Prices already in hand (an import's new prices, by ASIN): the source is not asked, so no rate
   * limit applies. They must already be in the catalogue (they are judged, never written back).
   */
  quotes?: ReadonlyMap<string, PriceQuote>;
}

export interface PriceCheckRun {
  logId: number;
  trigger: PriceCheckTrigger;
  alertsChecked: number;
  successfulChecks: number;
  failedChecks: number;
  /** Calls made to the price source. */
  sourceCalls: number;
  uniqueAsins: number;
  notificationsQueued: number;
  /** One per alert, in alert id order. */
  results: PriceCheckResult[];
  /** Whole run, ms. */
  durationMs: number;
  /** The evaluation transaction alone (no source waits), ms. */
  evaluationMs: number;
  /** The part of `evaluationMs` spent composing and queueing e-mail, ms. */
  emailMs: number;
}

/**
 * Runs a price check. Throws only when the database fails (the transaction is rolled back: no alert
 * is updated, nothing is queued, no log is written) or when `deps.signal` aborts.
 */
export async function runPriceCheck(deps: PriceCheckDeps, opts: PriceCheckOptions): Promise<PriceCheckRun> {
  const started = performance.now();
  const filter: AlertFilter = { asins: opts.asins, email: opts.email, alertIds: opts.alertIds };
  const asins = await alertAsins(deps.db, filter);
  const lookup = opts.quotes ? quotedLookup(opts.quotes, asins) : await lookUpPrices(deps, asins);
  deps.signal?.throwIfAborted();
  const sourceName = opts.quotes ? CATALOGUE_SOURCE_NAME : deps.source.name;

  const evaluationStarted = performance.now();
  // A catalogue transaction: when refreshPrices writes a price, the catalogue version is bumped (issue 7).
  const outcome = await catalogueTransaction(deps.db, async (tx) => {
    const now = deps.clock();
    // An alert created after the look-up (on an ASIN nobody asked the source about) waits for the next run.
    const asked = new Set(asins);
    const alerts = (await loadAlerts(tx, filter)).filter((a) => asked.has(a.productAsin));
    const prices = await refreshPrices(tx, { sourceName, lookup, now }, alerts);
    const judged = judgeAlerts(alerts, prices);
    const composed = await composePriceDrops(tx, judged, now);
    const queued = await writeCheck(tx, judged, composed.messages, now);
    const results = judged.map(resultOf);
    const successfulChecks = results.filter((r) => r.status !== 'failed').length;
    const logId = await insertPriceCheckLog(tx, {
      triggerType: opts.trigger,
      checkedAt: now,
      alertsChecked: results.length,
      successfulChecks,
      failedChecks: results.length - successfulChecks,
      sourceCalls: lookup.calls,
      durationMs: Math.round(performance.now() - started),
      details: logDetails(judged, results),
    });
    return { logId, results, successfulChecks, queued: queued.count, emailMs: composed.ms + queued.ms };
  });
  const evaluationMs = performance.now() - evaluationStarted;

  if (outcome.queued > 0) {
    try {
      deps.notifyOutbox?.();
    } catch {
      // The sender's scheduled run delivers it anyway; a failing nudge must not fail the check.
    }
  }
  return {
    logId: outcome.logId,
    trigger: opts.trigger,
    alertsChecked: outcome.results.length,
    successfulChecks: outcome.successfulChecks,
    failedChecks: outcome.results.length - outcome.successfulChecks,
    sourceCalls: lookup.calls,
    uniqueAsins: lookup.uniqueAsins,
    notificationsQueued: outcome.queued,
    results: outcome.results,
    durationMs: performance.now() - started,
    evaluationMs,
    emailMs: outcome.emailMs,
  };
}

/**
 * Queues one deferred price-drop e-mail per alert whose verdict says notify and whose address may
 * be mailed now (confirmed, subscribed): only the facts go into the outbox; the sender composes
 * the message after this transaction (email/deferred-email.ts). Returns them and the time spent, ms.
 */
async function composePriceDrops(tx: Tx, judged: readonly JudgedAlert[], now: Date): Promise<{ messages: OutgoingEmail[]; ms: number }> {
  const notify = judged.filter((j): j is Extract<JudgedAlert, { ok: true }> => j.ok && j.verdict.shouldNotify);
  const mailable = await mailableEmails(tx, [...new Set(notify.map((j) => j.alert.userEmail))]);
  const started = performance.now();
  const messages: OutgoingEmail[] = [];
  for (const { alert, product, observationId, verdict } of notify) {
    if (!mailable.has(alert.userEmail)) continue;
    const input = {
      alertId: alert.id,
      observationId,
      recipient: alert.userEmail,
      asin: product.asin,
      productTitle: product.title,
      productImageUrl: product.imageUrl ?? alert.productImageUrl,
      oldPricePence: verdict.previousPence ?? product.pricePence,
      newPricePence: product.pricePence,
      targetPricePence: alert.targetPricePence,
      asOf: product.priceAsOf,
    };
    messages.push(deferredPriceDrop(input, now));
  }
  return { messages, ms: performance.now() - started };
}

/**
 * Queues the e-mails and writes every judged alert back. A key that already exists means an earlier
 * (or concurrent) run queued this (alert, observation): it is not counted again. This, not a row
 * lock, keeps two runs from both notifying: the second INSERT waits on the unique index and skips.
 */
async function writeCheck(
  tx: Tx,
  judged: readonly JudgedAlert[],
  messages: OutgoingEmail[],
  now: Date,
): Promise<{ count: number; ms: number }> {
  const started = performance.now();
  const added = await enqueueEmails(tx, messages);
  const ms = performance.now() - started;
  const writes: AlertCheckWrite[] = judged.flatMap((j) =>
    j.ok
      ? [
          {
            alertId: j.alert.id,
            pricePence: j.product.pricePence,
            observationId: j.observationId,
            notified: added.has(priceDropDedupeKey(j.alert.id, j.observationId)),
            unchanged: j.alert.lastCheckedPricePence === j.product.pricePence && j.alert.lastObservationId === j.observationId,
          },
        ]
      : [],
  );
  await writeAlertChecks(tx, writes, now);
  return { count: added.size, ms };
}

/** Asks the source for `asins` through the batching, rate-limited wrapper. */
function lookUpPrices(deps: PriceCheckDeps, asins: string[]): Promise<BatchLookupResult> {
  const batched = createBatchedSource(deps.source, {
    ratePerSecond: deps.env.PRICE_SOURCE_RATE_PER_SECOND,
    sleep: deps.sleep,
    now: deps.now,
  });
  return batched.lookupAll(asins, { signal: deps.signal });
}

/** A look-up answered from prices in hand: no calls; ASINs without a quote are simply not found. */
function quotedLookup(quotes: ReadonlyMap<string, PriceQuote>, asins: readonly string[]): BatchLookupResult {
  const found = new Map<string, PriceQuote>();
  for (const asin of asins) {
    const quote = quotes.get(asin);
    if (quote) found.set(asin, quote);
  }
  return { quotes: found, failures: new Map(), calls: 0, failedCalls: 0, uniqueAsins: asins.length };
}

/** Whether any active alert was never checked (the scheduler then runs an 'initial' check at start). */
export { hasNeverCheckedAlerts } from './price-check.queries';
