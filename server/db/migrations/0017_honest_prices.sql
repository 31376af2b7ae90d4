DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_trending_idx";--> statement-breakpoint
DROP INDEX "products_popular_idx";--> statement-breakpoint
DROP INDEX "products_category_popular_idx";--> statement-breakpoint
ALTER TABLE "price_observations" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reference_price_pence" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "lowest_in_30_days" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category","trending_score" DESC NULLS FIRST,"price_pence","id");--> statement-breakpoint
CREATE INDEX "products_trending_idx" ON "products" USING btree ("trending_score" DESC NULLS FIRST,"price_pence","id");--> statement-breakpoint
CREATE INDEX "products_popular_idx" ON "products" USING btree ("popularity_score" DESC NULLS FIRST,"trending_score" DESC NULLS FIRST,"price_pence","id") WHERE deal_kind is null;--> statement-breakpoint
CREATE INDEX "products_category_popular_idx" ON "products" USING btree ("category","popularity_score" DESC NULLS FIRST,"trending_score" DESC NULLS FIRST,"price_pence","id") WHERE deal_kind is null;--> statement-breakpoint
-- Issue 27: the evidence of the price in effect now reaches its last confirmation (products.price_as_of).
UPDATE "price_observations" o SET "confirmed_at" = p."price_as_of"
FROM "products" p
WHERE o."product_id" = p."id" AND p."price_as_of" > o."observed_at"
  AND o."id" = (SELECT o2."id" FROM "price_observations" o2 WHERE o2."product_id" = p."id" ORDER BY o2."observed_at" DESC, o2."id" DESC LIMIT 1);--> statement-breakpoint
-- Claims made on partial history, which the reference-price rule no longer makes; the nightly
-- maintenance job re-judges every product with a history claim under the new rule.
UPDATE "products" SET "deal_kind" = NULL, "deal_percent" = NULL, "deal_label" = NULL
WHERE "deal_label" IN ('Lowest price we have tracked') OR "deal_label" LIKE '%below its average price so far';
