// @vitest-environment happy-dom
/**
 * The admin area's shared table and chart parts on their own (issue 26 "shared table/chart parts";
 * the tabs' own tests cover them in place): a sortable TanStack table says its order with
 * `aria-sort` on the sorted column only and sorts from the keyboard; a read-only table names its
 * rows by their first cell when asked and stands an empty message in for itself; a chart's toggle
 * is pressed while its figures show as a table; the query states say loading, the server's failure
 * with Try again, and the empty message.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { createColumnHelper, tableFeatures, useTable, type SortingState } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderPage } from '../../testing/harness';
import { apiRequest } from '../../lib/http.client';
import { AdminChartPanel } from './admin-chart-panel';
import { AdminDataTable, AdminTable, adminSortingFeatures } from './admin-data-table';
import { AdminQueryState } from './admin-states';

interface Row {
  name: string;
  count: number;
}
const ROWS: Row[] = [
  { name: 'Kettles', count: 12 },
  { name: 'Air fryers', count: 40 },
  { name: 'Toasters', count: 3 },
];

const features = tableFeatures({ ...adminSortingFeatures });
const helper = createColumnHelper<typeof features, Row>();
const columns = helper.columns([
  helper.accessor('name', { header: 'Name', sortFn: 'alphanumeric' }),
  helper.accessor('count', { header: 'Count', sortFn: 'basic', meta: { align: 'right' } }),
]);

function SortableTable() {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }]);
  const table = useTable({ features, columns, data: ROWS, getRowId: (r) => r.name, state: { sorting }, onSortingChange: setSorting });
  return <AdminTable table={table} caption="Categories by name" />;
}

const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('the admin table', () => {
  it('sorts from a header button, by keyboard too, and says the order on the sorted column only', async () => {
    const { user } = renderPage(<SortableTable />);
    const table = screen.getByRole('table', { name: 'Categories by name' });
    expect(names(table)).toEqual(['Air fryers', 'Kettles', 'Toasters']);
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    expect(within(table).getByRole('columnheader', { name: 'Count' })).not.toHaveAttribute('aria-sort');

    within(table).getByRole('button', { name: 'Count' }).focus();
    await user.keyboard('{Enter}');
    expect(within(table).getByRole('columnheader', { name: 'Count' })).toHaveAttribute(
      'aria-sort',
      expect.stringMatching(/ascending|descending/),
    );
    expect(within(table).getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort');
    const byCount = names(table);
    expect(byCount.length).toBe(3);
    expect([byCount, [...byCount].reverse()]).toContainEqual(['Toasters', 'Kettles', 'Air fryers']);
  });

  it('names rows by their first cell when it is a row header, and shows the empty message instead of a table', () => {
    const view = renderPage(
      <AdminDataTable
        caption="Counts"
        data={ROWS}
        getRowId={(r) => r.name}
        columns={[
          { id: 'name', header: 'Name', cell: (r) => r.name, rowHeader: true },
          { id: 'count', header: 'Count', cell: (r) => r.count, align: 'right', cellTitle: (r) => `${r.count} in all` },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Counts' });
    expect(within(table).getByRole('rowheader', { name: 'Kettles' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Air fryers 40' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '3' })).toHaveAttribute('title', '3 in all');
    view.unmount();

    renderPage(<AdminDataTable caption="Counts" data={[] as Row[]} columns={[]} empty={<p>Nothing counted yet.</p>} />);
    expect(screen.getByText('Nothing counted yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('the admin chart panel', () => {
  it('swaps the image for a table of its figures, the toggle pressed meanwhile', async () => {
    const { user } = renderPage(
      <AdminChartPanel
        as="figure"
        title="Products by size"
        summary="Bar chart: small products lead."
        figures={{
          columns: ['Size', 'Products'],
          rows: [
            ['Small', 1200],
            ['Large', 3],
          ],
        }}
      >
        <svg />
      </AdminChartPanel>,
    );
    const figure = screen.getByRole('figure', { name: 'Products by size' });
    expect(within(figure).getByRole('img')).toHaveAccessibleName('Bar chart: small products lead.');
    await user.click(within(figure).getByRole('button', { name: 'Show as table' }));
    expect(within(figure).queryByRole('img')).toBeNull();
    const table = within(figure).getByRole('table', { name: 'Products by size' });
    expect(within(table).getByRole('row', { name: 'Small 1,200' })).toBeInTheDocument();
    expect(within(figure).getByRole('button', { name: 'Show as chart' })).toHaveAttribute('aria-pressed', 'true');
  });
});

function Names() {
  const query = useQuery({ queryKey: ['names'], queryFn: () => apiRequest<{ names: string[] }>('GET', '/api/names'), retry: false });
  return (
    <AdminQueryState
      query={query}
      loading="Loading names…"
      failed="Failed to load names"
      empty={(data) => data.names.length === 0 && 'No names yet.'}
    >
      {(data) => <p>{data.names.join(', ')}</p>}
    </AdminQueryState>
  );
}

describe('the admin query states', () => {
  it("says loading, then the server's failure with Try again, which asks again and shows the answer", async () => {
    let fail = true;
    const api = fakeApi({
      'GET /api/names': () =>
        fail
          ? { status: 500, json: { error: 'Internal Server Error', message: 'Something went wrong on our side.' } }
          : { json: { names: ['Ann', 'Bob'] } },
    });
    const { user } = renderPage(<Names />);
    expect(screen.getByText('Loading names…').closest('[role="status"]')).not.toBeNull();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ann, Bob')).toBeInTheDocument();
    expect(api.callsTo('GET /api/names')).toHaveLength(2);
  });

  it('says the empty message when the answer holds nothing', async () => {
    fakeApi({ 'GET /api/names': { json: { names: [] } } });
    renderPage(<Names />);
    expect(await screen.findByText('No names yet.')).toBeInTheDocument();
  });
});
