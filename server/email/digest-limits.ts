/**
 * How many products one deal digest e-mail lists (templates/deal-digest.email.tsx lays out at most
 * this many; saved-search-matching.service.ts counts the rest in the intro).
 *
 * A module of its own so that the services that need the number do not import the template: the
 * templates load React and the e-mail components (about 0.5 s of a start, measured 2026-11-28), so
 * only the sender loads them, after the server listens (eslint.config.js, "e-mail templates").
 */

/** Most products in one digest. */
export const DIGEST_MAX_ITEMS = 10;
