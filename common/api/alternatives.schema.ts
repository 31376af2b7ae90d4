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

/** GET /api/amazon/similar-items/{asin} answer; `products` are in rank order. */
export const similarItemsResponseSchema = z.object({
  products: z.array(productSchema),
  similarProducts: z.array(productSchema),
  originalProduct: productSchema.nullable(),
  total: z.number().int(),
  sourceAsin: z.string(),
  /** True when nothing similar is cheaper and these may be better value instead. */
  isFallback: z.boolean(),
  analysis: analysisSchema.nullable(),
  /** Set when there is nothing to show; the dialog then shows 'No Alternatives Found' and this text. */
  error: z.string().nullable(),
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
