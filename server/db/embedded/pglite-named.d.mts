/** Types of pglite-named.mjs (plain JavaScript, shared with the worker thread); see its docs. */
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/** What a PGlite instance has parsed under each name. */
export type NamedStatements = Map<string, { sql: string; types: number[] }>;

/** Runs `sql` as the named statement `name`, parsing it on first use (see pglite-named.mjs). */
export function queryNamed<T = Record<string, unknown>>(
  pglite: PGlite,
  statements: NamedStatements,
  name: string,
  sql: string,
  params?: unknown[],
  options?: QueryOptions,
): Promise<Results<T>>;

/** Whether this PGlite offers the internals queryNamed needs. */
export function supportsNamedStatements(pglite: PGlite): boolean;

/** A PGlite that runs registered SQL texts as named statements. */
export type PgliteWithNamedStatements = PGlite & { nameStatement(sql: string, name: string): void };

/** Gives a PGlite on this thread `nameStatement(sql, name)` (see pglite-named.mjs); returns it. */
export function withNamedStatements(pglite: PGlite): PgliteWithNamedStatements;
