/**
 * The Email Alerts tab's alerts, stats and "Send Deal Alert Notifications" (admin-area §2 "Email
 * Alerts tab", §3 "Notification stats", §5, §7, §8; issue 12 part 3 "Exactly once").
 *
 * Sending: one e-mail per selected alert that is active and has a price drop (admin-area §4: the
 * alert's price change is below zero), to confirmed, subscribed addresses only (DESIGN.md §4
 * "Visitors"); the others are counted by reason. Each message goes through the outbox in the
 * request's one transaction, keyed `price-drop:{alertId}:{observationId}` — the key the price
 * check uses — so a double click, two owners at once, a retried request or an automatic alert for
 * the same price never make a second copy. With a default template (Templates tab) the message is
 * that template, rendered now, from its sender; without one, the built-in price-drop e-mail,
 * composed by the sender. Both carry the one-click unsubscribe link and headers (RFC 8058).
 */
import type { DealAlert } from '../../../common/api/alerts.schema';
import type { DealAlertNotificationsResponse, DealAlertStatsResponse } from '../../../common/api/emails.admin.schema';
import { EMAIL_CAMPAIGNS } from '../../../common/email-campaigns';
import { senderFromHeader, SENDER_LOCAL_PARTS, type SenderLocalPart } from '../../../common/email-templates';
import type { Db } from '../../db/client';
import { deferredDealAlertNotification } from '../../email/deferred-email';
import { enqueueEmails, type OutgoingEmail } from '../../email/outbox';
import { priceDropDedupeKey } from '../../email/outbox-keys';
import type { Env } from '../../env';
import { toDealAlert } from '../alerts';
import { recordAdminAction } from '../audit';
import { defaultTemplate, type TemplateRow } from './email-templates.queries';
import {
  activeAlertsWithDrops,
  alertsByIds,
  markAlertsNotified,
  notificationStats,
  subscriberStates,
  type AlertForNotification,
} from './notifications.queries';
import { alertDrop, templateValuesFor } from './owner-email.rules';

export interface OwnerMailDeps {
  db: Db;
  env: Pick<Env, 'PUBLIC_URL' | 'SECRET_KEY' | 'MAIL_DOMAIN'>;
  clock: () => Date;
  /** Nudges the sender after commit (AppDeps.notifyOutbox). Must not throw. */
  notifyOutbox: () => void;
}

/** Active alerts with a price drop, biggest first (admin-area §9: 10 shown), and how many there are. */
export async function alertsWithDrops(db: Db, limit: number): Promise<{ alerts: DealAlert[]; total: number }> {
  const { rows, total } = await activeAlertsWithDrops(db, limit);
  return {
    alerts: rows.map((r) =>
      toDealAlert(r.alert, r.pricePence !== null && r.priceAsOf !== null ? { pricePence: r.pricePence, priceAsOf: r.priceAsOf } : null),
    ),
    total,
  };
}

/** The analytics card's figures (admin-area §3 "Notification stats"). */
export function dealAlertStats(db: Db): Promise<DealAlertStatsResponse> {
  return notificationStats(db);
}

type Counts = DealAlertNotificationsResponse;

/** Sends one notification per eligible alert of `ids`; see the module comment. Throws only when the database fails. */
export async function sendDealAlertNotifications(deps: OwnerMailDeps, adminId: number, ids: readonly number[]): Promise<Counts> {
  const unique = [...new Set(ids)];
  // Loaded before the transaction: the owner template's composer pulls in React Email's text renderer.
  const { composeOwnerTemplate } = await import('../../email/owner-template');
  const counts = await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const rows = await alertsByIds(tx, unique);
    const counts: Counts = {
      emailsSent: 0,
      alreadySent: 0,
      skipped: { notFound: unique.length - rows.length, inactive: 0, noPriceDrop: 0, unconfirmed: 0, unsubscribed: 0 },
    };
    const states = await subscriberStates(
      tx,
      rows.map((r) => r.alert.userEmail),
    );
    const template = await defaultTemplate(tx);
    const messages: Array<{ message: OutgoingEmail; alertId: number; pricePence: number }> = [];
    for (const row of rows) {
      const drop = eligibleDrop(row, states);
      if (typeof drop === 'string') {
        counts.skipped[drop] += 1;
        continue;
      }
      const message = template
        ? ownerTemplateMessage(deps.env, template, row, drop, now, composeOwnerTemplate)
        : builtInMessage(row, drop, now);
      messages.push({ message, alertId: row.alert.id, pricePence: drop.afterPence });
    }
    const added = await enqueueEmails(
      tx,
      messages.map((m) => m.message),
    );
    const notified = messages.filter((m) => added.has(m.message.dedupeKey)).map((m) => ({ id: m.alertId, pricePence: m.pricePence }));
    await markAlertsNotified(tx, notified, now);
    counts.emailsSent = notified.length;
    counts.alreadySent = messages.length - notified.length;
    await recordAdminAction(tx, { adminId, action: 'emails.deal-alert-notifications', counts: flatCounts(counts) }, now);
    return counts;
  });
  if (counts.emailsSent > 0) deps.notifyOutbox();
  return counts;
}

/** Why an alert gets no message, or null when it gets one. */
type SkipReason = keyof Counts['skipped'];

/** The drop to tell about, or the reason the alert is skipped. */
function eligibleDrop(
  row: AlertForNotification,
  states: Map<string, { confirmed: boolean; unsubscribed: boolean }>,
): { beforePence: number; afterPence: number } | SkipReason {
  // An inactive alert, or one on a product an owner made inactive (decision 0034).
  if (!row.alert.isActive || row.productActive === false) return 'inactive';
  const drop = alertDrop({
    currentPricePence: row.alert.currentPricePence,
    lastCheckedPricePence: row.alert.lastCheckedPricePence,
    productPricePence: row.productPricePence,
  });
  if (!drop) return 'noPriceDrop';
  const state = states.get(row.alert.userEmail.toLowerCase());
  if (state?.unsubscribed) return 'unsubscribed';
  if (!state?.confirmed) return 'unconfirmed';
  return drop;
}

/** The observation the message is about: the one the alert last evaluated, else the product's newest, else 0. */
/** The observation a notification is about. PostgreSQL's driver returns the raw subquery's bigint as a string: always a number here. */
const observationOf = (row: AlertForNotification) => Number(row.alert.lastObservationId ?? row.latestObservationId ?? 0);

function builtInMessage(row: AlertForNotification, drop: { beforePence: number; afterPence: number }, now: Date): OutgoingEmail {
  return deferredDealAlertNotification(
    {
      alertId: row.alert.id,
      observationId: observationOf(row),
      recipient: row.alert.userEmail,
      asin: row.alert.productAsin,
      productTitle: row.productTitle ?? row.alert.productTitle,
      productImageUrl: row.productImageUrl ?? row.alert.productImageUrl,
      oldPricePence: drop.beforePence,
      newPricePence: drop.afterPence,
      targetPricePence: row.alert.targetPricePence,
      asOf: row.productAsOf ?? row.alert.lastCheckedAt ?? now,
    },
    now,
  );
}

function ownerTemplateMessage(
  env: OwnerMailDeps['env'],
  template: TemplateRow,
  row: AlertForNotification,
  drop: { beforePence: number; afterPence: number },
  now: Date,
  compose: typeof import('../../email/owner-template').composeOwnerTemplate,
): OutgoingEmail {
  const campaign = EMAIL_CAMPAIGNS.dealAlertNotification;
  const values = templateValuesFor(
    {
      asin: row.alert.productAsin,
      productTitle: row.productTitle ?? row.alert.productTitle,
      productImageUrl: row.productImageUrl ?? row.alert.productImageUrl,
      ...drop,
      recipient: row.alert.userEmail,
    },
    env.PUBLIC_URL,
    campaign,
  );
  const message = compose(env, template, values, { campaign, unsubscribe: { recipient: row.alert.userEmail, issuedAt: now } });
  const sender = (SENDER_LOCAL_PARTS as readonly string[]).includes(template.sender) ? (template.sender as SenderLocalPart) : 'alerts';
  return {
    recipient: row.alert.userEmail,
    ...message,
    kind: 'deal-alert-notification',
    dedupeKey: priceDropDedupeKey(row.alert.id, observationOf(row)),
    createdAt: now,
    sender: senderFromHeader(sender, env.MAIL_DOMAIN),
  };
}

/** The answer's counts as one flat record for the audit log (no addresses; skip reasons only when non-zero). */
export function flatCounts(counts: { emailsSent: number; alreadySent: number; skipped: Record<string, number> }): Record<string, number> {
  const flat: Record<string, number> = { emailsSent: counts.emailsSent, alreadySent: counts.alreadySent };
  // Only the reasons that happened, so the audit line stays readable.
  for (const [reason, n] of Object.entries(counts.skipped)) if (n > 0) flat[`skipped.${reason}`] = n;
  return flat;
}
