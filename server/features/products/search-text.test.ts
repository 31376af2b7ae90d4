/**
 * The word rules search and alternatives share (search-text.ts, search-query.ts; issue 28): what a
 * title says a product is, spellings and synonyms, and the tsquery texts a shopper's words become
 * (never syntax the shopper could write into).
 */
import { describe, expect, it } from 'vitest';
import { analyseTitle, spellingVariants, stemOf, termsOf } from './search-text';
import { parseSearchQuery, tsqueriesOf } from './search-query';

describe('analyseTitle: the head noun of a title', () => {
  it.each([
    ['KitchenPerfected 1000w 0.9Ltr Corded Lightweight Travel Kettle with 2 cups - Cream', 'kettl', false],
    ['Weber Compact Kettle Charcoal Grill Barbecue, 57cm', 'barbecu', false],
    ['KitchenCraft Le’Xpress Kettle Descaler Ball, Stainless Steel', 'ball', true],
    ['Sori Yanagi Stainless Steel Kettle Matte', 'kettl', false],
    ['Dualit Classic 2 Slice Vario Toaster', 'toaster', false],
    ['Stabila 96-2-40 Level 3 Vial 40cm / 16in 15225', 'level', false],
    ['Wera Kraftform 300 Screwdriver Set 6 Piece', 'screwdriv', false],
    ['Pack two belts for Dyson DC01, DC04 and DC07 vacuum cleaners', 'belt', true],
    ['T3 Fitness 5pc Set of Durable Natural Latex Resistance Exercise Loop Bands, 5 Bands', 'band', false],
  ])('%s → %s (accessory %s)', (title, head, accessory) => {
    const a = analyseTitle(title);
    expect(a.head).toBe(head);
    expect(a.accessory).toBe(accessory);
  });

  it('reads the type through a generic head, a closing pair and the later parts of a title', () => {
    expect(analyseTitle('Brother TN-3060 Toner Cartridge, Black').heads).toEqual(['cartridg', 'toner']);
    expect(analyseTitle('JLL 20kg Cast Iron Dumbbell & Barbell Set 4x 1.75kg').heads).toEqual(['barbel', 'dumbbel']);
    expect(analyseTitle('HP LaserJet 4200 - Printer - B/W - laser').segmentHeads).toContain('printer');
    expect(analyseTitle('Descaler for kettles and coffee machines').targets).toContain('kettl');
    expect(analyseTitle('Guitar: The Complete Picture Guide to Playing the Guitar').media).toBe(true);
  });
});

describe('spellings and synonyms', () => {
  it('British and American spellings both ways', () => {
    expect(spellingVariants('colour')).toEqual(['color']);
    expect(spellingVariants('colored')).toEqual(['coloured']);
    expect(spellingVariants('moisturiser')).toContain('moisturizer');
    expect(spellingVariants('centre')).toEqual(['center']);
    expect(spellingVariants('travelling')).toContain('traveling');
    expect(spellingVariants('aluminium')).toEqual(['aluminum']);
  });

  it('a synonym entry is one term with every form; other words are their own terms', () => {
    const [hoover] = termsOf(['hoover']);
    expect(hoover?.forms.map((f) => f.words.join(' '))).toEqual(expect.arrayContaining(['hoover', 'vacuum cleaner', 'vacuum']));
    expect(termsOf(['sneakers'])[0]?.forms.map((f) => f.stems.join(' '))).toContain(stemOf('trainers'));
    expect(termsOf(['spirit', 'level']).map((t) => t.text)).toEqual(['spirit', 'level']);
    expect(termsOf(['best', 'cheap', 'kettle']).map((t) => t.text)).toEqual(['kettle']);
  });
});

describe('parseSearchQuery and its tsquery texts', () => {
  it('retrieves the head term and ranks by every term; descriptive words are never the head', () => {
    const query = parseSearchQuery('kettle black');
    expect(query.terms[query.head]?.text).toBe('kettle');
    expect(tsqueriesOf(parseSearchQuery('spirit level'))).toEqual({
      match: '(level)',
      all: '(spirit) & (level)',
      any: '(spirit) | (level)',
    });
    // Porter2 leaves "lens" and "lenses" apart: both numbers are asked for.
    expect(tsqueriesOf(parseSearchQuery('lens'))?.match).toBe('(lens | lenses)');
  });

  it('keeps websearch syntax: phrases, exclusions, or; a dash standing alone is punctuation', () => {
    expect(tsqueriesOf(parseSearchQuery('"noise cancelling" -sony'))?.match).toBe('(noise <-> cancelling) & !(sony)');
    expect(parseSearchQuery('kettle or toaster').terms).toHaveLength(1);
    expect(parseSearchQuery('Kettle - Black').excluded).toEqual([]);
  });

  it('lets no shopper text reach the query as syntax', () => {
    for (const text of ["'); drop table products; --", 'a & | ! :* ()', '\\', '"', '<->']) {
      const texts = tsqueriesOf(parseSearchQuery(text));
      for (const t of Object.values(texts ?? {})) expect(t).toMatch(/^[a-z0-9 ()|&!<>-]*$/);
    }
    expect(tsqueriesOf(parseSearchQuery('!!'))).toBeNull();
  });
});
