-- Hand-written (issue 31 "analytics whose memory does not grow with events"; decision 0028): the
-- Clicks tab's figures move from each server's in-memory click index to the roll-ups of migration
-- 0020, which gain the dimensions those figures need. Kept by the same statement triggers (exact
-- for rows written by any instance, a bulk load, a restore or psql), per London day and per month:
-- - product clicks (column clicks): 'product' (the ASIN, else the deal id; none when neither),
--   'click_category' (the category, '' for none), 'click_email' (the address; none when
--   anonymous), 'click_kind' ('anonymous' without an address, and 'email_source' for
--   utm_source=email or utm_medium=email, case and surrounding spaces ignored);
-- - visits (columns visits and clicked_visits): 'campaign' (utm source, medium and campaign joined
--   by U+0001; none without any), 'visit_kind' ('anonymous', 'email_source' as above);
-- - category button clicks (column clicks; new trigger): 'category_button' (slug U+0001 name) and
--   'category_button_user' (the address; none when anonymous).
-- Every dimension, those of 0020 included, now also has year rows ('{dimension}@year', day = 1
-- January), so a long range (This Year, All Time) reads a few rows per key instead of one per key
-- and month: the per-address dimension has about as many (address, month) rows as clicks / 2.
-- The in-memory index's change counter (analytics_changes, migration 0009) is left as it is.

-- A visit's roll-up keys (dimension, key); rows with no key are not counted. Inlined by the planner.
CREATE FUNCTION "analytics_visit_keys"(path text, referrer_host text, device text, utm_source text, utm_medium text, utm_campaign text, email text)
RETURNS TABLE ("dim" text, "key" text) LANGUAGE sql IMMUTABLE AS $$
  SELECT d.dim, d.key FROM (VALUES
    ('total', ''),
    ('page', "analytics_page_key"(path)),
    ('referrer', coalesce(referrer_host, '')),
    ('device', coalesce(device, 'unknown')),
    ('campaign', CASE WHEN utm_source IS NOT NULL OR utm_medium IS NOT NULL OR utm_campaign IS NOT NULL
                      THEN coalesce(utm_source, '') || chr(1) || coalesce(utm_medium, '') || chr(1) || coalesce(utm_campaign, '') END),
    ('visit_kind', CASE WHEN email IS NULL THEN 'anonymous' END),
    ('visit_kind', CASE WHEN lower(btrim(utm_source, E' \t\n\r\f\x0B')) = 'email' OR lower(btrim(utm_medium, E' \t\n\r\f\x0B')) = 'email' THEN 'email_source' END)
  ) d(dim, key) WHERE d.key IS NOT NULL;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "analytics_visits_sql"() RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT $q$
    INSERT INTO "analytics_daily" ("day", "dimension", "key", "visits", "product_visits", "clicked_visits")
    SELECT g.day, d.dim || g.grain, d.key, sum(v.s), sum(v.s * (v."asin" IS NOT NULL)::int),
           sum(v.s * (EXISTS (SELECT 1 FROM "product_clicks" c WHERE c."visit_ref" = v."ref"))::int)
    FROM (SELECT x.*, (x."visited_at" AT TIME ZONE 'Europe/London')::date AS local_day FROM (%1$s) x) v
    CROSS JOIN LATERAL "analytics_visit_keys"(v."path", v."referrer_host", v."device", v."utm_source", v."utm_medium", v."utm_campaign", v."email") d
    CROSS JOIN LATERAL (VALUES ('', v.local_day), ('@month', date_trunc('month', v.local_day)::date),
                               ('@year', date_trunc('year', v.local_day)::date)) g(grain, day)
    GROUP BY 1, 2, 3
    ON CONFLICT ("dimension", "day", "key") DO UPDATE SET
      "visits" = "analytics_daily"."visits" + excluded."visits",
      "product_visits" = "analytics_daily"."product_visits" + excluded."product_visits",
      "clicked_visits" = "analytics_daily"."clicked_visits" + excluded."clicked_visits"
  $q$;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "analytics_clicks_sql"() RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT $q$
    INSERT INTO "analytics_daily" ("day", "dimension", "key", "clicks")
    SELECT g.day, d.dim || g.grain, d.key, sum(c.s)
    FROM (SELECT x.*, (x."clicked_at" AT TIME ZONE 'Europe/London')::date AS local_day FROM (%1$s) x) c
    CROSS JOIN LATERAL (VALUES ('total', ''), ('device', coalesce(c."device", 'unknown')),
                               ('product', coalesce(c."asin", c."deal_id")),
                               ('click_category', coalesce(c."category", '')),
                               ('click_email', c."email"),
                               ('click_kind', CASE WHEN c."email" IS NULL THEN 'anonymous' END),
                               ('click_kind', CASE WHEN lower(btrim(c."utm_source", E' \t\n\r\f\x0B')) = 'email'
                                                     OR lower(btrim(c."utm_medium", E' \t\n\r\f\x0B')) = 'email' THEN 'email_source' END)) d(dim, key)
    CROSS JOIN LATERAL (VALUES ('', c.local_day), ('@month', date_trunc('month', c.local_day)::date),
                               ('@year', date_trunc('year', c.local_day)::date)) g(grain, day)
    WHERE d.key IS NOT NULL
    GROUP BY 1, 2, 3
    ON CONFLICT ("dimension", "day", "key") DO UPDATE SET "clicks" = "analytics_daily"."clicks" + excluded."clicks"
  $q$;
$$;--> statement-breakpoint
-- Category button clicks (rows with s = +1/-1) folded into their day's and month's rows.
CREATE FUNCTION "analytics_category_clicks_sql"() RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT $q$
    INSERT INTO "analytics_daily" ("day", "dimension", "key", "clicks")
    SELECT g.day, d.dim || g.grain, d.key, sum(c.s)
    FROM (SELECT x.*, (x."clicked_at" AT TIME ZONE 'Europe/London')::date AS local_day FROM (%1$s) x) c
    CROSS JOIN LATERAL (VALUES ('category_button', c."category_slug" || chr(1) || coalesce(c."category_name", '')),
                               ('category_button_user', c."user_email")) d(dim, key)
    CROSS JOIN LATERAL (VALUES ('', c.local_day), ('@month', date_trunc('month', c.local_day)::date),
                               ('@year', date_trunc('year', c.local_day)::date)) g(grain, day)
    WHERE d.key IS NOT NULL
    GROUP BY 1, 2, 3
    ON CONFLICT ("dimension", "day", "key") DO UPDATE SET "clicks" = "analytics_daily"."clicks" + excluded."clicks"
  $q$;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "analytics_rollup_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "analytics_daily";
  EXECUTE format("analytics_visits_sql"(), 'SELECT sv.*, 1 AS s FROM "site_visits" sv');
  EXECUTE format("analytics_clicks_sql"(), 'SELECT pc.*, 1 AS s FROM "product_clicks" pc');
  EXECUTE format("analytics_category_clicks_sql"(), 'SELECT cc.*, 1 AS s FROM "category_clicks" cc');
END $$;--> statement-breakpoint
-- As in 0020, with the visit's keys from analytics_visit_keys (so a click moving a visit's
-- clicked-through state also moves its campaign's and kind's rows).
CREATE OR REPLACE FUNCTION "rollup_product_clicks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM "analytics_rollup_rebuild"();
    RETURN NULL;
  END IF;
  EXECUTE format("analytics_clicks_sql"(), "analytics_changed_rows"(TG_OP));
  EXECUTE format($q$
    INSERT INTO "analytics_daily" ("day", "dimension", "key", "clicked_visits")
    SELECT g.day, d.dim || g.grain, d.key, sum(x.delta)
    FROM (
      SELECT r.ref, (t.n > 0)::int - ((t.n - r.arrived + r.left_) > 0)::int AS delta
      FROM (
        SELECT c."visit_ref" AS ref, count(*) FILTER (WHERE c.s = 1) AS arrived, count(*) FILTER (WHERE c.s = -1) AS left_
        FROM (%1$s) c WHERE c."visit_ref" IS NOT NULL
        GROUP BY c."visit_ref"
      ) r
      CROSS JOIN LATERAL (SELECT count(*) AS n FROM "product_clicks" pc WHERE pc."visit_ref" = r.ref) t
    ) x
    JOIN LATERAL (SELECT sv.*, (sv."visited_at" AT TIME ZONE 'Europe/London')::date AS local_day FROM "site_visits" sv WHERE sv."ref" = x.ref) v ON true
    CROSS JOIN LATERAL "analytics_visit_keys"(v."path", v."referrer_host", v."device", v."utm_source", v."utm_medium", v."utm_campaign", v."email") d
    CROSS JOIN LATERAL (VALUES ('', v.local_day), ('@month', date_trunc('month', v.local_day)::date),
                               ('@year', date_trunc('year', v.local_day)::date)) g(grain, day)
    WHERE x.delta <> 0
    GROUP BY 1, 2, 3
    ON CONFLICT ("dimension", "day", "key") DO UPDATE SET "clicked_visits" = "analytics_daily"."clicked_visits" + excluded."clicked_visits"
  $q$, "analytics_changed_rows"(TG_OP));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "rollup_category_clicks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM "analytics_rollup_rebuild"();
  ELSE
    EXECUTE format("analytics_category_clicks_sql"(), "analytics_changed_rows"(TG_OP));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "category_clicks_rollup_insert" AFTER INSERT ON "category_clicks" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rollup_category_clicks"();--> statement-breakpoint
CREATE TRIGGER "category_clicks_rollup_delete" AFTER DELETE ON "category_clicks" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "rollup_category_clicks"();--> statement-breakpoint
CREATE TRIGGER "category_clicks_rollup_update" AFTER UPDATE ON "category_clicks" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rollup_category_clicks"();--> statement-breakpoint
CREATE TRIGGER "category_clicks_rollup_truncate" AFTER TRUNCATE ON "category_clicks" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_category_clicks"();--> statement-breakpoint
-- The newest title and category of a product key (the Clicks tab's labels of its top products).
CREATE INDEX "product_clicks_key_id_idx" ON "product_clicks" USING btree ((coalesce("asin", "deal_id")), "id" DESC);--> statement-breakpoint
SELECT "analytics_rollup_rebuild"();
