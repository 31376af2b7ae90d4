/**
 * The blog's articles (issue 10; content-and-account-pages §2.8, §2.9, §3): the Markdown files of
 * `content/blog/*.md`, read and rendered once on first use and kept in memory (ten small files; a
 * restart picks up edits). Newest first; the first is the featured one. The slug is the file name.
 * The Markdown renderer (blog-markdown.rules.ts, with marked and sanitize-html) loads with the
 * first read, not with the server.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BlogArticle, BlogSummary } from '../../../common/api/blog.schema';

/** Where the articles live: `content/blog` at the project root. */
export const BLOG_DIR = path.resolve(import.meta.dirname, '../../../content/blog');

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

let loaded: Promise<BlogArticle[]> | null = null;

async function loadArticles(dir: string): Promise<BlogArticle[]> {
  // Loaded here, on the first request for the blog, rather than with the server: marked and
  // sanitize-html are only needed then (DESIGN.md §7 "Cold start").
  const { parseArticleSource, readTime, renderArticleHtml } = await import('./blog-markdown.rules');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.md')).sort();
  const articles = await Promise.all(
    files.map(async (file) => {
      const slug = file.slice(0, -3);
      if (!SLUG.test(slug)) throw new Error(`${file}: the file name must be a slug (lower-case words joined by hyphens)`);
      const { meta, body } = parseArticleSource(file, await readFile(path.join(dir, file), 'utf8'));
      return { ...meta, slug, readTime: readTime(body), content: renderArticleHtml(body) };
    }),
  );
  // Newest first; a tie keeps file-name order, so the list is stable.
  articles.sort((a, b) => b.date.localeCompare(a.date));
  return articles.map((article, index) => ({ id: index + 1, ...article }));
}

/** Every article, newest first, rendered (cached after the first call; a failed read is retried next time). */
export function allArticles(dir = BLOG_DIR): Promise<BlogArticle[]> {
  if (dir !== BLOG_DIR) return loadArticles(dir);
  loaded ??= loadArticles(dir).catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  return loaded;
}

/** The list view: every article without its body. */
export async function listArticles(): Promise<BlogSummary[]> {
  return (await allArticles()).map(({ content: _content, ...summary }) => summary);
}

/** One article by slug, or null when there is none. */
export async function findArticle(slug: string): Promise<BlogArticle | null> {
  return (await allArticles()).find((a) => a.slug === slug) ?? null;
}
