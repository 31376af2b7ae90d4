/**
 * The price-check run (issue part 7 "Price checks and notifications"; shopper-screens §3 "Price
 * check result", §4; admin-area §3 "Price check log"; DESIGN.md §4 "E-mail", "Honest prices", §7).
 *
 * 1. Ask the price source for every alerted ASIN through the batching, rate-limited wrapper
 *    (⌈unique ASINs / 10⌉ calls; a failed call fails only its ASINs). No transaction is open while
 *    waiting on the source.
 * 2. In one transaction: load the alerts, apply the prices (price-refresh.service.ts: product rows
 *    a non-catalogue source changed, price observations, product statistics), judge every alert
 *    (price-drop.rules.ts), compose and queue one price-drop e-mail per (alert, observation) for
 *    confirmed, subscribed addresses, write the alerts back with set-based statements, log the run.
 * 3. After commit, nudge the sender.
 */
import type { PriceCheckResult } from '../../../common/api/price-checks.schema';
import type { Db } from '../../db/client';
import { enqueueEmails, type OutgoingEmail } from '../../email/outbox';
import { priceDropDedupeKey } from '../../email/outbox-keys';

/** React Email costs ~0.4 s to load: load the template on the first e-mail, not at server start. */
const priceDropTemplate = () => import('../../email/templates/price-drop.email');
import type { Env } from '../../env';
import { createBatchedSource, type Sleep } from '../../sources/batched-source';
import type { PriceSource } from '../../sources/price-source';
import { mailableEmails } from '../subscriptions/subscriptions.queries';
import {
  alertAsins,
  insertPriceCheckLog,
  loadAlerts,
  writeAlertChecks,
  type AlertCheckWrite,
  type AlertFilter,
  type PriceCheckLogDetail,
} from './price-check.queries';
import { refreshPrices } from './price-refresh.service';
import { judgeAlert, priceOrNull } from './price-drop.rules';

export type PriceCheckTrigger = 'cron' | 'manual' | 'initial' | 'import';

export interface PriceCheckDeps {
  db: Db;
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
  const batched = createBatchedSource(deps.source, {
    ratePerSecond: deps.env.PRICE_SOURCE_RATE_PER_SECOND,
    sleep: deps.sleep,
    now: deps.now,
  });
  const lookup = await batched.lookupAll(asins, { signal: deps.signal });
  deps.signal?.throwIfAborted();

  const evaluationStarted = performance.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    // An alert created after the look-up (on an ASIN nobody asked the source about) waits for the next run.
    const asked = new Set(asins);
    const alerts = (await loadAlerts(tx, filter)).filter((a) => asked.has(a.productAsin));
    const { productsByAsin, failures, latest } = await refreshPrices(tx, { source: deps.source, lookup, now }, alerts);

    // Judge the alerts; compose and queue e-mail for the addresses that may receive it.
    const verdicts = alerts.map((alert) => {
      const product = productsByAsin.get(alert.productAsin);
      const observation = product ? latest.get(product.id) : undefined;
      if (!product || !observation || failures.has(alert.productAsin)) return { alert, product, observationId: null, verdict: null };
      return { alert, product, observationId: observation.id, verdict: judgeAlert(alert, product.pricePence, observation.id) };
    });
    const mailable = await mailableEmails(tx, [...new Set(verdicts.filter((v) => v.verdict?.shouldNotify).map((v) => v.alert.userEmail))]);

    const writes: AlertCheckWrite[] = [];
    const messages: OutgoingEmail[] = [];
    const results: PriceCheckResult[] = [];
    let emailMs = 0;
    const details = new Map<string, { detail: PriceCheckLogDetail; checkedAt: number }>();
    for (const { alert, product, observationId, verdict } of verdicts) {
      const title = product?.title ?? alert.productTitle;
      const previousPence = alert.lastCheckedPricePence ?? alert.currentPricePence;
      if (!product || observationId === null || !verdict) {
        const failure = failures.get(alert.productAsin) ?? { apiWorking: true, error: 'no price' };
        results.push({
          alertId: alert.id,
          asin: alert.productAsin,
          productTitle: title,
          originalPrice: priceOrNull(previousPence),
          currentPrice: null,
          priceChange: null,
          priceChangePercent: null,
          isPriceDrop: false,
          apiWorking: failure.apiWorking,
          status: 'failed',
          asOf: null,
        });
        keepDetail(details, alert, {
          productTitle: title,
          asin: alert.productAsin,
          originalPrice: priceOrNull(previousPence),
          newPrice: null,
          priceChange: null,
          priceChangePercent: null,
          success: false,
          error: failure.error,
        });
        continue;
      }
      if (verdict.shouldNotify && mailable.has(alert.userEmail)) {
        const composeStarted = performance.now();
        const { composePriceDropEmail } = await priceDropTemplate();
        messages.push(
          await composePriceDropEmail(deps.env, {
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
          }),
        );
        emailMs += performance.now() - composeStarted;
      }
      writes.push({ alertId: alert.id, pricePence: product.pricePence, observationId, notified: false });
      const result: PriceCheckResult = {
        alertId: alert.id,
        asin: product.asin,
        productTitle: title,
        originalPrice: priceOrNull(verdict.previousPence),
        currentPrice: priceOrNull(product.pricePence),
        priceChange: priceOrNull(verdict.changePence),
        priceChangePercent: verdict.changePercent,
        isPriceDrop: verdict.isPriceDrop,
        apiWorking: true,
        status: verdict.status,
        asOf: product.priceAsOf.toISOString(),
      };
      results.push(result);
      keepDetail(details, alert, {
        productTitle: title,
        asin: product.asin,
        originalPrice: result.originalPrice,
        newPrice: result.currentPrice,
        priceChange: result.priceChange,
        priceChangePercent: result.priceChangePercent,
        success: true,
      });
    }
    // A key that already exists means an earlier (or concurrent) run queued this (alert,
    // observation): it is not counted again. This, not a row lock, keeps two runs from both
    // notifying: the second INSERT waits on the unique index and then skips.
    const enqueueStarted = performance.now();
    const added = await enqueueEmails(tx, messages);
    emailMs += performance.now() - enqueueStarted;
    for (const write of writes) write.notified = added.has(priceDropDedupeKey(write.alertId, write.observationId));
    const queued = added.size;
    await writeAlertChecks(tx, writes, now);

    const successfulChecks = results.filter((r) => r.status !== 'failed').length;
    const logId = await insertPriceCheckLog(tx, {
      triggerType: opts.trigger,
      checkedAt: now,
      alertsChecked: results.length,
      successfulChecks,
      failedChecks: results.length - successfulChecks,
      sourceCalls: lookup.calls,
      durationMs: Math.round(performance.now() - started),
      details: [...details.values()].map((d) => d.detail),
    });
    return { logId, results, successfulChecks, queued, emailMs };
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
 * The log keeps one line per product (admin-area §3 "per-product results"). Several alerts may
 * watch it; the line shows what the most recently checked of them saw before this run.
 */
function keepDetail(
  details: Map<string, { detail: PriceCheckLogDetail; checkedAt: number }>,
  alert: { productAsin: string; lastCheckedAt: Date | null },
  detail: PriceCheckLogDetail,
): void {
  const checkedAt = alert.lastCheckedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  const existing = details.get(alert.productAsin);
  if (!existing || checkedAt > existing.checkedAt) details.set(alert.productAsin, { detail, checkedAt });
}
