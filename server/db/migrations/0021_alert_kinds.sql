-- Issue 30: alert kinds, availability per product and price badges (docs/decisions/0029-alert-kinds-and-badges.md).
ALTER TABLE "deal_alerts" ADD COLUMN "alert_type" text DEFAULT 'any_drop' NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_alerts" ADD COLUMN "drop_percent" smallint;--> statement-breakpoint
ALTER TABLE "deal_alerts" ADD COLUMN "last_in_stock" boolean;--> statement-breakpoint
-- Alerts made before kinds existed: those with a target are target-price alerts.
UPDATE "deal_alerts" SET "alert_type" = 'target_price' WHERE "target_price_pence" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_alerts" ADD CONSTRAINT "deal_alerts_alert_type_check" CHECK ("alert_type" IN ('target_price', 'percent_drop', 'any_drop', 'lowest_price', 'back_in_stock'));--> statement-breakpoint
ALTER TABLE "deal_alerts" ADD CONSTRAINT "deal_alerts_drop_percent_check" CHECK ("drop_percent" IS NULL OR "drop_percent" BETWEEN 1 AND 90);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "in_stock" boolean;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_badges" jsonb DEFAULT '[]'::jsonb NOT NULL;
