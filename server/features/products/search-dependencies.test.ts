/**
 * The word keys a cached search depends on (decision 0046) reach every product that could match it:
 * for every word of the real amazon.co.uk 2023 catalogue's files, a change to a product holding
 * that word (its lexemes as PostgreSQL's english configuration stores them, in the test database)
 * reaches the cached search for that word. Skips with a printed reason when ../shared/data is
 * absent; fails under CI.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordKey } from '../../catalogue-version';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { changesReach } from '../../http/answer-cache';
import { createTestDatabase } from '../../test-support/test-db';
import { normaliseCriteria, planSearch, searchAnswerDependencies } from './products.service';
import { searchCriteria } from './products.test-seed';
import { wordsOf } from './search-text';
import { searchCriteriaSchema } from '../../../common/api/products.schema';

const dir = path.resolve(process.cwd(), '../shared/data/amazon-uk-2023');
const present = existsSync(dir);
if (!present) {
  if (process.env.CI) throw new Error(`Real catalogue missing at ${dir}: CI must run with ../shared/data present.`);
  console.log(`search-dependencies.test.ts: skipped, the real catalogue is not at ${dir}`);
}

let database: Database;
beforeAll(async () => {
  if (present) database = await createTestDatabase();
});
afterAll(async () => database?.close());

describe.skipIf(!present)('a cached search and the products its words can match', () => {
  it('every word of the real catalogue: a change to a product holding it reaches the search for it', async () => {
    const files = [
      'best_products_by_reviews.csv',
      'best_products_by_stars.csv',
      'top_10_best_sellers.csv',
      'underpriced_and_overpriced_products.csv',
    ];
    const words = [...new Set(files.flatMap((f) => wordsOf(readFileSync(path.join(dir, f), 'utf8'))))];
    expect(words.length).toBeGreaterThan(5_000);
    const missed: string[] = [];
    let checked = 0;
    for (let i = 0; i < words.length; i += 2_000) {
      const batch = words.slice(i, i + 2_000);
      const rows = rowsOf<{ word: string; lexemes: string[] | null }>(
        await database.db.execute(sql`
          select w as word, tsvector_to_array(to_tsvector('english', w)) as lexemes
          from unnest(${`{${batch.join(',')}}`}::text[]) as w`),
      );
      for (const { word, lexemes } of rows) {
        const plan = planSearch(normaliseCriteria(searchCriteriaSchema.parse(searchCriteria({ keywords: word }))));
        if (plan.query === null || !lexemes || lexemes.length === 0) continue; // a stop word: nothing to match
        const deps = searchAnswerDependencies(plan, { products: [], total: 1, totalPages: 1, page: 1 });
        checked += 1;
        if (!changesReach([{ asins: [], words: lexemes.map(wordKey) }], deps)) missed.push(`${word} → ${lexemes.join(' ')}`);
      }
    }
    expect(checked).toBeGreaterThan(5_000);
    expect(missed).toEqual([]);
  });

  it('a product with none of the words does not reach it', () => {
    const plan = planSearch(normaliseCriteria(searchCriteriaSchema.parse(searchCriteria({ keywords: 'kettle' }))));
    const deps = searchAnswerDependencies(plan, { products: [], total: 1, totalPages: 1, page: 1 });
    expect(changesReach([{ asins: ['B0OTHER001'], words: ['head', 'wire', 'soni', 'c', '2'] }], deps)).toBe(false);
    expect(changesReach([{ asins: [], words: ['kett'] }], deps)).toBe(true);
  });

  it('a search of several words depends on its head term: a product naming only another word is never retrieved', () => {
    const plan = planSearch(normaliseCriteria(searchCriteriaSchema.parse(searchCriteria({ keywords: 'black kettle' }))));
    const deps = searchAnswerDependencies(plan, { products: [], total: 1, totalPages: 1, page: 1 });
    expect(changesReach([{ asins: [], words: ['blac', 'shoe'] }], deps)).toBe(false);
    expect(changesReach([{ asins: [], words: ['blac', 'kett'] }], deps)).toBe(true);
  });
});
