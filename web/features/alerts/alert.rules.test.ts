/** How alert rows and the bell read (shopper-screens §2 "Floating green bell", §9). */
import { describe, it, expect } from 'vitest';
import { alertShownPrice, bellCountLabel, isAlertPriceDrop, parseTargetPrice } from './alert.rules';

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
