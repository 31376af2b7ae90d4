/** SQL of the preference survey: one row per address (user_preferences). */
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { userPreferences } from '../../db/schema/engagement.schema';

export type PreferencesRow = typeof userPreferences.$inferSelect;

/** The row of `email` (lower-case), locked for update when `lock` is set inside a transaction. */
export async function findPreferences(db: Db | Tx, email: string, lock = false): Promise<PreferencesRow | undefined> {
  const query = db.select().from(userPreferences).where(eq(userPreferences.email, email)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Inserts or replaces the preferences of `row.email`. */
export async function upsertPreferences(
  tx: Tx,
  row: Pick<PreferencesRow, 'email' | 'preferredCategories' | 'emailFrequency' | 'hasCompletedSurvey' | 'createdByTokenId'> & { now: Date },
): Promise<PreferencesRow> {
  const { now, ...values } = row;
  const [saved] = await tx
    .insert(userPreferences)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: userPreferences.email,
      set: {
        preferredCategories: sql`excluded.preferred_categories`,
        emailFrequency: sql`excluded.email_frequency`,
        hasCompletedSurvey: sql`excluded.has_completed_survey`,
        createdByTokenId: sql`excluded.created_by_token_id`,
        updatedAt: now,
      },
    })
    .returning();
  if (!saved) throw new Error('upsert returned no row');
  return saved;
}
