/**
 * The judged relevance set (search-judgments.json, alternatives-judgments.json) is well formed
 * (judgments.ts schema) and every ASIN it grades is a real product of the catalogue it was graded
 * from. The catalogue is read from ../shared/data (never copied into the project): without it the
 * catalogue check is skipped with a note, and fails when CI is set (../shared/data/README.md).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { loadAlternativesJudgments, loadSearchJudgments } from './judgments';

const CATALOGUE = path.resolve(import.meta.dirname, '../../../shared/data/amazon-uk-2023/underpriced_and_overpriced_products.csv');

describe('judged relevance set', () => {
  const search = loadSearchJudgments();
  const alternatives = loadAlternativesJudgments();

  it('has at least 40 queries and 40 sources, with no-answer queries and no-alternative sources scored apart', () => {
    expect(search.queries.filter((q) => q.kind === 'answerable').length).toBeGreaterThanOrEqual(40);
    expect(search.queries.some((q) => q.kind === 'no-answer')).toBe(true);
    expect(alternatives.sources.filter((s) => s.kind === 'has-alternatives').length).toBeGreaterThanOrEqual(40);
    expect(alternatives.sources.some((s) => s.kind === 'no-alternative')).toBe(true);
  });

  it('grades every ASIN against a product of the real catalogue', (ctx) => {
    if (!existsSync(CATALOGUE)) {
      if (process.env.CI) throw new Error(`The real catalogue is missing at ${CATALOGUE}`);
      ctx.skip(`real data not found at ${CATALOGUE}`);
    }
    const rows = parse(readFileSync(CATALOGUE), { columns: true }) as { ASIN: string }[];
    const known = new Set(rows.map((r) => r.ASIN));
    const judged = [
      ...search.queries.flatMap((q) => Object.keys(q.grades).map((a) => `${q.id} ${a}`)),
      ...alternatives.sources.flatMap((s) => [s.asin, ...Object.keys(s.grades)].map((a) => `${s.id} ${a}`)),
    ];
    expect(judged.filter((entry) => !known.has(entry.split(' ')[1] as string))).toEqual([]);
  });

  it('refuses a file whose kind contradicts its grades, naming the field', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'judgments-'));
    try {
      const file = path.join(dir, 'search.json');
      const first = search.queries[0]!;
      writeFileSync(file, JSON.stringify({ ...search, queries: [{ ...first, kind: 'no-answer' }] }));
      expect(() => loadSearchJudgments(file)).toThrow(/search\.json: queries\.0\.kind: kind must be "answerable" exactly when/);
      writeFileSync(file, JSON.stringify({ ...search, queries: [{ ...first, grades: { 'not-an-asin': 2 } }] }));
      expect(() => loadSearchJudgments(file)).toThrow(/queries\.0\.grades/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
