/**
 * Named (server-side) prepared statements on PGlite (issue 7; docs/decisions/0017-uncached-search.md).
 *
 * PGlite's `query()` sends every statement unnamed: PostgreSQL parses, analyses and plans it again on
 * each call. For a statement whose plan does not depend on its values (the keyword search, where
 * every plan is the GIN bitmap scan), that work was about half of an uncached search's time in
 * PGlite. A statement registered here is parsed once per PGlite instance under its name; each call
 * then only binds and executes it, and PostgreSQL's plan cache switches to a generic plan after five
 * custom ones when that plan is no dearer (plan_cache_mode `auto`).
 *
 * Plain JavaScript: used by the worker thread (pglite-worker.mjs, which needs no loader) and by
 * PGlite on the main thread (client.ts).
 *
 * Semantics kept from `query()`: parameters serialised by PGlite's serialisers for the types
 * PostgreSQL inferred when parsing, rows parsed by PGlite's parsers (the caller's per-type parsers
 * first, rowMode as asked), errors thrown as PGlite's DatabaseError; the statement waits for an
 * open transaction to end, as an untagged `query()` does. For read-only statements outside a
 * transaction only (no file-system sync after it); a statement run inside a transaction goes
 * through `query()` unnamed.
 */
import { parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/** The concatenation of protocol messages, sent to PGlite in one call. */
function concat(parts) {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Runs `sql` with `params` as the named statement `name` of `pglite`, parsing it on first use.
 * `statements` (name → { sql, types }) records what this instance has parsed; a name keeps its
 * first SQL (a different text under a used name is an Error). `options` as PGlite's `query()`
 * (rowMode, parsers, serializers). Returns PGlite's Results; throws what PostgreSQL reports.
 */
export async function queryNamed(pglite, statements, name, sql, params = [], options = {}) {
  const run = async () => {
    let statement = statements.get(name);
    if (!statement) {
      const { messages } = await pglite.execProtocol(
        concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
        { syncToFs: false },
      );
      statement = { sql, types: parse.parseDescribeStatementResults(messages) };
      statements.set(name, statement);
    } else if (statement.sql !== sql) {
      throw new Error(`PGlite: the prepared statement ${name} was registered with another SQL text`);
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.types[i];
      const serializer = options.serializers?.[type] ?? pglite.serializers[type];
      return serializer ? serializer(value) : value.toString();
    });
    const { messages } = await pglite.execProtocol(
      concat([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false },
    );
    return parse.parseResults(messages, pglite.parsers, options)[0];
  };
  // As query(): wait for any open transaction (PGlite's transaction mutex), then run alone.
  return pglite._runExclusiveTransaction(() => pglite.runExclusive(run));
}

/** Whether this PGlite offers what {@link queryNamed} needs (its internals are checked at start). */
export function supportsNamedStatements(pglite) {
  return (
    typeof pglite._runExclusiveTransaction === 'function' &&
    typeof pglite.runExclusive === 'function' &&
    typeof pglite.execProtocol === 'function' &&
    typeof parse?.parseResults === 'function' &&
    typeof parse?.parseDescribeStatementResults === 'function' &&
    typeof serialize?.parse === 'function'
  );
}

/**
 * Gives a PGlite on this thread `nameStatement(sql, name)`: from then on `query(sql, …)` with that
 * exact text runs as the named statement (through {@link queryNamed}); every other call, and every
 * statement of a transaction (PGlite's own `tx.query`), is unchanged. Returns `pglite`. Without the
 * internals queryNamed needs, `nameStatement` does nothing and every statement stays unnamed.
 */
export function withNamedStatements(pglite) {
  const names = new Map();
  const statements = new Map();
  const unnamedQuery = pglite.query.bind(pglite);
  const supported = supportsNamedStatements(pglite);
  pglite.nameStatement = (sql, name) => {
    if (supported) names.set(sql, name);
  };
  pglite.query = (sql, params, options) => {
    const name = names.get(sql);
    return name === undefined ? unnamedQuery(sql, params, options) : queryNamed(pglite, statements, name, sql, params, options);
  };
  return pglite;
}
