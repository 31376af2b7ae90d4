import { describe, expect, it } from 'vitest';
import { isAllowedAmazonUrl } from '../../../common/affiliate';
import { DEAL_PRESET_SCOPES } from '../../../common/api/deal-links.schema';
import {
  DEAL_PRESETS,
  DEAL_PRESET_SLUGS,
  DEFAULT_DEAL,
  dealFromPreset,
  dealFromProduct,
  nextVote,
  withClaims,
  withTopSaving,
} from './deal-presets';

/** Words a page must not use without data behind them (issue 27). */
const INVENTED =
  /deliver|returns|sold (or fulfilled )?by|ends at|midnight|limited|sell out|go fast|lightning|deal of the day|rated|trusted/i;

describe('deal landing content (content-and-account-pages §2.6, §4, §9; docs/decisions/0023)', () => {
  it('has the eight presets, each with its own copy, an Amazon search link and a scope on the server, and no claim', () => {
    expect(DEAL_PRESET_SLUGS).toEqual([
      'neon-swimwear',
      'kitchen-gadgets',
      'electronics',
      'robot-vacuum',
      'air-fryer',
      'home-kitchen',
      'luggage',
      'vacuum-storage-bags',
    ]);
    for (const slug of DEAL_PRESET_SLUGS) {
      const deal = dealFromPreset(DEAL_PRESETS[slug]);
      expect(deal).toMatchObject({ slug, dealPercentage: null, rating: null, reviewCount: null, urgencyText: null });
      expect(deal.features).toHaveLength(4);
      expect(isAllowedAmazonUrl(deal.amazonUrl)).toBe(true);
      expect(DEAL_PRESET_SCOPES[slug]).toBeDefined();
      expect([deal.productTitle, deal.productDescription, ...deal.features].join(' ')).not.toMatch(INVENTED);
    }
    expect([DEFAULT_DEAL.productTitle, DEFAULT_DEAL.productDescription, ...DEFAULT_DEAL.features].join(' ')).not.toMatch(INVENTED);
    expect(DEFAULT_DEAL).toMatchObject({ dealPercentage: null, rating: null, reviewCount: null, urgencyText: null });
  });

  it("gives a preset a percentage only from the server's largest verified saving, else its neutral label", () => {
    const kitchen = DEAL_PRESETS['home-kitchen'];
    const none = withTopSaving(dealFromPreset(kitchen), null, kitchen.scopeLabel, kitchen.neutralLabel);
    expect(none).toMatchObject({ dealPercentage: null, dealType: 'Prices we track in Home & Kitchen', percentageBasis: null });
    const some = withTopSaving(
      dealFromPreset(kitchen),
      { discountPercent: 40, savingBasisLabel: 'RRP' },
      kitchen.scopeLabel,
      kitchen.neutralLabel,
    );
    expect(some).toMatchObject({ dealPercentage: 40, percentageIsMaximum: true, dealType: 'Verified saving in Home & Kitchen' });
    expect(some.percentageBasis).toContain('largest verified saving we track in Home & Kitchen');
  });

  it('fills in a catalogue product with only what we hold: no rating, reviews or percentage invented', () => {
    const bare = dealFromProduct({
      asin: 'B0TEST0001',
      title: 'Kettle',
      imageUrl: null,
      price: '19.99',
      discountPercent: null,
      savingBasisLabel: null,
      rating: null,
      reviewCount: null,
      features: [],
      category: 'home-kitchen',
      categoryName: 'Small Kitchen Appliances',
    });
    expect(bare).toMatchObject({
      dealPercentage: null,
      rating: null,
      reviewCount: null,
      urgencyText: null,
      productDescription: null,
      features: [],
    });
    const rated = dealFromProduct({
      asin: 'B0TEST0002',
      title: 'Toaster',
      imageUrl: null,
      price: '24.00',
      discountPercent: 20,
      savingBasisLabel: 'RRP',
      rating: 4.2,
      reviewCount: 12345,
      features: ['Two slots', 'Defrost'],
      category: 'home-kitchen',
      categoryName: null,
    });
    expect(rated).toMatchObject({ dealPercentage: 20, percentageIsMaximum: false, rating: 4.2, reviewCount: '12,345' });
  });

  it("lays an owners' checked claims over the facts, and keeps the product's own title beside a headline", () => {
    const product = dealFromProduct({
      asin: 'B0TEST0003',
      title: 'Garden chair',
      imageUrl: null,
      price: '30.00',
      discountPercent: null,
      savingBasisLabel: null,
      rating: null,
      reviewCount: null,
      features: [],
      category: 'other',
      categoryName: null,
    });
    const claimed = withClaims(product, { title: 'Summer seating', discount: 45, urgencyText: 'Until Sunday', search: 'garden chairs' });
    expect(claimed).toMatchObject({
      productTitle: 'Summer seating',
      subtitle: 'Garden chair',
      dealPercentage: 45,
      urgencyText: 'Until Sunday',
      fromSignedLink: true,
      asin: 'B0TEST0003',
    });
  });

  it('toggles like/dislike', () => {
    expect(nextVote(null, 'like')).toBe('like');
    expect(nextVote('dislike', 'like')).toBe('like');
    expect(nextVote('like', 'like')).toBeNull();
  });
});
