/**
 * SQL of the preference survey: one row per address (user_preferences: the answers digests use,
 * saved with a mailbox token or promoted from a device), and one per device token
 * (device_preferences: answers saved without proof, issue 25).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { devicePreferences, userPreferences } from '../../db/schema/engagement.schema';

export type PreferencesRow = typeof userPreferences.$inferSelect;

/** The row of `email` (lower-case), locked for update when `lock` is set inside a transaction. */
export async function findPreferences(db: Db | Tx, email: string, lock = false): Promise<PreferencesRow | undefined> {
  const query = db.select().from(userPreferences).where(eq(userPreferences.email, email)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Inserts or replaces the preferences of `row.email`. */
export async function upsertPreferences(
  tx: Db | Tx,
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

export type DevicePreferencesRow = typeof devicePreferences.$inferSelect;

/** The survey answers device token `tokenId` saved for `email` (lower-case), or undefined. */
export async function findDevicePreferences(db: Db | Tx, tokenId: number, email: string): Promise<DevicePreferencesRow | undefined> {
  const [row] = await db
    .select()
    .from(devicePreferences)
    .where(and(eq(devicePreferences.tokenId, tokenId), eq(devicePreferences.email, email)))
    .limit(1);
  return row;
}

/** Inserts or replaces the answers device token `row.tokenId` saved (one row per token). */
export async function upsertDevicePreferences(
  tx: Db | Tx,
  row: Pick<DevicePreferencesRow, 'tokenId' | 'email' | 'preferredCategories' | 'emailFrequency' | 'hasCompletedSurvey'> & { now: Date },
): Promise<DevicePreferencesRow> {
  const { now, ...values } = row;
  const [saved] = await tx
    .insert(devicePreferences)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: devicePreferences.tokenId,
      set: {
        email: sql`excluded.email`,
        preferredCategories: sql`excluded.preferred_categories`,
        emailFrequency: sql`excluded.email_frequency`,
        hasCompletedSurvey: sql`excluded.has_completed_survey`,
        updatedAt: now,
      },
    })
    .returning();
  if (!saved) throw new Error('upsert returned no row');
  return saved;
}

/** Removes and returns the answers device token `tokenId` saved for `email`, or undefined. */
export async function takeDevicePreferences(tx: Tx, tokenId: number, email: string): Promise<DevicePreferencesRow | undefined> {
  const [row] = await tx
    .delete(devicePreferences)
    .where(and(eq(devicePreferences.tokenId, tokenId), eq(devicePreferences.email, email)))
    .returning();
  return row;
}
