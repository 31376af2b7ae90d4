/**
 * Scheduled deals digests (issue 12 part 3: the survey's daily / weekly / monthly frequency made
 * real; shopper-screens §3 "E-mail frequency options"). Run by the pg-boss job 'deal-digest'
 * (server/jobs/scheduler.ts) every hour; from 08:00 UK time on, each confirmed, subscribed address
 * with a survey answer (or a signup without one: weekly, every category) gets one digest per UK
 * period — day, ISO week or month by its frequency — of the deals that are new since the period's
 * window (1, 7 or 30 days) in its categories, best saving first.
 *
 * Never empty: an address with no new deal is skipped and tried again next hour. Never twice a
 * period: the outbox dedupe key `deal-digest:{subscriberId}:{period}` is unique, so a second run, a
 * second instance or a retried job writes nothing. Digests are composed by the sender (deferred).
 */
import { digestCampaign } from '../../../common/email-campaigns';
import type { Db } from '../../db/client';
import { deferredDigest } from '../../email/deferred-email';
import { enqueueEmails, type OutgoingEmail } from '../../email/outbox';
import { dealDigestDedupeKey } from '../../email/outbox-keys';
import { digestAudience, newDealsSince } from './notifications.queries';
import {
  DIGEST_EARLIEST_UK_HOUR,
  digestPeriod,
  digestWindowStart,
  productCategoriesFor,
  ukHourOf,
  type DigestFrequency,
} from './owner-email.rules';

/** Products per digest. */
const DIGEST_ITEMS = 8;

export interface DigestRun {
  /** Digests queued by this run. */
  queued: number;
  /** Addresses due a digest that had no new deal in their categories (tried again next run). */
  empty: number;
  /** True when the run did nothing because it is before 08:00 UK time. */
  tooEarly: boolean;
}

const FREQUENCY_WORDS: Readonly<Record<DigestFrequency, { subject: string; since: string }>> = {
  daily: { subject: "Today's deals", since: 'since yesterday' },
  weekly: { subject: 'Your weekly deals', since: 'this week' },
  monthly: { subject: 'Your monthly deals round-up', since: 'this month' },
};

/**
 * Queues the digests due at `now` (see the module comment) in one transaction. Throws only when
 * the database fails; then nothing is queued and the next run tries again.
 */
export async function sendScheduledDigests(deps: { db: Db; notifyOutbox?: () => void }, now: Date): Promise<DigestRun> {
  if (ukHourOf(now) < DIGEST_EARLIEST_UK_HOUR) return { queued: 0, empty: 0, tooEarly: true };
  const keys = {
    daily: (id: number) => dealDigestDedupeKey(id, digestPeriod('daily', now)),
    weekly: (id: number) => dealDigestDedupeKey(id, digestPeriod('weekly', now)),
    monthly: (id: number) => dealDigestDedupeKey(id, digestPeriod('monthly', now)),
  };
  const run = await deps.db.transaction(async (tx) => {
    const due = await digestAudience(tx, keys);
    // One query per distinct (frequency, categories): people share few combinations.
    const dealsBy = new Map<string, Awaited<ReturnType<typeof newDealsSince>>>();
    const messages: OutgoingEmail[] = [];
    let empty = 0;
    for (const person of due) {
      const categories = productCategoriesFor(person.categories);
      const key = `${person.frequency}|${categories?.join(',') ?? '*'}`;
      let deals = dealsBy.get(key);
      if (!deals) {
        deals = await newDealsSince(tx, digestWindowStart(person.frequency, now), categories, DIGEST_ITEMS);
        dealsBy.set(key, deals);
      }
      if (deals.length === 0) {
        empty += 1;
        continue;
      }
      const words = FREQUENCY_WORDS[person.frequency];
      messages.push(
        deferredDigest(
          'deal-digest',
          person.email,
          person.dedupeKey,
          {
            subject: `${words.subject}: ${deals.length} new ${deals.length === 1 ? 'deal' : 'deals'} for you`,
            heading: `${words.subject} from Deal Alerts UK`,
            intro: `${deals.length} new ${deals.length === 1 ? 'deal' : 'deals'} ${words.since} in the categories you follow.`,
            items: deals.map((d) => ({
              asin: d.asin,
              title: d.title,
              imageUrl: d.imageUrl,
              // The deal's reference price is its basis (decision 0008): shown as its percent and label, no invented "was".
              wasPence: null,
              nowPence: d.pricePence,
              percent: d.dealPercent,
              label: d.dealLabel,
            })),
            campaign: digestCampaign(person.frequency),
          },
          now,
        ),
      );
    }
    const added = await enqueueEmails(tx, messages);
    return { queued: added.size, empty, tooEarly: false };
  });
  if (run.queued > 0) deps.notifyOutbox?.();
  return run;
}
