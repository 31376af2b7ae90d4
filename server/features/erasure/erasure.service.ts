/**
 * "Delete everything about this e-mail" (UK GDPR Art. 17 right to erasure; issue 12 part 1): the
 * address's alerts, preferences, clicks, signups, subscriber row, unsubscribe records, visitor
 * tokens, outbox history and contact messages, in ONE transaction with its audit entry. The audit
 * entry holds the counts only, never the address (server/features/audit).
 *
 * After erasure nothing stops a new signup from the same address: it starts from scratch, with a
 * new double opt-in.
 */
import type { ErasureResponse } from '../../../common/api/erasure.admin.schema';
import type { Db } from '../../db/client';
import { recordAdminAction } from '../audit';
import { eraseAddress } from './erasure.queries';

/** Erases `email` (already validated and lower-cased by the route's schema) at `now` for admin `adminId`. */
export async function eraseEverythingAbout(db: Db, adminId: number, email: string, now: Date): Promise<ErasureResponse> {
  return db.transaction(async (tx) => {
    const erased = await eraseAddress(tx, email.trim().toLowerCase());
    const total = Object.values(erased).reduce((sum, n) => sum + n, 0);
    await recordAdminAction(tx, { adminId, action: 'people.erase', counts: { ...erased, total } }, now);
    return { erased, total };
  });
}
