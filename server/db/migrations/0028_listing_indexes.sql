-- Issue 31 "uncached listings that stay fast from 100k to 1M products" (docs/decisions/0039-listing-indexes.md):
-- the keyword-less listing orders that had no index sorted every matching row of the category (or the
-- whole catalogue) for each page: "Avg. customer review" and "Discount" (a top-N heap sort, 50–70 ms at
-- 100k products and growing with the catalogue). Each index below is in the order a page shows
-- (products.queries.ts sortKeysOf), so a page reads its offset + 20 rows and stops. Partial on
-- `is_active` (decision 0034: every shopper read carries it). "Featured" (trending_score desc, id) had
-- products_trending_idx / products_category_idx, which go on by price, not id: with many equal scores
-- (a plain feed scores 0) the incremental sort on id sorted the whole tie group. Price orders read
-- products_price_idx; the category price index lets category pages by price read only their category.
CREATE INDEX IF NOT EXISTS "products_listing_trending_idx" ON "products" ("trending_score" DESC, "id") WHERE "is_active";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_listing_category_trending_idx" ON "products" ("category", "trending_score" DESC, "id") WHERE "is_active";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_listing_rating_idx" ON "products" ("rating" DESC NULLS LAST, "review_count" DESC NULLS LAST, "id") WHERE "is_active";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_listing_category_rating_idx" ON "products" ("category", "rating" DESC NULLS LAST, "review_count" DESC NULLS LAST, "id") WHERE "is_active";
--> statement-breakpoint
-- The discount percent exactly as products.queries.ts discountPercentSql renders it (with the pricing
-- module's original price, prices/original-price.sql.ts): an expression index is used only for the
-- same expression. Change both together (products.listing-order.test.ts checks the plan).
CREATE INDEX IF NOT EXISTS "products_listing_discount_idx" ON "products" ((round((CASE WHEN "list_price_pence" > "price_pence" THEN "list_price_pence" WHEN "reference_price_pence" > "price_pence" THEN "reference_price_pence" END - "price_pence") * 100.0 / nullif(CASE WHEN "list_price_pence" > "price_pence" THEN "list_price_pence" WHEN "reference_price_pence" > "price_pence" THEN "reference_price_pence" END, 0))) DESC NULLS LAST, "trending_score" DESC, "id") WHERE "is_active";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_listing_category_discount_idx" ON "products" ("category", (round((CASE WHEN "list_price_pence" > "price_pence" THEN "list_price_pence" WHEN "reference_price_pence" > "price_pence" THEN "reference_price_pence" END - "price_pence") * 100.0 / nullif(CASE WHEN "list_price_pence" > "price_pence" THEN "list_price_pence" WHEN "reference_price_pence" > "price_pence" THEN "reference_price_pence" END, 0))) DESC NULLS LAST, "trending_score" DESC, "id") WHERE "is_active";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_listing_category_price_idx" ON "products" ("category", "price_pence", "id") WHERE "is_active";
