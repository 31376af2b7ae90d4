/**
 * `GET /api/amazon/deals-under-15` (admin-area §7: "none → products"; the Under-15 tab's fetch
 * button). **Anyone may call it**: a public read of catalogue data like
 * `GET /api/amazon/top-discounted` (spec §7 puts both outside `/api/admin`, and §6 reserves only the
 * `/api/admin/*` calls for the administrator); it holds nothing personal. Answers the Under £15
 * list's products still priced at most £15, in list order, with honest prices and `asOf` (Amazon's
 * prices over 24 hours old are left out: docs/decisions/0014-amazon-data-24h.md).
 */
import { dealsUnder15ResponseSchema } from '../../../common/api/catalogue-import.admin.schema';
import type { App, AppDeps } from '../../app-deps';
import { listBudgetDeals } from './budget-deals.service';

export async function budgetDealsRoutes(app: App, deps: AppDeps): Promise<void> {
  app.get('/api/amazon/deals-under-15', { schema: { response: { 200: dealsUnder15ResponseSchema } } }, () =>
    listBudgetDeals(deps.database.db, deps.env.AFFILIATE_TAG, deps.clock()),
  );
}
