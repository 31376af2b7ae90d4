/**
 * searchItems of the fake Creators API (issue 14 part 4; reference "Calls": keywords, searchIndex,
 * browseNodeId, itemCount 1–10, itemPage 1–10, minPrice/maxPrice in pence, minSavingPercent 1–99,
 * sortBy). Every keyword must appear in the title or category (case-insensitive, long words by their
 * first four letters); the search index keeps the
 * products whose category maps to the index's shopper category (All keeps everything).
 */
import type { CategoryKey } from '../../../common/categories';
import { browseNodeIdOf, wireItemOf, type FakeProduct } from './fake-creators-catalogue';

/** Search index → the shopper categories it covers (the fake's approximation of Amazon's tree). */
const INDEX_CATEGORIES: Readonly<Record<string, readonly CategoryKey[]>> = {
  Appliances: ['home-kitchen'],
  HomeAndKitchen: ['home-kitchen'],
  GardenAndOutdoor: ['home-kitchen', 'sports-outdoors'],
  ToolsAndHomeImprovement: ['home-kitchen'],
  Lighting: ['home-kitchen'],
  PetSupplies: ['home-kitchen'],
  Electronics: ['electronics'],
  Computers: ['electronics'],
  OfficeProducts: ['electronics', 'books'],
  Fashion: ['fashion'],
  Beauty: ['health-beauty'],
  HealthPersonalCare: ['health-beauty'],
  SportsAndOutdoors: ['sports-outdoors'],
  Automotive: ['automotive'],
  VideoGames: ['gaming'],
  ToysAndGames: ['baby', 'gaming'],
  Books: ['books'],
  Baby: ['baby'],
  MusicalInstruments: ['music'],
  GroceryAndGourmetFood: ['other'],
};

const SORTS = new Set(['Relevance', 'Featured', 'Price:LowToHigh', 'Price:HighToLow', 'AvgCustomerReviews', 'NewestArrivals']);

const validation = (field: string) => ({
  type: 'ValidationException',
  message: 'Request validation failed.',
  reason: 'FieldValidationFailed',
  fieldList: [field],
});

const intIn = (value: unknown, min: number, max: number) =>
  value === undefined || (Number.isInteger(value) && (value as number) >= min && (value as number) <= max);

/** Answers `[status, body]` for a searchItems body (already checked for names, marketplace and partner tag). */
export function fakeSearch(
  products: ReadonlyMap<string, FakeProduct>,
  body: Record<string, unknown>,
  mapCategory: (name: string | undefined) => CategoryKey,
): [number, unknown] {
  const { keywords, searchIndex = 'All', browseNodeId, itemCount = 10, itemPage = 1, minPrice, maxPrice, minSavingPercent, sortBy } = body;
  if (keywords === undefined && browseNodeId === undefined) return [400, validation('keywords')];
  if (keywords !== undefined && (typeof keywords !== 'string' || keywords.trim() === '')) return [400, validation('keywords')];
  if (searchIndex !== 'All' && !(typeof searchIndex === 'string' && searchIndex in INDEX_CATEGORIES))
    return [400, validation('searchIndex')];
  if (!intIn(itemCount, 1, 10)) return [400, validation('itemCount')];
  if (!intIn(itemPage, 1, 10)) return [400, validation('itemPage')];
  if (!intIn(minPrice, 1, 1e9)) return [400, validation('minPrice')];
  if (!intIn(maxPrice, 1, 1e9)) return [400, validation('maxPrice')];
  if (!intIn(minSavingPercent, 1, 99)) return [400, validation('minSavingPercent')];
  if (sortBy !== undefined && !SORTS.has(String(sortBy))) return [400, validation('sortBy')];

  const words = typeof keywords === 'string' ? keywords.toLowerCase().split(/\s+/).filter(Boolean) : [];
  // A crude stemmer standing in for Amazon's relevance: long words also match on their first four
  // letters ("homeware" finds "home…", "utensils" finds "utensil"), in the title or the category.
  const matchesWord = (text: string, word: string) => text.includes(word) || (word.length > 6 && text.includes(word.slice(0, 4)));
  const categories = searchIndex === 'All' ? null : new Set(INDEX_CATEGORIES[searchIndex as string]);
  const matches = [...products.values()].filter((p) => {
    if (p.pricePence === null) return false;
    const text = `${p.title} ${p.categoryName ?? ''}`.toLowerCase();
    if (!words.every((w) => matchesWord(text, w))) return false;
    if (categories && !categories.has(mapCategory(p.categoryName))) return false;
    if (browseNodeId !== undefined && (!p.categoryName || browseNodeIdOf(p.categoryName) !== browseNodeId)) return false;
    if (typeof minPrice === 'number' && p.pricePence < minPrice) return false;
    if (typeof maxPrice === 'number' && p.pricePence > maxPrice) return false;
    if (typeof minSavingPercent === 'number') {
      const saving = p.listPricePence && p.listPricePence > p.pricePence ? ((p.listPricePence - p.pricePence) / p.listPricePence) * 100 : 0;
      if (saving < minSavingPercent) return false;
    }
    return true;
  });
  if (sortBy === 'Price:LowToHigh') matches.sort((a, b) => a.pricePence! - b.pricePence!);
  if (sortBy === 'Price:HighToLow') matches.sort((a, b) => b.pricePence! - a.pricePence!);
  const count = itemCount as number;
  const page = matches.slice(((itemPage as number) - 1) * count, (itemPage as number) * count);
  if (matches.length === 0) return [404, { type: 'ResourceNotFoundException', message: 'No results found for your request.' }];
  const tag = String(body.partnerTag);
  return [
    200,
    {
      searchResult: {
        items: page.map((p) => wireItemOf(p, tag)),
        totalResultCount: Math.min(matches.length, 100),
        searchURL: `https://www.amazon.co.uk/s?k=${encodeURIComponent(String(keywords ?? ''))}&tag=${encodeURIComponent(tag)}&linkCode=osi`,
      },
    },
  ];
}
