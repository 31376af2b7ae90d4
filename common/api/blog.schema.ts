/**
 * The blog (issue 10; content-and-account-pages §2.8, §2.9, §3 "Blog article"): GET /api/blog lists
 * the articles newest first (the first is featured); GET /api/blog/{slug} gives one with its body as
 * sanitised HTML, 404 for an unknown slug.
 */
import { z } from 'zod';

/** Path parameter `slug`: lower-case words joined by hyphens. */
export const blogSlugParamsSchema = z.object({
  slug: z
    .string()
    .max(100, 'must be at most 100 characters')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and hyphens'),
});

export const blogSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  category: z.string(),
  author: z.string(),
  /** ISO date, e.g. 2025-08-08. */
  date: z.string(),
  /** e.g. '5 min read'. */
  readTime: z.string(),
});
export type BlogSummary = z.infer<typeof blogSummarySchema>;

export const blogListSchema = z.object({ articles: z.array(blogSummarySchema) });
export type BlogList = z.infer<typeof blogListSchema>;

export const blogArticleSchema = blogSummarySchema.extend({
  /** The body as HTML, rendered from Markdown and sanitised on the server. */
  content: z.string(),
});
export type BlogArticle = z.infer<typeof blogArticleSchema>;
