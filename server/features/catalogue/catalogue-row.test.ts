/**
 * Header layouts and row rules of the catalogue importer (issue part 3 "Catalogue import").
 */
import { describe, expect, it } from 'vitest';
import { detectLayout, normaliseHeaderName } from './catalogue-layout';
import { parseFeatures, validateRow } from './catalogue-row';

const AMAZON_HEADER = [
  'ASIN',
  'Title',
  'Image URL',
  'Product URL',
  'Stars',
  'Reviews',
  'Price',
  'Is Best Seller',
  'Bought In Last Month',
  'Category Name',
];
const UPSTREAM_HEADER = [
  'asin',
  'title',
  'imgUrl',
  'productURL',
  'stars',
  'reviews',
  'price',
  'isBestSeller',
  'boughtInLastMonth',
  'categoryName',
];
const SPEC_HEADER = [
  'asin',
  'title',
  'price',
  'originalPrice',
  'rating',
  'reviewCount',
  'imageUrl',
  'affiliateUrl',
  'category',
  'features',
  'brand',
  'savingBasisType',
  'isPrime',
];

const none = () => undefined;

describe('detectLayout', () => {
  it('normalises header names', () => {
    expect(normaliseHeaderName('Image URL')).toBe('imageurl');
    expect(normaliseHeaderName('productURL')).toBe('producturl');
    expect(normaliseHeaderName('bought_in_last_month')).toBe('boughtinlastmonth');
  });

  it('recognises both spellings of the Amazon UK 2023 feed as the same columns', () => {
    const a = detectLayout(AMAZON_HEADER);
    const b = detectLayout(UPSTREAM_HEADER);
    expect(a.name).toBe('amazon-uk-2023');
    expect(b.name).toBe('amazon-uk-2023');
    expect(a.columns).toEqual(b.columns);
    expect(a.columns).toMatchObject({
      asin: 0,
      title: 1,
      imageUrl: 2,
      productUrl: 3,
      rating: 4,
      reviewCount: 5,
      price: 6,
      isBestSeller: 7,
      boughtLastMonth: 8,
      category: 9,
    });
  });

  it('recognises subset files and ignores extra columns', () => {
    const layout = detectLayout([
      'ASIN',
      'Title',
      'Price',
      'Price Category',
      'Category Name',
      'Average Category Price',
      'Price Difference',
    ]);
    expect(layout.name).toBe('amazon-uk-2023 (subset)');
    expect(layout.columns).toEqual({ asin: 0, title: 1, price: 2, category: 4 });
  });

  it('recognises the spec product layout', () => {
    const layout = detectLayout(SPEC_HEADER);
    expect(layout.name).toBe('product-csv');
    expect(layout.missingRequired).toEqual([]);
    expect(layout.columns).toMatchObject({ originalPrice: 3, productUrl: 7, category: 8, features: 9, brand: 10, savingBasisType: 11 });
  });

  it('names the required columns a header lacks (the 2017 toys feed has no ASIN)', () => {
    const layout = detectLayout([
      '',
      'uniq_id',
      'product_name',
      'manufacturer',
      'price',
      'number_available_in_stock',
      'number_of_reviews',
      'average_review_rating',
    ]);
    expect(layout.missingRequired).toEqual(['asin']);
    expect(layout.name).toBe('unknown (no ASIN column)');
    expect(detectLayout(['foo', 'bar']).missingRequired).toEqual(['asin', 'title', 'price']);
  });
});

describe('validateRow', () => {
  const amazon = detectLayout(AMAZON_HEADER);
  const spec = detectLayout(SPEC_HEADER);
  const amazonRow = (over: Partial<Record<string, string>> = {}) => {
    const base: Record<string, string> = {
      ASIN: 'B00O869QUC',
      Title: '  Amazon Basics AAA   Batteries ',
      'Image URL': 'https://m.media-amazon.com/images/I/61E.jpg',
      'Product URL': 'https://www.amazon.co.uk/dp/B00O869QUC',
      Stars: '4.6',
      Reviews: '1,356,658',
      Price: '5.19',
      'Is Best Seller': '',
      'Bought In Last Month': '0',
      'Category Name': 'Household Batteries, Chargers & Accessories',
      ...over,
    };
    return AMAZON_HEADER.map((h) => base[h] ?? '');
  };

  it('accepts a feed row and maps its category, keeping the original name', () => {
    const result = validateRow(amazonRow(), amazon, 2, none);
    expect(result).toEqual({
      ok: true,
      warnings: [],
      row: {
        line: 2,
        asin: 'B00O869QUC',
        title: 'Amazon Basics AAA Batteries',
        pricePence: 519,
        rating: 4.6,
        reviewCount: 1356658,
        boughtLastMonth: 0,
        isBestSeller: false,
        imageUrl: 'https://m.media-amazon.com/images/I/61E.jpg',
        sourceUrl: 'https://www.amazon.co.uk/dp/B00O869QUC',
        category: 'electronics',
        categoryName: 'Household Batteries, Chargers & Accessories',
      },
    });
  });

  it.each([
    [{ ASIN: '' }, 'missing ASIN'],
    [{ ASIN: 'b00o869quc' }, 'malformed ASIN: "b00o869quc" is not 10 upper-case letters or digits'],
    [{ ASIN: 'B00O869QU' }, 'malformed ASIN: "B00O869QU" is not 10 upper-case letters or digits'],
    [{ Title: '   ' }, 'missing title'],
    [{ Price: '' }, 'no price: the price is empty'],
    [{ Price: '0.0' }, 'no price: the price is 0 (the feed shows no price)'],
    [{ Price: '£3.42 - £5.00' }, 'price is a range: "£3.42 - £5.00"'],
    [{ Price: 'ask' }, 'price not a number: "ask"'],
    [{ Price: '2000000' }, 'price too large: "2000000" is above £1,000,000.00'],
    [{ Stars: '7' }, 'rating outside 0–5: 7'],
    [{ Stars: '-1' }, 'rating outside 0–5: -1'],
    [{ Stars: 'great' }, 'rating not a number: "great"'],
  ])('rejects %j: %s', (over, reason) => {
    const result = validateRow(amazonRow(over), amazon, 7, none);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reasons).toEqual([reason]);
  });

  it('lists every problem of a row and says which line had a duplicate ASIN first', () => {
    const result = validateRow(amazonRow({ Title: '', Price: '0' }), amazon, 9, (asin) => (asin === 'B00O869QUC' ? 4 : undefined));
    expect(result).toMatchObject({
      ok: false,
      asin: 'B00O869QUC',
      reasons: ['duplicate ASIN: B00O869QUC is already on line 4', 'missing title', 'no price: the price is 0 (the feed shows no price)'],
    });
  });

  it('reads "4.9 out of 5 stars", treats 0 stars as unrated, and drops unusable counts and links with a warning', () => {
    const result = validateRow(
      amazonRow({
        Stars: '4.9 out of 5 stars',
        Reviews: 'many',
        'Product URL': 'https://evil.example/dp/B00O869QUC',
        'Image URL': 'javascript:alert(1)',
      }),
      amazon,
      3,
      none,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.row).toMatchObject({ rating: 4.9, reviewCount: null, sourceUrl: null, imageUrl: null });
    expect(result.warnings).toHaveLength(3);
    const zero = validateRow(amazonRow({ Stars: '0.0' }), amazon, 3, none);
    expect(zero.ok && zero.row.rating).toBeNull();
    // A tiny rating is no rating (PostgreSQL's real would reject 1e-50 and fail the import); hundredths kept.
    const tiny = validateRow(amazonRow({ Stars: `0.${'0'.repeat(49)}1` }), amazon, 3, none);
    expect(tiny.ok && tiny.row.rating).toBeNull();
    const fine = validateRow(amazonRow({ Stars: '4.567' }), amazon, 3, none);
    expect(fine.ok && fine.row.rating).toBe(4.57);
  });

  it('reads the spec layout: £ and commas, originalPrice as LIST_PRICE, features, brand', () => {
    const cells = [
      'B000000001',
      'Kettle',
      '£1,299.00',
      '£1,499.99',
      '4.5',
      '1,024',
      'https://example.com/k.jpg',
      'https://www.amazon.co.uk/dp/B000000001?tag=x',
      'Small Kitchen Appliances',
      'Fast boil | Cordless|  ',
      'Brewmoor',
      '',
      'true',
    ];
    const result = validateRow(cells, spec, 2, none);
    expect(result).toMatchObject({
      ok: true,
      warnings: [],
      row: {
        pricePence: 129900,
        listPricePence: 149999,
        savingBasisType: 'LIST_PRICE',
        reviewCount: 1024,
        features: ['Fast boil', 'Cordless'],
        brand: 'Brewmoor',
        category: 'home-kitchen',
      },
    });
    const was = validateRow(
      cells.map((c, i) => (i === 11 ? 'was_price' : c)),
      spec,
      2,
      none,
    );
    expect(was.ok && was.row.savingBasisType).toBe('WAS_PRICE');
    const bad = validateRow(
      cells.map((c, i) => (i === 11 ? 'RRP' : c)),
      spec,
      2,
      none,
    );
    expect(bad.ok).toBe(false);
  });

  it('keeps a row whose originalPrice is not above the price, ignoring it with a warning', () => {
    const cells = ['B000000001', 'Kettle', '20.00', '19.99', '', '', '', '', '', '', '', '', ''];
    const result = validateRow(cells, spec, 5, none);
    expect(result).toMatchObject({ ok: true, row: { pricePence: 2000, listPricePence: null, savingBasisType: null } });
    expect(result.warnings).toEqual(['originalPrice ignored: £19.99 is not above the price £20.00']);
  });

  it('rejects every row of a file without an ASIN column, naming the column', () => {
    const layout = detectLayout(['', 'uniq_id', 'product_name', 'manufacturer', 'price']);
    const result = validateRow(['0', 'x', 'Hornby 2014 Catalogue', 'Hornby', '£3.42 - £5.00'], layout, 2, none);
    expect(result).toMatchObject({
      ok: false,
      reasons: ['missing ASIN: the file has no ASIN column', 'price is a range: "£3.42 - £5.00"'],
    });
  });
});

describe('parseFeatures', () => {
  it('reads JSON arrays, "|" lists and ";" lists', () => {
    expect(parseFeatures('["a", "b ", 3]')).toEqual(['a', 'b', '3']);
    expect(parseFeatures('a | b;c')).toEqual(['a', 'b;c']);
    expect(parseFeatures('a; b ;')).toEqual(['a', 'b']);
    expect(parseFeatures('')).toEqual([]);
  });

  it('answers null for broken JSON or JSON that is not a list of text', () => {
    expect(parseFeatures('["a", ')).toBeNull();
    expect(parseFeatures('[{"a":1}]')).toBeNull();
  });
});

describe('hostile text (issue 11 "Bad input": rejected row by row)', () => {
  const layout = detectLayout(SPEC_HEADER);
  const row = (overrides: Partial<Record<'title' | 'category' | 'brand' | 'features', string>>) => {
    const fields = [
      'B0TEST0001',
      overrides.title ?? 'Kettle',
      '12.99',
      '',
      '',
      '',
      '',
      '',
      overrides.category ?? 'Kitchen',
      overrides.features ?? '',
      overrides.brand ?? '',
    ];
    return validateRow(fields, layout, 2, () => undefined);
  };
  const reasons = (result: ReturnType<typeof validateRow>) => (result.ok ? [] : result.reasons);

  it.each([
    ["=cmd|' /C calc'!A0", '='],
    ["+cmd|' /C calc'!A0", '+'],
    ["-2+3+cmd|' /C calc'!A0", '-'],
    ["@SUM(1+1)*cmd|' /C calc'!A0", '@'],
  ])('a title starting like a formula (%s) is rejected', (title, first) => {
    expect(reasons(row({ title }))).toEqual([`formula-like text: the title starts with "${first}", which spreadsheets run as a formula`]);
  });

  it('a brand, category or feature starting like a formula is rejected too', () => {
    expect(reasons(row({ brand: '=HYPERLINK("http://x")' }))[0]).toMatch(/^formula-like text: the brand/);
    expect(reasons(row({ category: '@cmd' }))[0]).toMatch(/^formula-like text: the category/);
    expect(reasons(row({ features: '["fine", "=1+1"]' }))[0]).toMatch(/^formula-like text: the feature/);
  });

  it('NUL, other control characters and undecodable bytes (U+FFFD) are rejected', () => {
    expect(reasons(row({ title: 'Kettle\u0000' }))).toEqual(['binary or control characters: the title holds bytes that are not text']);
    expect(reasons(row({ title: 'Ket\u0007tle' }))[0]).toMatch(/^binary or control characters/);
    expect(reasons(row({ title: 'Kettle \ufffd' }))[0]).toMatch(/^binary or control characters/);
    expect(reasons(row({ features: '["a\u0000b"]' }))).toEqual(['bad features: not a valid JSON array of text']);
  });

  it('a 1 MB brand or category is rejected; text inside a title such as "Save = more" is fine', () => {
    expect(reasons(row({ brand: 'x'.repeat(1024 * 1024) }))).toEqual([`brand too long: ${1024 * 1024} characters, at most 200`]);
    expect(reasons(row({ category: 'y'.repeat(201) }))).toEqual(['category too long: 201 characters, at most 200']);
    expect(row({ title: 'Kettle - 1.7 L = 7 cups, +2 filters' }).ok).toBe(true);
  });
});
