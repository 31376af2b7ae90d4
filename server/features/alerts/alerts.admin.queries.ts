/**
 * SQL of the admin Alerts tab (admin-area §2 "Alerts tab"; issue 12 part 2): the cards, one page of
 * e-mail groups (newest alert first) with their alerts and the products' stored prices, and
 * deleting one alert. Money in pence.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { dealAlertShown, dealAlerts } from '../../db/schema/alerts.schema';
import { products } from '../../db/schema/catalogue.schema';
import type { AlertProductPrice, AlertRow } from './alert-shape';

type Queryable = Db | Tx;

/** Total alerts, active alerts and distinct addresses. */
export async function alertCounts(db: Queryable): Promise<{ total: number; active: number; users: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${dealAlerts.isActive}))::int`,
      users: sql<number>`count(distinct ${dealAlerts.userEmail})::int`,
    })
    .from(dealAlerts);
  return { total: Number(row?.total ?? 0), active: Number(row?.active ?? 0), users: Number(row?.users ?? 0) };
}

/** Alerts whose address or product title contains `search` (case-insensitive); all without one. */
function matching(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(${dealAlerts.userEmail} like ${pattern} or lower(${dealAlerts.productTitle}) like ${pattern})`;
}

/** One page of addresses (newest alert first) with their active counts, and how many addresses match. */
export async function alertGroupPage(
  db: Queryable,
  offset: number,
  limit: number,
  search?: string,
): Promise<{ groups: Array<{ email: string; activeCount: number }>; total: number }> {
  const where = matching(search);
  const rows = await db
    .select({
      email: dealAlerts.userEmail,
      activeCount: sql<number>`(count(*) filter (where ${dealAlerts.isActive}))::int`,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(dealAlerts)
    .where(where)
    .groupBy(dealAlerts.userEmail)
    .orderBy(sql`max(${dealAlerts.createdAt}) desc`, dealAlerts.userEmail)
    .offset(offset)
    .limit(limit);
  if (rows.length > 0)
    return { groups: rows.map((r) => ({ email: r.email, activeCount: Number(r.activeCount) })), total: Number(rows[0]?.total) };
  // Past the last page: still say how many there are.
  const [count] = await db
    .select({ n: sql<number>`count(distinct ${dealAlerts.userEmail})::int` })
    .from(dealAlerts)
    .where(where);
  return { groups: [], total: Number(count?.n ?? 0) };
}

/** The alerts of `emails` matching `search`, newest first, with their products' stored prices. */
export async function alertsOfEmails(
  db: Queryable,
  emails: readonly string[],
  search?: string,
): Promise<Array<{ alert: AlertRow; product: AlertProductPrice | null }>> {
  if (emails.length === 0) return [];
  const rows = await db
    .select({ alert: dealAlertShown, pricePence: products.pricePence, priceAsOf: products.priceAsOf })
    .from(dealAlerts)
    .leftJoin(products, eq(products.asin, dealAlerts.productAsin))
    .where(and(inArray(dealAlerts.userEmail, [...emails]), matching(search)))
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
