/**
 * The text of the site's static pages as data (issue 10 part 2; docs/decisions/0010-first-html.md):
 * the Privacy Policy, Terms of Service, Cookie Policy, FAQ, How It Works and About pages are written
 * once in `common/content/*.ts` as blocks of inline text, and rendered by both sides from the same
 * words: the server into the first HTML response (server/features/seo/content-markup.rules.ts,
 * escaped by construction) and the web app into React elements
 * (web/features/content/components/content-blocks.tsx). No Markdown parser reaches the browser, and
 * nothing here is HTML: every string is text, escaped where it is written.
 *
 * Company details (COMPANY_NAME, COMPANY_ADDRESS, CONTACT_EMAIL) are placeholders filled at render
 * time: the server from its configuration, the web app from GET /api/config.
 */

/** A company detail from configuration. */
export type CompanyField = 'name' | 'address' | 'email';

/** The company details a page is rendered with. */
export interface CompanyDetails {
  /** COMPANY_NAME, e.g. "Deal Alerts UK". */
  name: string;
  /** COMPANY_ADDRESS, one or more lines. */
  address: string;
  /** CONTACT_EMAIL. */
  email: string;
}

/** One run of text inside a paragraph, list item or answer. */
export type Inline =
  | string
  | { kind: 'strong'; text: string }
  /** A link to a page of this site (`href` from common/paths.ts): a client-side link in the app. */
  | { kind: 'link'; href: string; text: string }
  | { kind: 'company'; field: CompanyField }
  /** The contact address as a mailto: link. */
  | { kind: 'email-link' };

/** A run of inline text. */
export type RichText = readonly Inline[];

/** One item the Cookie Policy lists as kept in the browser. */
export interface StorageItem {
  name: string;
  kind: 'Essential' | 'Functional';
  purpose: string;
  duration: string;
}

/** A block of a page's body. */
export type Block =
  | { kind: 'h2'; text: string }
  | { kind: 'p'; text: RichText }
  | { kind: 'ul'; items: readonly RichText[] }
  /** The Cookie Policy's table of what is kept in the browser (cards on narrow screens). */
  | { kind: 'storage-table'; items: readonly StorageItem[] };

/**
 * Tagged template for rich text: literal parts stay text, interpolated {@link Inline}s (made by
 * {@link strong}, {@link link}, {@link company}, {@link emailLink}) keep their kind.
 * `` t`E-mail ${emailLink} today.` `` → `['E-mail ', { kind: 'email-link' }, ' today.']`.
 */
export function t(strings: TemplateStringsArray, ...values: Inline[]): RichText {
  const out: Inline[] = [];
  strings.forEach((literal, i) => {
    if (literal) out.push(literal);
    const value = values[i];
    if (value !== undefined && value !== '') out.push(value);
  });
  return out;
}

export const strong = (text: string): Inline => ({ kind: 'strong', text });
export const link = (href: string, text: string): Inline => ({ kind: 'link', href, text });
export const company = (field: CompanyField): Inline => ({ kind: 'company', field });
export const emailLink: Inline = { kind: 'email-link' };

export const h2 = (text: string): Block => ({ kind: 'h2', text });
export const p = (text: RichText | string): Block => ({ kind: 'p', text: typeof text === 'string' ? [text] : text });
export const ul = (...items: Array<RichText | string>): Block => ({
  kind: 'ul',
  items: items.map((item) => (typeof item === 'string' ? [item] : item)),
});

/** The words of one inline run as plain text (company fields filled in). */
export function inlineText(inline: Inline, details: CompanyDetails): string {
  if (typeof inline === 'string') return inline;
  switch (inline.kind) {
    case 'strong':
    case 'link':
      return inline.text;
    case 'company':
      return details[inline.field];
    case 'email-link':
      return details.email;
  }
}

/** Rich text as plain text (for headings, meta descriptions and tests). */
export function plainText(text: RichText, details: CompanyDetails): string {
  return text.map((inline) => inlineText(inline, details)).join('');
}

/** Every sentence of `blocks` as plain text, one string per paragraph, list item, heading or table cell. */
export function blockTexts(blocks: readonly Block[], details: CompanyDetails): string[] {
  return blocks.flatMap((block) => {
    switch (block.kind) {
      case 'h2':
        return [block.text];
      case 'p':
        return [plainText(block.text, details)];
      case 'ul':
        return block.items.map((item) => plainText(item, details));
      case 'storage-table':
        return block.items.flatMap((item) => [item.name, item.kind, item.purpose, item.duration]);
    }
  });
}
