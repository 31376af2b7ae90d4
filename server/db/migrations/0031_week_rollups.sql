-- Hand-written (issue 31, 10M clicks; decision 0043 "A week grain"): every roll-up dimension also gets
-- a row per key and ISO week ('{dimension}@week', day = the week's Monday, London dates), kept by the
-- same statement triggers in the same transaction as its day, month, year and all-time rows, so a
-- range of days is read from week rows where that spans fewer slices (rollup-slices.rules.ts): Last
-- 7 Days reads one week row and the days before its Monday instead of seven day slices (at 10M
-- clicks, seven day slices of up to 15,113 address rows each made it the slowest preset, 82.9 ms in
-- EXPLAIN ANALYZE). The functions are those of migration 0026 with their grains read from one new
-- function, analytics_grains, which adds '@week'; the week rows are filled once from the day rows
-- (no rebuild from the raw rows). analytics_rollup_rebuild()
-- and TRUNCATE use these functions, so they rebuild the week rows too; erasure already deletes every
-- roll-up row keyed by the address. analytics_daily_key_rank_idx is recreated to cover the week rows
-- of the per-key dimensions, and the table analysed.
-- A London day's roll-up rows: its own (grain ''), its ISO week's (day = the Monday), month's, year's
-- and the all-time row's, as (grain, day). One list for the four functions below (a new grain is
-- one change here); inlined by the planner, as analytics_visit_keys is (migration 0025).
CREATE FUNCTION "analytics_grains"(local_day date) RETURNS TABLE ("grain" text, "day" date) LANGUAGE sql IMMUTABLE AS $$
  SELECT g.grain, g.day FROM (VALUES ('', local_day), ('@week', date_trunc('week', local_day)::date),
                                     ('@month', date_trunc('month', local_day)::date),
                                     ('@year', date_trunc('year', local_day)::date), ('@all', DATE '1970-01-01')) g(grain, day);
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "analytics_visits_sql"() RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT $q$
    INSERT INTO "analytics_daily" ("day", "dimension", "key", "visits", "product_visits", "clicked_visits")
    SELECT g.day, d.dim || g.grain, d.key, sum(v.s), sum(v.s * (v."asin" IS NOT NULL)::int),
           sum(v.s * (EXISTS (SELECT 1 FROM "product_clicks" c WHERE c."visit_ref" = v."ref"))::int)
    FROM (SELECT x.*, (x."visited_at" AT TIME ZONE 'Europe/London')::date AS local_day FROM (%1$s) x) v
    CROSS JOIN LATERAL "analytics_visit_keys"(v."path", v."referrer_host", v."device", v."utm_source", v."utm_medium", v."utm_campaign", v."email") d
    CROSS JOIN LATERAL "analytics_grains"(v.local_day) g
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
    CROSS JOIN LATERAL "analytics_grains"(c.local_day) g
    WHERE d.key IS NOT NULL
    GROUP BY 1, 2, 3
    ON CONFLICT ("dimension", "day", "key") DO UPDATE SET "clicks" = "analytics_daily"."clicks" + excluded."clicks"
  $q$;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "analytics_category_clicks_sql"() RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT $q$
    INSERT INTO "analytics_daily" ("day", "dimension", "key", "clicks")
    SELECT g.day, d.dim || g.grain, d.key, sum(c.s)
    FROM (SELECT x.*, (x."clicked_at" AT TIME ZONE 'Europe/London')::date AS local_day FROM (%1$s) x) c
    CROSS JOIN LATERAL (VALUES ('category_button', c."category_slug" || chr(1) || coalesce(c."category_name", '')),
                               ('category_button_user', c."user_email")) d(dim, key)
    CROSS JOIN LATERAL "analytics_grains"(c.local_day) g
    WHERE d.key IS NOT NULL
    GROUP BY 1, 2, 3
    ON CONFLICT ("dimension", "day", "key") DO UPDATE SET "clicks" = "analytics_daily"."clicks" + excluded."clicks"
  $q$;
$$;--> statement-breakpoint
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
    CROSS JOIN LATERAL "analytics_grains"(v.local_day) g
    WHERE x.delta <> 0
    GROUP BY 1, 2, 3
    ON CONFLICT ("dimension", "day", "key") DO UPDATE SET "clicked_visits" = "analytics_daily"."clicked_visits" + excluded."clicked_visits"
  $q$, "analytics_changed_rows"(TG_OP));
  RETURN NULL;
END $$;--> statement-breakpoint
INSERT INTO "analytics_daily" ("day", "dimension", "key", "visits", "product_visits", "clicked_visits", "clicks")
SELECT date_trunc('week', "day")::date, "dimension" || '@week', "key",
       sum("visits"), sum("product_visits"), sum("clicked_visits"), sum("clicks")
FROM "analytics_daily" WHERE "dimension" NOT LIKE '%@%'
GROUP BY 1, 2, 3
ON CONFLICT ("dimension", "day", "key") DO NOTHING;--> statement-breakpoint
DROP INDEX IF EXISTS "analytics_daily_key_rank_idx";--> statement-breakpoint
CREATE INDEX "analytics_daily_key_rank_idx" ON "analytics_daily" ("dimension", "day", "clicks" DESC) INCLUDE ("key")
  WHERE "dimension" IN ('product', 'product@week', 'product@month', 'product@year', 'product@all',
                        'click_email', 'click_email@week', 'click_email@month', 'click_email@year', 'click_email@all',
                        'category_button_user', 'category_button_user@week', 'category_button_user@month', 'category_button_user@year', 'category_button_user@all');--> statement-breakpoint
-- The fill adds 2.37M rows to 8.1M at the bench's 10M clicks. Straight after it, Last 7 Days took
-- 92.9 ms median; after VACUUM ANALYZE 38.3 ms (bench/README.md, "A week grain"). VACUUM cannot run
-- in the migration's transaction (autovacuum does it: the fill is a third of the table); ANALYZE can.
ANALYZE "analytics_daily";
