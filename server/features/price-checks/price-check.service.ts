/**
 * The price-check run (issue part 7 "Price checks and notifications"; shopper-screens §3 "Price
 * check result", §4; admin-area §3 "Price check log"; DESIGN.md §4 "E-mail", "Honest prices", §7).
 *
 * 1. Ask the price source for every alerted ASIN through the batching, rate-limited wrapper
 *    (⌈unique ASINs / 10⌉ calls; a failed call fails only its ASINs). No transaction is open while
 *    waiting on the source.
 *    Prices already in hand (an import's, `opts.quotes`) skip the source altogether.
 * 2. In one transaction: apply the prices (price-refresh.service.ts: product rows a non-catalogue
 *    source changed, price observations through the prices feature), then one statement
 *    (price-check.queries.ts `judgeRun`) **judges** every alert, **queues** one deferred price-drop
 *    e-mail per (alert, observation) for confirmed, subscribed addresses (only its facts: the sender
 *    renders it after commit, email/deferred-email.ts) and **writes** the alerts back; the alerts
 *    never travel to JavaScript (issue 7: ≥ 50,000 alerts/s). The run is logged with one line per
 *    product (price-check-judge.rules.ts).
 * 3. After commit, nudge the sender. A run that wrote a price or an "as of" time bumped the catalogue
 *    version in its transaction (server/catalogue-version.ts), so cached answers show the new price.
 */
import type { PriceCheckResult } from '../../../common/api/price-checks.schema';
import { runsOnPostgres, type Db, type Tx } from '../../db/client';
import { catalogueTransaction } from '../../catalogue-version';
import type { Env } from '../../env';
import { createBatchedSource, type BatchLookupResult } from '../../sources/batched-source';
import { CATALOGUE_SOURCE_NAME } from '../../sources/catalogue.source';
import type { PriceQuote, PriceSource } from '../../sources/price-source';
import { alertAsins, judgeRun, setLogDuration, type AlertFilter } from './price-check.queries';
import { resultOf } from './price-check-judge.rules';
import { applyRemotePrices, recordGapObservations, sourceFailures } from './price-refresh.service';
import { matchSavedSearchesSafely } from '../saved-searches';

/** Judging again after recording missing observations; a third gap means another writer keeps changing prices. */
const MAX_JUDGING_ATTEMPTS = 3;

/**
 * What started a run: 'cron' (the scheduler), 'manual' (an owner's Check Prices Now), 'shopper' (a
 * shopper checking their own alerts; issue 29: labelled apart from the owner's), 'initial' (a new
 * alert's first look), 'import' (a catalogue import's new prices).
 */
export type PriceCheckTrigger = 'cron' | 'manual' | 'shopper' | 'initial' | 'import';

export interface PriceCheckDeps {
  db: Db;
  /** Where prices come from; not called when the options carry `quotes`. */
  source: PriceSource;
  /** Wall clock for stored times (last_checked_at, checked_at, sent times). */
  clock: () => Date;
  env: Env;
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
  /**
   * Answer one {@link PriceCheckResult} per alert (default true). Scheduled, import and owners' runs
   * turn it off: they need counts only, and a result per alert is a row per alert out of the
   * database (issue 7: alert evaluation ≥ 50,000 alerts/s).
   */
  results?: boolean;
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
  /** Alerts whose price dropped below the last price they saw. */
  drops: number;
  /** One per alert, in alert id order; empty when the options turned results off. */
  results: PriceCheckResult[];
  /** Whole run, ms. */
  durationMs: number;
  /**
   * The evaluation transaction alone (no source waits), ms: prices, judging, queueing the deferred
   * e-mails (one statement with the judging; the sender composes them later) and the log.
   */
  evaluationMs: number;
}

/**
 * Runs a price check. Throws only when the database fails (the transaction is rolled back: no alert
 * is updated, nothing is queued, no log is written) or when `deps.signal` aborts.
 */
export async function runPriceCheck(deps: PriceCheckDeps, opts: PriceCheckOptions): Promise<PriceCheckRun> {
  const started = performance.now();
  // Issue 30: products this run writes (repriced) count as news to saved searches.
  const checkedFrom = deps.clock();
  const filter: AlertFilter = { asins: opts.asins, email: opts.email, alertIds: opts.alertIds };
  const asins = await alertAsins(deps.db, filter);
  const lookup = opts.quotes ? quotedLookup(opts.quotes, asins) : await lookUpPrices(deps, asins);
  deps.signal?.throwIfAborted();
  const sourceName = opts.quotes ? CATALOGUE_SOURCE_NAME : deps.source.name;

  const evaluationStarted = performance.now();
  // A catalogue transaction: when a price or an observation is written, the catalogue version is bumped (issue 7).
  // Every product write of a check goes through the prices service, which names its products
  // (decision 0046): cached answers that cannot hold them are kept.
  const outcome = await catalogueTransaction(deps.db, (tx) => evaluate(tx, { deps, opts, filter, asins, lookup, sourceName, started }), {
    namesEveryWrite: true,
  });
  const evaluationMs = performance.now() - evaluationStarted;

  if (outcome.queued > 0) {
    try {
      deps.notifyOutbox?.();
    } catch {
      // The sender's scheduled run delivers it anyway; a failing nudge must not fail the check.
    }
  }
  // Issue 30: the products this check repriced may now match saved searches (price cap, saving); an import matches its own.
  if (opts.trigger !== 'import')
    await matchSavedSearchesSafely(deps, [...lookup.quotes.keys()], deps.clock(), { createdSince: checkedFrom, updatedSince: checkedFrom });
  return {
    logId: outcome.logId,
    trigger: opts.trigger,
    alertsChecked: outcome.alertsChecked,
    successfulChecks: outcome.successfulChecks,
    failedChecks: outcome.alertsChecked - outcome.successfulChecks,
    sourceCalls: lookup.calls,
    uniqueAsins: lookup.uniqueAsins,
    notificationsQueued: outcome.queued,
    drops: outcome.drops,
    results: outcome.results,
    durationMs: performance.now() - started,
    evaluationMs,
  };
}

/**
 * The check's transaction: a remote source's prices (price-refresh.service.ts), then one statement
 * that judges, queues, writes back and logs (price-check.queries.ts `judgeRun`; again after
 * recording observations it found missing), the log's duration.
 */
async function evaluate(
  tx: Tx,
  run: {
    deps: PriceCheckDeps;
    opts: PriceCheckOptions;
    filter: AlertFilter;
    asins: string[];
    lookup: BatchLookupResult;
    sourceName: string;
    started: number;
  },
) {
  const { opts, asins, lookup, sourceName } = run;
  const now = run.deps.clock();
  await applyRemotePrices(tx, { sourceName, lookup, now }, asins);
  const failures = sourceFailures(lookup, asins, sourceName);
  // An alert created after the look-up (on an ASIN nobody asked the source about) waits for the next
  // run. A run over every active alert writes only what changed, and one sweep row for the rest.
  const sweep = !opts.asins && !opts.alertIds && opts.email === undefined;
  const roomySorts = runsOnPostgres(run.deps.db);
  const input = { filter: run.filter, asked: asins, failures, now, perAlert: opts.results ?? true, sweep, roomySorts };
  for (let attempt = 1; ; attempt++) {
    const judged = await judgeRun(tx, { ...input, log: { trigger: opts.trigger, sourceCalls: lookup.calls } });
    if (judged.gaps.length === 0) {
      await setLogDuration(tx, judged.logId, performance.now() - run.started);
      return { ...judged, results: judged.alerts.map((a) => resultOf(a, failures)) };
    }
    // Prices no observation backs yet (rare: the importer records one with every price): record
    // them, then judge again. The statement wrote nothing.
    if (attempt === MAX_JUDGING_ATTEMPTS) throw new Error(`price observations kept changing during the check: ${judged.gaps.length} left`);
    await recordGapObservations(tx, judged.gaps, sourceName, now);
  }
}

/** Asks the source for `asins` through the batching, rate-limited wrapper. */
function lookUpPrices(deps: PriceCheckDeps, asins: string[]): Promise<BatchLookupResult> {
  const batched = createBatchedSource(deps.source, { ratePerSecond: deps.env.PRICE_SOURCE_RATE_PER_SECOND });
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
