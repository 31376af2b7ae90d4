/**
 * buildApp(deps): the Fastify application without `listen()` (fastify/demo style), so tests call
 * `app.inject()` on a fresh database. Plugins first, then every route module by name.
 */
import Fastify from 'fastify';
import { STATUS_CODES } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import {
  serializerCompiler,
  validatorCompiler,
  hasZodFastifySchemaValidationErrors,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { App, AppDeps, RouteModule } from './app-deps';
import { adminGuard } from './http/admin.guard';
import { healthRoutes } from './features/health/health.routes';
import { configRoutes } from './features/config/config.routes';
import { productsRoutes } from './features/products/products.routes';
import { alertsRoutes } from './features/alerts/alerts.routes';
import { subscriptionsRoutes } from './features/subscriptions/subscriptions.routes';
import { priceChecksRoutes } from './features/price-checks/price-checks.routes';
import { webRoutes } from './features/web/web.routes';
import { alternativesRoutes } from './features/alternatives/alternatives.routes';
import { clicksRoutes } from './features/clicks/clicks.routes';
import { signupsRoutes } from './features/signups/signups.routes';
import { preferencesRoutes } from './features/preferences/preferences.routes';

export type { AppDeps, App } from './app-deps';

/**
 * Owner-side route modules (`<domain>.admin.routes.ts`), registered inside the `/api/admin` scope
 * behind the admin guard hook (DESIGN.md §3). Add each new admin module here.
 */
const ADMIN_ROUTE_MODULES: RouteModule[] = [];

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
  await app.register(async (scope) => alternativesRoutes(scope as App, deps));
  await app.register(async (scope) => clicksRoutes(scope as App, deps));
  await app.register(async (scope) => signupsRoutes(scope as App, deps));
  await app.register(async (scope) => preferencesRoutes(scope as App, deps));
  // The admin area: one scope, one guard hook; every owner-side module registers inside it.
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', adminGuard(deps));
      for (const module of ADMIN_ROUTE_MODULES) await module(scope as App, deps);
    },
    { prefix: '/api/admin' },
  );
  await app.register(async (scope) => webRoutes(scope as App, deps));
  return app;
}
