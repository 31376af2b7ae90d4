/**
 * Blog articles as Markdown with front matter (issue 10: "Markdown files with front matter in the
 * repository, rendered by a well-kept Markdown library and sanitised"). Pure rules: parse the front
 * matter (a strict `key: value` subset of YAML with plain, 'single' or "double" quoted values, validated with zod), render the body with `marked`,
 * and sanitise the HTML with `sanitize-html`, so even a careless article cannot inject script.
 */
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';

export const frontMatterSchema = z.object({
  title: z.string().min(1).max(200),
  category: z.string().min(1).max(50),
  author: z.string().min(1).max(100),
  date: z.iso.date('must be an ISO date such as 2025-08-08'),
  excerpt: z.string().min(1).max(400),
});
export type FrontMatter = z.infer<typeof frontMatterSchema>;

export class ArticleFormatError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'ArticleFormatError';
  }
}

/**
 * Splits `source` into its front matter and Markdown body. The front matter sits between two `---`
 * lines; each line is `key: value`, the value optionally in double quotes. Throws
 * {@link ArticleFormatError} naming `file` and the problem.
 */
export function parseArticleSource(file: string, source: string): { meta: FrontMatter; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source);
  if (!match) throw new ArticleFormatError(file, 'must start with front matter between two --- lines');
  const fields: Record<string, string> = {};
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const pair = /^([A-Za-z]+):\s*(.*)$/.exec(line);
    if (!pair) throw new ArticleFormatError(file, `front matter line is not "key: value": ${line}`);
    const raw = (pair[2] ?? '').trim();
    fields[pair[1] as string] = unquote(raw);
  }
  const parsed = frontMatterSchema.safeParse(fields);
  if (!parsed.success) {
    throw new ArticleFormatError(file, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  return { meta: parsed.data, body: match[2] ?? '' };
}

/** A YAML scalar as written: "double" (\" escapes), 'single' ('' escapes) or plain. */
function unquote(raw: string): string {
  if (raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"')) return raw.slice(1, -1).replace(/\\(["\\])/g, '$1');
  if (raw.length >= 2 && raw.startsWith("'") && raw.endsWith("'")) return raw.slice(1, -1).replace(/''/g, "'");
  return raw;
}

const marked = new Marked({ gfm: true, breaks: false });

/** What an article body may contain: text structure, links and tables; no script, style, forms, frames or images. */
const SANITISE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'code',
    'pre',
    'blockquote',
    'a',
    'hr',
    'br',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    // Links to other sites open without handing them our page (rel) or the reader's referrer.
    a: (tagName, attribs) =>
      /^https?:/i.test(attribs.href ?? '')
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' } }
        : { tagName, attribs },
  },
};
SANITISE.allowedAttributes = { ...SANITISE.allowedAttributes, a: ['href', 'title', 'rel', 'target'] };

/** The Markdown `body` as sanitised HTML. */
export function renderArticleHtml(body: string): string {
  const html = marked.parse(body, { async: false });
  return sanitizeHtml(html, SANITISE);
}

/** Words per minute for the read time: an unhurried reading speed for advice you act on. */
const WORDS_PER_MINUTE = 180;

/** '5 min read' for a Markdown body (at least 1 minute). */
export function readTime(body: string): string {
  return `${Math.max(1, Math.round(wordCount(body) / WORDS_PER_MINUTE))} min read`;
}

/** The number of words of a Markdown body (for tests and the 500–900 word rule). */
export function wordCount(body: string): number {
  return body.split(/\s+/).filter((w) => /[A-Za-z0-9£]/.test(w)).length;
}
