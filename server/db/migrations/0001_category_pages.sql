CREATE TABLE "category_page_products" (
	"category_page_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_page_products_category_page_id_product_id_pk" PRIMARY KEY("category_page_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "category_pages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slug" varchar(100) NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"affiliate_tag" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_pages_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "category_page_products" ADD CONSTRAINT "category_page_products_category_page_id_category_pages_id_fk" FOREIGN KEY ("category_page_id") REFERENCES "public"."category_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_page_products" ADD CONSTRAINT "category_page_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_page_products_order_idx" ON "category_page_products" USING btree ("category_page_id","position","product_id");--> statement-breakpoint
CREATE INDEX "category_page_products_product_idx" ON "category_page_products" USING btree ("product_id");