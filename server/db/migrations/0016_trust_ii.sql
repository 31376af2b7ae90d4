CREATE TABLE "admin_known_clients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_id" bigint NOT NULL,
	"client_hash" text NOT NULL,
	"last_success_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_preferences" (
	"token_id" integer PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"preferred_categories" jsonb NOT NULL,
	"email_frequency" text NOT NULL,
	"has_completed_survey" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_alerts" ADD COLUMN "awaiting_proof" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "mailbox" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "source_network" text;--> statement-breakpoint
ALTER TABLE "admin_known_clients" ADD CONSTRAINT "admin_known_clients_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_known_clients_admin_client_idx" ON "admin_known_clients" USING btree ("admin_id","client_hash");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_reset_idx" ON "rate_limit_hits" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "device_preferences_email_idx" ON "device_preferences" USING btree ("email");--> statement-breakpoint
CREATE INDEX "email_outbox_mailbox_idx" ON "email_outbox" USING btree ("mailbox","created_at") WHERE mailbox is not null;--> statement-breakpoint
CREATE INDEX "email_outbox_network_idx" ON "email_outbox" USING btree ("source_network","created_at") WHERE source_network is not null;--> statement-breakpoint
CREATE INDEX "email_outbox_budgeted_idx" ON "email_outbox" USING btree ("created_at") WHERE kind in ('confirmation', 'unsubscribe-link');--> statement-breakpoint
-- Issue 25: referrers and visited paths are stored without their query string or fragment (they
-- carried live signed one-click-unsubscribe links and tokens); clean the rows stored before.
UPDATE "unsubscribe_records" SET "referrer" = substring("referrer" from '^[^?#]*') WHERE "referrer" ~ '[?#]';--> statement-breakpoint
UPDATE "unsubscribe_records" SET "visited_path" = substring("visited_path" from '^[^?#]*') WHERE "visited_path" ~ '[?#]';--> statement-breakpoint
UPDATE "product_clicks" SET "referrer" = substring("referrer" from '^[^?#]*') WHERE "referrer" ~ '[?#]';--> statement-breakpoint
UPDATE "signups" SET "referrer" = substring("referrer" from '^[^?#]*') WHERE "referrer" ~ '[?#]';
