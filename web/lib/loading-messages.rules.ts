/**
 * The rotating loading text shown while a search runs (shopper-screens §2: eight messages, a new
 * one every 2 seconds, in this order, starting again after the last).
 */

export const LOADING_MESSAGES: readonly string[] = [
  'Digging into the depths of Amazon for you...',
  'Scanning thousands of products...',
  'Finding the best deals available...',
  'Comparing prices across categories...',
  'Hunting for hidden gems...',
  'Analyzing product features...',
  'Searching every corner of the marketplace...',
  'Almost there, finding perfect matches...',
];

/** Milliseconds each message stays (spec §9). */
export const LOADING_MESSAGE_INTERVAL_MS = 2000;

/** The message showing `elapsedMs` after loading started (negative counts as 0). */
export function loadingMessageAt(elapsedMs: number): string {
  const step = Math.floor(Math.max(0, elapsedMs) / LOADING_MESSAGE_INTERVAL_MS);
  return LOADING_MESSAGES[step % LOADING_MESSAGES.length] as string;
}
