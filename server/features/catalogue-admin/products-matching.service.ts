/**
 * "Select all M matching" on the Products tab (issue 29): deletes every product the list's filter
 * (category, search, active or inactive) matches on the server, not only the ids on screen, once the owner has
 * confirmed the exact number. The deletion itself is the bulk delete's (`deleteProducts`: its
 * audit entry lists the ASINs, and whatever a bulk delete keeps or removes with a product applies),
 * in calls of at most MAX_IDS_PER_CALL products, so a 98k catalogue is never one giant statement.
 */
import { MAX_IDS_PER_CALL } from '../../../common/admin-products';
import type { DeletedCountResponse } from '../../../common/api/products.admin.schema';
import type { ProductsMatchingDeleteBody } from '../../../common/api/products-matching.admin.schema';
import type { Db } from '../../db/client';
import { fail, ok, type Outcome } from '../../http/outcome';
import { findAdminProductIds } from './catalogue-admin.queries';
import { deleteProducts } from './catalogue-admin.service';

/**
 * `POST /api/admin/products/delete-matching` for admin `adminId` at `now`: `{ deletedCount }`, or a
 * 'conflict' (409 with `deleteCount`) when `confirmDeleteCount` is not the number of products
 * matching now (nothing is deleted then). Only the products counted are deleted: one added after the
 * count stays. Throws what the database throws.
 */
export async function deleteMatchingProducts(
  db: Db,
  adminId: number,
  body: ProductsMatchingDeleteBody,
  now: Date,
): Promise<Outcome<DeletedCountResponse>> {
  const ids = await findAdminProductIds(db, { category: body.category, search: body.search, status: body.status });
  if (body.confirmDeleteCount !== ids.length) {
    return fail('conflict', `confirmDeleteCount: must be ${ids.length}, the number of products matching the filter`, {
      deleteCount: ids.length,
    });
  }
  let deletedCount = 0;
  for (let i = 0; i < ids.length; i += MAX_IDS_PER_CALL) {
    deletedCount += (await deleteProducts(db, adminId, ids.slice(i, i + MAX_IDS_PER_CALL), now)).deletedCount;
  }
  return ok({ deletedCount });
}
