/**
 * Parsing of every Creators API sample body (issue 14 "Tests": the documented samples in
 * ../shared/data/creators-api-samples/, the partial-error and error files, and the PA-API 5 UK
 * recordings renamed the documented way) into our product shape. Money in pence.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasSharedData, sharedDataPath } from '../../features/catalogue/real-data.test-support';
import { CreatorsApiError } from './creators-api-errors';
import { notAccessibleAsins, toAmazonProduct } from './creators-api-item';
import {
  errorBodySchema,
  getItemsResponseSchema,
  getVariationsResponseSchema,
  itemSchema,
  searchItemsResponseSchema,
  tokenResponseSchema,
} from './creators-api.schema';

const samples = 'creators-api-samples';
const present = hasSharedData('Creators API sample parsing', samples, 'pa-api-5-recorded');
const read = (file: string): unknown => JSON.parse(readFileSync(sharedDataPath(file), 'utf8'));
const at = new Date('2026-06-01T10:00:00Z');

/**
 * PA-API 5 (PascalCase) → Creators API (lowerCamelCase) as the data README documents
 * (`ItemsResult.Items[].Offers…` → `itemsResult.items[].offersV2…`): names lower-camel-cased,
 * `Offers` → `offersV2`, a listing's `Price` → `price.money`, its `SavingBasis` → `price.savingBasis`.
 */
function toCreators(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toCreators);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const name =
      key === 'ASIN'
        ? 'asin'
        : key === 'URL'
          ? 'url'
          : key === 'DetailPageURL'
            ? 'detailPageURL'
            : key === 'Offers'
              ? 'offersV2'
              : key[0]!.toLowerCase() + key.slice(1);
    out[name] = toCreators(v);
  }
  if (Array.isArray(out.listings)) {
    out.listings = (out.listings as Array<Record<string, unknown>>).map(({ price, savingBasis, ...rest }) => ({
      ...rest,
      price: { money: price, savingBasis: savingBasis ? { money: savingBasis, savingBasisType: 'LIST_PRICE' } : null },
    }));
  }
  return out;
}

describe.runIf(present)('Creators API sample bodies', () => {
  it('getItems curl example: two items with titles, features, a small image and their parents; no offer means no price', () => {
    const body = getItemsResponseSchema.parse(read(`${samples}/getItems-response.curl-example.json`));
    const items = body.itemsResult!.items!.map((i) => toAmazonProduct(i, at));
    expect(items.map((i) => i.asin)).toEqual(['B09B2SBHQK', 'B09B8V1LZ3']);
    expect(items[0]).toMatchObject({
      title: expect.stringMatching(/^Amazon Echo Show 5/),
      parentAsin: 'B0BZTW3TCH',
      imageUrl: 'https://m.media-amazon.com/images/I/41cNJGm9ZFL._SL75_.jpg',
      pricePence: null,
      available: false,
      availability: 'NO_OFFER',
      listPricePence: null,
      savingBasisType: null,
      brand: null,
      category: 'other',
      fetchedAt: at,
    });
    expect(items[0]!.features).toHaveLength(8);
    expect(items[1]!.features[0]).toMatch(/^Your favorite music/);
  });

  it('getItems partial error: the three items parse and the inaccessible ASIN is named (envelope spelled itemResults)', () => {
    const body = getItemsResponseSchema.parse(read(`${samples}/getItems-response.get-items-page.partial-error.json`));
    const items = (body.itemsResult ?? body.itemResults)!.items!.map((i) => toAmazonProduct(i, at));
    expect(items.map((i) => i.asin).sort()).toEqual(['B000HZD168', 'B00BKQTA4A', 'B0199980K4']);
    expect(items.find((i) => i.asin === 'B00BKQTA4A')!.features).toHaveLength(5);
    expect([...notAccessibleAsins(body.errors)]).toEqual(['B01180YUXS']);
  });

  it('offersV2: the buy-box price, the list price labelled RRP, the saving, and the Prime exclusive lightning deal with its end time', () => {
    const body = getItemsResponseSchema.parse(read(`${samples}/offersV2-response.offersV2-page.json`));
    const product = toAmazonProduct(body.itemsResult!.items![0]!, at);
    expect(product).toMatchObject({
      asin: 'B00MNV8E0C',
      pricePence: 5949,
      currency: 'USD',
      listPricePence: 6999,
      savingBasisType: 'LIST_PRICE',
      savingBasisLabel: 'RRP',
      savingPercent: 15,
      availability: 'IN_STOCK',
      available: true,
      merchantName: 'Amazon.com',
    });
    expect(product.deal).toEqual({
      accessType: 'PRIME_EXCLUSIVE',
      primeOnly: true,
      label: 'Prime exclusive lightning deal',
      startsAt: new Date('2024-11-05T18:05:00Z'),
      endsAt: new Date('2024-11-06T05:35:00Z'),
      percentClaimed: 38,
    });
  });

  it('getVariations: three colour variations and the lowest price in pence', () => {
    const body = getVariationsResponseSchema.parse(read(`${samples}/getVariations-response.uk-lowestPrice.json`));
    expect(body.variationsResult!.items!.map((i) => i.asin)).toEqual(['B00422MCVM', 'B00422MCW6', 'B00422MCVW']);
    expect(body.variationsResult!.variationSummary).toMatchObject({
      pageCount: 2,
      variationCount: 13,
      price: { lowestPrice: { amount: 17.03, currency: 'GBP' } },
    });
    expect(body.variationsResult!.items![1]!.variationAttributes).toContainEqual({ name: 'color_name', value: 'Black' });
  });

  it('token answers of both versions parse', () => {
    const tokens = read(`${samples}/token-responses.json`) as Record<string, unknown>;
    expect(tokenResponseSchema.parse(tokens['v3.x_LwA_response'])).toMatchObject({ access_token: 'Atc|MQICIJvSKVTZ...', expires_in: 3600 });
    expect(tokenResponseSchema.parse(tokens['v2.x_Cognito_response'])).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
  });

  it('every documented error body becomes an error with its status rules; the 200 partial errors name the inaccessible ASIN', () => {
    const errors = read(`${samples}/error-responses.json`) as Record<string, Record<string, unknown>>;
    const of = (key: string) => {
      const status = Number(key.slice(0, 3));
      return CreatorsApiError.fromAnswer(status, errorBodySchema.parse(errors[key]), null);
    };
    expect(of('400_FieldValidationFailed')).toMatchObject({
      status: 400,
      reason: 'FieldValidationFailed',
      fieldList: ['partnerTag'],
      retryable: false,
    });
    expect(of('400_InvalidPartnerTag')).toMatchObject({ reason: 'InvalidPartnerTag', retryable: false });
    expect(of('400_InvalidAssociate')).toMatchObject({ reason: 'InvalidAssociate', retryable: false });
    expect(of('401_TokenExpired')).toMatchObject({ status: 401, reason: 'TokenExpired', retryable: false });
    expect(of('401_InvalidToken')).toMatchObject({ reason: 'InvalidToken' });
    expect(of('403_AssociateNotEligible')).toMatchObject({ accessDenied: true, reason: 'AssociateNotEligible', retryable: false });
    expect(of('404_ResourceNotFound')).toMatchObject({ type: 'ResourceNotFoundException', retryable: false });
    expect(of('429_Throttle')).toMatchObject({ retryable: true, retryAfterSeconds: null });
    expect(of('429_Throttle_with_retryAfter')).toMatchObject({ retryable: true, retryAfterSeconds: 60 });
    expect(of('500_InternalServer')).toMatchObject({ type: 'InternalServerException', retryable: true });
    expect(CreatorsApiError.fromAnswer(429, null, '7').retryAfterSeconds).toBe(7);
    expect([...notAccessibleAsins(getItemsResponseSchema.parse(errors['200_partial_getItems_not_accessible']).errors)]).toEqual([
      'B01180YUXS',
    ]);
    expect([...notAccessibleAsins(getItemsResponseSchema.parse(errors['200_partial_getBrowseNodes_invalid_id']).errors)]).toEqual([]);
  });

  it('a real UK item (PA-API 5 recording, full resources): brand, £50.94, features, large image, browse node → fashion', () => {
    const recorded = read('pa-api-5-recorded/30_co_uk_getitems_full_ok.json') as { response: unknown };
    const body = getItemsResponseSchema.parse(toCreators(recorded.response));
    const product = toAmazonProduct(body.itemsResult!.items![0]!, at);
    expect(product).toMatchObject({
      asin: 'B07212L4G2',
      brand: 'adidas originals',
      pricePence: 5094,
      currency: 'GBP',
      listPricePence: null,
      savingBasisLabel: null,
      imageUrl: 'https://m.media-amazon.com/images/I/41OmiwuvQeL.jpg',
      category: 'fashion',
      categoryName: "Men's Tops, T-Shirts & Shirts",
    });
    expect(product.browseNodes[0]).toMatchObject({ id: '1731025031', ancestors: ["Men's Clothing", 'Clothing', 'Clothing'] });
  });

  it('a real UK saving (£3.44, list price £9.99) gets the RRP label and 66 %', () => {
    const body = getItemsResponseSchema.parse(toCreators(read('pa-api-5-recorded/uk_getitems_discount.json')));
    expect(toAmazonProduct(body.itemsResult!.items![0]!, at)).toMatchObject({
      pricePence: 344,
      listPricePence: 999,
      savingBasisLabel: 'RRP',
      savingPercent: 66,
    });
  });

  it('a real UK search (PA-API 5 recording) parses ten items', () => {
    const recorded = read('pa-api-5-recorded/15_co_uk_searchitems_min_ok.json') as { response: unknown };
    const body = searchItemsResponseSchema.parse(toCreators(recorded.response));
    expect(body.searchResult!.items).toHaveLength(10);
    expect(body.searchResult!.totalResultCount).toBe(146);
  });
});

describe('saving basis rules', () => {
  const item = (listing: Record<string, unknown>) => itemSchema.parse({ asin: 'B000000001', offersV2: { listings: [listing] } });
  const priced = (basis: Record<string, unknown> | null, extra: Record<string, unknown> = {}) =>
    toAmazonProduct(
      item({ price: { money: { amount: 10, currency: 'GBP' }, savingBasis: basis }, availability: { type: 'IN_STOCK' }, ...extra }),
      at,
    );

  it('labels WAS_PRICE "Was" and every LOWEST_PRICE kind "Lowest price in 30 days"', () => {
    expect(priced({ money: { amount: 12 }, savingBasisType: 'WAS_PRICE' })).toMatchObject({
      listPricePence: 1200,
      savingBasisLabel: 'Was',
    });
    expect(priced({ money: { amount: 12 }, savingBasisType: 'LOWEST_PRICE' }).savingBasisLabel).toBe('Lowest price in 30 days');
    expect(priced({ money: { amount: 12 }, savingBasisType: 'LOWEST_PRICE_STRIKETHROUGH' }).savingBasisLabel).toBe(
      'Lowest price in 30 days',
    );
  });

  it('never shows a basis Amazon did not give, an unknown type, or one not above the price', () => {
    expect(priced(null)).toMatchObject({ listPricePence: null, savingBasisType: null, savingBasisLabel: null });
    expect(priced({ money: { amount: 12 }, savingBasisType: 'SOMETHING_NEW' }).savingBasisType).toBeNull();
    expect(priced({ money: { amount: 10 }, savingBasisType: 'LIST_PRICE' }).listPricePence).toBeNull();
  });

  it('an OUT_OF_STOCK listing has no price and is unavailable; the buy-box winner is chosen over the first listing', () => {
    expect(priced(null, { availability: { type: 'OUT_OF_STOCK' } })).toMatchObject({
      pricePence: null,
      available: false,
      availability: 'OUT_OF_STOCK',
    });
    const two = itemSchema.parse({
      asin: 'B000000002',
      offersV2: { listings: [{ price: { money: { amount: 9 } } }, { isBuyBoxWinner: true, price: { money: { amount: 11 } } }] },
    });
    expect(toAmazonProduct(two, at).pricePence).toBe(1100);
  });
});
