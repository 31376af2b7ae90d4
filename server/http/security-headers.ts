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
 * - Permissions-Policy (issue 25; W3C Permissions Policy, header syntax of RFC 8941 structured
 *   fields): {@link PERMISSIONS_POLICY} turns off, for this page and anything it could embed, the
 *   powerful features the site never uses. Not listed, so still allowed: Web Share (the blog's share
 *   button, `navigator.share`) and the Clipboard API (`clipboard-write`, used by "Copy Email List"
 *   and the blog's copy-link fallback; Chromium allows it to a same-origin page in focus without an
 *   entry). `interest-cohort` (FLoC) is left out: Chromium no longer knows it and logs an error for
 *   it; `browsing-topics` is its successor. Set from an `onSend` hook, so it is on every answer that
 *   goes through Fastify's reply: pages, API answers, static files, redirects, errors and 404s.
 *   (Not on Fastify's own 400 for a malformed URL such as `/%E0%A4%A`, written before any hook runs;
 *   helmet's headers are missing there too.)
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

/**
 * The Permissions-Policy header value: each feature with an empty allowlist `()` is off for this
 * origin and every frame. The site uses none of them (checked: no camera, microphone, geolocation,
 * payment, USB, sensor or ad-topics API in web/).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/** Registers helmet on `app` with the policy above, and the Permissions-Policy hook. */
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
  // On the root instance: every route, the not-found handlers and the error handler's answers.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    return payload;
  });
}
