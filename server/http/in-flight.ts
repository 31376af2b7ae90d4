/**
 * Requests whose handlers are still running, for a graceful stop (server/main.ts). `app.close()`
 * waits for the connections that are still open, but not for a handler whose client has already
 * left: that handler goes on, and would issue its next statement on a database the stop has
 * already closed (PostgreSQL's pool then throws "Cannot use a pool after calling end on the pool",
 * logged as an unexpected error; 5 to 8 lines per stop after the growth bench's 200-connection
 * mix). A request counts from its `onRequest` hook until its answer reaches `onSend` (the
 * handler is done, whether the answer can still be written or not). No route hijacks its reply, so
 * every request reaches `onSend`.
 */
import type { App } from '../app-deps';

export interface InFlight {
  /** Requests counted and not yet answered. */
  count(): number;
  /**
   * Resolves true once no request is running, or false after `timeoutMs` (ms) with some still
   * running. Checks every 10 ms. Never rejects.
   */
  settled(timeoutMs: number): Promise<boolean>;
}

const trackers = new WeakMap<App, InFlight>();

/** Adds the two hooks to `app` (before it is ready) and answers its counter; one counter per app. */
export function trackInFlight(app: App): InFlight {
  const existing = trackers.get(app);
  if (existing) return existing;
  const running = new WeakSet<object>();
  let count = 0;
  // Callback hooks, not async ones: they run on every request, and skip a promise each.
  app.addHook('onRequest', (request, _reply, done) => {
    running.add(request);
    count += 1;
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (running.delete(request)) count -= 1;
    done(null, payload);
  });
  const tracker: InFlight = {
    count: () => count,
    settled: async (timeoutMs) => {
      const deadline = Date.now() + timeoutMs;
      while (count > 0) {
        if (Date.now() >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return true;
    },
  };
  trackers.set(app, tracker);
  return tracker;
}

/** The counter {@link trackInFlight} added to `app`, if any. */
export function inFlightOf(app: App): InFlight | undefined {
  return trackers.get(app);
}
