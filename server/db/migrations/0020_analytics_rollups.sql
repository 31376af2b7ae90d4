-- Hand-written (issue 29 point 8, issue 31; decision 0028): analytics roll-ups kept IN THE DATABASE
-- by statement triggers with transition tables on site_visits and product_clicks, so they are exact
-- whoever writes the rows (any app instance, a bulk load, a restore, psql) and the server's memory
-- does not grow with events. A visit adds 1 to four rows of its London day (dimension 'total' key
-- '', 'page' its landing page, 'referrer' its referrer's host or '' for none, 'device' its class)
-- and to the same four of its month (dimension with '@month', day = the month's first day); a click
-- adds 1 to 'total' and its 'device' of its day and month; a visit counts as clicked through while
-- at least one click names it (product_clicks.visit_ref = site_visits.ref). Product pages count as
-- one landing page ('/deals/{ASIN}', '/deal/{ASIN}'), so a day has a handful of page rows.
ALTER TABLE "site_visits" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "site_visits" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "product_clicks" ADD COLUMN "device" text;--> statement-breakpoint
CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"visits" bigint DEFAULT 0 NOT NULL,
	"product_visits" bigint DEFAULT 0 NOT NULL,
	"clicked_visits" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	-- dimension first: a read of one dimension over a range of days is one range of this index.
	CONSTRAINT "analytics_daily_dimension_day_key_pk" PRIMARY KEY("dimension","day","key")
);--> statement-breakpoint
-- A visit's landing page as a roll-up key: product pages as one page each kind.
CREATE FUNCTION "analytics_page_key"(path text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN path ~ '^/deals?/[A-Za-z0-9]{10}/?$' THEN regexp_replace(path, '[A-Za-z0-9]{10}/?$', '{ASIN}') ELSE path END;
$$;--> statement-breakpoint
-- The statement's rows, read straight from its transition tables (no copy, so a bulk load of a
-- million rows is one pass): new rows +1, old rows -1 (an UPDATE is both).
CREATE FUNCTION "analytics_changed_rows"(op text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN 'SELECT n.*, 1 AS s FROM new_rows n'
    WHEN 'DELETE' THEN 'SELECT o.*, -1 AS s FROM old_rows o'
    ELSE 'SELECT n.*, 1 AS s FROM new_rows n UNION ALL SELECT o.*, -1 AS s FROM old_rows o'
  END;
$$;--> statement-breakpoint
-- Visits (any source of rows with a column s = +1/-1; clicked: whether a click names each visit
-- now) folded into their day's and month's four rows. %1$s is the row source.
CREATE FUNCTION "analytics_visits_sql"() RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT $q$
    INSERT INTO "analytics_daily" ("day", "dimension", "key", "visits", "product_visits", "clicked_visits")
    SELECT g.day, d.dim || g.grain, d.key, sum(v.s), sum(v.s * (v."asin" IS NOT NULL)::int),
           sum(v.s * (EXISTS (SELECT 1 FROM "product_clicks" c WHERE c."visit_ref" = v."ref"))::int)
    FROM (SELECT x.*, (x."visited_at" AT TIME ZONE 'Europe/London')::date AS local_day FROM (%1$s) x) v
    CROSS JOIN LATERAL (VALUES ('total', ''), ('page', "analytics_page_key"(v."path")), ('referrer', coalesce(v."referrer_host", '')),
                               ('device', coalesce(v."device", 'unknown'))) d(dim, key)
    CROSS JOIN LATERAL (VALUES ('', v.local_day), ('@month', date_trunc('month', v.local_day)::date)) g(grain, day)
    GROUP BY 1, 2, 3
    ON CONFLICT ("dimension", "day", "key") DO UPDATE SET
      "visits" = "analytics_daily"."visits" + excluded."visits",
      "product_visits" = "analytics_daily"."product_visits" + excluded."product_visits",
      "clicked_visits" = "analytics_daily"."clicked_visits" + excluded."clicked_visits"
  $q$;
$$;--> statement-breakpoint
-- Clicks (rows with s = +1/-1) folded into their day's and month's 'total' and 'device' rows.
CREATE FUNCTION "analytics_clicks_sql"() RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT $q$
    INSERT INTO "analytics_daily" ("day", "dimension", "key", "clicks")
    SELECT g.day, d.dim || g.grain, d.key, sum(c.s)
    FROM (SELECT x.*, (x."clicked_at" AT TIME ZONE 'Europe/London')::date AS local_day FROM (%1$s) x) c
    CROSS JOIN LATERAL (VALUES ('total', ''), ('device', coalesce(c."device", 'unknown'))) d(dim, key)
    CROSS JOIN LATERAL (VALUES ('', c.local_day), ('@month', date_trunc('month', c.local_day)::date)) g(grain, day)
    GROUP BY 1, 2, 3
    ON CONFLICT ("dimension", "day", "key") DO UPDATE SET "clicks" = "analytics_daily"."clicks" + excluded."clicks"
  $q$;
$$;--> statement-breakpoint
-- The roll-ups recomputed from the raw rows (after a TRUNCATE, and once here for the rows already held).
CREATE FUNCTION "analytics_rollup_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "analytics_daily";
  EXECUTE format("analytics_visits_sql"(), 'SELECT sv.*, 1 AS s FROM "site_visits" sv');
  EXECUTE format("analytics_clicks_sql"(), 'SELECT pc.*, 1 AS s FROM "product_clicks" pc');
END $$;--> statement-breakpoint
CREATE FUNCTION "rollup_site_visits"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM "analytics_rollup_rebuild"();
  ELSE
    EXECUTE format("analytics_visits_sql"(), "analytics_changed_rows"(TG_OP));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Clicks arriving and leaving; then each visit they name whose clicked-through state changed (clicks
-- naming it now > 0, against before this statement: now - arrived + left > 0) moves its day's and
-- month's four rows' clicked_visits by the difference.
CREATE FUNCTION "rollup_product_clicks"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    CROSS JOIN LATERAL (VALUES ('total', ''), ('page', "analytics_page_key"(v."path")), ('referrer', coalesce(v."referrer_host", '')),
                               ('device', coalesce(v."device", 'unknown'))) d(dim, key)
    CROSS JOIN LATERAL (VALUES ('', v.local_day), ('@month', date_trunc('month', v.local_day)::date)) g(grain, day)
    WHERE x.delta <> 0
    GROUP BY 1, 2, 3
    ON CONFLICT ("dimension", "day", "key") DO UPDATE SET "clicked_visits" = "analytics_daily"."clicked_visits" + excluded."clicked_visits"
  $q$, "analytics_changed_rows"(TG_OP));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "site_visits_rollup_insert" AFTER INSERT ON "site_visits" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rollup_site_visits"();--> statement-breakpoint
CREATE TRIGGER "site_visits_rollup_delete" AFTER DELETE ON "site_visits" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "rollup_site_visits"();--> statement-breakpoint
CREATE TRIGGER "site_visits_rollup_update" AFTER UPDATE ON "site_visits" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rollup_site_visits"();--> statement-breakpoint
CREATE TRIGGER "site_visits_rollup_truncate" AFTER TRUNCATE ON "site_visits" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_site_visits"();--> statement-breakpoint
CREATE TRIGGER "product_clicks_rollup_insert" AFTER INSERT ON "product_clicks" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rollup_product_clicks"();--> statement-breakpoint
CREATE TRIGGER "product_clicks_rollup_delete" AFTER DELETE ON "product_clicks" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "rollup_product_clicks"();--> statement-breakpoint
CREATE TRIGGER "product_clicks_rollup_update" AFTER UPDATE ON "product_clicks" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rollup_product_clicks"();--> statement-breakpoint
CREATE TRIGGER "product_clicks_rollup_truncate" AFTER TRUNCATE ON "product_clicks" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_product_clicks"();--> statement-breakpoint
SELECT "analytics_rollup_rebuild"();
