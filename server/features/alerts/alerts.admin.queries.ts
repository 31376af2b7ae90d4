/**
 * SQL of the admin Alerts tab (admin-area §2 "Alerts tab"; issue 12 part 2): the cards, one page of
 * e-mail groups (newest alert first) with their alerts and the products' stored prices, and
 * deleting one alert. Money in pence.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { dealAlertShown, dealAlerts } from '../../db/schema/alerts.schema';
import { products } from '../../db/schema/catalogue.schema';
import { subscribers } from '../../db/schema/visitors.schema';
import type { AlertState } from '../../../common/api/alerts.admin.schema';
import type { AlertProductPrice, AlertRow } from './alert-shape';

type Queryable = Db | Tx;

/** True (SQL) when the alert's address has unsubscribed: none of its alerts is shown or counted as active. */
export const addressUnsubscribed: SQL<boolean> = sql<boolean>`exists (select 1 from ${subscribers} where ${subscribers.email} = ${dealAlerts.userEmail} and ${subscribers.unsubscribedAt} is not null)`;

/**
 * Issue 29 "active means subscribed and active": the one rule of the Active Alerts card, the groups'
 * active counts, the alert badges and the 'active' filter. An alert of an unsubscribed address is
 * not active, whatever its own flag.
 */
export const alertCountsAsActive: SQL<boolean> = sql<boolean>`(${dealAlerts.isActive} and not ${addressUnsubscribed})`;

/** The alerts in `state` (undefined for 'all'). */
export function inState(state: AlertState | undefined): SQL | undefined {
  if (state === 'active') return alertCountsAsActive;
  if (state === 'inactive') return sql`not ${alertCountsAsActive}`;
  return undefined;
}

/** Total alerts, active alerts (active and subscribed) and distinct addresses. */
export async function alertCounts(db: Queryable): Promise<{ total: number; active: number; users: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${alertCountsAsActive}))::int`,
      users: sql<number>`count(distinct ${dealAlerts.userEmail})::int`,
    })
    .from(dealAlerts);
  return { total: Number(row?.total ?? 0), active: Number(row?.active ?? 0), users: Number(row?.users ?? 0) };
}

/** Alerts whose address or product title contains `search` (case-insensitive) and, when given, in `state`; all without either. */
export function matching(search: string | undefined, state?: AlertState): SQL | undefined {
  const byState = inState(state);
  if (!search) return byState;
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return and(sql`(${dealAlerts.userEmail} like ${pattern} or lower(${dealAlerts.productTitle}) like ${pattern})`, byState);
}

/** One page of addresses (newest alert first) with their active counts, and how many addresses match. */
export async function alertGroupPage(
  db: Queryable,
  offset: number,
  limit: number,
  search?: string,
  state?: AlertState,
): Promise<{ groups: Array<{ email: string; activeCount: number; unsubscribed: boolean }>; total: number }> {
  const where = matching(search, state);
  const rows = await db
    .select({
      email: dealAlerts.userEmail,
      activeCount: sql<number>`(count(*) filter (where ${alertCountsAsActive}))::int`,
      unsubscribed: sql<boolean>`bool_or(${addressUnsubscribed})`,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(dealAlerts)
    .where(where)
    .groupBy(dealAlerts.userEmail)
    .orderBy(sql`max(${dealAlerts.createdAt}) desc`, dealAlerts.userEmail)
    .offset(offset)
    .limit(limit);
  if (rows.length > 0)
    return {
      groups: rows.map((r) => ({ email: r.email, activeCount: Number(r.activeCount), unsubscribed: Boolean(r.unsubscribed) })),
      total: Number(rows[0]?.total),
    };
  // Past the last page: still say how many there are.
  const [count] = await db
    .select({ n: sql<number>`count(distinct ${dealAlerts.userEmail})::int` })
    .from(dealAlerts)
    .where(where);
  return { groups: [], total: Number(count?.n ?? 0) };
}

/** The alerts of `emails` matching `search` (and `state`), newest first, with their products' stored prices. */
export async function alertsOfEmails(
  db: Queryable,
  emails: readonly string[],
  search?: string,
  state?: AlertState,
): Promise<Array<{ alert: AlertRow; product: AlertProductPrice | null }>> {
  if (emails.length === 0) return [];
  const rows = await db
    .select({ alert: dealAlertShown, pricePence: products.pricePence, priceAsOf: products.priceAsOf })
    .from(dealAlerts)
    .leftJoin(products, eq(products.asin, dealAlerts.productAsin))
    .where(and(inArray(dealAlerts.userEmail, [...emails]), matching(search, state)))
    .orderBy(desc(dealAlerts.createdAt), desc(dealAlerts.id));
  return rows.map((r) => ({
    alert: r.alert,
    product: r.pricePence !== null && r.priceAsOf !== null ? { pricePence: r.pricePence, priceAsOf: r.priceAsOf } : null,
  }));
}

/** Deletes alert `id`; true when it existed. */
export async function deleteAlertById(tx: Queryable, id: number): Promise<boolean> {
  const rows = await tx.delete(dealAlerts).where(eq(dealAlerts.id, id)).returning({ id: dealAlerts.id });
  return rows.length > 0;
}

/** The ids of the alerts matching `search` and `state` (as the list shows them), lowest first. */
export async function alertIdsMatching(db: Queryable, search: string | undefined, state: AlertState): Promise<number[]> {
  const rows = await db.select({ id: dealAlerts.id }).from(dealAlerts).where(matching(search, state)).orderBy(dealAlerts.id);
  return rows.map((r) => r.id);
}

/** Of `ids`, those that exist, lowest first. */
export async function existingAlertIds(db: Queryable, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: dealAlerts.id })
    .from(dealAlerts)
    .where(inArray(dealAlerts.id, [...ids]))
    .orderBy(dealAlerts.id);
  return rows.map((r) => r.id);
}

/** Deletes the alerts `ids`; answers the ids that went. */
export async function deleteAlertsByIds(tx: Queryable, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .delete(dealAlerts)
    .where(inArray(dealAlerts.id, [...ids]))
    .returning({ id: dealAlerts.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Sets the alerts `ids` inactive (a deactivated alert is never checked or mailed); answers the ids that were active. */
export async function deactivateAlertsByIds(tx: Queryable, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(dealAlerts)
    .set({ isActive: false })
    .where(and(inArray(dealAlerts.id, [...ids]), eq(dealAlerts.isActive, true)))
    .returning({ id: dealAlerts.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** How many alerts match `search` and `state`. */
export async function countAlertsMatching(db: Queryable, search: string | undefined, state: AlertState): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(dealAlerts)
    .where(matching(search, state));
  return Number(row?.n ?? 0);
}
