/** How alert rows and the bell read (shopper-screens §2 "Floating green bell", §9). */
import { describe, it, expect } from 'vitest';
import { ApiError } from '../../lib/http.client';
import { alertShownPrice, bellCountLabel, describePriceCheck, isAlertPriceDrop, parseTargetPrice, priceCheckFailure } from './alert.rules';

describe('bell badge', () => {
  it("shows the count up to 9, then '9+'", () => {
    expect(bellCountLabel(1)).toBe('1');
    expect(bellCountLabel(9)).toBe('9');
    expect(bellCountLabel(10)).toBe('9+');
    expect(bellCountLabel(250)).toBe('9+');
  });
});

describe('PRICE DROP! highlight', () => {
  const alert = { currentPrice: '24.99', lastCheckedPrice: null as string | null, targetPrice: null as string | null };

  it('is off until a check has happened', () => {
    expect(isAlertPriceDrop(alert)).toBe(false);
    expect(alertShownPrice(alert)).toBe('24.99');
  });

  it('is on when the checked price is below the price when the alert was set', () => {
    expect(isAlertPriceDrop({ ...alert, lastCheckedPrice: '22.50' })).toBe(true);
    expect(isAlertPriceDrop({ ...alert, lastCheckedPrice: '24.99' })).toBe(false);
    expect(isAlertPriceDrop({ ...alert, lastCheckedPrice: '26.00' })).toBe(false);
    expect(alertShownPrice({ ...alert, lastCheckedPrice: '22.50' })).toBe('22.50');
  });

  it('with a target, is on only at or below the target', () => {
    const targeted = { ...alert, targetPrice: '20.00' };
    expect(isAlertPriceDrop({ ...targeted, lastCheckedPrice: '22.50' })).toBe(false);
    expect(isAlertPriceDrop({ ...targeted, lastCheckedPrice: '20.00' })).toBe(true);
    expect(isAlertPriceDrop({ ...targeted, lastCheckedPrice: '19.99' })).toBe(true);
  });
});

describe('target price field', () => {
  it('is optional', () => {
    expect(parseTargetPrice('  ')).toEqual({ ok: true, price: null });
  });

  it('accepts pounds with £, commas and up to two decimals', () => {
    expect(parseTargetPrice('£1,299.5')).toEqual({ ok: true, price: '1299.50' });
    expect(parseTargetPrice('20')).toEqual({ ok: true, price: '20.00' });
  });

  it('refuses text, three decimals, negatives and zero with a message for people', () => {
    for (const bad of ['cheap', '12.999', '-5', '1.2.3'])
      expect(parseTargetPrice(bad)).toEqual({ ok: false, message: 'Enter a price in pounds, such as 12.99' });
    expect(parseTargetPrice('0')).toEqual({ ok: false, message: 'Enter a price above £0' });
  });
});

describe("'Check price' outcome (shopper-screens §3 'Price check result')", () => {
  const at = (iso: string) => iso.slice(11, 16);
  const base = {
    status: 'unchanged' as const,
    currentPrice: '24.99',
    originalPrice: '24.99',
    priceChangePercent: 0,
    apiWorking: true,
    asOf: '2026-11-27T10:00:00.000Z',
  };

  it('names a rise with the old price, and says when the price was seen', () => {
    expect(describePriceCheck({ ...base, status: 'increase', currentPrice: '27.50', priceChangePercent: 10.04 }, at)).toEqual({
      tone: 'increase',
      text: 'Price went up to £27.50 (was £24.99). Price as of 10:00.',
    });
  });

  it('names a drop without an old price or percent when the alert had none, and without a time when unknown', () => {
    expect(
      describePriceCheck(
        { ...base, status: 'drop', currentPrice: '1299.00', originalPrice: null, priceChangePercent: null, asOf: null },
        at,
      ),
    ).toEqual({ tone: 'drop', text: 'Price dropped to £1,299.00.' });
  });

  it("is 'Not checked' for a run without a price, whatever else it carries", () => {
    expect(describePriceCheck({ ...base, status: 'failed', currentPrice: null }, at)).toEqual({
      tone: 'not-checked',
      text: 'Not checked: Amazon shows no price for this product right now.',
    });
  });

  it("gives the server's reason without its field name, or the spec's words without one", () => {
    const refused = new ApiError(404, 'Not Found', JSON.stringify({ error: 'Not Found', message: 'id: no deal alert 3 for this visitor' }));
    expect(priceCheckFailure(refused).text).toBe('Not checked: No deal alert 3 for this visitor');
    expect(priceCheckFailure(new TypeError('Failed to fetch')).text).toBe('Not checked: Failed to check price. Please try again.');
  });
});
