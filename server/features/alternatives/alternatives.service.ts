/**
 * Cheaper alternatives from our catalogue (shopper-screens §2 'Alternative Products', §3
 * "Alternatives result", §4 "Similar products", §7; DESIGN.md §4 "Cheaper alternatives"), topped up
 * from Amazon's search when the catalogue has too few (issue 14 part 3).
 *
 * - {@link similarItems}: the source product's full-text neighbours (same category unless 'other'),
 *   ranked by the value score of value-score.ts; cheaper ones first, else the fallback. With the
 *   Creators API configured and fewer than {@link ALTERNATIVES_SHOWN} found, Amazon's searchItems
 *   results for the title's words (amazon-similar.service.ts: cached, shopper priority, never an
 *   error) are ranked the same way and added after them.
 * - {@link analyzeProducts}: the same score over products the client sends.
 * Prices follow the licence's 24 hours (docs/decisions/0014-amazon-data-24h.md): a neighbour whose
 * Amazon price may not be shown is left out, and a source whose price may not be shown is compared
 * on everything but price. Explanations may be rewritten by the optional language model
 * (alternatives.llm.ts).
 */
import type { Analysis, AnalyzeProductsInput, SimilarItemsResponse } from '../../../common/api/alternatives.schema';
import { analyzeProductsSchema } from '../../../common/api/alternatives.schema';
import type { Product } from '../../../common/api/products.schema';
import { priceStringToPence } from '../../../common/money';
import { paths } from '../../../common/paths';
import type { Db } from '../../db/client';
import { ok, fail, type Outcome } from '../../http/outcome';
import type { AmazonProduct } from '../../sources/creators-api/creators-api-item';
import { CREATORS_API_SOURCE_NAME } from '../../sources/creators-api/creators-api.source';
import { chooseOriginalPrice, publicPriceView, termQuery, toProduct, type PriceView, type ProductRow, type Term } from '../products';
import { SAVING_BASIS_LABELS } from '../../../common/discount';
import type { AmazonSimilarSearch } from './amazon-similar.service';
import { catalogueIdsByAsin, findSourceProduct, findTypeCandidates } from './alternatives.queries';
import {
  judgeCandidate,
  poolTypesOf,
  profileOf,
  quantityComparison,
  typeReadingsOf,
  type Closeness,
  type SourceProfile,
} from './same-type';
import { rewriteExplanations, type LlmConfig } from './alternatives.llm';
import { amazonSearchKeywords, anyWordQuery, titleWords } from './title-query';
import { mergeRankings, rankAlternatives, type Ranking, type ScoredInput } from './value-score';

/** Candidates naming the source's type read per source; alternatives shown at most. */
export const CANDIDATE_LIMIT = 80;
export const ALTERNATIVES_SHOWN = 5;

export const NO_ALTERNATIVES_ERROR = "We couldn't find similar products in our catalogue.";

/**
 * What the answer says when there is no genuine alternative (issue 28: said plainly, never filled
 * with accessories): the type we read, when we read one ("No genuine alternative: nothing else in our
 * catalogue is a kettle you could buy instead."), else {@link NO_ALTERNATIVES_ERROR}.
 */
export function noAlternativeText(profile: SourceProfile | null): string {
  const type = profile?.type?.forms[0]?.words.join(' ');
  return type
    ? `No genuine alternative: nothing else in our catalogue is a ${type} you could buy instead (accessories and spare parts are not alternatives).`
    : NO_ALTERNATIVES_ERROR;
}

/** A ranked item: a product row (ours, or built from Amazon's answer) and whether we hold it. */
interface Item {
  row: ProductRow & { textRank?: number };
  inCatalogue: boolean;
}

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

/** The source as the score reads it: without its price when that may not be shown (compared on the rest). */
function sourceInputOf(row: ProductRow, priceShown: boolean): ScoredInput {
  const input = inputOf(row);
  return priceShown ? input : { ...input, pricePence: 0, originalPricePence: null, savingBasisLabel: null };
}

/** The source's genuine alternatives: the reading of its type they were judged with, the pool's types, and each with its closeness. */
interface Genuine {
  profile: SourceProfile | null;
  poolTypes: ReadonlySet<string>;
  found: Array<{ row: ProductRow & { textRank: number }; closeness: Closeness }>;
}

/**
 * The source's genuine alternatives in the catalogue (issue 28; same-type.ts): the products naming
 * one of the source's type readings (up to {@link CANDIDATE_LIMIT}, the closest titles first), judged
 * with the reading under which the most are alternatives (judgeCandidate: the same type, not
 * accessories or parts, fitting), each with its closeness; only the closest kinds are kept. A source whose title names no
 * type, or whose type nothing else is, has none.
 */
async function genuineAlternatives(db: Db, source: ProductRow): Promise<Genuine> {
  const readings = typeReadingsOf(source.title, source.categoryName);
  const profiles = readings.map((word) => profileOf(source.title, source.categoryName, word)).filter((p) => p.type !== null);
  if (profiles.length === 0) return { profile: null, poolTypes: new Set(), found: [] };
  // A type that must fit also finds products by its size and model codes ("395" for a Renata 395).
  const codes = [...new Set(profiles.flatMap((p) => [...p.fitCodes]))].filter((c) => /^[a-z0-9]+$/.test(c));
  const read = (readings: SourceProfile[]) =>
    findTypeCandidates(db, {
      typeTsquery: [...readings.map((p) => termQuery(p.type as Term)), ...codes].join(' | '),
      rankTsquery: anyWordQuery(titleWords(source.title, 8)),
      categoryName: source.categoryName,
      excludeAsin: source.asin,
      limit: CANDIDATE_LIMIT,
    });
  // The first reading alone first (one narrow look-up for most titles); the others only when it
  // finds fewer than two alternatives.
  let rows = await read(profiles.slice(0, 1));
  const first = profiles[0] as SourceProfile;
  const firstPool = poolTypesOf(rows.map((r) => r.title));
  if (profiles.length > 1 && rows.filter((row) => judgeCandidate(first, source, row, firstPool)).length < 2) {
    const seen = new Set(rows.map((r) => r.id));
    rows = [...rows, ...(await read(profiles.slice(1))).filter((r) => !seen.has(r.id))];
  }
  const poolTypes = poolTypesOf(rows.map((r) => r.title));
  // The first reading that finds alternatives, unless a later one finds more than twice as many:
  // "kettle", not "illumination", for "… Electric Kettle 1.7 Litre Blue Illumination".
  let best: Omit<Genuine, 'poolTypes'> = { profile: profiles[0] ?? null, found: [] };
  for (const profile of profiles) {
    const found: Array<{ row: ProductRow & { textRank: number }; closeness: Closeness }> = [];
    for (const row of rows) {
      const closeness = judgeCandidate(profile, source, row, poolTypes);
      if (closeness) found.push({ row, closeness });
    }
    if (found.length > 2 * best.found.length) best = { profile, found };
  }
  // The closest kinds only: a candidate much less close than the closest is left out.
  const closest = Math.max(0, ...best.found.map((c) => c.closeness.similarity));
  const floor = Math.max(MIN_CLOSENESS, closest * RELATIVE_CLOSENESS);
  return { profile: best.profile, poolTypes, found: best.found.filter((c) => c.closeness.similarity >= floor) };
}

/** Least closeness (same-type.ts judgeCandidate, 0–1) of an alternative shown, absolutely and as a share of the closest's. */
export const MIN_CLOSENESS = 0.01;
export const RELATIVE_CLOSENESS = 0.6;

/** Highest price of a dearer alternative shown, as a multiple of the source's price (a sensible price band). */
export const DEARER_LIMIT = 5;

function analysisText(sourceTitle: string, count: number, cheaper: boolean, withAmazon = false): string {
  if (count === 0) return `We found nothing similar to ${sourceTitle} in our catalogue.`;
  return cheaper
    ? `We compared similar products in our catalogue${withAmazon ? ' and on Amazon' : ''} by price, substantiated saving, rating and how closely they match. ${count} ${count === 1 ? 'is' : 'are'} cheaper than this one, best value first.`
    : `Nothing similar is cheaper, but ${count} ${count === 1 ? 'is' : 'are'} better rated or better discounted, best value first.`;
}

/**
 * An Amazon search result as a product row (pence; `price_source` creators-api, `price_as_of` its
 * fetch time, so the licence's 24 hours apply to it like to any Amazon price), or null without a
 * current offer in pounds. `id` is the catalogue's when we hold the ASIN, else 0.
 */
export function amazonRowOf(product: AmazonProduct, catalogueId: number | undefined): ProductRow | null {
  if (product.pricePence === null || !(product.pricePence > 0)) return null;
  if (product.currency !== null && product.currency !== 'GBP') return null;
  return {
    id: catalogueId ?? 0,
    asin: product.asin,
    title: product.title ?? product.asin,
    pricePence: product.pricePence,
    listPricePence: product.listPricePence,
    savingBasisType: product.savingBasisType,
    observedHigh30dPence: null,
    observedLow30dPence: null,
    referencePricePence: null,
    lowestIn30Days: false,
    imageUrl: product.imageUrl,
    rating: null,
    reviewCount: null,
    category: product.category,
    categoryName: product.categoryName,
    brand: product.brand,
    features: product.features,
    priceAsOf: product.fetchedAt,
    priceSource: CREATORS_API_SOURCE_NAME,
  };
}

/** The product of a ranked item; one we do not hold links to our tracked redirect instead of a product page we lack. */
function productOf(item: Item, affiliateTag: string, view: PriceView): Product {
  const product = toProduct(item.row, affiliateTag, view);
  return item.inCatalogue ? product : { ...product, id: `amazon:${item.row.asin}`, productUrl: paths.go(item.row.asin) };
}

/** What {@link similarItems} reads besides the database. */
export interface SimilarItemsOptions {
  asin: string;
  affiliateTag: string;
  llm: LlmConfig | null;
  /** The request's clock: which Amazon prices may be shown. */
  now: Date;
  /** Amazon's search (the fallback), or null without Creators API credentials. */
  amazonSearch: AmazonSimilarSearch | null;
}

/**
 * Amazon's search results as a second ranking against `source`: those with a price we may show that
 * are not the source or already in `taken` (by ASIN), scored by shared title words as text rank.
 */
async function amazonRanking(
  db: Db,
  search: AmazonSimilarSearch,
  ctx: {
    source: ProductRow;
    sourceInput: ScoredInput;
    taken: ReadonlySet<string>;
    view: PriceView;
    limit: number;
    genuine: Genuine;
  },
): Promise<Ranking<Item>> {
  const keywords = amazonSearchKeywords(ctx.source.title);
  if (keywords === null) return { ranked: [], isFallback: false };
  const found = (await search.find(keywords)).filter((p) => p.asin !== ctx.source.asin && !ctx.taken.has(p.asin));
  const ids = await catalogueIdsByAsin(
    db,
    found.map((p) => p.asin),
  );
  const mine = new Set(titleWords(ctx.source.title, 12));
  const candidates: Array<{ item: Item; input: ScoredInput }> = [];
  for (const product of found) {
    const id = ids.get(product.asin);
    if (id === null) continue; // an owner took it off the shop (decision 0034)
    const row = amazonRowOf(product, id);
    if (!row || !ctx.view.shows(row)) continue;
    if (ctx.sourceInput.pricePence > 0 && row.pricePence > ctx.sourceInput.pricePence * DEARER_LIMIT) continue;
    // Amazon's matches are judged as the catalogue's are (issue 28): the same type, or nothing.
    const profile = ctx.genuine.profile;
    const closeness = profile ? judgeCandidate(profile, ctx.source, row, ctx.genuine.poolTypes) : null;
    if (!closeness) continue;
    const textRank = titleWords(row.title, 12).filter((w) => mine.has(w)).length;
    candidates.push({
      item: { row, inCatalogue: ids.has(row.asin) },
      input: {
        ...inputOf(row),
        textRank,
        similarity: closeness.similarity,
        typePhrase: closeness.typePhrase,
        quantity: quantityComparison(ctx.source.title, row.title),
      },
    });
  }
  return rankAlternatives(ctx.sourceInput, candidates, ctx.limit, 'any');
}

/**
 * Alternatives to `asin` (already a well-formed ASIN). not-found when we do not hold it. With no
 * neighbour worth showing the answer carries `error` (the dialog's 'No Alternatives Found'). Calls
 * Amazon (through `amazonSearch`) only when the catalogue ranks fewer than {@link ALTERNATIVES_SHOWN};
 * Amazon's failures never reach the shopper. Throws what the database throws.
 */
export async function similarItems(db: Db, opts: SimilarItemsOptions): Promise<Outcome<SimilarItemsResponse>> {
  const source = await findSourceProduct(db, opts.asin);
  if (!source) return fail('not-found', `asin: no product with ASIN ${opts.asin} in our catalogue`);
  const view = publicPriceView(opts.now);
  const sourceInput = sourceInputOf(source, view.shows(source));
  const genuine = await genuineAlternatives(db, source);
  const candidates = genuine.found
    .filter(({ row }) => view.shows(row))
    .filter(({ row }) => sourceInput.pricePence <= 0 || row.pricePence <= sourceInput.pricePence * DEARER_LIMIT)
    .map(({ row, closeness }) => ({
      item: { row, inCatalogue: true } as Item,
      input: {
        ...inputOf(row),
        similarity: closeness.similarity,
        typePhrase: closeness.typePhrase,
        quantity: quantityComparison(source.title, row.title),
      },
    }));
  let ranking = rankAlternatives(sourceInput, candidates, ALTERNATIVES_SHOWN, 'any');
  if (ranking.ranked.length < ALTERNATIVES_SHOWN && opts.amazonSearch) {
    const taken = new Set(ranking.ranked.map((r) => r.item.row.asin));
    const fromAmazon = await amazonRanking(db, opts.amazonSearch, { source, sourceInput, taken, view, limit: ALTERNATIVES_SHOWN, genuine });
    ranking = mergeRankings(ranking, fromAmazon, ALTERNATIVES_SHOWN);
  }
  const { ranked, isFallback } = ranking;
  const explanations = await rewriteExplanations(
    opts.llm,
    ranked.map((r) => ({ title: r.item.row.title, explanation: r.explanation })),
  );
  const list = ranked.map((r) => productOf(r.item, opts.affiliateTag, view));
  const analysis: Analysis | null = ranked.length
    ? {
        analysis: analysisText(
          source.title,
          ranked.length,
          !isFallback,
          ranked.some((r) => !r.item.inCatalogue),
        ),
        rankings: ranked.map((r, i) => ({
          productIndex: i,
          rank: i + 1,
          title: r.item.row.title,
          explanation: explanations[i] ?? r.explanation,
        })),
      }
    : null;
  return ok({
    products: list,
    similarProducts: list,
    originalProduct: toProduct(source, opts.affiliateTag, view),
    total: list.length,
    sourceAsin: source.asin,
    isFallback: ranked.length > 0 && isFallback,
    analysis,
    error: ranked.length ? null : noAlternativeText(genuine.profile),
    productType: genuine.profile?.typeWord ?? null,
    message: ranked.length
      ? isFallback
        ? "We didn't find cheaper but this might be better."
        : `Found ${list.length} cheaper alternative${list.length === 1 ? '' : 's'}`
      : noAlternativeText(genuine.profile),
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
  const profile = profileOf(input.originalProduct.title, input.originalProduct.category ?? null);
  const original = { title: input.originalProduct.title, categoryName: input.originalProduct.category ?? null, brand: null };
  for (const [index, p] of input.similarProducts.entries()) {
    const parsed = inputFromClient(p);
    if (!parsed) return fail('invalid', `similarProducts.${index}.price: must be a price in pounds`);
    // Text similarity from shared title words, as the catalogue path gets it from ts_rank.
    const mine = new Set(titleWords(input.originalProduct.title, 12));
    parsed.textRank = titleWords(p.title, 12).filter((w) => mine.has(w)).length;
    // The type both are, when the titles say so (the products sent are ranked, never dropped).
    const closeness = judgeCandidate(profile, original, { title: p.title, categoryName: p.category ?? null, brand: null });
    if (closeness) parsed.typePhrase = closeness.typePhrase;
    parsed.quantity = quantityComparison(input.originalProduct.title, p.title);
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
