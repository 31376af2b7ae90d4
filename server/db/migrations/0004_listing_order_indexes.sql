DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_trending_idx";--> statement-breakpoint
DROP INDEX "products_price_idx";--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category","trending_score" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "products_trending_idx" ON "products" USING btree ("trending_score" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_pence","id");