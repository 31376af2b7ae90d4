/**
 * Turns a failure to open the database into advice a person can act on. The common case: the
 * embedded PGlite directory is already held by a running server (PGlite allows one process).
 */
import type { Env } from '../env';

export function describeDatabaseOpenError(error: unknown, env: Pick<Env, 'DATA_DIR' | 'DATABASE_URL'>): string {
  const message = error instanceof Error ? error.message : String(error);
  if (env.DATABASE_URL) {
    return `Could not open the PostgreSQL database at DATABASE_URL: ${message}\nCheck the server is running and the URL, user and password are right.`;
  }
  return [
    `Could not open the embedded database in ${env.DATA_DIR}: ${message}`,
    'The embedded database (PGlite) can be used by one process at a time. If the server (npm start) is running,',
    'stop it first (Ctrl+C), run this command, then start the server again; or set DATABASE_URL to a PostgreSQL',
    'server, which the server and the command line can share.',
  ].join('\n');
}
