CREATE TABLE "signups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"source" text NOT NULL,
	"consent_wording" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"referrer" text,
	"confirmation_queued" boolean NOT NULL,
	"created_by_token_id" integer
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"preferred_categories" jsonb NOT NULL,
	"email_frequency" text NOT NULL,
	"has_completed_survey" boolean DEFAULT false NOT NULL,
	"created_by_token_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_preferences_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "product_clicks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text,
	"asin" varchar(10),
	"deal_id" text,
	"title" text,
	"click_type" text NOT NULL,
	"price_pence" integer,
	"original_price_pence" integer,
	"category" text,
	"referrer" text,
	"affiliate_tag" text NOT NULL,
	"destination_url" text NOT NULL,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"recorded_by" text NOT NULL,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "signups_email_idx" ON "signups" USING btree ("email");--> statement-breakpoint
CREATE INDEX "signups_created_by_token_idx" ON "signups" USING btree ("created_by_token_id");--> statement-breakpoint
CREATE INDEX "product_clicks_clicked_at_idx" ON "product_clicks" USING btree ("clicked_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_clicks_email_idx" ON "product_clicks" USING btree ("email");