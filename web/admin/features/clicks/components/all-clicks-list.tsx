/**
 * The all-product-clicks list (admin-area §2; §9 "all-clicks list shows 50"): a search by e-mail
 * (part of an address; searched as you type, after a pause), the newest 50 matching clicks of the
 * period, and a count line ("Showing 50 of 1,234 clicks").
 */
import { useDeferredValue, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebounce } from 'use-debounce';
import type { DateRange } from '../../../../../common/analytics-dates';
import { CLICK_LIST_MAX, type ProductClickRow as Click } from '../../../../../common/api/click-analytics.admin.schema';
import { AdminDataTable, type AdminColumn } from '../../../components/admin-data-table';
import { AdminPanel } from '../../../components/admin-panel';
import { AdminQueryState } from '../../../components/admin-states';
import { EmailSearchField } from '../../../components/email-search';
import { productClicksQuery } from '../api';
import { count } from './click-format';
import { ukDateTime } from './uk-time';
import { formatPriceString } from '../../../../../common/money';

const product = (c: Click) => c.productTitle ?? c.productAsin ?? '—';

const COLUMNS: ReadonlyArray<AdminColumn<Click>> = [
  { id: 'time', header: 'Time', cell: (c) => ukDateTime(c.clickedAt), className: 'whitespace-nowrap text-slate-700' },
  { id: 'email', header: 'E-mail', cell: (c) => c.userEmail ?? 'Anonymous', className: 'break-all text-slate-700' },
  {
    id: 'product',
    header: 'Product',
    cell: (c) => (
      <>
        {product(c)}
        {c.productAsin ? <span className="block text-xs text-slate-600">{c.productAsin}</span> : null}
      </>
    ),
    className: 'text-slate-900',
  },
  { id: 'type', header: 'Type', cell: (c) => c.clickType, className: 'text-slate-700' },
  { id: 'price', header: 'Price', cell: (c) => (c.price ? formatPriceString(c.price) : '—'), className: 'text-slate-700 tabular-nums' },
  { id: 'campaign', header: 'Campaign', cell: (c) => c.utmCampaign ?? '—', className: 'text-slate-700' },
];

/** A click as a phone shows it: the product, the address, then time, type, price and campaign on one line. */
function ClickItem({ click: c }: { click: Click }) {
  return (
    <>
      <p className="font-medium text-slate-900">{product(c)}</p>
      <p className="break-all text-slate-700">{c.userEmail ?? 'Anonymous'}</p>
      <p className="text-slate-600">
        {ukDateTime(c.clickedAt)} · {c.clickType}
        {c.price ? ` · ${formatPriceString(c.price)}` : ''}
        {c.utmCampaign ? ` · ${c.utmCampaign}` : ''}
      </p>
    </>
  );
}

export function AllClicksList({ tabKey, range }: { tabKey: string; range: DateRange }) {
  const [search, setSearch] = useState('');
  const email = useDeferredValue(useDebounce(search, 300)[0]);
  const clicks = useQuery({ ...productClicksQuery(tabKey, range, email), placeholderData: keepPreviousData });
  return (
    <AdminPanel
      title="All product clicks"
      actionsAlign="end"
      actions={<EmailSearchField value={search} onChange={setSearch} placeholder="e.g. jane@ or example.com" />}
    >
      <AdminQueryState query={clicks} loading="Loading clicks…" failed="Failed to load product clicks" inset>
        {(data) => (
          <>
            <p className="px-4 py-2 text-sm text-slate-700" role="status">
              Showing {count(data.clicks.length)} of {count(data.total)} {data.total === 1 ? 'click' : 'clicks'}
              {email.trim() ? ` for e-mails containing “${email.trim()}”` : ''}
              {data.total > CLICK_LIST_MAX ? ` (newest ${CLICK_LIST_MAX}; the CSV exports hold them all)` : ''}
            </p>
            <AdminDataTable
              columns={COLUMNS}
              data={data.clicks}
              getRowId={(c) => String(c.id)}
              empty={null}
              frame="bare"
              density="roomy"
              minWidth="min-w-[44rem]"
              mobileItem={(c) => <ClickItem click={c} />}
            />
          </>
        )}
      </AdminQueryState>
    </AdminPanel>
  );
}
