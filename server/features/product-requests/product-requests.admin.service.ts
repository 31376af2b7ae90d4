/**
 * The owners' list of products shoppers asked to track that we do not hold (issue 30), most wanted
 * first, for the admin Import tab. Read only: owners fetch one through the API tab's import.
 */
import type { ProductRequestsResponse } from '../../../common/api/product-requests.admin.schema';
import type { Db } from '../../db/client';
import { listProductRequests } from './product-requests.queries';

/** The first `limit` requests (count, then latest asked, first), the total waiting, and whether Amazon is configured. */
export async function productRequestsForOwners(db: Db, limit: number, amazonConfigured: boolean): Promise<ProductRequestsResponse> {
  const { rows, total } = await listProductRequests(db, limit);
  return {
    requests: rows.map((r) => ({
      asin: r.asin,
      requestCount: r.requestCount,
      firstRequestedAt: r.firstRequestedAt.toISOString(),
      lastRequestedAt: r.lastRequestedAt.toISOString(),
      lastFetchError: r.lastFetchError,
      amazonUrl: `https://www.amazon.co.uk/dp/${r.asin}`,
    })),
    total,
    amazonConfigured,
  };
}
