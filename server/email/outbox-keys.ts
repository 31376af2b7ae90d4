/**
 * Outbox dedupe keys (DESIGN.md §4 "E-mail": a unique key per recipient and cause, so a message is
 * sent at most once). Kept apart from the templates so callers need not load React Email.
 */

/** One price-drop e-mail per (alert, price observation): `price-drop:{alertId}:{observationId}`. */
export function priceDropDedupeKey(alertId: number, observationId: number): string {
  return `price-drop:${alertId}:${observationId}`;
}
