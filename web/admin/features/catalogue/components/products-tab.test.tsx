// @vitest-environment happy-dom
/**
 * The 'products list' and 'Product Catalog' tabs in the browser (admin-area §2, §5, §8, §9), with
 * the API faked at `fetch`: the list and its paging line, Next, the category filter (our ten
 * categories), sorting from a column header, the two selections, Copy Email HTML (the 'Please select
 * at least one product to generate email' message, the clipboard's HTML), bulk delete after a
 * confirmation (Cancel sends nothing), and the empty and error states.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminProduct, AdminProductsResponse } from '../../../../../common/api/products.admin.schema';
import { currentUrl, fakeApi, makeProduct, renderPage, type FakeCall } from '../../../../testing/harness';
import { ProductCatalogTab } from './product-catalog-tab';
import { ProductsTab } from './products-tab';

function adminProduct(n: number, overrides: Partial<AdminProduct> = {}): AdminProduct {
  const asin = `B0TEST${String(n).padStart(4, '0')}`;
  return {
    ...makeProduct({ asin, id: String(n), title: `Product number ${n}`, category: n % 2 ? 'electronics' : 'home-kitchen' }),
    dealBasis: null,
    lastUpdated: '2026-06-01T09:00:00.000Z',
    isActive: true,
    ...overrides,
  };
}

/** A fake `GET /api/admin/products` over `all`, honouring page, limit and category. */
function listOf(all: AdminProduct[]) {
  return (call: FakeCall) => {
    const limit = Number(call.query.get('limit'));
    const category = call.query.get('category');
    const matching = category ? all.filter((p) => p.category === category) : all;
    const totalPages = Math.max(1, Math.ceil(matching.length / limit));
    const page = Math.min(Number(call.query.get('page')), totalPages);
    const body: AdminProductsResponse = {
      products: matching.slice((page - 1) * limit, page * limit),
      pagination: { page, limit, total: matching.length, totalPages },
    };
    return { json: body };
  };
}

const ALL = Array.from({ length: 45 }, (_, i) => adminProduct(45 - i));
const AUDIT = { json: { entries: [] } };

describe('the products list tab', () => {
  it('issue 29: the filter and page come from the URL, and "Select all N matching" deletes by the filter on the server', async () => {
    const matchingDeletes: FakeCall[] = [];
    const api = fakeApi({
      'GET /api/admin/products': listOf(ALL),
      'POST /api/admin/products/delete-matching': (call) => {
        matchingDeletes.push(call);
        return { json: { deletedCount: 23 } };
      },
      'GET /api/admin/audit-log': AUDIT,
    });
    const { user, router } = renderPage(<ProductsTab tabKey="products" />, '/admin?category=electronics&page=2');
    await screen.findByRole('table', { name: 'Products, page 2 of 2' });
    expect(api.callsTo('GET /api/admin/products')[0]?.query.get('category')).toBe('electronics');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('table', { name: 'Products, page 1 of 2' });
    expect(currentUrl(router)).toBe('/admin?category=electronics');
    await user.click(screen.getByRole('checkbox', { name: 'Select: Product number 45' }));
    await user.click(screen.getByRole('button', { name: 'Select all 23 matching' }));
    expect(screen.getByText(/All 23 matching products selected to delete/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete all matching (23)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete all 23 products matching the filter?' });
    expect(dialog).toHaveTextContent('3 products of them are on other pages, not shown here.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete 23 products' }));
    expect(await screen.findByText('23 products matching the filter deleted.')).toBeInTheDocument();
    expect(matchingDeletes[0]?.body).toEqual({ category: 'electronics', confirmDeleteCount: 23 });
  });

  it('says how many selected products are on other pages, and the delete states the number and what goes with it', async () => {
    const deletes: FakeCall[] = [];
    fakeApi({
      'GET /api/admin/products': listOf(ALL),
      'DELETE /api/admin/products': (call) => {
        deletes.push(call);
        return { json: { deletedCount: (call.body as { ids: string[] }).ids.length } };
      },
      'GET /api/admin/audit-log': AUDIT,
    });
    const { user } = renderPage(<ProductsTab tabKey="products" />, '/admin');
    await screen.findByRole('table', { name: 'Products, page 1 of 3' });
    await user.click(screen.getByRole('checkbox', { name: 'Select: Product number 45' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3 (45 total products)');
    await user.click(screen.getByRole('checkbox', { name: 'Select: Product number 25' }));
    expect(screen.getByText(/2 selected to delete across pages \(1 not on this page\)/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 2 products?' });
    expect(dialog).toHaveTextContent('2 products will be deleted. They can be restored with their price history for 30 days');
    expect(dialog).toHaveTextContent('With them go their price history and their places on category pages and the Under £15 list.');
    expect(dialog).toHaveTextContent('1 product of them is on other pages, not shown here.');
    expect(within(dialog).getByRole('link', { name: /Download the current catalogue first/ })).toHaveAttribute(
      'href',
      '/api/admin/products/export-csv',
    );
    expect(within(dialog).queryByLabelText(/to confirm/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2 products' }));
    expect(await screen.findByText('Products deleted successfully')).toBeInTheDocument();
    expect((deletes[0]?.body as { ids: string[] }).ids.sort()).toEqual(['25', '45']);
  });

  it('edits a product from its row: only the changed fields are sent, and a refusal shows the server’s rule', async () => {
    const patches: FakeCall[] = [];
    let refuse = true;
    fakeApi({
      'GET /api/admin/products': listOf(ALL),
      'PATCH /api/admin/products/B0TEST0045': (call) => {
        patches.push(call);
        if (refuse) return { status: 400, json: { error: 'Bad Request', message: 'price: must be a price in pounds above 0 (zero)' } };
        return { json: { product: ALL[0], changed: { price: '12.99 → 9.99', title: 'a → b' } } };
      },
      'GET /api/admin/audit-log': AUDIT,
    });
    const { user } = renderPage(<ProductsTab tabKey="products" />, '/admin');
    await screen.findByRole('table', { name: 'Products, page 1 of 3' });
    await user.click(screen.getByRole('button', { name: 'Edit Product number 45' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit B0TEST0045' });
    const price = within(dialog).getByLabelText('Price (£)');
    await user.clear(price);
    await user.type(price, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('price: must be a price in pounds above 0 (zero)');
    expect(patches[0]?.body).toEqual({ price: '0' });

    refuse = false;
    await user.clear(price);
    await user.type(price, '9.99');
    const title = within(dialog).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Better kettle');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Product updated')).toBeInTheDocument();
    expect(patches[1]?.body).toEqual({ price: '9.99', title: 'Better kettle' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit B0TEST0045' })).not.toBeInTheDocument());
  });

  it('decision 0034: the Active switch sends isActive false, inactive rows are badged, and "Show: Inactive" filters on the server', async () => {
    const patches: FakeCall[] = [];
    const rows = [adminProduct(2, { isActive: false }), adminProduct(1)];
    const api = fakeApi({
      'GET /api/admin/products': listOf(rows),
      'PATCH /api/admin/products/B0TEST0001': (call) => {
        patches.push(call);
        return { json: { product: { ...rows[1]!, isActive: false }, changed: { isActive: 'active → inactive' } } };
      },
      'GET /api/admin/audit-log': AUDIT,
    });
    const { user, router } = renderPage(<ProductsTab tabKey="products" />, '/admin');
    const table = await screen.findByRole('table', { name: 'Products, page 1 of 1' });
    const [inactiveRow, activeRow] = within(table).getAllByRole('row').slice(1);
    expect(inactiveRow).toHaveTextContent('Inactive: hidden from shoppers');
    expect(activeRow).not.toHaveTextContent('Inactive');

    await user.click(screen.getByRole('button', { name: 'Edit Product number 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit B0TEST0001' });
    const active = within(dialog).getByRole('switch', { name: 'Active' });
    expect(active).toBeChecked();
    expect(active).toHaveAccessibleDescription(/Shown to shoppers/);
    await user.click(active);
    expect(active).not.toBeChecked();
    expect(active).toHaveAccessibleDescription(/Hidden from shoppers/);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Product updated')).toBeInTheDocument();
    expect(patches[0]?.body).toEqual({ isActive: false });

    await user.selectOptions(screen.getByLabelText('Show'), 'Inactive');
    await waitFor(() => expect(api.callsTo('GET /api/admin/products').at(-1)?.query.get('status')).toBe('inactive'));
    expect(currentUrl(router)).toBe('/admin?status=inactive');
  });

  it('lists 20 a page with "Page x of y (n total products)", pages with Next and filters by our categories', async () => {
    const api = fakeApi({ 'GET /api/admin/products': listOf(ALL) });
    const { user } = renderPage(<ProductsTab tabKey="products" />, '/admin');
    const table = await screen.findByRole('table', { name: 'Products, page 1 of 3' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByText('Page 1 of 3 (45 total products)')).toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/products')[0]?.query.toString()).toBe('page=1&limit=20&sortBy=id&sortOrder=desc');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3 (45 total products)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();

    const category = screen.getByRole('combobox', { name: 'Category' });
    expect(
      within(category)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All categories',
      'Home & Kitchen',
      'Electronics',
      'Fashion',
      'Health & Beauty',
      'Sports & Outdoors',
      'Automotive',
      'Gaming',
      'Books',
      'Baby',
      'Musical Instruments',
      'Other',
    ]);
    await user.selectOptions(category, 'electronics');
    expect(await screen.findByText('Page 1 of 2 (23 total products)')).toBeInTheDocument();
    expect(api.calls.at(-1)?.query.get('category')).toBe('electronics');
    expect(api.calls.at(-1)?.query.get('page')).toBe('1');
  });

  it('sorts from a column header and from the Sort by and Order selects', async () => {
    const api = fakeApi({ 'GET /api/admin/products': listOf(ALL) });
    const { user } = renderPage(<ProductsTab tabKey="products" />, '/admin');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Price' }));
    await waitFor(() => expect(api.calls.at(-1)?.query.get('sortBy')).toBe('price'));
    expect(screen.getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', expect.stringMatching(/ascending|descending/));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'title');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'asc');
    await waitFor(() => expect(api.calls.at(-1)?.query.toString()).toBe('page=1&limit=20&sortBy=title&sortOrder=asc'));
    expect(screen.getByRole('columnheader', { name: 'Product' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('asks to select a product before copying, then copies the e-mail selection as HTML cards', async () => {
    const byIds: FakeCall[] = [];
    fakeApi({
      'GET /api/admin/products': listOf(ALL),
      'POST /api/admin/products/by-ids': (call) => {
        byIds.push(call);
        return { json: { products: [adminProduct(44, { discountPercent: 10 }), adminProduct(45, { discountPercent: 40 })] } };
      },
    });
    const { user } = renderPage(<ProductsTab tabKey="products" />, '/admin');
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Copy Email HTML (0)' }));
    expect(await screen.findByText('Please select at least one product to generate email')).toBeInTheDocument();
    expect(byIds).toHaveLength(0);

    // The delete selection is not the e-mail selection.
    await user.click(screen.getByRole('checkbox', { name: 'Select: Product number 43' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select for e-mail: Product number 45' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select for e-mail: Product number 44' }));
    await user.click(screen.getByRole('button', { name: 'Copy Email HTML (2)' }));
    expect(await screen.findByText('Email HTML copied to clipboard')).toBeInTheDocument();
    expect((byIds[0]?.body as { ids: string[] }).ids.sort()).toEqual(['44', '45']);
    const html = await navigator.clipboard.readText();
    expect(html.indexOf('Save 40%')).toBeLessThan(html.indexOf('Save 10%'));
    expect(html).toContain('Product number 45');
    expect(html).not.toContain('Product number 43');
  });

  it('says when the selected products cannot be fetched or no longer exist', async () => {
    let answer: 'fail' | 'none' = 'fail';
    fakeApi({
      'GET /api/admin/products': listOf(ALL),
      'POST /api/admin/products/by-ids': () =>
        answer === 'fail' ? { status: 500, json: { error: 'x', message: 'boom' } } : { json: { products: [] } },
    });
    const { user } = renderPage(<ProductsTab tabKey="products" />, '/admin');
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select for e-mail: every product on this page' }));
    await user.click(screen.getByRole('button', { name: 'Copy Email HTML (20)' }));
    expect(await screen.findByText('Failed to fetch selected products')).toBeInTheDocument();
    answer = 'none';
    await user.click(screen.getByRole('button', { name: 'Copy Email HTML (20)' }));
    expect(await screen.findByText('No selected products found')).toBeInTheDocument();
  });

  it('deletes the selected products only after the confirmation, then says so', async () => {
    let products = [...ALL];
    const deletes: FakeCall[] = [];
    fakeApi({
      'GET /api/admin/products': (call) => listOf(products)(call),
      'DELETE /api/admin/products': (call) => {
        deletes.push(call);
        const ids = (call.body as { ids: string[] }).ids;
        products = products.filter((p) => !ids.includes(p.id));
        return { json: { deletedCount: ids.length } };
      },
      'GET /api/admin/audit-log': AUDIT,
    });
    const { user } = renderPage(<ProductsTab tabKey="products" />, '/admin');
    await screen.findByRole('table');
    expect(screen.getByRole('button', { name: 'Delete selected (0)' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select: Product number 45' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select: Product number 44' }));

    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete 2 products?' });
    expect(dialog).toHaveTextContent('They can be restored with their price history for 30 days');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletes).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete 2 products?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2 products' }));
    expect(await screen.findByText('Products deleted successfully')).toBeInTheDocument();
    expect((deletes[0]?.body as { ids: string[] }).ids.sort()).toEqual(['44', '45']);
    expect(await screen.findByText('Page 1 of 3 (43 total products)')).toBeInTheDocument();
    expect(screen.queryByText('Product number 45')).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete selected (0)' })).toBeDisabled();
  });

  it('says "Failed to delete products" with the server message when the delete fails', async () => {
    fakeApi({
      'GET /api/admin/products': listOf(ALL),
      'DELETE /api/admin/products': {
        status: 403,
        json: { error: 'Forbidden', message: "origin: admin changes must come from this site's own pages" },
      },
      'GET /api/admin/audit-log': AUDIT,
    });
    const { user } = renderPage(<ProductsTab tabKey="products" />, '/admin');
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select: Product number 45' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected (1)' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete 1 product' }));
    expect(await screen.findByText('Failed to delete products')).toBeInTheDocument();
    expect(screen.getByText("origin: admin changes must come from this site's own pages")).toBeInTheDocument();
  });

  it('shows the empty catalogue, no match for filters, and a load failure with Try again', async () => {
    let fail = true;
    fakeApi({
      'GET /api/admin/products': (call) =>
        fail
          ? { status: 500, json: { error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again.' } }
          : listOf([])(call),
      'GET /api/admin/products/deleted': { json: { products: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 1 } } },
    });
    const { user } = renderPage(<ProductsTab tabKey="products" />, '/admin');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load products');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The catalogue is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to import' })).toHaveAttribute('href', '/admin/import');
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'kettle');
    expect(await screen.findByText('No products match these filters.')).toBeInTheDocument();
  });
});

describe('the Product Catalog tab', () => {
  it('shows 100 a page, counts the selection across pages, loads fresh, and copies the selection', async () => {
    const many = Array.from({ length: 150 }, (_, i) => adminProduct(150 - i));
    const api = fakeApi({
      'GET /api/admin/products': listOf(many),
      'POST /api/admin/products/by-ids': (call) => ({
        json: { products: (call.body as { ids: string[] }).ids.map((id) => adminProduct(Number(id))) },
      }),
    });
    const { user } = renderPage(<ProductCatalogTab tabKey="product-catalog" />, '/admin/product-catalog');
    await screen.findByRole('table', { name: 'Product catalog, page 1 of 2' });
    expect(screen.getByText('Page 1 of 2 (150 total products)')).toBeInTheDocument();
    expect(api.calls[0]?.query.get('limit')).toBe('100');
    await user.click(screen.getByRole('checkbox', { name: 'Select for e-mail: Product number 150' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('table', { name: 'Product catalog, page 2 of 2' });
    await user.click(screen.getByRole('checkbox', { name: 'Select for e-mail: Product number 1' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load fresh catalogue' }));
    await waitFor(() => expect(api.calls.at(-1)?.query.get('fresh')).toBe('true'));
    expect(api.calls.at(-1)?.query.get('t')).toMatch(/^\d+$/);
    expect(api.calls.at(-1)?.query.get('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Copy email HTML' }));
    expect(await screen.findByText('Email HTML copied to clipboard')).toBeInTheDocument();
    const html = await navigator.clipboard.readText();
    expect(html).toContain('Product number 150');
    expect(html).toContain('Product number 1<');
  });
});
