import { describe, it, expect } from 'vitest';
import { totalFromPage } from './products.service';

describe('totalFromPage', () => {
  it('knows the total from a short or empty first page only', () => {
    expect(totalFromPage(0, 10, 0)).toBe(0);
    expect(totalFromPage(0, 10, 7)).toBe(7);
    expect(totalFromPage(20, 10, 3)).toBe(23);
    expect(totalFromPage(0, 10, 10)).toBeNull();
    expect(totalFromPage(30, 10, 0)).toBeNull();
  });
});
