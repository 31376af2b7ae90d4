-- Issue 28 (docs/decisions/0026-search-relevance.md): search relevance.
-- pg_trgm (a contrib extension: PostgreSQL ships it; PGlite loads it from @electric-sql/pglite/contrib/pg_trgm,
-- server/db/client.ts and the PGlite worker) for the word dictionary's trigram similarity ("did you mean").
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', translate(coalesce(title, ''), 'àáâãäåçèéêëìíîïñòóôõöøùúûüýÿÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝ', 'aaaaaaceeeeiiiinoooooouuuuyyAAAAAACEEEEIIIINOOOOOOUUUUY')), 'A') || $$'|':1000$$::tsvector || setweight(to_tsvector('english', translate(coalesce(brand, ''), 'àáâãäåçèéêëìíîïñòóôõöøùúûüýÿÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝ', 'aaaaaaceeeeiiiinoooooouuuuyyAAAAAACEEEEIIIINOOOOOOUUUUY')), 'B') || $$'|':1000$$::tsvector || setweight(to_tsvector('english', translate(coalesce(category_name, ''), 'àáâãäåçèéêëìíîïñòóôõöøùúûüýÿÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝ', 'aaaaaaceeeeiiiinoooooouuuuyyAAAAAACEEEEIIIINOOOOOOUUUUY')), 'C') || $$'|':1000$$::tsvector || setweight(jsonb_to_tsvector('english', features, '["string"]'), 'D')) STORED;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- Dropping the column dropped its GIN index: the same index again (pending list as in 0015).
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector") WITH (gin_pending_list_limit=64);--> statement-breakpoint
-- The dictionary follows the catalogue: each statement inserting products adds their new words (one
-- INSERT … ON CONFLICT DO NOTHING over the statement's rows), and each update that changes a product's
-- title, brand or category name adds that row's (a price update changes none of them and costs nothing).
CREATE FUNCTION "search_words_from_inserted_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM inserted_products p, regexp_split_to_table(translate(lower(replace(replace(coalesce(p.title, '') || ' ' || coalesce(p.brand, '') || ' ' || coalesce(p.category_name, ''), '''', ''), '’', '')), 'àáâãäåçèéêëìíîïñòóôõöøùúûüýÿÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝ', 'aaaaaaceeeeiiiinoooooouuuuyyAAAAAACEEEEIIIINOOOOOOUUUUY'), '[^a-z0-9]+') AS w
  WHERE w ~ '^[a-z][a-z0-9]{2,39}$'
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "search_words_from_updated_product"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(translate(lower(replace(replace(coalesce(NEW.title, '') || ' ' || coalesce(NEW.brand, '') || ' ' || coalesce(NEW.category_name, ''), '''', ''), '’', '')), 'àáâãäåçèéêëìíîïñòóôõöøùúûüýÿÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝ', 'aaaaaaceeeeiiiinoooooouuuuyyAAAAAACEEEEIIIINOOOOOOUUUUY'), '[^a-z0-9]+') AS w
  WHERE w ~ '^[a-z][a-z0-9]{2,39}$'
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_search_words_on_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS inserted_products FOR EACH STATEMENT EXECUTE FUNCTION "search_words_from_inserted_products"();--> statement-breakpoint
CREATE TRIGGER "products_search_words_on_update" AFTER UPDATE OF "title", "brand", "category_name" ON "products" FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.brand IS DISTINCT FROM NEW.brand OR OLD.category_name IS DISTINCT FROM NEW.category_name)
  EXECUTE FUNCTION "search_words_from_updated_product"();--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM products p, regexp_split_to_table(translate(lower(replace(replace(coalesce(p.title, '') || ' ' || coalesce(p.brand, '') || ' ' || coalesce(p.category_name, ''), '''', ''), '’', '')), 'àáâãäåçèéêëìíîïñòóôõöøùúûüýÿÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝ', 'aaaaaaceeeeiiiinoooooouuuuyyAAAAAACEEEEIIIINOOOOOOUUUUY'), '[^a-z0-9]+') AS w
WHERE w ~ '^[a-z][a-z0-9]{2,39}$'
ON CONFLICT (word) DO NOTHING;
