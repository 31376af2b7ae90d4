/** SQL of signups: one row per signup with its consent record. */
import type { Tx } from '../../db/client';
import { signups } from '../../db/schema/engagement.schema';

export type NewSignup = typeof signups.$inferInsert;

/** Inserts a signup inside the request's transaction. */
export async function insertSignup(tx: Tx, signup: NewSignup): Promise<void> {
  await tx.insert(signups).values(signup);
}
