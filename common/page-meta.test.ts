import { describe as suite, expect, it } from 'vitest';
import { getShopperCategory } from './categories';
import { describe, ordersByPopularity } from './page-meta';

const kitchen = getShopperCategory('home-kitchen')!;

suite('describe.listing (issue 27: no deal claim without a basis)', () => {
  it('uses deal words while verified deals exist or the count is unknown', () => {
    expect(describe.listing('deals', null, false, 3).heading).toBe("Today's Deals");
    expect(describe.listing('deals', kitchen, true, 1).heading).toBe(`Today's Top ${kitchen.name} Deals`);
    expect(describe.listing('trending', null).heading).toBe('Trending Deals');
  });

  it('uses neutral words with no verified deal, on the server and in the app alike', () => {
    const none = describe.listing('deals', kitchen, true, 0);
    expect(none.heading).toBe(`${kitchen.name}: prices we track`);
    expect(none.intro).not.toMatch(/deal|saving/i);
    expect(describe.listing('deals', null, false, 0).heading).toBe('Prices we track today');
  });

  it("heads trending 'Trending products' only while its order is about popularity", () => {
    expect(describe.listing('trending', null, false, 0, ['trending', 'lowest-price']).heading).toBe('Trending products');
    expect(describe.listing('trending', null, false, 0, ['popularity']).heading).toBe('Trending products');
    expect(describe.listing('trending', null, false, 0, ['lowest-price']).heading).toBe('Prices we track');
    expect(describe.listing('trending', null, false, 0).heading).toBe('Prices we track');
    expect(ordersByPopularity(['verified-saving', 'lowest-price'])).toBe(false);
  });
});
