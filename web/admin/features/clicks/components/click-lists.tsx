/**
 * The Clicks tab's collapsible "Top Products by Clicks" and "Users by Click Activity" (admin-area
 * §2): the 20 most clicked products and the 20 most active addresses of the period (the CSV
 * exports hold them all). Each user opens to show the products they clicked (loaded when opened),
 * with a CSV export of that user's clicks and a link that opens their raw click data
 * (`/api/admin/product-clicks/{email}`, as spec §7 opens it in a new tab).
 */
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Download, ExternalLink } from 'lucide-react';
import type { DateRange } from '../../../../../common/analytics-dates';
import { paths } from '../../../../../common/paths';
import type { ClickStats } from '../../../../../common/api/click-analytics.admin.schema';
import { buttonClasses } from '../../../../components/ui/button';
import { AdminQueryState } from '../../../components/admin-states';
import { userClicksQuery, userClicksUrl } from '../api';
import { count } from './click-format';
import { ukDateTime } from './uk-time';

/** A native disclosure (keyboard and screen-reader ready) styled as a card. */
export function Collapsible({ title, children, defaultOpen = false }: { title: ReactNode; children: ReactNode; defaultOpen?: boolean }) {
  return (
    <details className="group rounded-lg border border-slate-200 bg-white" open={defaultOpen}>
      <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-3 text-base font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600">
        <ChevronRight className="h-4 w-4 transition-transform group-open:rotate-90" aria-hidden="true" />
        {title}
      </summary>
      <div className="border-t border-slate-200">{children}</div>
    </details>
  );
}

export function TopProductsList({ stats }: { stats: ClickStats }) {
  return (
    <Collapsible
      title={`Top Products by Clicks (${count(Math.min(stats.topProducts.length, stats.uniqueProducts))} of ${count(stats.uniqueProducts)})`}
    >
      {stats.topProducts.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-600">No product clicks in this period.</p>
      ) : (
        <ol className="divide-y divide-slate-100">
          {stats.topProducts.map((p, i) => (
            <li key={p.asin} className="flex items-center gap-3 px-4 py-2 text-sm">
              <span className="w-7 shrink-0 text-right whitespace-nowrap text-slate-500 tabular-nums">{i + 1}.</span>
              <span className="min-w-0 flex-1">
                <a href={paths.product(p.asin)} className="font-medium break-words text-blue-800 hover:underline">
                  {p.title ?? p.asin}
                </a>
                <span className="block text-xs text-slate-600">
                  {p.asin}
                  {p.category ? ` · ${p.category}` : ''}
                </span>
              </span>
              <span className="shrink-0 font-semibold whitespace-nowrap text-slate-900 tabular-nums">{count(p.clickCount)}</span>
            </li>
          ))}
        </ol>
      )}
    </Collapsible>
  );
}

function UserClicks({ tabKey, email, range }: { tabKey: string; email: string; range: DateRange }) {
  const clicks = useQuery(userClicksQuery(tabKey, email, range));
  return (
    <div className="bg-slate-50 px-4 py-3">
      <div className="mb-2 flex flex-wrap gap-2">
        <a href={userClicksUrl(email, range, 'csv')} download className={buttonClasses('secondary', 'sm')}>
          <Download className="h-4 w-4" aria-hidden="true" />
          Export this user's clicks (CSV)
        </a>
        <a href={userClicksUrl(email, range)} target="_blank" rel="noopener noreferrer" className={buttonClasses('ghost', 'sm')}>
          <ExternalLink className="h-4 w-4" aria-hidden="true" />
          View raw click data<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
      <AdminQueryState query={clicks} loading="Loading this user's clicks…" failed="Failed to load this user's clicks">
        {(data) => (
          <ul className="space-y-1 text-sm">
            {data.clicks.map((c) => (
              <li key={c.id} className="flex flex-wrap gap-x-2">
                <span className="text-slate-600">{ukDateTime(c.clickedAt)}</span>
                {c.productAsin ? (
                  <a href={paths.product(c.productAsin)} className="text-blue-800 hover:underline">
                    {c.productTitle ?? c.productAsin}
                  </a>
                ) : (
                  <span>{c.productTitle ?? 'Deal page link'}</span>
                )}
              </li>
            ))}
            {data.total > data.clicks.length ? (
              <li className="text-slate-600">…and {count(data.total - data.clicks.length)} older clicks (in the export).</li>
            ) : null}
          </ul>
        )}
      </AdminQueryState>
    </div>
  );
}

function UserRow({ tabKey, user, range }: { tabKey: string; user: ClickStats['clicksByEmail'][number]; range: DateRange }) {
  const [open, setOpen] = useState(false);
  return (
    <li>
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="flex cursor-pointer list-none items-center gap-3 px-4 py-2 text-sm focus-visible:outline-2 focus-visible:outline-blue-600">
          <ChevronRight className={open ? 'h-4 w-4 rotate-90' : 'h-4 w-4'} aria-hidden="true" />
          <span className="min-w-0 flex-1 break-all text-slate-900">{user.email}</span>
          <span className="text-xs whitespace-nowrap text-slate-600">last {ukDateTime(user.lastClickedAt)}</span>
          <span className="shrink-0 font-semibold whitespace-nowrap text-slate-900 tabular-nums">{count(user.clickCount)}</span>
        </summary>
        {open ? <UserClicks tabKey={tabKey} email={user.email} range={range} /> : null}
      </details>
    </li>
  );
}

export function UsersByActivityList({ tabKey, stats, range }: { tabKey: string; stats: ClickStats; range: DateRange }) {
  return (
    <Collapsible
      title={`Users by Click Activity (${count(Math.min(stats.clicksByEmail.length, stats.uniqueUsers))} of ${count(stats.uniqueUsers)})`}
    >
      {stats.clicksByEmail.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-600">No clicks by signed-up users in this period.</p>
      ) : (
        <ol className="divide-y divide-slate-100">
          {stats.clicksByEmail.map((u) => (
            <UserRow key={u.email} tabKey={tabKey} user={u} range={range} />
          ))}
        </ol>
      )}
    </Collapsible>
  );
}
