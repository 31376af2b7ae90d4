/**
 * The rows of a raw `db.execute(sql…)` / `tx.execute(sql…)` result. Drizzle types that result by
 * driver (`PgQueryResultHKT`), so our {@link Db} type cannot name it; both drivers we run answer an
 * object with a `rows` array: PGlite's `Results` and node-postgres's `QueryResult` (docs/design.md
 * §2 "Database"). Column names are as the SQL wrote them (snake_case unless aliased); node-postgres
 * answers `bigint` and `numeric` as strings, so callers convert those (`::int` in the SQL, or
 * `Number(…)`).
 *
 * `T` is the caller's promise about each row's shape: it is not checked, as with any raw SQL.
 *
 * @throws TypeError when `result` has no `rows` array (a driver we do not run, or not an execute result).
 */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) throw new TypeError('rowsOf: not a query result with a rows array');
  return rows as T[];
}
