/**
 * The preference survey's storage (shopper-screens §2 'Personalize Your Deals', §3 "User
 * preferences", §4, §7; DESIGN.md §4 "Visitors"; issue 9 part 1; issue 25).
 *
 * Reading or changing an address's preferences needs a visitor token for it (401 without, 403 for
 * a token of another address). What each token reaches (issue 25: "answers identical for known and
 * unknown addresses, and nothing a stranger does locks the owner out"):
 * - a **mailbox** token (from a link e-mailed to the address) reads and writes the address's
 *   preferences, the ones the digests use;
 * - a **device** token reads and writes only its own answers, kept apart (device_preferences), so a
 *   save always succeeds and never shows or changes anyone else's. They become the address's
 *   preferences when that browser opens a link e-mailed to the address ({@link promotePreferences}).
 *   A row of user_preferences a device saved before issue 25 stays that device's to change.
 */
import type { Preferences } from '../../../common/api/engagement.schema';
import type { Db, Tx } from '../../db/client';
import { fail, ok, type Outcome } from '../../http/outcome';
import type { Visitor } from '../visitors';
import {
  findDevicePreferences,
  findPreferences,
  takeDevicePreferences,
  upsertDevicePreferences,
  upsertPreferences,
  type DevicePreferencesRow,
  type PreferencesRow,
} from './preferences.queries';

export const TOKEN_REQUIRED = 'token: a visitor token is required: open the link in your confirmation e-mail or sign up on this device';
export const OTHER_ADDRESS = 'email: this visitor token belongs to another e-mail address';

function shape(row: PreferencesRow | DevicePreferencesRow): Preferences {
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

/** Whether a user_preferences row is this device token's own (saved by it before issue 25). */
const ownedByDevice = (row: PreferencesRow | undefined, visitor: Visitor): row is PreferencesRow =>
  !!row && row.createdByTokenId !== null && row.createdByTokenId === visitor.tokenId;

/** The preferences of `email` this visitor may read, or null (none saved that it reaches). */
export async function readPreferences(db: Db, visitor: Visitor | undefined, email: string): Promise<Outcome<Preferences | null>> {
  const who = authorise(visitor, email);
  if (!who.ok) return who;
  if (who.value.proof === 'mailbox') {
    const row = await findPreferences(db, email);
    return ok(row ? shape(row) : null);
  }
  const own = await findDevicePreferences(db, who.value.tokenId, email);
  if (own) return ok(shape(own));
  const legacy = await findPreferences(db, email);
  return ok(ownedByDevice(legacy, who.value) ? shape(legacy) : null);
}

/**
 * Saves the survey answers of `input.email` at `now` in one transaction: the address's preferences
 * with a mailbox token, this device's own answers with a device token. The answer is the saved
 * answers either way, whatever else the address holds.
 */
export async function savePreferences(
  db: Db,
  visitor: Visitor | undefined,
  input: Omit<Preferences, 'emailFrequency'> & { emailFrequency: Preferences['emailFrequency'] },
  now: Date,
): Promise<Outcome<Preferences>> {
  const who = authorise(visitor, input.email);
  if (!who.ok) return who;
  const tokenId = who.value.tokenId;
  return db.transaction(async (tx) => {
    if (who.value.proof === 'mailbox' || ownedByDevice(await findPreferences(tx, input.email, true), who.value)) {
      return ok(shape(await upsertPreferences(tx, { ...input, createdByTokenId: tokenId, now })));
    }
    return ok(shape(await upsertDevicePreferences(tx, { ...input, tokenId, now })));
  });
}

/**
 * Inside the transaction of an opened e-mail link (subscriptions.service `confirmSubscriber`):
 * the answers the opening browser's device token saved for `email` become the address's
 * preferences. Returns whether there were any.
 */
export async function promotePreferences(tx: Tx, proof: { email: string; deviceTokenId: number | null; now: Date }): Promise<boolean> {
  if (proof.deviceTokenId === null) return false;
  const answers = await takeDevicePreferences(tx, proof.deviceTokenId, proof.email);
  if (!answers) return false;
  await upsertPreferences(tx, {
    email: proof.email,
    preferredCategories: answers.preferredCategories,
    emailFrequency: answers.emailFrequency,
    hasCompletedSurvey: answers.hasCompletedSurvey,
    createdByTokenId: proof.deviceTokenId,
    now: proof.now,
  });
  return true;
}
