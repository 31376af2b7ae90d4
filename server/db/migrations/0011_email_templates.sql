CREATE TABLE "email_templates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"html_content" text NOT NULL,
	"sender" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "sender" text;--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_one_default_idx" ON "email_templates" USING btree ("is_default") WHERE is_default;