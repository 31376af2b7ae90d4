/**
 * Budgets of unrequested e-mail (issue 5; issue 25 "One mailbox, one budget"; DESIGN.md §4
 * "Visitors"): confirmation, sign-in and unsubscribe-link messages go to addresses nobody has
 * proved yet, so a script could use the site to mail strangers or to spend the site's budget.
 * Three limits, all counted in the outbox itself (so every instance on one database and every
 * restart sees the same counts), inside the transaction that enqueues the message:
 *
 * 1. **Per mailbox**: at most {@link MAILBOX_MAX_PER_HOUR} such e-mails in any hour to one mailbox
 *    (common/mailbox.ts: case, `+tags` and Gmail dots folded), whatever the number of addresses,
 *    client addresses or instances used. Beyond it the message is not sent at all.
 * 2. **Per client network** (IPv4 /24, IPv6 /64; server/http/client-network.ts): at most
 *    {@link NETWORK_MAX_PER_HOUR} (×100 under NODE_ENV=test, like the rate limits) in any hour.
 *    Beyond it the message is not sent at all.
 * 3. **Site-wide**: `MAX_CONFIRMATIONS_PER_HOUR` (default 200) an hour leave at once. Beyond it a
 *    message waits for a later hour, **except the first one of a network in that hour**, which
 *    leaves at once while the hour's total is under twice the budget: a client, network or mailbox
 *    that floods the budget therefore delays only its own later messages, never a different
 *    shopper's first confirmation (issue 25: "by more than a minute").
 *
 * The request that caused the e-mail is answered the same either way (the answer never tells a
 * stranger what happened); the caller logs a delay or a refusal without the address.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { millisecondsInHour as HOUR_MS } from 'date-fns/constants';

/** Outbox kinds counted against the budgets (sign-in links are kind 'confirmation'). */
export const BUDGETED_KINDS = ['confirmation', 'unsubscribe-link'] as const;

/** Unrequested e-mails one mailbox may receive in any hour (issue 25: "at most a few"). */
export const MAILBOX_MAX_PER_HOUR = 3;

/** Unrequested e-mails one client network may cause in any hour (production value). */
export const NETWORK_MAX_PER_HOUR = 20;

/** Multiplier of {@link NETWORK_MAX_PER_HOUR} under NODE_ENV=test (suites send from one loopback address). */
const TEST_SCALE = 100;

/** Any fixed number: the transaction-scoped advisory lock that serialises budget decisions across instances. */
const BUDGET_LOCK_KEY = 250_025;

/** Who a budgeted message is for and who asked for it. */
export interface BudgetRequest {
  /** Mailbox key of the recipient (common/mailbox.ts `mailboxKey`). */
  mailbox: string;
  /** Keyed hash of the asking client's network (`clientNetworkHash`), or null when unknown. */
  network: string | null;
  now: Date;
  /** `MAX_CONFIRMATIONS_PER_HOUR`. */
  maxPerHour: number;
  /** NODE_ENV === 'test': the per-network limit is scaled like the rate limits. */
  testScale?: boolean;
}

/** What to do with a budgeted message. */
export type BudgetDecision =
  { kind: 'send'; notBefore: null } | { kind: 'delay'; notBefore: Date } | { kind: 'refuse'; limit: 'mailbox' | 'network' };

/**
 * Decides a budgeted message created at `now` (see the module's rules). Takes a transaction-scoped
 * advisory lock first, so two instances deciding at once count each other's messages; call it inside
 * the transaction that then enqueues the message with `createdAt = now`, `mailbox` and
 * `sourceNetwork` set. One statement of three counts over partial indexes of `email_outbox`.
 */
export async function decideBudgeted(tx: Db | Tx, request: BudgetRequest): Promise<BudgetDecision> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BUDGET_LOCK_KEY})`);
  const since = new Date(request.now.getTime() - HOUR_MS).toISOString();
  // Written as literals, not parameters: only then can the planner match the partial index
  // `email_outbox_budgeted_idx` (… where kind in ('confirmation', 'unsubscribe-link')) instead of
  // scanning every price-drop message in the outbox. The values are this module's constants.
  const kinds = sql.raw(BUDGETED_KINDS.map((k) => `'${k}'`).join(', '));
  const result = await tx.execute(sql`select
      (select count(*)::int from email_outbox where mailbox = ${request.mailbox} and created_at > ${since}) as mailbox,
      (select count(*)::int from email_outbox where source_network = ${request.network} and created_at > ${since}) as network,
      (select count(*)::int from email_outbox where kind in (${kinds}) and created_at > ${since}) as site`);
  const [counts = { mailbox: 0, network: 0, site: 0 }] = rowsOf<{ mailbox: number; network: number; site: number }>(result);
  const networkMax = NETWORK_MAX_PER_HOUR * (request.testScale ? TEST_SCALE : 1);
  if (counts.mailbox >= MAILBOX_MAX_PER_HOUR) return { kind: 'refuse', limit: 'mailbox' };
  if (request.network !== null && counts.network >= networkMax) return { kind: 'refuse', limit: 'network' };
  if (counts.site < request.maxPerHour) return { kind: 'send', notBefore: null };
  if (request.network !== null && counts.network === 0 && counts.site < 2 * request.maxPerHour) return { kind: 'send', notBefore: null };
  return { kind: 'delay', notBefore: new Date(request.now.getTime() + Math.floor(counts.site / request.maxPerHour) * HOUR_MS) };
}
