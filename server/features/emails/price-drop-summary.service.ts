/**
 * The last 24 hours' price drops: the Email Alerts tab's preview and list (admin-area §2, §7
 * `GET /api/admin/preview-price-drops?limit=10`) and "Send Price Drop Summary" (§7
 * `POST /api/admin/price-drop-summary`, §5 'No Price Drops Available'; issue 12 part 3).
 *
 * A drop: a product whose current price is below its price 24 hours ago (or, first seen since, its
 * first price) and that was observed at a new price since (price_observations). The summary sends each confirmed, subscribed address one
 * digest of the drops in its survey categories (every category without an answer), never an empty
 * one, through the outbox keyed `price-drop-summary:{subscriberId}:{UK day}`: at most one per
 * person per UK day, however often it is clicked. Unconfirmed and unsubscribed addresses are
 * counted, not mailed. Digests are composed by the sender (deferred), so the transaction stays
 * short for a long list.
 */
import type { PreviewPriceDropsResponse, PriceDrop, PriceDropSummaryResponse } from '../../../common/api/emails.admin.schema';
import { EMAIL_CAMPAIGNS } from '../../../common/email-campaigns';
import { penceToPriceString } from '../../../common/money';
import type { Db } from '../../db/client';
import { deferredDigest } from '../../email/deferred-email';
import { enqueueEmails, type OutgoingEmail } from '../../email/outbox';
import { priceDropSummaryDedupeKey } from '../../email/outbox-keys';
import { fail, ok, type Outcome } from '../../http/outcome';
import { recordAdminAction } from '../audit';
import { flatCounts, type OwnerMailDeps } from './deal-alert-notifications.service';
import { priceDropsBetween, subscriberAudience, type PriceDropRow } from './notifications.queries';
import { dropPercent, productCategoriesFor, ukDay } from './owner-email.rules';
import { millisecondsInDay as DAY_MS } from 'date-fns/constants';

/** Products per summary e-mail. */
const SUMMARY_ITEMS = 10;

function toPriceDrop(row: PriceDropRow): PriceDrop {
  return {
    asin: row.asin,
    productTitle: row.title,
    productImageUrl: row.imageUrl,
    category: row.category,
    previousPrice: penceToPriceString(row.beforePence),
    currentPrice: penceToPriceString(row.nowPence),
    dropAmount: penceToPriceString(row.beforePence - row.nowPence),
    dropPercent: dropPercent(row.beforePence, row.nowPence),
    observedAt: row.observedAt.toISOString(),
  };
}

/** The biggest `limit` drops of the 24 hours before `now`, and how many there are. */
export async function previewPriceDrops(db: Db, now: Date, limit: number): Promise<PreviewPriceDropsResponse> {
  const rows = await priceDropsBetween(db, new Date(now.getTime() - DAY_MS), now);
  return { priceDrops: rows.slice(0, limit).map(toPriceDrop), total: rows.length };
}

/**
 * Sends the summary (see the module comment). 409 'No recent price drops …' when the last 24 hours
 * hold none (admin-area §5). Throws only when the database fails.
 */
export async function sendPriceDropSummary(deps: OwnerMailDeps, adminId: number): Promise<Outcome<PriceDropSummaryResponse>> {
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome<PriceDropSummaryResponse>> => {
    const now = deps.clock();
    const drops = await priceDropsBetween(tx, new Date(now.getTime() - DAY_MS), now);
    if (drops.length === 0) return fail('conflict', 'priceDrops: No recent price drops found to include in the summary.');
    const counts: PriceDropSummaryResponse = {
      emailsSent: 0,
      alreadySent: 0,
      priceDrops: drops.length,
      skipped: { unconfirmed: 0, unsubscribed: 0, noDropsInCategories: 0 },
    };
    const day = ukDay(now);
    const messages: OutgoingEmail[] = [];
    for (const person of await subscriberAudience(tx)) {
      if (person.unsubscribed) counts.skipped.unsubscribed += 1;
      else if (!person.confirmed) counts.skipped.unconfirmed += 1;
      else {
        const categories = productCategoriesFor(person.categories);
        const items = drops.filter((d) => categories === null || categories.includes(d.category)).slice(0, SUMMARY_ITEMS);
        if (items.length === 0) counts.skipped.noDropsInCategories += 1;
        else messages.push(summaryMessage(person, items, day, now));
      }
    }
    const added = await enqueueEmails(tx, messages);
    counts.emailsSent = added.size;
    counts.alreadySent = messages.length - added.size;
    await recordAdminAction(
      tx,
      { adminId, action: 'emails.price-drop-summary', counts: { ...flatCounts(counts), priceDrops: drops.length } },
      now,
    );
    return ok(counts);
  });
  if (outcome.ok && outcome.value.emailsSent > 0) deps.notifyOutbox();
  return outcome;
}

function summaryMessage(person: { id: number; email: string }, items: PriceDropRow[], day: string, now: Date): OutgoingEmail {
  const count = items.length;
  return deferredDigest(
    'price-drop-summary',
    person.email,
    priceDropSummaryDedupeKey(person.id, day),
    {
      subject: `Today's price drops: ${count} ${count === 1 ? 'deal' : 'deals'} picked for you`,
      heading: 'Prices that dropped in the last 24 hours',
      intro: `${count} ${count === 1 ? 'product' : 'products'} in the categories you follow got cheaper since yesterday.`,
      items: items.map((d) => ({ asin: d.asin, title: d.title, imageUrl: d.imageUrl, wasPence: d.beforePence, nowPence: d.nowPence })),
      campaign: EMAIL_CAMPAIGNS.priceDropSummary,
    },
    now,
  );
}
