/**
 * Runs the Amazon freshness pass (features/amazon-api/amazon-freshness.service.ts) every 15
 * minutes while the server runs with Creators API credentials (issue 14 part 2). A lease in the
 * database lets one instance run each pass; the shared quota keeps every instance within Amazon's
 * rate and daily limit. `stop()` aborts a pass between requests and waits for it.
 */
import { errorSummary } from '../http/log-redaction';
import type { AmazonApiDeps } from '../features/amazon-api/amazon-api.service';
import { FRESHNESS_INTERVAL_MS, plannedRequestsPerPass, runFreshnessPass } from '../features/amazon-api/amazon-freshness.service';

export interface FreshnessLoop {
  stop(): Promise<void>;
}

/** Starts the loop (first pass after `firstDelayMs`, default 1 minute). */
export function startFreshnessLoop(
  deps: AmazonApiDeps & { log: { info(d: object, m: string): void; warn(d: object, m: string): void } },
  firstDelayMs = 60_000,
): FreshnessLoop {
  const abort = new AbortController();
  let running: Promise<void> = Promise.resolve();
  const pass = async () => {
    try {
      const maxRequests = await plannedRequestsPerPass(deps);
      const run = await runFreshnessPass({ ...deps, signal: abort.signal }, { maxRequests });
      if (run.requests > 0) deps.log.info({ ...run }, 'Amazon freshness pass');
    } catch (error) {
      if (!abort.signal.aborted) deps.log.warn({ err: errorSummary(error) }, 'Amazon freshness pass failed; it runs again later');
    }
  };
  let timer: NodeJS.Timeout = setTimeout(function tick() {
    running = pass().finally(() => {
      if (!abort.signal.aborted) timer = setTimeout(tick, FRESHNESS_INTERVAL_MS);
    });
  }, firstDelayMs);
  timer.unref();
  return {
    async stop() {
      abort.abort(new Error('shutting down'));
      clearTimeout(timer);
      await running;
    },
  };
}
