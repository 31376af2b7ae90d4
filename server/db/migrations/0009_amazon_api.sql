CREATE TABLE "amazon_api_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"operation" text NOT NULL,
	"status" smallint NOT NULL,
	"priority" text NOT NULL,
	"items" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "amazon_api_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"next_slot_ms" bigint DEFAULT 0 NOT NULL,
	"day" text DEFAULT '' NOT NULL,
	"day_count" integer DEFAULT 0 NOT NULL,
	"denied_since" timestamp with time zone,
	"denied_reason" text,
	"access_retry_at" timestamp with time zone,
	"freshness_lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "amazon_items" (
	"asin" varchar(10) PRIMARY KEY NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"availability" text NOT NULL,
	"available" boolean NOT NULL,
	"deal_label" text,
	"deal_ends_at" timestamp with time zone,
	"prime_exclusive" boolean DEFAULT false NOT NULL,
	"saving_basis_label" text,
	"browse_node_ids" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "amazon_api_calls_at_idx" ON "amazon_api_calls" USING btree ("at");--> statement-breakpoint
CREATE INDEX "amazon_items_fetched_idx" ON "amazon_items" USING btree ("fetched_at");