/**
 * The blog's calls (issue 10; content-and-account-pages §2.8, §2.9): GET /api/blog and
 * GET /api/blog/{slug}. Articles come from the API, so their bodies stay out of the pages' JavaScript.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogArticle, BlogList } from '../../../common/api/blog.schema';
import { ApiError, apiRequest } from '../../lib/http.client';

export const blogListQuery = queryOptions({
  queryKey: ['blog'],
  queryFn: ({ signal }) => apiRequest<BlogList>('GET', '/api/blog', undefined, { signal }),
});

/** One article, or null when the server has none with this slug (404). */
export const blogArticleQuery = (slug: string) =>
  queryOptions({
    queryKey: ['blog', slug],
    queryFn: async ({ signal }): Promise<BlogArticle | null> => {
      try {
        return await apiRequest<BlogArticle>('GET', `/api/blog/${encodeURIComponent(slug)}`, undefined, { signal });
      } catch (error) {
        // 404 (unknown) and 400 (cannot be a slug) both mean: no such article.
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }
    },
  });

export function useBlogList() {
  return useQuery(blogListQuery);
}

export function useBlogArticle(slug: string) {
  return useQuery(blogArticleQuery(slug));
}
