/**
 * Outbox dedupe keys (DESIGN.md §4 "E-mail": a unique key per recipient and cause, so a message is
 * sent at most once). Kept apart from the templates so callers need not load React Email.
 */

/**
 * One price-drop e-mail per (alert, price observation): `price-drop:{alertId}:{observationId}`.
 * The price check and the owners' "Send Deal Alert Notifications" share it, so an alert is told
 * about one price once, whoever sends first.
 */
export function priceDropDedupeKey(alertId: number, observationId: number): string {
  return `price-drop:${alertId}:${observationId}`;
}

/** One price-drop summary per subscriber per UK day (`day` = YYYY-MM-DD, Europe/London): `price-drop-summary:{subscriberId}:{day}`. */
export function priceDropSummaryDedupeKey(subscriberId: number, day: string): string {
  return `price-drop-summary:${subscriberId}:${day}`;
}

/**
 * One scheduled deals digest per subscriber per period (`period` = YYYY-MM-DD, YYYY-Www or YYYY-MM,
 * Europe/London, by the subscriber's frequency): `deal-digest:{subscriberId}:{period}`.
 */
export function dealDigestDedupeKey(subscriberId: number, period: string): string {
  return `deal-digest:${subscriberId}:${period}`;
}

/** An owner's test of a template: one message per (owner, request), so a retried request is not a second e-mail. */
export function templateTestDedupeKey(adminId: number, requestId: string): string {
  return `template-test:${adminId}:${requestId}`;
}
