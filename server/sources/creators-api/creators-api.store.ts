/**
 * The Creators API's shared state in the database (issue 14 part 2 "Quota and freshness";
 * schema: server/db/schema/amazon-api.schema.ts): the token bucket every instance draws from, the
 * log of requests sent, and the access state of a 403 AssociateNotEligible. Works on PGlite and
 * PostgreSQL alike: a reservation is one UPDATE of one row, which PostgreSQL serialises with the
 * row lock, so two instances never take the same slot and the day's count is exact.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { amazonApiCalls, amazonApiState, amazonItems } from '../../db/schema/amazon-api.schema';
import type { AmazonProduct } from './creators-api-item';

const STATE_ID = 1;
/** Calls older than this are pruned from the log. */
const CALL_LOG_DAYS = 8;

/**
 * Who asked: an owner in the admin area (first, with the whole daily limit), a shopper's page (the
 * similar-items fallback: after admin, before background work, within {@link shopperLimitOf}'s
 * share), or background work (price checks, the freshness pass).
 */
export type CallPriority = 'admin' | 'shopper' | 'background';

export interface SlotRequest {
  nowMs: number;
  /** Whole ms between two request starts (1000 / rate, rounded up). */
  intervalMs: number;
  /** Requests this caller may reach today (the admin's reserve is above the background's). */
  limit: number;
}

export type SlotAnswer = { ok: true; slotMs: number } | { ok: false; resetsAtMs: number };

export interface CallRecord {
  at: Date;
  operation: string;
  status: number;
  priority: CallPriority;
  items: number;
}

export interface AccessState {
  deniedSince: Date | null;
  deniedReason: string | null;
  retryAt: Date | null;
}

/** The UTC day (YYYY-MM-DD) of an epoch-ms time. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Start of the next UTC day after `ms`, epoch ms. */
export const nextUtcDayMs = (ms: number) => Date.parse(`${utcDay(ms)}T00:00:00Z`) + 86_400_000;

export interface CreatorsApiStore {
  /**
   * Takes the next request slot: answers its start (epoch ms; wait until then), or that today's
   * count already reached `limit` (nothing taken).
   */
  reserveSlot(req: SlotRequest): Promise<SlotAnswer>;
  /** No slot starts before `untilMs` (after a 429 with Retry-After). */
  holdUntil(untilMs: number): Promise<void>;
  recordCall(call: CallRecord): Promise<void>;
  accessState(): Promise<AccessState>;
  setAccessDenied(reason: string, now: Date, retryAt: Date): Promise<void>;
  setAccessRetry(retryAt: Date): Promise<void>;
  clearAccessDenied(): Promise<void>;
  /** Stores what the API said about these products (and that `notAccessible` ASINs are not accessible) at `at`. */
  recordItems(products: readonly AmazonProduct[], notAccessible: Iterable<string>, at: Date): Promise<void>;
}

/** The store over `db`. Throws what the database throws. */
export function createCreatorsApiStore(db: Db): CreatorsApiStore {
  let ready: Promise<void> | null = null;
  const ensureRow = () =>
    (ready ??= db
      .insert(amazonApiState)
      .values({ id: STATE_ID })
      .onConflictDoNothing()
      .then(() => undefined)
      .catch((error: unknown) => {
        ready = null;
        throw error;
      }));
  let recorded = 0;

  return {
    async reserveSlot({ nowMs, intervalMs, limit }) {
      await ensureRow();
      const today = utcDay(nowMs);
      const countToday = sql`(case when ${amazonApiState.day} = ${today} then ${amazonApiState.dayCount} else 0 end)`;
      const rows = await db
        .update(amazonApiState)
        .set({
          day: today,
          dayCount: sql`${countToday} + 1`,
          nextSlotMs: sql`greatest(${amazonApiState.nextSlotMs}, ${nowMs}::bigint) + ${intervalMs}::bigint`,
        })
        .where(and(eq(amazonApiState.id, STATE_ID), sql`${countToday} < ${limit}`))
        .returning({ nextSlotMs: amazonApiState.nextSlotMs });
      const row = rows[0];
      if (!row) return { ok: false, resetsAtMs: nextUtcDayMs(nowMs) };
      return { ok: true, slotMs: Number(row.nextSlotMs) - intervalMs };
    },
    async holdUntil(untilMs) {
      await ensureRow();
      await db
        .update(amazonApiState)
        .set({ nextSlotMs: sql`greatest(${amazonApiState.nextSlotMs}, ${Math.ceil(untilMs)}::bigint)` })
        .where(eq(amazonApiState.id, STATE_ID));
    },
    async recordCall(call) {
      await db.insert(amazonApiCalls).values({ ...call, items: Math.min(call.items, 32_000) });
      recorded += 1;
      if (recorded % 500 === 1) {
        await db.delete(amazonApiCalls).where(lt(amazonApiCalls.at, new Date(call.at.getTime() - CALL_LOG_DAYS * 86_400_000)));
      }
    },
    async accessState() {
      await ensureRow();
      const [row] = await db
        .select({
          deniedSince: amazonApiState.deniedSince,
          deniedReason: amazonApiState.deniedReason,
          retryAt: amazonApiState.accessRetryAt,
        })
        .from(amazonApiState)
        .where(eq(amazonApiState.id, STATE_ID));
      return row ?? { deniedSince: null, deniedReason: null, retryAt: null };
    },
    async setAccessDenied(reason, now, retryAt) {
      await ensureRow();
      await db
        .update(amazonApiState)
        .set({
          deniedSince: sql`coalesce(${amazonApiState.deniedSince}, ${now.toISOString()}::timestamptz)`,
          deniedReason: reason.slice(0, 300),
          accessRetryAt: retryAt,
        })
        .where(eq(amazonApiState.id, STATE_ID));
    },
    async setAccessRetry(retryAt) {
      await db.update(amazonApiState).set({ accessRetryAt: retryAt }).where(eq(amazonApiState.id, STATE_ID));
    },
    async recordItems(items, notAccessible, at) {
      const rows: Array<typeof amazonItems.$inferInsert> = items.map((p) => ({
        asin: p.asin,
        fetchedAt: p.fetchedAt,
        availability: p.availability,
        available: p.available,
        dealLabel: p.deal?.label ?? null,
        dealEndsAt: p.deal?.endsAt ?? null,
        primeExclusive: p.deal?.primeOnly ?? false,
        savingBasisLabel: p.savingBasisLabel,
        browseNodeIds: p.browseNodes.map((n) => n.id),
      }));
      for (const asin of notAccessible) rows.push({ asin, fetchedAt: at, availability: 'NOT_ACCESSIBLE', available: false });
      if (rows.length === 0) return;
      await db
        .insert(amazonItems)
        .values(rows)
        .onConflictDoUpdate({
          target: amazonItems.asin,
          set: {
            fetchedAt: sql`excluded.fetched_at`,
            availability: sql`excluded.availability`,
            available: sql`excluded.available`,
            dealLabel: sql`excluded.deal_label`,
            dealEndsAt: sql`excluded.deal_ends_at`,
            primeExclusive: sql`excluded.prime_exclusive`,
            savingBasisLabel: sql`excluded.saving_basis_label`,
            browseNodeIds: sql`case when jsonb_array_length(excluded.browse_node_ids) > 0 then excluded.browse_node_ids else ${amazonItems.browseNodeIds} end`,
          },
        });
    },
    async clearAccessDenied() {
      await ensureRow();
      await db
        .update(amazonApiState)
        .set({ deniedSince: null, deniedReason: null, accessRetryAt: null })
        .where(eq(amazonApiState.id, STATE_ID));
    },
  };
}
