-- Issue 30 "Track any Amazon product": products shoppers asked to track that we do not hold and
-- could not fetch (no Creators API, or its shopper share spent). One row per ASIN: how often it was
-- asked for and when first and last; no personal data (docs/decisions/0030-track-any-product.md).
CREATE TABLE IF NOT EXISTS "product_requests" (
	"asin" varchar(10) PRIMARY KEY NOT NULL,
	"request_count" integer DEFAULT 1 NOT NULL,
	"first_requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_fetch_error" text
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_requests_wanted_idx" ON "product_requests" USING btree ("request_count" DESC,"last_requested_at" DESC);
