// @vitest-environment happy-dom
/**
 * "Recently deleted" in the Products tab and the delete toast's "Restore" (issue 29, decision 0027),
 * with the API faked at `fetch`: the count and list, the selection kept across pages, "Restore
 * selected" sending those ASINs and saying what came back, a refused restore (409) showing the
 * server's message, and the single delete's toast putting the product back with one click.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeletedProduct, DeletedProductsResponse } from '../../../../../common/api/product-archive.admin.schema';
import type { AdminProduct } from '../../../../../common/api/products.admin.schema';
import { fakeApi, makeProduct, renderPage, type FakeCall } from '../../../../testing/harness';
import { ProductsTab } from './products-tab';

function deletedProduct(n: number): DeletedProduct {
  return {
    asin: `B0GONE${String(n).padStart(4, '0')}`,
    id: String(n),
    title: `Deleted kettle ${n}`,
    category: 'home-kitchen',
    price: '19.99',
    priceObservationCount: 3,
    categoryPageCount: n === 1 ? 1 : 0,
    onUnder15List: false,
    reason: 'bulk-delete',
    deletedAt: '2026-06-01T09:00:00.000Z',
    restorableUntil: '2026-07-01T09:00:00.000Z',
    deletedBy: 'owner@example.com',
  };
}

const GONE = Array.from({ length: 25 }, (_, i) => deletedProduct(i + 1));

function deletedListOf(all: DeletedProduct[]) {
  return (call: FakeCall) => {
    const limit = Number(call.query.get('limit'));
    const totalPages = Math.max(1, Math.ceil(all.length / limit));
    const page = Math.min(Number(call.query.get('page')), totalPages);
    const body: DeletedProductsResponse = {
      products: all.slice((page - 1) * limit, page * limit),
      pagination: { page, limit, total: all.length, totalPages },
    };
    return { json: body };
  };
}

const KETTLE: AdminProduct = {
  ...makeProduct({ asin: 'B0KETTLE01', id: '7', title: 'Glass kettle', category: 'home-kitchen' }),
  dealBasis: null,
  lastUpdated: '2026-06-01T09:00:00.000Z',
  isActive: true,
};
const productList = (products: AdminProduct[]) => ({
  json: { products, pagination: { page: 1, limit: 20, total: products.length, totalPages: 1 } },
});
const RESTORED = {
  restored: 2,
  priceObservations: 6,
  categoryPageEntries: 1,
  categoryPageEntriesSkipped: 0,
  budgetDealEntries: 0,
  alertsRelinked: 0,
};

describe('Recently deleted', () => {
  it('counts and lists the deleted products, keeps the selection across pages and restores the selected ones', async () => {
    const api = fakeApi({
      'GET /api/admin/products': productList([KETTLE]),
      'GET /api/admin/products/deleted': deletedListOf(GONE),
      'POST /api/admin/products/restore': { json: RESTORED },
      'GET /api/admin/audit-log': { json: { entries: [] } },
    });
    const { user } = renderPage(<ProductsTab tabKey="products" />, '/admin');
    const panel = await screen.findByRole('region', { name: /Recently deleted \(25 products, restorable for 30 days\)/ });
    const table = await within(panel).findByRole('table', { name: 'Recently deleted products, page 1 of 2' });
    expect(within(table).getByText('Deleted kettle 1')).toBeInTheDocument();
    expect(within(table).getAllByText('3 price points · 1 category page')).toHaveLength(1);
    expect(within(table).getAllByText('Bulk delete by owner@example.com').length).toBeGreaterThan(0);
    const restoreButton = within(panel).getByRole('button', { name: 'Restore selected (0)' });
    expect(restoreButton).toBeDisabled();

    await user.click(within(panel).getByRole('checkbox', { name: 'Select Deleted kettle 1' }));
    await user.click(within(panel).getByRole('button', { name: 'Next' }));
    await within(panel).findByText('Page 2 of 2 (25 deleted products)');
    await user.click(within(panel).getByRole('checkbox', { name: 'Select Deleted kettle 21' }));
    expect(within(panel).getByText('2 selected across pages (1 not on this page)')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Restore selected (2)' }));
    expect(await screen.findByText('Products restored')).toBeInTheDocument();
    expect(screen.getByText('2 products back in the catalogue with 6 price points.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/products/restore')[0]?.body).toEqual({ asins: ['B0GONE0001', 'B0GONE0021'] });
    expect(within(panel).getByRole('button', { name: 'Restore selected (0)' })).toBeDisabled();
  });

  it('restores every listed product after a confirmation, sending the number it showed', async () => {
    const api = fakeApi({
      'GET /api/admin/products': productList([KETTLE]),
      'GET /api/admin/products/deleted': deletedListOf(GONE),
      'POST /api/admin/products/restore': { json: { ...RESTORED, restored: 25, priceObservations: 75 } },
      'GET /api/admin/audit-log': { json: { entries: [] } },
    });
    const { user } = renderPage(<ProductsTab tabKey="products" />, '/admin');
    const panel = await screen.findByRole('region', { name: /Recently deleted \(25 products/ });
    await user.click(await within(panel).findByRole('button', { name: 'Restore all 25 listed products' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore 25 products?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST /api/admin/products/restore')).toHaveLength(0);
    await user.click(within(panel).getByRole('button', { name: 'Restore all 25 listed products' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore 25 products' }));
    expect(await screen.findByText('25 products back in the catalogue with 75 price points.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/products/restore')[0]?.body).toEqual({ all: true, confirmCount: 25 });
  });

  it('shows the server’s reason when a restore is refused', async () => {
    fakeApi({
      'GET /api/admin/products': productList([KETTLE]),
      'GET /api/admin/products/deleted': deletedListOf(GONE.slice(0, 1)),
      'POST /api/admin/products/restore': {
        status: 409,
        json: {
          error: 'Conflict',
          message: 'asins: B0GONE0001 is in the catalogue again (imported or added since it was deleted); nothing was restored',
        },
      },
    });
    const { user } = renderPage(<ProductsTab tabKey="products" />, '/admin');
    const panel = await screen.findByRole('region', { name: /Recently deleted \(1 product,/ });
    await user.click(await within(panel).findByRole('checkbox', { name: 'Select Deleted kettle 1' }));
    await user.click(within(panel).getByRole('button', { name: 'Restore selected (1)' }));
    expect(await screen.findByText('Nothing was restored')).toBeInTheDocument();
    // Radix also announces a destructive toast in a live region: the words appear twice.
    expect(screen.getAllByText(/B0GONE0001 is in the catalogue again/, { selector: 'div' })).toHaveLength(1);
  });

  it('shows the empty state, and a single delete’s toast has Restore, which puts the product back', async () => {
    let products = [KETTLE];
    const api = fakeApi({
      'GET /api/admin/products': () => productList(products),
      'GET /api/admin/products/deleted': deletedListOf([]),
      'DELETE /api/admin/products/7': () => {
        products = [];
        return { json: { deletedCount: 1, asins: ['B0KETTLE01'] } };
      },
      'POST /api/admin/products/restore': () => {
        products = [KETTLE];
        return { json: { ...RESTORED, restored: 1, priceObservations: 4 } };
      },
      'GET /api/admin/audit-log': { json: { entries: [] } },
    });
    const { user } = renderPage(<ProductsTab tabKey="products" />, '/admin');
    expect(await screen.findByText('No product was deleted in the last 30 days.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Delete Glass kettle' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this product?' });
    expect(dialog).toHaveTextContent('You can restore it with its price history for 30 days');
    await user.click(within(dialog).getByRole('button', { name: 'Delete product' }));
    expect(await screen.findByText('Product deleted successfully')).toBeInTheDocument();
    // The confirmation has closed (while a modal is open the page outside it takes no pointer).
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('1 product back in the catalogue with 4 price points.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/products/restore')[0]?.body).toEqual({ asins: ['B0KETTLE01'] });
  });
});
