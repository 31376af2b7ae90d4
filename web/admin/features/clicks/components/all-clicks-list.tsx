/**
 * The all-product-clicks list (admin-area §2; §9 "all-clicks list shows 50"): a search by e-mail
 * (part of an address; searched as you type, after a pause), the newest 50 matching clicks of the
 * period, and a count line ("Showing 50 of 1,234 clicks").
 */
import { useDeferredValue, useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebounce } from 'use-debounce';
import type { DateRange } from '../../../../../common/analytics-dates';
import { CLICK_LIST_MAX } from '../../../../../common/api/click-analytics.admin.schema';
import { Input } from '../../../../components/ui/input';
import { productClicksQuery } from '../api';
import { QueryState } from './query-state';
import { count } from './stat-card';
import { ukDateTime } from './uk-time';
import { formatPriceString } from '../../../../../common/money';

export function AllClicksList({ tabKey, range }: { tabKey: string; range: DateRange }) {
  const [search, setSearch] = useState('');
  const email = useDeferredValue(useDebounce(search, 300)[0]);
  const clicks = useQuery({ ...productClicksQuery(tabKey, range, email), placeholderData: keepPreviousData });
  const searchId = useId();
  return (
    <section aria-labelledby="all-clicks-heading" className="rounded-lg border border-slate-200 bg-white">
      <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-4 py-3">
        <h3 id="all-clicks-heading" className="mr-auto text-base font-semibold text-slate-900">
          All product clicks
        </h3>
        <div className="w-full sm:w-72">
          <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-slate-800">
            Search by e-mail
          </label>
          <Input
            id={searchId}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="e.g. jane@ or example.com"
          />
        </div>
      </div>
      <QueryState query={clicks} loading="Loading clicks…" failed="Failed to load product clicks">
        {(data) => (
          <>
            <p className="px-4 py-2 text-sm text-slate-700" role="status">
              Showing {count(data.clicks.length)} of {count(data.total)} {data.total === 1 ? 'click' : 'clicks'}
              {email.trim() ? ` for e-mails containing “${email.trim()}”` : ''}
              {data.total > CLICK_LIST_MAX ? ` (newest ${CLICK_LIST_MAX}; the CSV exports hold them all)` : ''}
            </p>
            {data.clicks.length === 0 ? null : (
              <ul className="divide-y divide-slate-100 sm:hidden">
                {data.clicks.map((c) => (
                  <li key={c.id} className="px-4 py-2 text-sm">
                    <p className="font-medium text-slate-900">{c.productTitle ?? c.productAsin ?? '—'}</p>
                    <p className="break-all text-slate-700">{c.userEmail ?? 'Anonymous'}</p>
                    <p className="text-slate-600">
                      {ukDateTime(c.clickedAt)} · {c.clickType}
                      {c.price ? ` · ${formatPriceString(c.price)}` : ''}
                      {c.utmCampaign ? ` · ${c.utmCampaign}` : ''}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            {data.clicks.length === 0 ? null : (
              <div className="hidden overflow-x-auto sm:block">
                <table className="w-full min-w-[44rem] text-left text-sm">
                  <thead className="bg-slate-50 text-slate-700">
                    <tr>
                      {['Time', 'E-mail', 'Product', 'Type', 'Price', 'Campaign'].map((h) => (
                        <th key={h} scope="col" className="px-4 py-2 font-medium">
                          {h}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {data.clicks.map((c) => (
                      <tr key={c.id}>
                        <td className="px-4 py-2 whitespace-nowrap text-slate-700">{ukDateTime(c.clickedAt)}</td>
                        <td className="px-4 py-2 break-all text-slate-700">{c.userEmail ?? 'Anonymous'}</td>
                        <td className="px-4 py-2 text-slate-900">
                          {c.productTitle ?? c.productAsin ?? '—'}
                          {c.productAsin ? <span className="block text-xs text-slate-600">{c.productAsin}</span> : null}
                        </td>
                        <td className="px-4 py-2 text-slate-700">{c.clickType}</td>
                        <td className="px-4 py-2 text-slate-700 tabular-nums">{c.price ? formatPriceString(c.price) : '—'}</td>
                        <td className="px-4 py-2 text-slate-700">{c.utmCampaign ?? '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
