/** Queries on `contact_messages` (issue 10). */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { contactMessages } from '../../db/schema/contact.schema';

export type NewContactMessage = typeof contactMessages.$inferInsert;

/** Stores one message; returns its id. */
export async function insertContactMessage(tx: Db | Tx, row: NewContactMessage): Promise<number> {
  const [inserted] = await tx.insert(contactMessages).values(row).returning({ id: contactMessages.id });
  if (!inserted) throw new Error('insertContactMessage returned no row');
  return inserted.id;
}

/** Links a stored message to the outbox row that e-mails it. */
export async function setContactOutboxId(tx: Db | Tx, id: number, outboxId: number | null): Promise<void> {
  await tx.update(contactMessages).set({ outboxId }).where(eq(contactMessages.id, id));
}
