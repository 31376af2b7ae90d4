/**
 * Discount rules (DESIGN.md §4 "Money": percent = round((original − price) / original × 100), shown
 * only when original > price > 0, else 'Special Deal'; shopper-screens §2 "discount badge", §9).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { discountBadgeText, discountPercent, SAVING_BASIS_LABELS, savingPence, type SavingBasisType } from './discount';

describe('discountPercent', () => {
  it('rounds the saving to a whole percent of the original', () => {
    expect(discountPercent(1000, 750)).toBe(25);
    expect(discountPercent(300, 200)).toBe(33);
    expect(discountPercent(300, 100)).toBe(67);
    expect(discountPercent(1299, 999)).toBe(23);
    expect(discountPercent(200, 199)).toBe(1); // 0.5 % rounds up
  });

  it('shows no discount unless original > price > 0', () => {
    expect(discountPercent(1000, 1000)).toBeNull();
    expect(discountPercent(999, 1000)).toBeNull();
    expect(discountPercent(1000, 0)).toBeNull();
    expect(discountPercent(1000, -5)).toBeNull();
    expect(discountPercent(null, 500)).toBeNull();
    expect(discountPercent(500, undefined)).toBeNull();
  });

  it('is a whole percent in 0–100 that matches the definition, for any prices', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 10_000_000 }), fc.integer({ min: -10, max: 10_000_000 }), (original, price) => {
        const pct = discountPercent(original, price);
        if (!(original > price && price > 0)) {
          expect(pct).toBeNull();
          expect(savingPence(original, price)).toBeNull();
          return;
        }
        expect(pct).toBe(Math.round(((original - price) / original) * 100));
        expect(Number.isInteger(pct)).toBe(true);
        expect(pct).toBeGreaterThanOrEqual(0);
        expect(pct).toBeLessThanOrEqual(100);
        expect(savingPence(original, price)).toBe(original - price);
      }),
    );
  });
});

describe('savingPence and the badge', () => {
  it('gives the saving in pence only when a discount may be shown', () => {
    expect(savingPence(1299, 999)).toBe(300);
    expect(savingPence(999, 1299)).toBeNull();
  });

  it("reads '{n}% OFF', 'Special Deal' only with a verified basis, and nothing without one (issue 27)", () => {
    expect(discountBadgeText(23)).toBe('23% OFF');
    expect(discountBadgeText(null, true)).toBe('Special Deal');
    expect(discountBadgeText(0)).toBeNull();
    expect(discountBadgeText(null)).toBeNull();
    expect(discountBadgeText(undefined, false)).toBeNull();
  });

  it('labels every saving basis, ours included', () => {
    const types: SavingBasisType[] = ['LIST_PRICE', 'WAS_PRICE', 'LOWEST_PRICE', 'LOWEST_PRICE_STRIKETHROUGH', 'TRACKED_PRICE'];
    for (const type of types) expect(SAVING_BASIS_LABELS[type].length).toBeGreaterThan(0);
    expect(SAVING_BASIS_LABELS.TRACKED_PRICE).toMatch(/28\+ days/);
  });
});
