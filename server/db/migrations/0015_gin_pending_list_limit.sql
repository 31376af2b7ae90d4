DROP INDEX "products_search_idx";--> statement-breakpoint
DROP INDEX "products_suggest_idx";--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector") WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "products_suggest_idx" ON "products" USING gin ("suggest_vector") WITH (gin_pending_list_limit=64);