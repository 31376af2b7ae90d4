/** Pagination rules (shopper-screens §9): ≤ 5 page buttons around the current page, clamped pages. */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { clampPage, MAX_PAGE_BUTTONS, pageItemsWithEnds, pageWindow } from './pagination.rules';

describe('pageWindow', () => {
  it('starts at the current page minus 2, and shifts back near the end', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 10)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it('shows every page when there are 5 or fewer', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('treats out-of-range input as the nearest page', () => {
    expect(pageWindow(0, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(99, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(3, 0)).toEqual([1]);
  });

  it('always holds the current page in at most 5 consecutive pages within 1…total', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: -5, max: 600 }), (total, current) => {
        const pages = pageWindow(current, total);
        const page = clampPage(current, total);
        expect(pages.length).toBe(Math.min(MAX_PAGE_BUTTONS, total));
        expect(pages).toContain(page);
        expect(pages[0]).toBeGreaterThanOrEqual(1);
        expect(pages.at(-1)).toBeLessThanOrEqual(total);
        pages.forEach((p, i) => i > 0 && expect(p).toBe((pages[i - 1] as number) + 1));
      }),
    );
  });
});

describe('clampPage', () => {
  it('keeps pages between 1 and the total', () => {
    expect(clampPage(0, 10)).toBe(1);
    expect(clampPage(-3, 10)).toBe(1);
    expect(clampPage(11, 10)).toBe(10);
    expect(clampPage(4, 10)).toBe(4);
    expect(clampPage(2.7, 10)).toBe(2);
    expect(clampPage(Number.NaN, 10)).toBe(1);
    expect(clampPage(5, 0)).toBe(1);
  });
});

describe('pageItemsWithEnds (trending page: first, last and ellipses)', () => {
  it('adds the first and last page around the window, with an ellipsis for the pages skipped', () => {
    expect(pageItemsWithEnds(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap-end', 20]);
    expect(pageItemsWithEnds(10, 20)).toEqual([1, 'gap-start', 8, 9, 10, 11, 12, 'gap-end', 20]);
    expect(pageItemsWithEnds(20, 20)).toEqual([1, 'gap-start', 16, 17, 18, 19, 20]);
  });

  it('shows a single skipped page instead of an ellipsis, and no ends when the window holds them', () => {
    expect(pageItemsWithEnds(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap-end', 20]);
    expect(pageItemsWithEnds(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageItemsWithEnds(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItemsWithEnds(1, 1)).toEqual([1]);
  });

  it('clamps an out-of-range page to the nearest one', () => {
    expect(pageItemsWithEnds(0, 20)).toEqual(pageItemsWithEnds(1, 20));
    expect(pageItemsWithEnds(99, 20)).toEqual(pageItemsWithEnds(20, 20));
  });

  it('always offers page 1, the last page and the current page, ascending, each once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: -5, max: 600 }), (total, current) => {
        const items = pageItemsWithEnds(current, total);
        const pages = items.filter((i): i is number => typeof i === 'number');
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(total);
        expect(pages).toContain(clampPage(current, total));
        pages.forEach((p, i) => i > 0 && expect(p).toBeGreaterThan(pages[i - 1] as number));
        // An ellipsis stands for at least two pages; consecutive numbers have none between them.
        items.forEach((item, i) => {
          if (typeof item === 'string') expect((items[i + 1] as number) - (items[i - 1] as number)).toBeGreaterThan(2);
        });
        expect(items.length).toBeLessThanOrEqual(MAX_PAGE_BUTTONS + 4);
      }),
    );
  });
});
