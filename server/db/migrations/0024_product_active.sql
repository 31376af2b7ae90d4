-- Issue 29 "Edit a product … active" (docs/decisions/0034-inactive-products.md): an owner can take a
-- product off the shop without deleting it. An inactive product stays in `products` (editable in the
-- admin list, kept by imports and price checks, its history kept) but no shopper-facing read shows it
-- and no alert or saved search mails about it. A constant default: a metadata-only change on
-- PostgreSQL 11+ (no table rewrite), the same on PGlite. The listing indexes are unchanged: their
-- partial predicates (`deal_kind is [not] null`) are implied by the shopper queries, which filter
-- the few inactive rows as they read (EXPLAIN in the decision record).
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "is_active" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- Products archived before this migration (decision 0027) restore through jsonb_populate_record into
-- the columns the schema names: give their rows the new key, so a restore does not insert a null.
UPDATE "deleted_products" SET "product" = "product" || '{"is_active": true}'::jsonb WHERE NOT ("product" ? 'is_active');
