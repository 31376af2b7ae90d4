CREATE TABLE "category_clicks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"category_name" text NOT NULL,
	"category_slug" text NOT NULL,
	"user_email" text,
	"page_url" text,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "deal_kind" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "deal_percent" smallint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "deal_label" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "popularity_score" real DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "category_clicks_clicked_at_idx" ON "category_clicks" USING btree ("clicked_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_deals_idx" ON "products" USING btree ("deal_percent" DESC NULLS FIRST,"trending_score" DESC NULLS FIRST,"id") WHERE deal_kind is not null;--> statement-breakpoint
CREATE INDEX "products_category_deals_idx" ON "products" USING btree ("category","deal_percent" DESC NULLS FIRST,"trending_score" DESC NULLS FIRST,"id") WHERE deal_kind is not null;--> statement-breakpoint
CREATE INDEX "products_popular_idx" ON "products" USING btree ("popularity_score" DESC NULLS FIRST,"trending_score" DESC NULLS FIRST,"id") WHERE deal_kind is null;--> statement-breakpoint
CREATE INDEX "products_category_popular_idx" ON "products" USING btree ("category","popularity_score" DESC NULLS FIRST,"trending_score" DESC NULLS FIRST,"id") WHERE deal_kind is null;--> statement-breakpoint
-- Backfill what SQL can judge alone (docs/decisions/0008-deal-definition.md); the history-based
-- bases follow at the next refresh of each product's statistics (an import or a price check).
UPDATE "products" SET
	"deal_kind" = 'LABELLED_SAVING',
	"deal_percent" = round(("list_price_pence" - "price_pence") * 100.0 / "list_price_pence"),
	"deal_label" = 'Save ' || round(("list_price_pence" - "price_pence") * 100.0 / "list_price_pence")::int || '% on ' || CASE
		WHEN "saving_basis_type" = 'WAS_PRICE' THEN 'the was price'
		WHEN "saving_basis_type" IN ('LOWEST_PRICE', 'LOWEST_PRICE_STRIKETHROUGH') THEN 'its lowest recent price'
		ELSE 'the RRP' END
WHERE "price_pence" > 0 AND "list_price_pence" > "price_pence"
	AND round(("list_price_pence" - "price_pence") * 100.0 / "list_price_pence") >= 1;--> statement-breakpoint
UPDATE "products" SET "popularity_score" = round(greatest(0,
	6 * log(1 + greatest(coalesce("review_count", 0), 0))
	+ 5 * log(1 + greatest(coalesce("bought_last_month", 0), 0))
	+ CASE WHEN "is_best_seller" THEN 8 ELSE 0 END
	+ CASE WHEN "rating" > 0 THEN 6 * (least("rating", 5) - 3.5) * least(1, greatest(coalesce("review_count", 0), 0) / 25.0) ELSE 0 END
)::numeric, 2)
WHERE "review_count" > 0 OR "bought_last_month" > 0 OR "is_best_seller" OR "rating" > 0;
