/**
 * The preference survey's storage (shopper-screens §2 'Personalize Your Deals', §3 "User
 * preferences", §4, §7; DESIGN.md §4 "Visitors"; issue 9 part 1).
 *
 * Reading or changing an address's preferences needs a visitor token for it: a mailbox token (from
 * a link e-mailed to the address) reaches them whoever saved them; a device token only what that
 * browser saved. The frequency is kept for the deal digests of a later issue.
 */
import type { Preferences } from '../../../common/api/engagement.schema';
import type { Db } from '../../db/client';
import { fail, ok, type Outcome } from '../../http/outcome';
import { canReachRow, type Visitor } from '../../http/visitor.guard';
import { findPreferences, upsertPreferences, type PreferencesRow } from './preferences.queries';

export const TOKEN_REQUIRED = 'token: a visitor token is required: open the link in your confirmation e-mail or sign up on this device';
export const OTHER_ADDRESS = 'email: this visitor token belongs to another e-mail address';
export const OTHER_DEVICE = 'token: these preferences were saved on another device; open the link in your e-mail to change them here';

function shape(row: PreferencesRow): Preferences {
  return {
    email: row.email,
    preferredCategories: row.preferredCategories,
    emailFrequency: row.emailFrequency as Preferences['emailFrequency'],
    hasCompletedSurvey: row.hasCompletedSurvey,
  };
}

function authorise(visitor: Visitor | undefined, email: string): Outcome<Visitor> {
  if (!visitor) return fail('unauthorized', TOKEN_REQUIRED);
  if (visitor.email !== email) return fail('forbidden', OTHER_ADDRESS);
  return ok(visitor);
}

/** The preferences of `email` this visitor may read, or null (none, or saved by another device). */
export async function readPreferences(db: Db, visitor: Visitor | undefined, email: string): Promise<Outcome<Preferences | null>> {
  const who = authorise(visitor, email);
  if (!who.ok) return who;
  const row = await findPreferences(db, email);
  return ok(row && canReachRow(who.value, row) ? shape(row) : null);
}

/** Saves the survey answers of `input.email` at `now` in one transaction. */
export async function savePreferences(
  db: Db,
  visitor: Visitor | undefined,
  input: Omit<Preferences, 'emailFrequency'> & { emailFrequency: Preferences['emailFrequency'] },
  now: Date,
): Promise<Outcome<Preferences>> {
  const who = authorise(visitor, input.email);
  if (!who.ok) return who;
  return db.transaction(async (tx) => {
    const existing = await findPreferences(tx, input.email, true);
    if (existing && !canReachRow(who.value, existing)) return fail('forbidden', OTHER_DEVICE);
    const row = await upsertPreferences(tx, { ...input, createdByTokenId: who.value.tokenId, now });
    return ok(shape(row));
  });
}
