CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unsubscribe_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text,
	"reason" text NOT NULL,
	"visited_path" text,
	"user_agent" text,
	"ip_address" text,
	"referrer" text,
	"effective" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_alerts" ADD COLUMN "created_by_token_id" integer;--> statement-breakpoint
ALTER TABLE "visitor_tokens" ADD COLUMN "proof" text DEFAULT 'device' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitor_tokens" ADD COLUMN "link_hash" text;--> statement-breakpoint
CREATE INDEX "unsubscribe_records_created_idx" ON "unsubscribe_records" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "visitor_tokens_link_hash_idx" ON "visitor_tokens" USING btree ("link_hash");