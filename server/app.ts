/**
 * buildApp(deps): the Fastify application without `listen()` (fastify/demo style), so tests call
 * `app.inject()` on a fresh database. Plugins first, then every route module by name.
 */
import Fastify, { type FastifyInstance, type FastifyBaseLogger, type RawServerDefault } from 'fastify';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import {
  serializerCompiler,
  validatorCompiler,
  hasZodFastifySchemaValidationErrors,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import type { Env } from './env';
import type { PriceSource } from './sources/price-source';
import { healthRoutes } from './features/health/health.routes';
import { configRoutes } from './features/config/config.routes';
import { productsRoutes } from './features/products/products.routes';
import { alertsRoutes } from './features/alerts/alerts.routes';
import { subscriptionsRoutes } from './features/subscriptions/subscriptions.routes';
import { priceChecksRoutes } from './features/price-checks/price-checks.routes';
import { webRoutes } from './features/web/web.routes';

/** What the app is built from. Everything with a side effect is passed in. */
export interface AppDeps {
  database: Database;
  env: Env;
  /** The current time; tests pass a fixed clock. */
  clock: () => Date;
  /** Price source for price checks (catalogue by default). */
  priceSource: PriceSource;
  /**
   * Nudges the e-mail sender after a transaction wrote to the outbox (set by main.ts to the job
   * queue; tests may call the sender themselves). Must not throw.
   */
  notifyOutbox: () => void;
  /** Serve the built web app from dist/web (off in API tests). */
  serveWeb?: boolean;
  /** Demo mode (npm run demo): the UI labels the data as demo data. */
  demo?: boolean;
  version?: string;
}

export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/** Builds the app; does not listen. Register order: error handling, rate limit, routes. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: deps.env.LOG_LEVEL === 'silent' ? false : { level: deps.env.LOG_LEVEL },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        // Name the field itself ("q", "productAsin"); the part of the request only when no field applies.
        field: String(v.instancePath).split('/').filter(Boolean).join('.') || String(error.validationContext ?? 'request'),
        rule: v.message ?? 'invalid',
      }));
      return reply.status(400).send({ error: 'Bad Request', message: issues.map((i) => `${i.field}: ${i.rule}`).join('; '), issues });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error);
      return reply.status(500).send({ error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again.' });
    }
    return reply.status(status).send({ error: STATUS_CODES[status] ?? 'Error', message: (error as Error).message });
  });

  await app.register(rateLimit, { global: false });

  await app.register(async (scope) => healthRoutes(scope as App, deps));
  await app.register(async (scope) => configRoutes(scope as App, deps));
  await app.register(async (scope) => productsRoutes(scope as App, deps));
  await app.register(async (scope) => alertsRoutes(scope as App, deps));
  await app.register(async (scope) => subscriptionsRoutes(scope as App, deps));
  await app.register(async (scope) => priceChecksRoutes(scope as App, deps));
  await app.register(async (scope) => webRoutes(scope as App, deps));
  return app;
}
