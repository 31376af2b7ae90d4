/** SQL of the owners' e-mail templates (server/db/schema/email.schema.ts `email_templates`). */
import { asc, eq, ne, and } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { emailTemplates } from '../../db/schema/email.schema';

export type TemplateRow = typeof emailTemplates.$inferSelect;
export type TemplateWrite = Pick<TemplateRow, 'name' | 'subject' | 'htmlContent' | 'sender' | 'isDefault'>;

/** Every template, by name. */
export function allTemplates(db: Db | Tx): Promise<TemplateRow[]> {
  return db.select().from(emailTemplates).orderBy(asc(emailTemplates.name), asc(emailTemplates.id));
}

export async function templateById(db: Db | Tx, id: number): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.id, id));
  return row;
}

export async function templateByName(db: Db | Tx, name: string): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.name, name));
  return row;
}

/** The default template (owner-sent notifications use it), if one is marked. */
export async function defaultTemplate(db: Db | Tx): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.isDefault, true));
  return row;
}

/** Unmarks the default template, except `keepId`: call before marking another (one default at most). */
export async function clearDefault(tx: Tx, keepId?: number): Promise<void> {
  await tx
    .update(emailTemplates)
    .set({ isDefault: false })
    .where(
      keepId === undefined ? eq(emailTemplates.isDefault, true) : and(eq(emailTemplates.isDefault, true), ne(emailTemplates.id, keepId)),
    );
}

export async function insertTemplate(tx: Tx, values: TemplateWrite, now: Date): Promise<TemplateRow> {
  const [row] = await tx
    .insert(emailTemplates)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('email_templates insert returned no row');
  return row;
}

export async function updateTemplate(tx: Tx, id: number, values: TemplateWrite, now: Date): Promise<TemplateRow | undefined> {
  const [row] = await tx
    .update(emailTemplates)
    .set({ ...values, updatedAt: now })
    .where(eq(emailTemplates.id, id))
    .returning();
  return row;
}

/** Deletes one template; true when it existed. */
export async function deleteTemplate(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx.delete(emailTemplates).where(eq(emailTemplates.id, id)).returning({ id: emailTemplates.id });
  return rows.length === 1;
}
