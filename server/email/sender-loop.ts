/**
 * The in-process e-mail sender loop (issue 5 "E-mail after a crash"; DESIGN.md §2 "E-mail").
 *
 * Delivery no longer waits on a job queue: {@link SenderLoop.kick} (at start, and debounced after
 * every outbox write) runs the sender in this process at once, one run at a time, repeating while
 * full batches come back; after each run a timer is set for the outbox's next due time (a retry's
 * backoff, or the lease of a message a dead process left 'sending'), at most
 * {@link MAX_IDLE_MS} ahead. So a restarted server sends new mail within a second, and retries a
 * message a crash left in flight when its lease ends, whatever state a dead process left the job
 * queue in. Two processes may run loops over one database: the sender's claims keep them apart.
 */
import type { DeliveryCounts } from './sender.service';

/** Longest sleep between runs when nothing is due (the pg-boss minute schedule also kicks). */
export const MAX_IDLE_MS = 5 * 60 * 1000;
/** Shortest timer: a due time in the past or right now runs after this. */
const MIN_TIMER_MS = 250;

export interface SenderLoopDeps {
  /** One sender run (deliverDueEmails with a batch limit). */
  deliver: () => Promise<DeliveryCounts>;
  /** Rows per run: a run that handled this many is followed by another at once. */
  batch: number;
  /** The earliest `next_attempt_at` of a 'pending' or 'sending' row, or null when none. */
  nextDueAt: () => Promise<Date | null>;
  /** The current time, ms since the epoch. */
  now: () => number;
  /** Reports a failed run (the loop keeps going; the timer retries). Must not throw. */
  onError: (error: unknown) => void;
}

export interface SenderLoop {
  /** Runs the sender now, or once more right after the current run. Never throws. */
  kick(): void;
  /** Runs the sender now (joining a run in progress) and resolves when the outbox has been worked. */
  run(): Promise<void>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/** Creates the loop; nothing runs until the first kick() or run(). */
export function createSenderLoop(deps: SenderLoopDeps): SenderLoop {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  const handled = (c: DeliveryCounts) => c.sent + c.failed + c.dead + c.written + c.suppressed;

  async function work(): Promise<void> {
    do {
      again = false;
      try {
        const counts = await deps.deliver();
        if (handled(counts) >= deps.batch) again = true;
      } catch (error) {
        deps.onError(error);
      }
    } while (again && !stopped);
    if (!stopped) await armTimer();
  }

  async function armTimer(): Promise<void> {
    let delay = MAX_IDLE_MS;
    try {
      const due = await deps.nextDueAt();
      if (due) delay = Math.min(MAX_IDLE_MS, Math.max(MIN_TIMER_MS, due.getTime() - deps.now() + 50));
    } catch (error) {
      deps.onError(error);
    }
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      loop.kick();
    }, delay);
    timer.unref?.();
  }

  const loop: SenderLoop = {
    kick() {
      void loop.run();
    },
    run() {
      if (stopped) return Promise.resolve();
      if (running) {
        again = true;
        return running;
      }
      running = work().finally(() => {
        running = null;
      });
      return running;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
  return loop;
}
