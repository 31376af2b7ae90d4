/** STUB (replaced by the jobs feature): starts scheduled jobs; returns how to stop them. */
import type { AppDeps } from '../app';

export interface Jobs {
  /** Asks the sender to deliver the outbox soon. Never throws. */
  notifyOutbox(): void;
  /** Stops taking new jobs, waits for running ones (or hands them back), then resolves. */
  stop(): Promise<void>;
}

export async function startJobs(_deps: Omit<AppDeps, 'notifyOutbox'>): Promise<Jobs> {
  return { notifyOutbox: () => undefined, stop: async () => undefined };
}
