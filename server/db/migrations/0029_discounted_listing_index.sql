-- Issue 31 (docs/decisions/0039-listing-indexes.md, "Deals only on a sparse feed"): a "Deals only"
-- (discount-only) listing keeps the products with a substantiated saving (prices/original-price.sql.ts
-- hasSubstantiatedSavingSql: a list price or a tracked reference price above the price). On a real
-- feed few products have one (the 2023 catalogue has no list prices), yet the planner, having no
-- statistics for a comparison between two columns, guessed a third of the catalogue had one and
-- walked 0028's ordered indexes to their end to find 20 rows: at 1M products the discount-only pages
-- took 0.6–2.5 s p95 (bench/scale-growth.bench.ts). The rule is now stored (has_saving, the same
-- expression, never null), so ANALYZE counts it, and a partial index holds only those products by
-- category and price (the listing's price cap): the planner reads the few and sorts them, or keeps
-- 0028's ordered indexes when savings are common. Adding a stored column rewrites the table once.
ALTER TABLE "products" ADD COLUMN "has_saving" boolean NOT NULL GENERATED ALWAYS AS (coalesce("list_price_pence" > "price_pence" OR "reference_price_pence" > "price_pence", false)) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_listing_discounted_idx" ON "products" ("category", "price_pence") WHERE "is_active" AND "has_saving";
--> statement-breakpoint
ANALYZE "products";
