/**
 * Cheaper alternatives from our catalogue (shopper-screens §2 'Alternative Products', §3
 * "Alternatives result", §4 "Similar products", §7; DESIGN.md §4 "Cheaper alternatives").
 *
 * - {@link similarItems}: the source product's full-text neighbours (same category unless 'other'),
 *   ranked by the value score of value-score.ts; cheaper ones first, else the fallback.
 * - {@link analyzeProducts}: the same score over products the client sends.
 * Explanations may be rewritten by the optional language model (alternatives.llm.ts).
 */
import type { Analysis, AnalyzeProductsInput, SimilarItemsResponse } from '../../../common/api/alternatives.schema';
import { analyzeProductsSchema } from '../../../common/api/alternatives.schema';
import { priceStringToPence } from '../../../common/money';
import type { Db } from '../../db/client';
import { ok, fail, type Outcome } from '../../http/outcome';
import { chooseOriginalPrice, toProduct, type ProductRow } from '../products/product-shape';
import { SAVING_BASIS_LABELS } from '../../../common/discount';
import { findSourceProduct, findTextNeighbours } from './alternatives.queries';
import { rewriteExplanations, type LlmConfig } from './alternatives.llm';
import { anyWordQuery, pairsQuery, titleWords } from './title-query';
import { rankAlternatives, type ScoredInput } from './value-score';

/** Candidates read per query; alternatives shown at most. */
export const CANDIDATE_LIMIT = 60;
export const ALTERNATIVES_SHOWN = 5;

export const NO_ALTERNATIVES_ERROR = "We couldn't find similar products in our catalogue.";

function inputOf(row: ProductRow & { textRank?: number }): ScoredInput {
  const original = chooseOriginalPrice(row);
  return {
    title: row.title,
    pricePence: row.pricePence,
    originalPricePence: original?.pence ?? null,
    savingBasisLabel: original ? SAVING_BASIS_LABELS[original.basis] : null,
    rating: row.rating,
    reviewCount: row.reviewCount,
    brand: row.brand,
    category: row.category,
    textRank: row.textRank ?? 0,
  };
}

async function neighbours(db: Db, source: ProductRow) {
  const words = titleWords(source.title);
  const category = source.category === 'other' ? null : source.category;
  const base = { excludeAsin: source.asin, category, limit: CANDIDATE_LIMIT };
  const pairs = pairsQuery(words);
  const found = pairs ? await findTextNeighbours(db, { ...base, tsquery: pairs }) : [];
  const any = anyWordQuery(words);
  if (found.length >= 3 || !any) return found;
  const more = await findTextNeighbours(db, { ...base, tsquery: any });
  const seen = new Set(found.map((r) => r.asin));
  return [...found, ...more.filter((r) => !seen.has(r.asin))].slice(0, CANDIDATE_LIMIT);
}

function analysisText(sourceTitle: string, count: number, cheaper: boolean): string {
  if (count === 0) return `We found nothing similar to ${sourceTitle} in our catalogue.`;
  return cheaper
    ? `We compared similar products in our catalogue by price, substantiated saving, rating and how closely they match. ${count} ${count === 1 ? 'is' : 'are'} cheaper than this one, best value first.`
    : `Nothing similar is cheaper, but ${count} ${count === 1 ? 'is' : 'are'} better rated or better discounted, best value first.`;
}

/**
 * Alternatives to `asin` (already a well-formed ASIN). not-found when we do not hold it. With no
 * neighbour worth showing the answer carries `error` (the dialog's 'No Alternatives Found').
 */
export async function similarItems(
  db: Db,
  opts: { asin: string; affiliateTag: string; llm: LlmConfig | null },
): Promise<Outcome<SimilarItemsResponse>> {
  const source = await findSourceProduct(db, opts.asin);
  if (!source) return fail('not-found', `asin: no product with ASIN ${opts.asin} in our catalogue`);
  const candidates = (await neighbours(db, source)).map((row) => ({ item: row, input: inputOf(row) }));
  const { ranked, isFallback } = rankAlternatives(inputOf(source), candidates, ALTERNATIVES_SHOWN);
  const explanations = await rewriteExplanations(
    opts.llm,
    ranked.map((r) => ({ title: r.item.title, explanation: r.explanation })),
  );
  const list = ranked.map((r) => toProduct(r.item, opts.affiliateTag));
  const analysis: Analysis | null = ranked.length
    ? {
        analysis: analysisText(source.title, ranked.length, !isFallback),
        rankings: ranked.map((r, i) => ({
          productIndex: i,
          rank: i + 1,
          title: r.item.title,
          explanation: explanations[i] ?? r.explanation,
        })),
      }
    : null;
  return ok({
    products: list,
    similarProducts: list,
    originalProduct: toProduct(source, opts.affiliateTag),
    total: list.length,
    sourceAsin: source.asin,
    isFallback: ranked.length > 0 && isFallback,
    analysis,
    error: ranked.length ? null : NO_ALTERNATIVES_ERROR,
    message: ranked.length
      ? isFallback
        ? "We didn't find cheaper but this might be better."
        : `Found ${list.length} cheaper alternative${list.length === 1 ? '' : 's'}`
      : NO_ALTERNATIVES_ERROR,
  });
}

type AnalysisProduct = ReturnType<typeof analyzeProductsSchema.parse>['originalProduct'];

function inputFromClient(p: AnalysisProduct): ScoredInput | null {
  const price = priceStringToPence(String(p.price));
  if (price === null) return null;
  const original = p.originalPrice == null ? null : priceStringToPence(String(p.originalPrice));
  return {
    title: p.title,
    pricePence: price,
    originalPricePence: original,
    rating: p.rating ?? null,
    reviewCount: p.reviewCount ?? null,
    brand: p.brand ?? null,
    category: p.category ?? null,
    textRank: 0,
  };
}

/**
 * Ranks the client's `similarProducts` against `originalProduct` (indexes refer to the list as sent).
 * invalid when a price does not parse, naming the field.
 */
export async function analyzeProducts(
  input: ReturnType<typeof analyzeProductsSchema.parse>,
  llm: LlmConfig | null,
): Promise<Outcome<{ analysis: Analysis; message: string }>> {
  const source = inputFromClient(input.originalProduct);
  if (!source) return fail('invalid', 'originalProduct.price: must be a price in pounds');
  const candidates: Array<{ item: number; input: ScoredInput }> = [];
  for (const [index, p] of input.similarProducts.entries()) {
    const parsed = inputFromClient(p);
    if (!parsed) return fail('invalid', `similarProducts.${index}.price: must be a price in pounds`);
    // Text similarity from shared title words, as the catalogue path gets it from ts_rank.
    const mine = new Set(titleWords(input.originalProduct.title, 12));
    parsed.textRank = titleWords(p.title, 12).filter((w) => mine.has(w)).length;
    candidates.push({ item: index, input: parsed });
  }
  const { ranked, isFallback } = rankAlternatives(source, candidates, input.similarProducts.length);
  const explanations = await rewriteExplanations(
    llm,
    ranked.map((r) => ({ title: input.similarProducts[r.item]?.title ?? '', explanation: r.explanation })),
  );
  const rankings = ranked.map((r, i) => ({
    productIndex: r.item,
    rank: i + 1,
    title: input.similarProducts[r.item]?.title ?? '',
    explanation: explanations[i] ?? r.explanation,
  }));
  return ok({
    analysis: { analysis: analysisText(input.originalProduct.title, rankings.length, !isFallback), rankings },
    message: rankings.length
      ? isFallback
        ? "We didn't find cheaper but this might be better."
        : 'Analysis complete'
      : NO_ALTERNATIVES_ERROR,
  });
}

export type { AnalyzeProductsInput };
