CREATE TABLE "analytics_changes" (
	"table_name" text PRIMARY KEY NOT NULL,
	"changes" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_counts" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"searches" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ref" text NOT NULL,
	"path" text NOT NULL,
	"asin" varchar(10),
	"email" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_visits_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
DROP INDEX "product_clicks_clicked_at_idx";--> statement-breakpoint
DROP INDEX "category_clicks_clicked_at_idx";--> statement-breakpoint
DROP INDEX "product_clicks_email_idx";--> statement-breakpoint
ALTER TABLE "product_clicks" ADD COLUMN "visit_ref" text;--> statement-breakpoint
CREATE INDEX "site_visits_visited_at_idx" ON "site_visits" USING btree ("visited_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_clicks_clicked_at_id_idx" ON "product_clicks" USING btree ("clicked_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_clicks_visit_ref_idx" ON "product_clicks" USING btree ("visit_ref") WHERE visit_ref is not null;--> statement-breakpoint
CREATE INDEX "category_clicks_clicked_at_idx" ON "category_clicks" USING btree ("clicked_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_clicks_email_idx" ON "product_clicks" USING btree ("email","clicked_at" DESC NULLS LAST);--> statement-breakpoint
-- Hand-written (issue 13): statement triggers that count UPDATE/DELETE/TRUNCATE on the analytics
-- tables, so every app instance's in-memory click index knows to reload (click-log-cache.ts).
CREATE FUNCTION "note_analytics_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "analytics_changes" ("table_name", "changes") VALUES (TG_TABLE_NAME, 1)
  ON CONFLICT ("table_name") DO UPDATE SET "changes" = "analytics_changes"."changes" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_clicks_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "product_clicks" FOR EACH STATEMENT EXECUTE FUNCTION "note_analytics_change"();--> statement-breakpoint
CREATE TRIGGER "category_clicks_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "category_clicks" FOR EACH STATEMENT EXECUTE FUNCTION "note_analytics_change"();--> statement-breakpoint
CREATE TRIGGER "site_visits_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "site_visits" FOR EACH STATEMENT EXECUTE FUNCTION "note_analytics_change"();
