CREATE TABLE "deal_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_email" text NOT NULL,
	"product_asin" varchar(10) NOT NULL,
	"product_id" integer,
	"product_title" text NOT NULL,
	"product_image_url" text,
	"product_url" text,
	"current_price_pence" integer,
	"last_checked_price_pence" integer,
	"target_price_pence" integer,
	"last_notified_price_pence" integer,
	"last_notification_sent_at" timestamp with time zone,
	"notifications_sent" integer DEFAULT 0 NOT NULL,
	"last_observation_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_check_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"trigger_type" text NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"alerts_checked" integer DEFAULT 0 NOT NULL,
	"successful_checks" integer DEFAULT 0 NOT NULL,
	"failed_checks" integer DEFAULT 0 NOT NULL,
	"source_calls" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"details" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_observations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"asin" varchar(10) NOT NULL,
	"price_pence" integer NOT NULL,
	"list_price_pence" integer,
	"source" text NOT NULL,
	"observed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"asin" varchar(10) NOT NULL,
	"title" text NOT NULL,
	"price_pence" integer NOT NULL,
	"list_price_pence" integer,
	"saving_basis_type" text,
	"observed_high_30d_pence" integer,
	"observed_low_30d_pence" integer,
	"image_url" text,
	"source_url" text,
	"rating" real,
	"review_count" integer,
	"category" text DEFAULT 'other' NOT NULL,
	"category_name" text,
	"brand" text,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bought_last_month" integer,
	"is_best_seller" boolean DEFAULT false NOT NULL,
	"trending_score" real DEFAULT 0 NOT NULL,
	"source" text DEFAULT 'csv' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"price_as_of" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(brand, '') || ' ' || coalesce(category_name, '')), 'B')) STORED,
	"suggest_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(title, ''))) STORED,
	CONSTRAINT "products_asin_unique" UNIQUE("asin")
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"headers" jsonb NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"message_id" text,
	CONSTRAINT "email_outbox_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"unsubscribe_reason" text,
	"consent_source" text NOT NULL,
	"consent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmation_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscribers_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "visitor_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "visitor_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "deal_alerts" ADD CONSTRAINT "deal_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_observations" ADD CONSTRAINT "price_observations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deal_alerts_email_asin_idx" ON "deal_alerts" USING btree ("user_email","product_asin");--> statement-breakpoint
CREATE INDEX "deal_alerts_asin_idx" ON "deal_alerts" USING btree ("product_asin");--> statement-breakpoint
CREATE INDEX "price_observations_product_idx" ON "price_observations" USING btree ("product_id","observed_at");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_suggest_idx" ON "products" USING gin ("suggest_vector");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category","trending_score");--> statement-breakpoint
CREATE INDEX "products_trending_idx" ON "products" USING btree ("trending_score");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_pence");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "visitor_tokens_email_idx" ON "visitor_tokens" USING btree ("email");