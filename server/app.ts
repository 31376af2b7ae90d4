/**
 * buildApp(deps): the Fastify application without `listen()` (fastify/demo style), so tests call
 * `app.inject()` on a fresh database. Plugins first, then every route module by name.
 */
import { configurePriceEvidence } from './features/prices';
import Fastify from 'fastify';
import { STATUS_CODES } from 'node:http';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { constants as zlibConstants } from 'node:zlib';
import {
  serializerCompiler,
  validatorCompiler,
  hasZodFastifySchemaValidationErrors,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { App, AppDeps, RouteModule } from './app-deps';
import type { Tx } from './db/client';
import { errorSummary, loggerOptions } from './http/log-redaction';
import { errorBody, ServerStoppingError } from './http/errors';
import { securityHeaders } from './http/security-headers';
import { openRateLimitStore } from './http/rate-limit-store';
import { openApiDocs } from './http/openapi';
import { healthRoutes } from './features/health/health.routes';
import { configRoutes } from './features/config/config.routes';
import { productsRoutes } from './features/products/products.routes';
import { dealsRoutes } from './features/products/deals.routes';
import { categoryPagesRoutes } from './features/category-pages/category-pages.routes';
import { categoryPagesAdminRoutes } from './features/category-pages/category-pages.admin.routes';
import { alertsRoutes } from './features/alerts/alerts.routes';
import { subscriptionsRoutes } from './features/subscriptions/subscriptions.routes';
import type { MailboxProof } from './features/subscriptions';
import { approveAlerts } from './features/alerts';
import { approveSavedSearches } from './features/saved-searches';
import { savedSearchesRoutes } from './features/saved-searches/saved-searches.routes';
import { promotePreferences } from './features/preferences';
import { priceChecksRoutes } from './features/price-checks/price-checks.routes';
import { webRoutes } from './features/web/web.routes';
import { alternativesRoutes } from './features/alternatives/alternatives.routes';
import { clicksRoutes } from './features/clicks/clicks.routes';
import { visitsRoutes } from './features/clicks/visits.routes';
import { clicksAdminRoutes } from './features/clicks/clicks.admin.routes';
import { signupsRoutes } from './features/signups/signups.routes';
import { preferencesRoutes } from './features/preferences/preferences.routes';
import { blogRoutes } from './features/blog/blog.routes';
import { contactRoutes } from './features/contact/contact.routes';
import { adminAuthRoutes } from './features/admin-auth/admin-auth.admin.routes';
import { guardAdminArea } from './features/admin-auth/admin.guard';
import { auditRoutes } from './features/audit/audit.admin.routes';
import { catalogueAdminRoutes } from './features/catalogue-admin/catalogue-admin.admin.routes';
import { catalogueImportAdminRoutes } from './features/catalogue/catalogue-import.admin.routes';
import { catalogueBulkAdminRoutes } from './features/catalogue/catalogue-bulk.admin.routes';
import { budgetDealsAdminRoutes } from './features/budget-deals/budget-deals.admin.routes';
import { budgetDealsRoutes } from './features/budget-deals/budget-deals.routes';
import { seoRoutes } from './features/seo/seo.routes';
import { signupsAdminRoutes } from './features/signups/signups.admin.routes';
import { subscriptionsAdminRoutes } from './features/subscriptions/subscriptions.admin.routes';
import { preferencesAdminRoutes } from './features/preferences/preferences.admin.routes';
import { erasureAdminRoutes } from './features/erasure/erasure.admin.routes';
import { peopleBulkAdminRoutes } from './features/erasure/people-bulk.admin.routes';
import { alertsAdminRoutes } from './features/alerts/alerts.admin.routes';
import { priceChecksAdminRoutes } from './features/price-checks/price-checks.admin.routes';
import { priceCheckLogsAdminRoutes } from './features/price-checks/price-check-logs.admin.routes';
import { amazonSearchAdminRoutes } from './features/amazon-api/amazon-search.admin.routes';
import { amazonApiAdminRoutes } from './features/amazon-api/amazon-api.admin.routes';
import { emailTestAdminRoutes } from './features/emails/email-test.admin.routes';
import { emailTemplatesRoutes } from './features/emails/email-templates.admin.routes';
import { emailAlertsRoutes } from './features/emails/email-alerts.admin.routes';
import { outboxAdminRoutes } from './features/emails/outbox.admin.routes';
import { dealPagesRoutes } from './features/deal-pages/deal-pages.routes';
import { dealLinksAdminRoutes } from './features/deal-pages/deal-links.admin.routes';
import { trackRoutes } from './features/product-requests/track.routes';
import { productRequestsAdminRoutes } from './features/product-requests/product-requests.admin.routes';
import { priceHistoryAdminRoutes } from './features/price-history/price-history.admin.routes';
import { trackInFlight } from './http/in-flight';

export type { AppDeps, App } from './app-deps';

/**
 * What opening a confirmation or sign-in link starts, in that link's transaction (issue 25): the
 * alerts its e-mail listed or the opening browser asked for, then that browser's survey answers.
 * Composed here, above the features, so subscriptions imports neither alerts nor preferences
 * (alerts imports subscriptions to send its confirmation e-mail: no import circle).
 */
async function onMailboxProved(tx: Tx, proof: MailboxProof): Promise<void> {
  await approveAlerts(tx, proof);
  await approveSavedSearches(tx, proof);
  await promotePreferences(tx, proof);
}

/** Shopper-side route modules, each registered in its own scope, in this order. */
const SHOPPER_ROUTE_MODULES: RouteModule[] = [
  healthRoutes,
  configRoutes,
  productsRoutes,
  dealsRoutes,
  categoryPagesRoutes,
  alertsRoutes,
  subscriptionsRoutes(onMailboxProved),
  priceChecksRoutes,
  alternativesRoutes,
  clicksRoutes,
  visitsRoutes,
  signupsRoutes,
  preferencesRoutes,
  blogRoutes,
  contactRoutes,
  seoRoutes,
  budgetDealsRoutes,
  // Issue 27: the deal landing pages' facts (signed-link check, largest verified saving).
  dealPagesRoutes,
  // Issue 30: saved searches, "Sent to you" and the private alert feeds.
  savedSearchesRoutes,
  // Issue 30: track any Amazon product by its link.
  trackRoutes,
];

/**
 * A plugin scope as the typed {@link App}: Fastify types `register`'s scope with its default type
 * provider and a union of server types; it is the same instance, so this is the one cast.
 */
const asApp = (scope: unknown): App => scope as App;

/**
 * Owner-side route modules (`<domain>.admin.routes.ts`) under `/api/admin` (their paths are relative
 * to it), registered in the admin area (DESIGN.md §3). Add each new admin module here.
 */
const ADMIN_ROUTE_MODULES: RouteModule[] = [
  adminAuthRoutes,
  auditRoutes,
  // Issue 11 part 3: the catalogue tabs.
  catalogueAdminRoutes,
  // Issue 12 parts 1 and 2: people, alerts and price checks.
  signupsAdminRoutes,
  subscriptionsAdminRoutes,
  preferencesAdminRoutes,
  erasureAdminRoutes,
  alertsAdminRoutes,
  priceChecksAdminRoutes,
  // Issue 14: the Amazon Creators API tab.
  amazonApiAdminRoutes,
  // Issue 11 part 3: CSV import and the Under £15 deals.
  catalogueImportAdminRoutes,
  budgetDealsAdminRoutes,
  // Issue 12 part 3: templates and owner-sent e-mail.
  emailTemplatesRoutes,
  emailAlertsRoutes,
  // Issue 13: click, category and e-mail analytics.
  clicksAdminRoutes,
  // Issue 27: the owners' signed deal links.
  dealLinksAdminRoutes,
  // Issue 29: the delivery log (the outbox).
  outboxAdminRoutes,
  // Issue 30: products shoppers asked to track, most wanted first.
  productRequestsAdminRoutes,
  // Issue 30: price history from day one (long form or Keepa's export).
  priceHistoryAdminRoutes,
  // Issue 29: bulk actions on the Users tab.
  peopleBulkAdminRoutes,
];

/**
 * Owner-side route modules at the paths the spec gives them outside `/api/admin` (full paths), also
 * registered in the admin area, each in its own scope: the category-page list and writes, the
 * price-check log, Amazon search, the bulk import and the test e-mail.
 */
const ADMIN_ROUTES_OUTSIDE_PREFIX: RouteModule[] = [
  categoryPagesAdminRoutes,
  priceCheckLogsAdminRoutes,
  amazonSearchAdminRoutes,
  catalogueBulkAdminRoutes,
  emailTestAdminRoutes,
];

/**
 * Fastify's `trustProxy` from TRUST_PROXY: false when unset; a hop count n trusts the n nearest
 * hops (proxy-addr's rule for a number); a list trusts those addresses and CIDR ranges.
 */
function trustProxyOption(value: AppDeps['env']['TRUST_PROXY']): false | string[] | ((address: string, hop: number) => boolean) {
  if (value === undefined) return false;
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}

/** Retry-After (seconds) on the 503 of a request cut off by a stop: about a restart's time (cold start ≈ 1 s). */
export const STOPPING_RETRY_AFTER_SECONDS = 5;

/** Builds the app; does not listen. Register order: error handling, security headers, rate limit, API docs, routes. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(deps.env.LOG_LEVEL, deps.logStream),
    // Off unless TRUST_PROXY names the proxy: a direct client could otherwise forge its IP (issue 5).
    trustProxy: trustProxyOption(deps.env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  // Which handlers are still running, so a stop waits for them before closing the database.
  trackInFlight(app);
  // How old a feed's price may be before it shows as "last seen" (the pricing module's evidence rule).
  configurePriceEvidence({ feedPriceMaxAgeDays: deps.env.FEED_PRICE_MAX_AGE_DAYS });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Once the app is closing (SIGTERM: server/main.ts), a request that still fails on the server's
  // side was cut off by the stop itself (its search dropped from the lane, or the database already
  // closed): it is answered 503 with Retry-After, as Fastify answers requests that arrive while
  // closing, and logged at info as such, not as an unexpected error.
  let stopping = false;
  app.addHook('preClose', (done) => {
    stopping = true;
    done();
  });
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
    if (status >= 500 && (stopping || error instanceof ServerStoppingError)) {
      request.log.info({ err: errorSummary(error) }, 'request cut off by the server stopping');
      return reply
        .status(503)
        .header('retry-after', String(STOPPING_RETRY_AFTER_SECONDS))
        .send(errorBody(503, 'The server is restarting. Please try again in a moment.'));
    }
    if (status >= 500) {
      // Only the type and code: a database error's message holds the SQL and its parameters.
      request.log.error({ err: errorSummary(error) }, 'unexpected error');
      return reply.status(500).send({ error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again.' });
    }
    return reply.status(status).send({ error: STATUS_CODES[status] ?? 'Error', message: (error as Error).message });
  });

  await securityHeaders(app, deps.env);
  // JSON and HTML answers over 1 KiB compressed (issue 7); built assets are precompressed (web.routes).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Counters shared by every instance and kept across restarts: the database, or Redis when
  // REDIS_URL is set (issue 25; server/http/rate-limit-store.ts).
  const limits = await openRateLimitStore(deps.database.db, deps.env, app.log);
  app.addHook('onClose', limits.close);
  await app.register(rateLimit, { global: false, store: limits.Store });
  // Reads the admin session cookie (no signing: the value is 32 random bytes looked up server-side).
  await app.register(cookie);
  // Before every route module: swagger sees only routes registered after it (issue 6 point 4).
  await openApiDocs(app, deps);

  // Each module in its own encapsulated scope (its hooks stay its own).
  for (const module of SHOPPER_ROUTE_MODULES) await app.register(async (scope) => module(asApp(scope), deps));
  // The admin area: one scope, one guard hook, every owner-side route inside it (issue 26).
  await app.register(async (area) => {
    guardAdminArea(area, deps);
    await area.register(
      async (scope) => {
        for (const module of ADMIN_ROUTE_MODULES) await module(asApp(scope), deps);
        // Unknown admin paths go through the guard too: 401 without a session, not a route map.
        scope.setNotFoundHandler((request, reply) =>
          reply.status(404).send({ error: 'Not Found', message: `path: no admin endpoint ${request.method} ${request.url.split('?')[0]}` }),
        );
      },
      { prefix: '/api/admin' },
    );
    for (const module of ADMIN_ROUTES_OUTSIDE_PREFIX) await area.register(async (scope) => module(asApp(scope), deps));
  });
  await app.register(async (scope) => webRoutes(asApp(scope), deps));
  return app;
}
