ALTER TABLE "products" ADD COLUMN "price_source" text DEFAULT 'csv' NOT NULL;--> statement-breakpoint
-- Hand-written backfill (decision 0014): a product's current price is Amazon's when its newest
-- price observation came from the Creators API; demo products keep their own source.
UPDATE "products" AS p SET "price_source" = 'creators-api'
WHERE (
  SELECT o."source" FROM "price_observations" o
  WHERE o."product_id" = p."id"
  ORDER BY o."observed_at" DESC, o."id" DESC
  LIMIT 1
) = 'creators-api';--> statement-breakpoint
UPDATE "products" SET "price_source" = 'demo' WHERE "source" = 'demo';
