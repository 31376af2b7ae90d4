/**
 * Security headers on every answer (issue 5), set by @fastify/helmet:
 * - Content-Security-Policy: scripts, styles, fonts and fetches from this origin only (no inline
 *   script); images also from Amazon's image hosts and data: URIs; no plugins; the site may not be
 *   framed (frame-ancestors 'none', with X-Frame-Options DENY for old browsers). Inline styles are
 *   allowed because Radix dialogs lock scrolling with an injected <style> and charts set style
 *   attributes; style cannot run script.
 * - X-Content-Type-Options: nosniff; Referrer-Policy: strict-origin-when-cross-origin, so Amazon
 *   sees our origin but never a path that could hold an address.
 * - Strict-Transport-Security only when PUBLIC_URL is https (on plain http it would strand users),
 *   and upgrade-insecure-requests likewise.
 * - Cross-Origin-Embedder-Policy off: Amazon's images carry no CORP header.
 */
import helmet from '@fastify/helmet';
import type { App } from '../app-deps';
import type { Env } from '../env';

/** Hosts product images are served from (Amazon's CDN, old and new). */
export const AMAZON_IMAGE_SOURCES = [
  'https://m.media-amazon.com',
  'https://images-na.ssl-images-amazon.com',
  'https://images-eu.ssl-images-amazon.com',
  'https://ecx.images-amazon.com',
];

/** Registers helmet on `app` with the policy above. */
export async function securityHeaders(app: App, env: Pick<Env, 'PUBLIC_URL'>): Promise<void> {
  const https = env.PUBLIC_URL.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...AMAZON_IMAGE_SOURCES],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}
