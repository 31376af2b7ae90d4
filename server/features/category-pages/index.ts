/** The category-pages feature's public module (docs/architecture.md "Import rules"): a page, its products and its affiliate tag. */
export { categoryPageTag, getCategoryPage, getCategoryPageProducts } from './category-pages.service';
