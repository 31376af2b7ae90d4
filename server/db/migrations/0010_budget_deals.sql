CREATE TABLE "budget_deals" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"added_by" bigint
);
--> statement-breakpoint
ALTER TABLE "budget_deals" ADD CONSTRAINT "budget_deals_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_deals" ADD CONSTRAINT "budget_deals_added_by_admin_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budget_deals_position_idx" ON "budget_deals" USING btree ("position","product_id");