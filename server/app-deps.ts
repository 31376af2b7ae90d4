/**
 * What the app is built from (DESIGN.md §3): everything with a side effect is passed in, so tests
 * build the app on a fresh database with a fixed clock. Route modules import these types from here,
 * never from app.ts (which imports the route modules).
 */
import type { FastifyInstance, FastifyBaseLogger, RawServerDefault, RouteOptions } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import type { Env } from './env';
import type { PriceSource } from './sources/price-source';
import type { CreatorsApiConnection } from './sources/creators-api/creators-api.connection';

export interface AppDeps {
  database: Database;
  env: Env;
  /** The current time; tests pass a fixed clock. */
  clock: () => Date;
  /** Price source for price checks (catalogue by default). */
  priceSource: PriceSource;
  /**
   * The Amazon Creators API (issue 14) when credentials are configured, else null/absent: the admin
   * API tab then answers that Amazon is not configured. `priceSource` is its source when set.
   */
  amazon?: CreatorsApiConnection | null;
  /**
   * Nudges the e-mail sender after a transaction wrote to the outbox (set by main.ts to the job
   * queue; tests may call the sender themselves). Must not throw.
   */
  notifyOutbox: () => void;
  /**
   * Called with every route as it is registered (Fastify `onRoute`), before any route module: the
   * tests use it to walk every endpoint's schemas (server/http/control-characters.test.ts).
   */
  onRoute?: (route: RouteOptions) => void;
  /** Where log lines (JSON, one per line) go instead of stdout: tests read them back. */
  logStream?: { write(line: string): void };
  /** Serve the built web app from dist/web (off in API tests). */
  serveWeb?: boolean;
  /** Demo mode (npm run demo): the UI labels the data as demo data. */
  demo?: boolean;
  version?: string;
}

/** The Fastify instance with the zod type provider, as every route module receives it. */
export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/** A route module: registers its routes on the scope it is given. */
export type RouteModule = (app: App, deps: AppDeps) => Promise<void>;
