// @vitest-environment happy-dom
/**
 * The Categories tab in the browser (admin-area §2 "Categories tab", §4, §5, §8; issue 11 part 3),
 * with our API faked at `fetch`: the empty state, the create form's checks and the spec's failure
 * messages, the list with product counts, the inline tag edit (blank refused, save, cancel), the
 * View Products panel (select-all, Remove Selected behind a confirmation, per-row view on Amazon and
 * per-row delete, selection cleared after), the CSV upload (no file, not a CSV, the report with line
 * numbers, the file cleared), deleting the open page behind a confirmation (the panel closes), and
 * a list that fails to load.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminCategoryPage, CategoryPageCsvReport } from '../../../../../common/api/category-pages.admin.schema';
import { fakeApi, makeProduct, renderPage, type FakeCall } from '../../../../testing/harness';
import { CategoryPagesTab } from './category-pages-tab';

const CONFIG = { json: { affiliateTag: 'site-21', affiliateTagNewUser: 'new-21', demo: false, version: 't', catalogueSize: 3 } };

function page(overrides: Partial<AdminCategoryPage> = {}): AdminCategoryPage {
  return {
    id: 1,
    name: 'Kitchen Picks',
    slug: 'kitchen-picks',
    description: '',
    affiliateTag: 'picks-21',
    isActive: true,
    productCount: 2,
    createdAt: '2026-06-01T09:00:00.000Z',
    updatedAt: '2026-06-01T09:00:00.000Z',
    ...overrides,
  };
}

const KETTLE = makeProduct({ asin: 'B0KETTLE01', title: 'Cordless Kettle', price: '29.99', originalPrice: null, discountPercent: null });
const TOASTER = makeProduct({ asin: 'B0TOAST001', title: 'Four Slice Toaster', price: '39.99' });

const renderTab = (url = '/admin/categories') => renderPage(<CategoryPagesTab tabKey="categories" />, url);

describe('the Categories tab', () => {
  it('shows the empty state, checks the create form, and says why a create failed in the spec’s words', async () => {
    let pages: AdminCategoryPage[] = [];
    let attempt = 0;
    const api = fakeApi({
      'GET /api/config': CONFIG,
      'GET /api/category-pages': () => ({ json: { categoryPages: pages } }),
      'GET /api/category-pages/summer-kitchen/products': { json: { products: [] } },
      'POST /api/category-pages': (call: FakeCall) => {
        attempt += 1;
        if (attempt === 1)
          return { status: 409, json: { error: 'Conflict', message: 'slug: a category page "summer-kitchen" already exists' } };
        const body = call.body as { name: string; affiliateTag: string };
        const created = page({
          id: 7,
          name: body.name,
          slug: 'summer-kitchen',
          affiliateTag: body.affiliateTag || 'site-21',
          productCount: 0,
        });
        pages = [created];
        return { status: 201, json: { categoryPage: created } };
      },
    });
    const { user, router } = renderTab();
    expect(await screen.findByText(/No category pages yet/)).toBeInTheDocument();
    expect(await screen.findByText(/Leave blank for the site's standard tag \(site-21\)/)).toBeInTheDocument();

    const submit = screen.getByRole('button', { name: 'Create category page' });
    await user.click(submit);
    expect(screen.getByText('Please enter a category name.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.type(screen.getByLabelText('Name'), '!!!');
    await user.click(submit);
    expect(screen.getByText('The name needs at least one letter or digit.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Affiliate tag'), 'bad tag');
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Summer Kitchen!');
    expect(screen.getByText('Address: /category/summer-kitchen')).toBeInTheDocument();
    await user.click(submit);
    expect(screen.getByText(/An affiliate tag has only letters, digits/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/category-pages')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Affiliate tag'));
    await user.type(screen.getByLabelText('Description'), 'Cool kit');
    await user.click(submit);
    expect(await screen.findByText('Failed to create category: slug: a category page "summer-kitchen" already exists')).toBeInTheDocument();
    expect(api.callsTo('POST /api/category-pages')[0]?.body).toEqual({
      name: 'Summer Kitchen!',
      description: 'Cool kit',
      affiliateTag: '',
      slug: 'summer-kitchen',
      isActive: true,
    });

    await user.click(submit);
    expect(await screen.findByText('Summer Kitchen! is live at /category/summer-kitchen.')).toBeInTheDocument();
    // The new page is listed with its count, and its products open (the URL names it).
    const table = await screen.findByRole('table', { name: /Category pages/ });
    expect(within(table).getByText('Summer Kitchen!', { selector: 'p' })).toBeInTheDocument();
    expect(within(table).getByText('site-21')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=summer-kitchen');
    expect(await screen.findByText(/No products on this page yet/)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('edits a tag inline: a blank tag is refused, Cancel restores, Save sends it; a failed save says so', async () => {
    let saves = 0;
    const api = fakeApi({
      'GET /api/config': CONFIG,
      'GET /api/category-pages': { json: { categoryPages: [page()] } },
      'PUT /api/category-pages/1': (call: FakeCall) => {
        saves += 1;
        if (saves === 1) return { status: 400, json: { error: 'Bad Request', message: 'affiliateTag: must be an Associates tag' } };
        return { json: { categoryPage: page({ affiliateTag: (call.body as { affiliateTag: string }).affiliateTag }) } };
      },
    });
    const { user } = renderTab();
    const table = await screen.findByRole('table', { name: /Category pages/ });
    expect(within(table).getByRole('columnheader', { name: /Products/ })).toBeInTheDocument();
    expect(within(table).getByText('2')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Edit the affiliate tag of Kitchen Picks' }));
    const field = within(table).getByRole('textbox', { name: 'Affiliate tag of Kitchen Picks' });
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.click(within(table).getByRole('button', { name: 'Save' }));
    expect(within(table).getByText('Please enter an affiliate tag.')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Cancel' }));
    expect(within(table).getByText('picks-21')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/category-pages/1')).toHaveLength(0);

    await user.click(within(table).getByRole('button', { name: /Edit the affiliate tag/ }));
    await user.clear(within(table).getByRole('textbox', { name: /Affiliate tag of/ }));
    await user.type(within(table).getByRole('textbox', { name: /Affiliate tag of/ }), 'summer-21');
    await user.click(within(table).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update affiliate tag: affiliateTag: must be an Associates tag')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Links on /category/kitchen-picks now carry summer-21.')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/category-pages/1').map((c) => c.body)).toEqual([
      { affiliateTag: 'summer-21' },
      { affiliateTag: 'summer-21' },
    ]);
  });

  it('View Products: select all, Remove Selected after confirming, per-row view and delete; selection cleared', async () => {
    let products = [TOASTER, KETTLE];
    const api = fakeApi({
      'GET /api/config': CONFIG,
      'GET /api/category-pages': () => ({ json: { categoryPages: [page({ productCount: products.length })] } }),
      'GET /api/category-pages/kitchen-picks/products': () => ({ json: { products } }),
      'DELETE /api/category-pages/kitchen-picks/products': (call: FakeCall) => {
        const asins = (call.body as { asins: string[] }).asins;
        const before = products.length;
        products = products.filter((p) => !asins.includes(p.asin));
        return { json: { removed: before - products.length, productCount: products.length } };
      },
    });
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'View Products of Kitchen Picks' }));
    const panel = await screen.findByRole('region', { name: 'Products of Kitchen Picks' });
    const grid = await within(panel).findByRole('table', { name: /Products of the category page/ });
    expect(
      within(grid)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getByText(/Toaster|Kettle/, { selector: 'p' }).textContent),
    ).toEqual(['Four Slice Toaster', 'Cordless Kettle']);
    expect(within(grid).getByRole('link', { name: /View Cordless Kettle on Amazon/ })).toHaveAttribute(
      'href',
      'https://www.amazon.co.uk/dp/B0KETTLE01',
    );

    const removeSelected = within(panel).getByRole('button', { name: /Remove Selected/ });
    expect(removeSelected).toBeDisabled();
    await user.click(within(grid).getByRole('checkbox', { name: 'Select all products' }));
    expect(within(panel).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Remove Selected (2)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove 2 products from the page?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE /api/category-pages/kitchen-picks/products')).toHaveLength(0);

    // Per-row delete, confirmed.
    await user.click(within(grid).getByRole('button', { name: 'Delete Cordless Kettle from the page' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Remove this product from the page?' })).getByRole('button', {
        name: 'Remove product',
      }),
    );
    expect(await screen.findByText('Product removed successfully from the category.')).toBeInTheDocument();
    await waitFor(() => expect(within(grid).queryByText('Cordless Kettle', { selector: 'p' })).toBeNull());
    expect(within(panel).getByText('1 selected')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Remove Selected (1)' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove 1 product' }));
    expect(await screen.findByText('Successfully removed 1 products from the category.')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/category-pages/kitchen-picks/products').map((c) => c.body)).toEqual([
      { asins: ['B0KETTLE01'] },
      { asins: ['B0TOAST001'] },
    ]);
    expect(await within(panel).findByText(/No products on this page yet/)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /Remove Selected/ })).toBeDisabled();
  });

  it('uploads a CSV: asks for a file, refuses a non-CSV, shows the report by line and clears the file', async () => {
    const report: CategoryPageCsvReport = {
      fileName: 'picks.csv',
      rowsRead: 3,
      total: 1,
      added: 1,
      alreadyOnPage: 0,
      rejectedCount: 2,
      rejected: [
        { line: 3, reason: 'asin: must be a 10-character ASIN (letters and digits)' },
        { line: 4, reason: 'asin: B0NOTHERE1 is not in the catalogue (the file has no header row to create it from: asin, title, price)' },
      ],
      productCount: 3,
      fetchedFromAmazon: 1,
      createdFromFile: 0,
      created: [{ line: 2, asin: 'B0AMAZON01', source: 'creators-api' }],
    };
    const api = fakeApi({
      'GET /api/config': CONFIG,
      'GET /api/category-pages': { json: { categoryPages: [page()] } },
      'GET /api/category-pages/kitchen-picks/products': { json: { products: [TOASTER] } },
      'POST /api/category-pages/kitchen-picks/upload-csv': { json: report },
    });
    const { user } = renderTab('/admin/categories?page=kitchen-picks');
    const panel = await screen.findByRole('region', { name: 'Products of Kitchen Picks' });
    const upload = within(panel).getByRole('button', { name: 'Upload CSV' });
    await user.click(upload);
    expect(await screen.findByText('Please select a CSV file')).toBeInTheDocument();
    expect(screen.getByText('No file chosen')).toBeInTheDocument();

    const input = within(panel).getByLabelText('Upload products CSV') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', '.csv,text/csv');
    // The picker's filter can be switched to "All files": choose a PNG as a person could.
    fireEvent.change(input, { target: { files: [new File(['x'], 'photo.png', { type: 'image/png' })] } });
    await user.click(upload);
    expect(await screen.findByText('Invalid file')).toBeInTheDocument();
    expect(api.callsTo('POST /api/category-pages/kitchen-picks/upload-csv')).toHaveLength(0);

    fireEvent.change(input, { target: { files: [new File(['asin\nB0TOAST001\n'], 'picks.csv', { type: 'text/csv' })] } });
    await user.click(upload);
    expect(await within(panel).findByText('Line 3:')).toBeInTheDocument();
    expect(within(panel).getByText(/3 rows read: 1 added, 0 already on the page, 2 not taken/)).toBeInTheDocument();
    expect(
      within(panel).getByText(
        'asin: B0NOTHERE1 is not in the catalogue (the file has no header row to create it from: asin, title, price)',
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByText(/New in the catalogue: 1 fetched from Amazon, 0 created from this file/)).toBeInTheDocument();
    expect(within(panel).getByText(/B0AMAZON01 fetched from Amazon/)).toBeInTheDocument();
    expect(screen.getByText('1 product added (1 new in the catalogue), 2 rows not taken.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/category-pages/kitchen-picks/upload-csv')).toHaveLength(1);
    // The file was cleared (admin-area §4): uploading again asks for one.
    await user.click(upload);
    expect(await screen.findByText('No file chosen')).toBeInTheDocument();
    expect(api.callsTo('POST /api/category-pages/kitchen-picks/upload-csv')).toHaveLength(1);
  });

  it('deletes the open page after confirming, and closes its products', async () => {
    let pages = [page(), page({ id: 2, name: 'Garden', slug: 'garden', productCount: 0 })];
    const api = fakeApi({
      'GET /api/config': CONFIG,
      'GET /api/category-pages': () => ({ json: { categoryPages: pages } }),
      'GET /api/category-pages/kitchen-picks/products': { json: { products: [TOASTER, KETTLE] } },
      'DELETE /api/category-pages/1': () => {
        pages = pages.filter((p) => p.id !== 1);
        return { json: { deleted: { id: 1, slug: 'kitchen-picks', name: 'Kitchen Picks' }, removedProducts: 2 } };
      },
    });
    const { user, router } = renderTab('/admin/categories?page=kitchen-picks');
    await screen.findByRole('region', { name: 'Products of Kitchen Picks' });
    const table = screen.getByRole('table', { name: /Category pages/ });
    // Sorted by name: Garden first.
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Garden');
    await user.click(within(table).getByRole('button', { name: 'Delete Kitchen Picks' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the category page "Kitchen Picks"?' });
    expect(dialog).toHaveTextContent('its 2 product links will be removed');
    await user.click(within(dialog).getByRole('button', { name: 'Delete page' }));
    expect(await screen.findByText('Kitchen Picks is gone; its 2 products stay in the catalogue.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Products of Kitchen Picks' })).toBeNull());
    expect(router.state.location.search).toBe('');
    expect(api.callsTo('DELETE /api/category-pages/1')).toHaveLength(1);
    await waitFor(() => expect(within(screen.getByRole('table', { name: /Category pages/ })).queryByText('Kitchen Picks')).toBeNull());
  });

  it('says when the pages cannot be loaded, and tries again', async () => {
    let calls = 0;
    fakeApi({
      'GET /api/config': CONFIG,
      'GET /api/category-pages': () => {
        calls += 1;
        return calls === 1
          ? { status: 500, json: { error: 'Internal Server Error', message: 'Something went wrong' } }
          : { json: { categoryPages: [] } };
      },
    });
    const { user } = renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No category pages yet/)).toBeInTheDocument();
  });
});
