/**
 * The Under £15 list (admin-area §2 "Under-15 tab", §5, §7 `GET /api/amazon/deals-under-15`, §9;
 * issue 11 part 3; docs/decisions/0012-under-15.md).
 *
 * - {@link uploadBudgetDeals}: the owners' CSV goes through the catalogue's importer (same row
 *   rules, same transaction, price history), with the list's own rule (budget-deals.rules.ts); the
 *   accepted rows become the whole list, in file order, in that same transaction. Nothing is
 *   invented: no ASIN, no original price, no discount, no rating (a departure from spec §9).
 * - {@link listBudgetDeals}: the listed products still at or under £15, with honest prices.
 */
import type { CatalogueUploadResponse, DealsUnder15Response } from '../../../common/api/catalogue-import.admin.schema';
import { penceToPriceString } from '../../../common/money';
import type { Db } from '../../db/client';
import type { Outcome } from '../../http/outcome';
import { importUpload, type CatalogueUpdateDeps, type CatalogueUploadRequest } from '../catalogue';
import { amazonFreshSince, publicPriceView, toProduct } from '../products';
import { budgetDealsSummary, findBudgetDeals, replaceBudgetDeals } from './budget-deals.queries';
import { BUDGET_DEAL_MAX_PENCE, BUDGET_DEALS_SHOWN, budgetDealRowRule } from './budget-deals.rules';

/**
 * Loads an Under £15 CSV (multipart upload already checked). A file with no accepted row leaves the
 * list as it was. Returns 409 while another upload runs; throws what the importer throws.
 */
export function uploadBudgetDeals(deps: CatalogueUpdateDeps, request: CatalogueUploadRequest): Promise<Outcome<CatalogueUploadResponse>> {
  return importUpload(deps, request, {
    action: 'budget-deals.upload',
    rowRule: budgetDealRowRule,
    afterRows: async (tx, asins) => ({ listedCount: await replaceBudgetDeals(tx, asins, request.adminId, deps.clock()) }),
  });
}

/**
 * The public list at `now`: products on it priced at most £15 now, in list order (the first 200),
 * and the counts. A product whose price may not be shown (Amazon's data over 24 hours old) is
 * neither listed nor counted as available: "under £15" is a claim about its price.
 */
export async function listBudgetDeals(db: Db, affiliateTag: string, now: Date): Promise<DealsUnder15Response> {
  const freshSince = amazonFreshSince(now);
  const [rows, summary] = await Promise.all([
    findBudgetDeals(db, BUDGET_DEAL_MAX_PENCE, BUDGET_DEALS_SHOWN, freshSince),
    budgetDealsSummary(db, BUDGET_DEAL_MAX_PENCE, freshSince),
  ]);
  const view = publicPriceView(now);
  return {
    products: rows.map((row) => toProduct(row, affiliateTag, view)),
    maxPrice: penceToPriceString(BUDGET_DEAL_MAX_PENCE),
    listedCount: summary.listed,
    availableCount: summary.available,
    updatedAt: summary.updatedAt ? summary.updatedAt.toISOString() : null,
  };
}
