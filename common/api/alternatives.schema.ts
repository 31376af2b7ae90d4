/**
 * API shapes of cheaper alternatives (shopper-screens §3 "Alternatives result", §7
 * GET /api/amazon/similar-items/{asin}, POST /api/amazon/analyze-products).
 */
import { z } from 'zod';
import { safeText } from './text.schema';
import { productSchema } from './products.schema';

export const rankingSchema = z.object({
  /** 0-based index into `similarProducts` / `products`. */
  productIndex: z.number().int(),
  /** 1 is the best value. */
  rank: z.number().int(),
  title: z.string(),
  explanation: z.string(),
});
export type Ranking = z.infer<typeof rankingSchema>;

export const analysisSchema = z.object({ analysis: z.string(), rankings: z.array(rankingSchema) });
export type Analysis = z.infer<typeof analysisSchema>;

/**
 * GET /api/amazon/similar-items/{asin} answer; `products` are in rank order: genuine alternatives only
 * (the same product type, not accessories, consumables or parts; issue 28), cheaper ones first, each
 * explained in `analysis.rankings` ("Same type: travel kettle · £4.20 cheaper · 1.0 L vs 0.9 L").
 */
export const similarItemsResponseSchema = z.object({
  products: z.array(productSchema),
  similarProducts: z.array(productSchema),
  originalProduct: productSchema.nullable(),
  total: z.number().int(),
  sourceAsin: z.string(),
  /** True when nothing similar is cheaper and these may be better value instead. */
  isFallback: z.boolean(),
  analysis: analysisSchema.nullable(),
  /**
   * Set when there is nothing to show; the dialog then shows 'No Alternatives Found' and this text.
   * Issue 28: "no genuine alternative" is said plainly, naming the type we read ("… nothing else in
   * our catalogue is a stand mixer …"); accessories and parts are never shown instead.
   */
  error: z.string().nullable(),
  /**
   * The product type read from the source's title (issue 28; the word the alternatives share, e.g.
   * "kettle"), or null when its title names none. Optional: older answers lack it.
   */
  productType: z.string().nullable().optional(),
  message: z.string(),
});
export type SimilarItemsResponse = z.infer<typeof similarItemsResponseSchema>;

const price = z.union([safeText(30), z.number()]);
/** A product as the client sends it for analysis: only what the value score reads. */
export const analysisProductSchema = z.object({
  asin: safeText(20).optional(),
  title: safeText(500).min(1, 'must not be empty'),
  price,
  originalPrice: price.nullish(),
  rating: z.number().min(0).max(5).nullish(),
  reviewCount: z.number().int().min(0).nullish(),
  brand: safeText(200).nullish(),
  category: safeText(100).nullish(),
});

/** POST /api/amazon/analyze-products body: up to 50 similar products. */
export const analyzeProductsSchema = z.object({
  originalProduct: analysisProductSchema,
  similarProducts: z.array(analysisProductSchema).max(50, 'must list at most 50 products'),
});
export type AnalyzeProductsInput = z.input<typeof analyzeProductsSchema>;

export const analyzeProductsResponseSchema = z.object({ analysis: analysisSchema, message: z.string() });
