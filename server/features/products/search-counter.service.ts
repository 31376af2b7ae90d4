/**
 * How many keyword searches shoppers ran, per hour, nothing else (no query text, no visitor): the
 * "Search Feed Queries" of the admin Clicks tab and `totalSearches` of the e-mail tracking
 * (admin-area §2, §3; issue 13), read from `search_counts` by the clicks feature's analytics.
 * The search route counts here; counts are kept in memory and added to `search_counts` at most
 * every 5 seconds, so a busy search page costs no write per request. One counter per database;
 * {@link flushSearchCounts} writes what is pending (products.routes.ts calls it on close).
 */
import type { Db } from '../../db/client';
import { addSearches } from './search-counter.queries';
import { millisecondsInHour as HOUR_MS } from 'date-fns/constants';

const FLUSH_MS = 5_000;

interface Counter {
  pending: Map<number, number>;
  timer: NodeJS.Timeout | null;
}
const counters = new WeakMap<Db, Counter>();

/** Writes the pending counts of `db` (errors are handed to `onError`; the counts are then kept for the next try). */
export async function flushSearchCounts(db: Db, onError: (error: Error) => void = () => {}): Promise<void> {
  const counter = counters.get(db);
  if (!counter) return;
  if (counter.timer) clearTimeout(counter.timer);
  counter.timer = null;
  const pending = [...counter.pending];
  counter.pending.clear();
  for (const [hour, n] of pending) {
    try {
      await addSearches(db, new Date(hour), n);
    } catch (error) {
      counter.pending.set(hour, (counter.pending.get(hour) ?? 0) + n);
      onError(error as Error);
    }
  }
}

/** Counts one keyword search at `now`. */
export function noteSearch(db: Db, now: Date, onError: (error: Error) => void = () => {}): void {
  let counter = counters.get(db);
  if (!counter) {
    counter = { pending: new Map(), timer: null };
    counters.set(db, counter);
  }
  const hour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  counter.pending.set(hour, (counter.pending.get(hour) ?? 0) + 1);
  if (!counter.timer) {
    counter.timer = setTimeout(() => void flushSearchCounts(db, onError), FLUSH_MS);
    counter.timer.unref();
  }
}
