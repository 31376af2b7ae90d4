/**
 * Saved searches: keyword and category alerts (issue 30 "Keyword and category alerts"; DESIGN.md §4
 * "Visitors", "E-mail"; docs/decisions/0031-saved-searches.md). The same trust model as deal alerts
 * (alerts.service.ts, issue 25): an address alone reveals nothing; a search asked for without the
 * address's mailbox token waits (inactive, never matched) and the address gets one e-mail listing
 * what waits (the double opt-in confirmation for an unconfirmed address, an "approve" link for a
 * confirmed one); opening it starts them ({@link approveSavedSearches}). With a mailbox token a
 * search starts at once and nothing is e-mailed.
 */
import type { z } from 'zod';
import {
  MAX_SAVED_SEARCHES_PER_ADDRESS,
  type CreateSavedSearchResponse,
  type SavedSearch,
  type createSavedSearchSchema,
} from '../../../common/api/saved-searches.schema';
import { getShopperCategory } from '../../../common/categories';
import { formatPence, penceToPriceString } from '../../../common/money';
import type { Db, Tx } from '../../db/client';
import type { Env } from '../../env';
import { fail, ok, type Outcome } from '../../http/outcome';
import {
  composeConfirmationEmail,
  confirmationDue,
  findSubscriber,
  queueSignInLink,
  recordConsent,
  type RenderedEmail,
} from '../subscriptions';
import { deviceTokenFor, type Visitor } from '../visitors';
import { compileSearch, searchTerms, stemsToRate } from './saved-search-match.rules';
import {
  countSearchesOf,
  deleteReachableSearch,
  insertSavedSearch,
  listReachableSearches,
  pendingSearchKeywords,
  startProvedSearches,
  stemFrequencies,
  type SavedSearchRow,
} from './saved-searches.queries';

export type CreateSavedSearchCommand = z.output<typeof createSavedSearchSchema>;

/** 401 without a token (the same words as alerts). */
export const TOKEN_REQUIRED =
  'token: a visitor token is required: open the link in your confirmation e-mail or create an alert on this device';

export interface CreatedSavedSearch {
  /** An e-mail (confirmation or approval link) was queued: call `notifyOutbox()`. */
  emailQueued: boolean;
  emailDelayedUntil: Date | null;
  emailRefused: 'mailbox' | 'network' | null;
  search: CreateSavedSearchResponse;
}

/**
 * One line describing a saved search, for e-mails and lists: `"dyson cordless" in Home & Kitchen,
 * up to £200.00, at least 20% off`.
 */
export function describeSearch(s: Pick<SavedSearchRow, 'keywords' | 'category' | 'maxPricePence' | 'minSavingPercent'>): string {
  const parts = [s.keywords ? `“${s.keywords}”` : 'New deals'];
  if (s.category) parts.push(`in ${getShopperCategory(s.category)?.name ?? s.category}`);
  if (s.maxPricePence !== null) parts.push(`up to ${formatPence(s.maxPricePence)}`);
  if (s.minSavingPercent !== null) parts.push(`at least ${s.minSavingPercent}% off`);
  return parts.join(', ');
}

/** The API shape of a row. */
export function toSavedSearch(row: SavedSearchRow, matches = 0): SavedSearch {
  return {
    id: row.id,
    userEmail: row.userEmail,
    keywords: row.keywords,
    category: row.category,
    maxPrice: row.maxPricePence === null ? null : penceToPriceString(row.maxPricePence),
    minSavingPercent: row.minSavingPercent,
    frequency: row.frequency,
    isActive: row.isActive,
    awaitingConfirmation: row.awaitingProof,
    matches,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Saves the search of `input.userEmail` (see the module comment for who may start it). Its index
 * keys are chosen now, from the catalogue's word frequencies (saved-search-match.rules.ts). 409
 * naming keywords beyond {@link MAX_SAVED_SEARCHES_PER_ADDRESS} searches of the address. One
 * transaction: consent ('saved_search'), this browser's token, the search and its keys, and the
 * e-mail when due (within the e-mail budgets of send-budget.ts). Always 201: the answer is the same
 * whether or not the address is known.
 */
export async function createSavedSearch(
  deps: { db: Db; env: Pick<Env, 'PUBLIC_URL' | 'SECRET_KEY' | 'MAX_CONFIRMATIONS_PER_HOUR' | 'NODE_ENV'>; now: Date },
  visitor: Visitor | undefined,
  input: CreateSavedSearchCommand,
  clientIp: string | null = null,
): Promise<Outcome<CreatedSavedSearch>> {
  const { db, env, now } = deps;
  const email = input.userEmail;
  const proved = visitor?.proof === 'mailbox' && visitor.email === email;
  // The mailbox's owner counts only started searches, so searches strangers asked for never lock them out.
  if ((await countSearchesOf(db, email, proved)) >= MAX_SAVED_SEARCHES_PER_ADDRESS)
    return fail('conflict', `keywords: this address already has ${MAX_SAVED_SEARCHES_PER_ADDRESS} saved searches: delete one first`);
  const criteria = {
    id: 0,
    keywords: input.keywords,
    category: input.category ?? null,
    maxPricePence: input.maxPricePence ?? null,
    minSavingPercent: input.minSavingPercent ?? null,
  };
  const frequencies = await stemFrequencies(db, stemsToRate(searchTerms(input.keywords)));
  const { keys } = compileSearch(criteria, (stem) => frequencies.get(stem) ?? 0);

  const requested = proved ? [] : [...(await pendingSearchKeywords(db, email)).map(waitingLine), waitingLine(criteria)];
  const confirmation = (): Promise<RenderedEmail> => composeConfirmationEmail(env, email, now, requested, 'confirm');
  const prepared = confirmationDue(await findSubscriber(db, email), now) ? await confirmation() : null;

  return db.transaction(async (tx) => {
    const consent = await recordConsent(tx, env, {
      email,
      source: 'saved_search',
      now,
      clientIp,
      message: () => (prepared ? Promise.resolve(prepared) : confirmation()),
    });
    const holder = await deviceTokenFor(tx, visitor, email, now);
    const approved = holder.proof === 'mailbox';
    const signIn =
      consent.confirmed && !approved ? await queueSignInLink(tx, env, email, now, { clientIp, requested, mode: 'approve' }) : null;
    const row = await insertSavedSearch(
      tx,
      {
        userEmail: email,
        keywords: criteria.keywords,
        category: criteria.category,
        maxPricePence: criteria.maxPricePence,
        minSavingPercent: criteria.minSavingPercent,
        frequency: input.frequency,
        isActive: approved,
        awaitingProof: !approved,
        createdByTokenId: holder.tokenId,
        createdAt: now,
      },
      keys,
    );
    return ok({
      emailQueued: consent.confirmationQueued || !!signIn?.queued,
      emailDelayedUntil: consent.delayedUntil ?? signIn?.delayedUntil ?? null,
      emailRefused: consent.refused ?? signIn?.refused ?? null,
      search: { ...toSavedSearch(row), visitorToken: holder.token, emailConfirmed: approved && consent.confirmed },
    });
  });
}

/** How a waiting search is listed in the link e-mail ("Saved search: “kettle”, up to £30.00"). */
function waitingLine(s: Pick<SavedSearchRow, 'keywords' | 'category' | 'maxPricePence' | 'minSavingPercent'>): string {
  return `Saved search: ${describeSearch(s)}`;
}

/** The searches `visitor` may reach, newest first: 401 without a token. */
export async function listSavedSearches(db: Db, visitor: Visitor | undefined): Promise<Outcome<SavedSearch[]>> {
  if (!visitor) return fail('unauthorized', TOKEN_REQUIRED);
  const rows = await listReachableSearches(db, visitor);
  return ok(rows.map(({ matches, ...row }) => toSavedSearch(row, matches)));
}

/** Deletes search `id` when `visitor` may reach it: 401 without a token; 404 alike for unknown and unreachable ids. */
export async function deleteSavedSearch(db: Db, visitor: Visitor | undefined, id: number): Promise<Outcome<{ success: true }>> {
  if (!visitor) return fail('unauthorized', TOKEN_REQUIRED);
  if (await deleteReachableSearch(db, id, visitor)) return ok({ success: true as const });
  return fail('not-found', `id: no saved search ${id} for this visitor`);
}

/**
 * Starts the saved searches a mailbox proof covers, inside the link's transaction (app.ts
 * `onMailboxProved`, as alerts' `approveAlerts`): those of `proof.email` created up to the link's
 * issue second and those the opening browser's device token made. Answers how many started.
 */
export async function approveSavedSearches(
  tx: Tx,
  proof: { email: string; linkIssuedAt: Date; deviceTokenId: number | null },
): Promise<number> {
  return startProvedSearches(tx, {
    email: proof.email,
    issuedBefore: new Date(proof.linkIssuedAt.getTime() + 1000),
    deviceTokenId: proof.deviceTokenId,
  });
}
