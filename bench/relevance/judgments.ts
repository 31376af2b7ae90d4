/**
 * The judged relevance set (bench/relevance/README.md): search-judgments.json (shopper queries with
 * graded products) and alternatives-judgments.json (source products with graded alternatives),
 * read and validated with zod. Both were graded by reading the real catalogue, never from what the
 * site returns; this module only loads them.
 *
 * Shapes (grades 0, 1, 2; an ASIN not listed counts as 0):
 * - search: `{ queries: [{ id, query, kind: 'answerable' | 'no-answer', note, pool: { patterns }, grades }] }`;
 *   a query is answerable when at least one product is graded 2.
 * - alternatives: `{ sources: [{ id, asin, kind: 'has-alternatives' | 'no-alternative', note, pool: { patterns, category }, grades }] }`;
 *   a source has alternatives when at least one product is graded 1 or 2.
 * The loaders throw an Error naming the file, the field and the rule when a file does not match.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Folder of the judgment files. */
export const JUDGMENTS_DIR = import.meta.dirname;
export const SEARCH_JUDGMENTS_FILE = path.join(JUDGMENTS_DIR, 'search-judgments.json');
export const ALTERNATIVES_JUDGMENTS_FILE = path.join(JUDGMENTS_DIR, 'alternatives-judgments.json');

const asinSchema = z.string().regex(/^[A-Z0-9]{10}$/, 'must be a 10-character ASIN');
const gradesSchema = z.record(asinSchema, z.union([z.literal(0), z.literal(1), z.literal(2)]));

const header = {
  about: z.string().min(1),
  catalogue: z.string().min(1),
  gradedBy: z.string().min(1),
  gradedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD'),
};

const searchQuerySchema = z
  .object({
    id: z.string().regex(/^q\d+$/, 'must look like q01'),
    query: z.string().trim().min(1, 'must not be empty').max(200),
    kind: z.enum(['answerable', 'no-answer']),
    note: z.string().min(1),
    pool: z.object({ patterns: z.array(z.string().min(1)).min(1) }),
    grades: gradesSchema,
  })
  .refine((q) => (q.kind === 'answerable') === Object.values(q.grades).some((g) => g === 2), {
    message: 'kind must be "answerable" exactly when some product is graded 2',
    path: ['kind'],
  });

const alternativesSourceSchema = z
  .object({
    id: z.string().regex(/^a\d+$/, 'must look like a01'),
    asin: asinSchema,
    kind: z.enum(['has-alternatives', 'no-alternative']),
    note: z.string().min(1),
    pool: z.object({ patterns: z.array(z.string().min(1)), category: z.string().min(1) }),
    grades: gradesSchema,
  })
  .refine((s) => (s.kind === 'has-alternatives') === Object.values(s.grades).some((g) => g >= 1), {
    message: 'kind must be "has-alternatives" exactly when some product is graded 1 or 2',
    path: ['kind'],
  })
  .refine((s) => !(s.asin in s.grades), { message: 'a source must not grade itself', path: ['grades'] });

const uniqueIds = <T extends { id: string }>(items: T[]) => new Set(items.map((i) => i.id)).size === items.length;

export const searchJudgmentsSchema = z.object({
  ...header,
  queries: z.array(searchQuerySchema).min(1).refine(uniqueIds, 'ids must be unique'),
});
export const alternativesJudgmentsSchema = z.object({
  ...header,
  sources: z.array(alternativesSourceSchema).min(1).refine(uniqueIds, 'ids must be unique'),
});

export type SearchJudgments = z.infer<typeof searchJudgmentsSchema>;
export type SearchQueryJudgment = SearchJudgments['queries'][number];
export type AlternativesJudgments = z.infer<typeof alternativesJudgmentsSchema>;
export type AlternativesSourceJudgment = AlternativesJudgments['sources'][number];

function load<T>(file: string, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`${path.basename(file)}: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid'}`);
}

/** Reads and validates search-judgments.json (or `file`). Throws an Error naming the field and rule. */
export function loadSearchJudgments(file = SEARCH_JUDGMENTS_FILE): SearchJudgments {
  return load(file, searchJudgmentsSchema);
}

/** Reads and validates alternatives-judgments.json (or `file`). Throws an Error naming the field and rule. */
export function loadAlternativesJudgments(file = ALTERNATIVES_JUDGMENTS_FILE): AlternativesJudgments {
  return load(file, alternativesJudgmentsSchema);
}
