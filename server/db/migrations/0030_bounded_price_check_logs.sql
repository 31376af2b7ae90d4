-- Issue 31 (docs/decisions/0041-bounded-price-check-logs.md): a price check's log kept one JSON line
-- per product it judged. At 1M products a scheduled run wrote 248 MB of JSON text (77 MB stored)
-- into one jsonb value, close to jsonb's 256 MB limit, and building it was half of the judging's
-- time; the history's chart read every line of every run. A run now keeps at most the lines the
-- history shows (failures first, then the largest changes) and its outcome counts per product in
-- these columns, which the chart sums. Logs written before keep their lines; their counts are
-- filled from them here (the chart's rules: a line failed when success is not true, dropped when
-- priceChange < 0, rose when > 0, else unchanged).
ALTER TABLE "price_check_logs" ADD COLUMN "products_checked" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "price_check_logs" ADD COLUMN "price_drops" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "price_check_logs" ADD COLUMN "price_increases" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "price_check_logs" ADD COLUMN "prices_unchanged" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "price_check_logs" ADD COLUMN "products_failed" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "price_check_logs" l SET
  "products_checked" = x.lines,
  "price_drops" = x.drops,
  "price_increases" = x.increases,
  "prices_unchanged" = x.lines - x.failures - x.drops - x.increases,
  "products_failed" = x.failures
FROM (
  SELECT g.id, count(*)::int AS lines,
    (count(*) FILTER (WHERE NOT e.ok))::int AS failures,
    (count(*) FILTER (WHERE e.ok AND e.change < 0))::int AS drops,
    (count(*) FILTER (WHERE e.ok AND e.change > 0))::int AS increases
  FROM "price_check_logs" g,
    LATERAL (
      SELECT coalesce((d->>'success')::boolean, false) AS ok, (d->>'priceChange')::numeric AS change
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(g."details") = 'array' THEN g."details" ELSE '[]'::jsonb END) d
    ) e
  GROUP BY g.id
) x
WHERE l.id = x.id;
