import { describe, expect, it } from 'vitest';
import { isAllowedAmazonUrl } from '../../../common/affiliate';
import { DEAL_PRESETS, DEAL_PRESET_SLUGS, dealFromProduct, dealFromQuery, initialCounts, nextVote } from './deal-presets';

describe('deal landing content (content-and-account-pages §2.6, §4, §9)', () => {
  it('has the eight presets, each 40–70% with a deal type, four features and an Amazon link', () => {
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
    for (const deal of Object.values(DEAL_PRESETS)) {
      expect(deal.dealPercentage).toBeGreaterThanOrEqual(40);
      expect(deal.dealPercentage).toBeLessThanOrEqual(70);
      expect(deal.dealType).not.toBe('');
      expect(deal.features).toHaveLength(4);
      expect(isAllowedAmazonUrl(deal.amazonUrl)).toBe(true);
    }
  });

  it('builds a generic deal from query parameters and never keeps a foreign url', () => {
    const deal = dealFromQuery(
      new URLSearchParams('title=Garden+Chairs&discount=35&description=Sit+back&url=https://evil.example/x&search=garden+chairs'),
    );
    expect(deal).toMatchObject({ productTitle: 'Garden Chairs', dealPercentage: 35, productDescription: 'Sit back' });
    expect(deal.amazonUrl).toBe('https://www.amazon.co.uk/s?k=garden+chairs&tag=dealalertsuk-21');
    expect(dealFromQuery(new URLSearchParams('discount=250')).dealPercentage).toBe(40);
  });

  it('fills in a catalogue product with the spec defaults', () => {
    const deal = dealFromProduct({
      asin: 'B0TEST0001',
      title: 'Kettle',
      imageUrl: null,
      price: '19.99',
      originalPrice: null,
      discountPercent: null,
      rating: null,
      reviewCount: null,
      features: [],
    });
    expect(deal).toMatchObject({ dealPercentage: null, dealType: 'Special Deal', rating: 4.5, reviewCount: '1000+' });
  });

  it('toggles like/dislike and draws counts in range', () => {
    expect(nextVote(null, 'like')).toBe('like');
    expect(nextVote('dislike', 'like')).toBe('like');
    expect(nextVote('like', 'like')).toBeNull();
    expect(initialCounts(() => 0)).toEqual({ likes: 10, dislikes: 1 });
    expect(initialCounts(() => 0.9999)).toEqual({ likes: 30, dislikes: 5 });
  });
});
