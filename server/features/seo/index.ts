/**
 * The seo feature's public module (docs/architecture.md "Import rules"): the first HTML of every page
 * (title, description, canonical link, JSON-LD and plain main content; decision 0010) and its HTML
 * escaping, which the web feature writes into the page shell.
 */
export { createFirstHtml, type FirstHtml, type FirstHtmlAnswer } from './first-html.service';
export { escapeHtml } from './html.rules';
