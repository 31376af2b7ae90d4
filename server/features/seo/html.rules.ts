/**
 * Safe HTML by construction for the first HTML response (issue 10 part 2;
 * docs/decisions/0010-first-html.md): every value interpolated into {@link html} is escaped unless
 * it is already {@link SafeHtml} (built by `html` itself, or {@link trustedHtml} for the blog's
 * sanitised article bodies). Nothing a visitor sends reaches the page unescaped.
 */
import escapeHtmlText from 'escape-html';

/** A fragment of HTML that is safe to insert as is. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** Escapes text for an HTML text node or a double- or single-quoted attribute value (the `escape-html` package: & < > " '). */
export function escapeHtml(text: string): string {
  return escapeHtmlText(text);
}

/** A value `html` accepts: text (escaped), numbers, SafeHtml, nothing (''), or a list of these. */
export type HtmlValue = string | number | SafeHtml | null | undefined | false | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return (value as readonly HtmlValue[]).map(render).join('');
  return escapeHtml(String(value));
}

/**
 * Tagged template: `html\`<h1>${title}</h1>\`` escapes `title`; a SafeHtml or an array of them
 * (e.g. a mapped list of `html` fragments) is inserted as is.
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/**
 * Marks HTML as safe. Only for HTML that was sanitised on the server (the blog's Markdown bodies,
 * server/features/blog/blog-markdown.rules.ts); never for anything a visitor sent.
 */
export function trustedHtml(sanitised: string): SafeHtml {
  return new SafeHtml(sanitised);
}

/**
 * A JSON-LD `<script type="application/ld+json">` block. `<`, `>`, `&` and the line separators
 * are written as \u escapes, so no text inside can close the element or open a comment. (A data
 * block is not executed, so the CSP's script-src does not apply to it.)
 */
export function jsonLdScript(data: unknown): SafeHtml {
  const json = JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return new SafeHtml(`<script type="application/ld+json">${json}</script>`);
}
