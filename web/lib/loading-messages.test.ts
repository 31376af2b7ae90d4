/** The rotating loading text (shopper-screens §2, §9): eight messages, 2 s each, in order, looping. */
import { describe, it, expect } from 'vitest';
import { LOADING_MESSAGES, loadingMessageAt } from './loading-messages.rules';

describe('loadingMessageAt', () => {
  it('shows the spec messages in order, a new one every 2 seconds', () => {
    const shown = Array.from({ length: 8 }, (_, i) => loadingMessageAt(i * 2000));
    expect(shown).toEqual([
      'Digging into the depths of Amazon for you...',
      'Scanning thousands of products...',
      'Finding the best deals available...',
      'Comparing prices across categories...',
      'Hunting for hidden gems...',
      'Analyzing product features...',
      'Searching every corner of the marketplace...',
      'Almost there, finding perfect matches...',
    ]);
  });

  it('keeps a message for the whole 2 seconds and starts again after the eighth', () => {
    expect(loadingMessageAt(0)).toBe(loadingMessageAt(1999));
    expect(loadingMessageAt(1999)).not.toBe(loadingMessageAt(2000));
    expect(loadingMessageAt(16_000)).toBe(LOADING_MESSAGES[0]);
    expect(loadingMessageAt(18_500)).toBe(LOADING_MESSAGES[1]);
    expect(loadingMessageAt(-50)).toBe(LOADING_MESSAGES[0]);
  });
});
