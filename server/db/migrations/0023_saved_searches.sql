-- Issue 30: keyword and category alerts (saved searches), the sent-match table that mails each
-- match once, the inverted term table that finds candidate searches per product without scanning
-- every saved search, and the private, revocable alert feeds (docs/decisions/0031-saved-searches.md).
CREATE TABLE IF NOT EXISTS "saved_searches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_email" text NOT NULL,
	"keywords" text NOT NULL,
	"category" text,
	"max_price_pence" integer,
	"min_saving_percent" smallint,
	"frequency" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"awaiting_proof" boolean DEFAULT false NOT NULL,
	"created_by_token_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "saved_searches_email_idx" ON "saved_searches" USING btree ("user_email","created_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "saved_search_terms" (
	"term" text NOT NULL,
	"saved_search_id" bigint NOT NULL REFERENCES "saved_searches"("id") ON DELETE CASCADE,
	CONSTRAINT "saved_search_terms_pk" PRIMARY KEY ("term","saved_search_id")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "saved_search_terms_search_idx" ON "saved_search_terms" USING btree ("saved_search_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "saved_search_matches" (
	"saved_search_id" bigint NOT NULL REFERENCES "saved_searches"("id") ON DELETE CASCADE,
	"asin" varchar(10) NOT NULL,
	"product_title" text NOT NULL,
	"image_url" text,
	"price_pence" integer NOT NULL,
	"saving_percent" smallint,
	"deal_label" text,
	"matched_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "saved_search_matches_pk" PRIMARY KEY ("saved_search_id","asin")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "saved_search_matches_due_idx" ON "saved_search_matches" USING btree ("saved_search_id") WHERE notified_at is null;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "alert_feeds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"proof" text NOT NULL,
	"visitor_token_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "alert_feeds_token_hash_unique" UNIQUE("token_hash")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "alert_feeds_email_idx" ON "alert_feeds" USING btree ("email") WHERE revoked_at is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_outbox_recipient_sent_idx" ON "email_outbox" USING btree ("recipient","created_at") WHERE kind in ('price-drop', 'deal-alert-notification', 'saved-search');
