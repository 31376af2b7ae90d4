/**
 * Blog routes (issue 10; content-and-account-pages §2.8, §2.9). Public, read-only, cacheable:
 *
 * - `GET /api/blog` → 200 `{ articles }` newest first (the first is featured), without bodies.
 * - `GET /api/blog/:slug` → 200 the article with `content` (sanitised HTML); 404 for an unknown slug;
 *   400 `slug: …` for one that cannot be a slug.
 *
 * The bodies are served here rather than bundled, to keep them out of the pages' JavaScript.
 */
import type { App } from '../../app-deps';
import { blogArticleSchema, blogListSchema, blogSlugParamsSchema } from '../../../common/api/blog.schema';
import { apiErrorSchema } from '../../http/errors';
import { findArticle, listArticles } from './blog.service';

/** Articles change only with a deploy: let browsers and proxies keep them for five minutes. */
const CACHE = 'public, max-age=300';

export async function blogRoutes(app: App): Promise<void> {
  app.get('/api/blog', { schema: { response: { 200: blogListSchema } } }, async (_request, reply) => {
    const articles = await listArticles();
    return reply.header('cache-control', CACHE).send({ articles });
  });

  app.get(
    '/api/blog/:slug',
    { schema: { params: blogSlugParamsSchema, response: { 200: blogArticleSchema, 404: apiErrorSchema } } },
    async (request, reply) => {
      const article = await findArticle(request.params.slug);
      if (!article) return reply.status(404).send({ error: 'Not Found', message: 'slug: no article with this slug' });
      return reply.header('cache-control', CACHE).send(article);
    },
  );
}
