/** The blog feature's public module (docs/architecture.md "Import rules"): the published articles. */
export { findArticle, listArticles } from './blog.service';
