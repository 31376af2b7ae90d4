CREATE TABLE IF NOT EXISTS "deleted_products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" bigint NOT NULL,
	"asin" varchar(10) NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"price_pence" integer NOT NULL,
	"product" jsonb NOT NULL,
	"price_observations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"observation_count" integer DEFAULT 0 NOT NULL,
	"category_page_entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"budget_deal" jsonb,
	"reason" text NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL,
	"deleted_by" bigint
);
--> statement-breakpoint
ALTER TABLE "deleted_products" ADD CONSTRAINT "deleted_products_deleted_by_admin_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "deleted_products_asin_idx" ON "deleted_products" USING btree ("asin");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deleted_products_deleted_at_idx" ON "deleted_products" USING btree ("deleted_at","id");
