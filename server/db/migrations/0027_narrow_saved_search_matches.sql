-- Issue 30, last budget (decision 0036): a first import writes millions of saved-search match rows,
-- so a row keeps only what makes it a match and what the e-mail states of it then (search, ASIN,
-- price and verified saving when matched, times). Titles, images and deal labels are read from
-- `products` for the at most 10 products an e-mail lists.
ALTER TABLE "saved_search_matches" DROP COLUMN IF EXISTS "product_title";--> statement-breakpoint
ALTER TABLE "saved_search_matches" DROP COLUMN IF EXISTS "image_url";--> statement-breakpoint
ALTER TABLE "saved_search_matches" DROP COLUMN IF EXISTS "deal_label";--> statement-breakpoint
-- The foreign key checked every inserted match against its search (a locking look-up per row: two
-- thirds more time per row, measured). Matches are written only for searches just read as active, and
-- a search's matches still go with it: one statement-level trigger deletes them (erasure, DELETE).
ALTER TABLE "saved_search_matches" DROP CONSTRAINT IF EXISTS "saved_search_matches_saved_search_id_fkey";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "saved_search_matches_cascade"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "saved_search_matches" m USING gone g WHERE m."saved_search_id" = g."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "saved_searches_delete_matches" AFTER DELETE ON "saved_searches" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "saved_search_matches_cascade"();
