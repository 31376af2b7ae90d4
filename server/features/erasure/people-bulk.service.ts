/**
 * Bulk actions of the admin Users tab (issue 29 "bulk actions on Users"): unsubscribe, or erase
 * everything about, the people an owner selected (any page) or every person matching the tab's
 * e-mail search (read on the server, never only the visible rows). One transaction each with one
 * audit entry; the entry names subscriber ids (`subscriber 12`) and counts, never an address (the
 * audit log outlives shoppers' data). A person with no subscriber row is counted, not named.
 *
 * Count confirmation: `matching`, or more than {@link PEOPLE_CONFIRM_ABOVE} addresses, needs
 * `confirmCount` equal to the number of people taken now; otherwise nothing changes (409 with `count`).
 */
import type { PeopleBulkBody, PeopleBulkResponse } from '../../../common/api/people-bulk.admin.schema';
import type { Db, Tx } from '../../db/client';
import { fail, ok, type Outcome } from '../../http/outcome';
import { recordAdminAction } from '../audit';
import { unsubscribeAsOwner } from '../subscriptions';
import { eraseAddress } from './erasure.queries';
import { listedPeople, peopleMatching, subscriberIdsOf } from './people-bulk.queries';

/** Above this many addresses a list needs `confirmCount` too (the page asks for it to be typed). */
export const PEOPLE_CONFIRM_ABOVE = 100;

/** Ids per lookup (bound parameters). */
const CHUNK = 5000;

async function idsOf(db: Db | Tx, emails: readonly string[]) {
  const rows: Awaited<ReturnType<typeof subscriberIdsOf>> = [];
  for (let i = 0; i < emails.length; i += CHUNK) rows.push(...(await subscriberIdsOf(db, emails.slice(i, i + CHUNK))));
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * `POST /api/admin/users/bulk` for admin `adminId` at `now`: answers `{ action, matched, affected,
 * rowsErased }`. Fails 'conflict' (409 with `count`) when a needed `confirmCount` is missing or is
 * not the number of people matched. Throws only what the database throws.
 */
export async function bulkPeopleAction(db: Db, adminId: number, body: PeopleBulkBody, now: Date): Promise<Outcome<PeopleBulkResponse>> {
  return db.transaction(async (tx) => {
    const people = body.matching
      ? await peopleMatching(tx, body.matching.search || undefined)
      : await listedPeople(tx, [...new Set(body.emails ?? [])]);
    const mustConfirm = body.matching !== undefined || people.length > PEOPLE_CONFIRM_ABOVE;
    if (mustConfirm && body.confirmCount !== people.length) {
      return fail('conflict', `confirmCount: must be ${people.length}, the number of people this would ${body.action}`, {
        count: people.length,
      });
    }
    const before = await idsOf(tx, people);
    const target = body.matching ? 'every person matching the search' : 'selected people';
    if (body.action === 'unsubscribe') {
      for (const email of people) await unsubscribeAsOwner(tx, email, now);
      const after = await idsOf(tx, people);
      const wasUnsubscribed = new Set(before.filter((r) => r.unsubscribed).map((r) => r.email));
      const newly = after.filter((r) => !wasUnsubscribed.has(r.email));
      await recordAdminAction(
        tx,
        {
          adminId,
          action: 'people.bulk-unsubscribe',
          target,
          counts: { matched: people.length, unsubscribed: newly.length },
          detail: { changed: { subscription: 'unsubscribed', subscriberIds: newly.map((r) => r.id).join(', ') } },
        },
        now,
      );
      return ok({ action: body.action, matched: people.length, affected: newly.length, rowsErased: 0 });
    }
    let rowsErased = 0;
    for (const email of people) {
      const erased = await eraseAddress(tx, email);
      rowsErased += Object.values(erased).reduce((sum, n) => sum + n, 0);
    }
    await recordAdminAction(
      tx,
      {
        adminId,
        action: 'people.bulk-erase',
        target,
        counts: { matched: people.length, erased: people.length, withoutSubscriberRow: people.length - before.length, rowsErased },
        detail: { deleted: before.map((r) => `subscriber ${r.id}`), deletedTotal: people.length },
      },
      now,
    );
    return ok({ action: body.action, matched: people.length, affected: people.length, rowsErased });
  });
}
