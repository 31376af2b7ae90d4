/**
 * The "Categories (category button clicks)" tab (admin-area §2 "Category-clicks tab", §3, §9;
 * issue 13): the date filter, the four cards, the top-6 breakdown and the first 10 recent clicks
 * (category, user or 'Anonymous', time, page or 'Home').
 */
import { useQuery } from '@tanstack/react-query';
import type { AdminTabProps } from '../../../components/admin-tab';
import { RECENT_CATEGORY_CLICKS, type CategoryClickRow } from '../../../../../common/api/click-analytics.admin.schema';
import { AdminDataTable, type AdminColumn } from '../../../components/admin-data-table';
import { AdminPanel } from '../../../components/admin-panel';
import { AdminEmpty, AdminQueryState } from '../../../components/admin-states';
import { categoryClickStatsQuery } from '../api';
import { CategoryBreakdown } from './category-breakdown';
import { DateFilter, useDateFilter } from './date-filter';
import { ukDateTime } from './uk-time';

/**
 * The page a click came from: 'Home' for the home page (spec §2; recorded as none or as "/",
 * issue 29), our own other pages as their path.
 */
export function pageText(pageUrl: string | null): string {
  if (!pageUrl) return 'Home';
  try {
    const url = new URL(pageUrl, window.location.origin);
    if (url.origin !== window.location.origin) return pageUrl;
    return url.pathname === '/' && !url.search ? 'Home' : `${url.pathname}${url.search}`;
  } catch {
    return pageUrl;
  }
}

const COLUMNS: ReadonlyArray<AdminColumn<CategoryClickRow>> = [
  { id: 'category', header: 'Category', cell: (c) => c.categoryName, className: 'font-medium text-slate-900' },
  { id: 'user', header: 'User', cell: (c) => c.userEmail ?? 'Anonymous', className: 'break-all text-slate-700' },
  { id: 'time', header: 'Time', cell: (c) => ukDateTime(c.clickedAt), className: 'whitespace-nowrap text-slate-700' },
  { id: 'page', header: 'Page', cell: (c) => pageText(c.pageUrl), className: 'break-all text-slate-700' },
];

/** A click as a phone shows it: the category, the user, then the time and page. */
function ClickItem({ click: c }: { click: CategoryClickRow }) {
  return (
    <>
      <p className="font-medium text-slate-900">{c.categoryName}</p>
      <p className="break-all text-slate-700">{c.userEmail ?? 'Anonymous'}</p>
      <p className="text-slate-600">
        {ukDateTime(c.clickedAt)} · {pageText(c.pageUrl)}
      </p>
    </>
  );
}

export function CategoryClicksTab({ tabKey }: AdminTabProps) {
  const { preset, range, setPreset, setCustom } = useDateFilter();
  const stats = useQuery(categoryClickStatsQuery(tabKey, range));
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">Category button clicks</h2>
      <DateFilter preset={preset} range={range} onChange={setPreset} onCustom={setCustom} />
      <AdminQueryState query={stats} loading="Loading category clicks…" failed="Failed to load category clicks">
        {(data) => (
          <>
            <CategoryBreakdown stats={data} />
            <AdminPanel title="Recent clicks" note={`(latest ${RECENT_CATEGORY_CLICKS})`}>
              <AdminDataTable
                columns={COLUMNS}
                data={data.clicks.slice(0, RECENT_CATEGORY_CLICKS)}
                getRowId={(c) => String(c.id)}
                empty={<AdminEmpty inset>No category button clicks in this period.</AdminEmpty>}
                frame="bare"
                density="roomy"
                minWidth="min-w-[32rem]"
                mobileItem={(c) => <ClickItem click={c} />}
              />
            </AdminPanel>
          </>
        )}
      </AdminQueryState>
    </div>
  );
}
