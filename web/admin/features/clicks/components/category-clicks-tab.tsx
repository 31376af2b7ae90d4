/**
 * The "Categories (category button clicks)" tab (admin-area §2 "Category-clicks tab", §3, §9;
 * issue 13): the date filter, the four cards, the top-6 breakdown and the first 10 recent clicks
 * (category, user or 'Anonymous', time, page or 'Home').
 */
import { useQuery } from '@tanstack/react-query';
import type { AdminTabProps } from '../../../components/admin-tab';
import { RECENT_CATEGORY_CLICKS } from '../../../../../common/api/click-analytics.admin.schema';
import { categoryClickStatsQuery } from '../api';
import { CategoryBreakdown } from './category-breakdown';
import { DateFilter, useDateFilter } from './date-filter';
import { QueryState } from './query-state';
import { ukDateTime } from './uk-time';

/** The page a click came from: 'Home' when none was recorded (spec §2), our own pages as their path. */
function pageText(pageUrl: string | null): string {
  if (!pageUrl) return 'Home';
  try {
    const url = new URL(pageUrl, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}` : pageUrl;
  } catch {
    return pageUrl;
  }
}

export function CategoryClicksTab({ tabKey }: AdminTabProps) {
  const { preset, range, setPreset } = useDateFilter();
  const stats = useQuery(categoryClickStatsQuery(tabKey, range));
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">Category button clicks</h2>
      <DateFilter preset={preset} range={range} onChange={setPreset} />
      <QueryState query={stats} loading="Loading category clicks…" failed="Failed to load category clicks">
        {(data) => (
          <>
            <CategoryBreakdown stats={data} />
            <section aria-labelledby="recent-category-clicks" className="rounded-lg border border-slate-200 bg-white">
              <h3 id="recent-category-clicks" className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">
                Recent clicks <span className="text-sm font-normal text-slate-600">(latest {RECENT_CATEGORY_CLICKS})</span>
              </h3>
              {data.clicks.length === 0 ? (
                <p className="px-4 py-3 text-sm text-slate-600">No category button clicks in this period.</p>
              ) : (
                <>
                  <ul className="divide-y divide-slate-100 sm:hidden">
                    {data.clicks.slice(0, RECENT_CATEGORY_CLICKS).map((c) => (
                      <li key={c.id} className="px-4 py-2 text-sm">
                        <p className="font-medium text-slate-900">{c.categoryName}</p>
                        <p className="break-all text-slate-700">{c.userEmail ?? 'Anonymous'}</p>
                        <p className="text-slate-600">
                          {ukDateTime(c.clickedAt)} · {pageText(c.pageUrl)}
                        </p>
                      </li>
                    ))}
                  </ul>
                  <div className="hidden overflow-x-auto sm:block">
                    <table className="w-full min-w-[32rem] text-left text-sm">
                      <thead className="bg-slate-50 text-slate-700">
                        <tr>
                          {['Category', 'User', 'Time', 'Page'].map((h) => (
                            <th key={h} scope="col" className="px-4 py-2 font-medium">
                              {h}
                            </th>
                          ))}
                        </tr>
                      </thead>
                      <tbody className="divide-y divide-slate-100">
                        {data.clicks.slice(0, RECENT_CATEGORY_CLICKS).map((c) => (
                          <tr key={c.id}>
                            <td className="px-4 py-2 font-medium text-slate-900">{c.categoryName}</td>
                            <td className="px-4 py-2 break-all text-slate-700">{c.userEmail ?? 'Anonymous'}</td>
                            <td className="px-4 py-2 whitespace-nowrap text-slate-700">{ukDateTime(c.clickedAt)}</td>
                            <td className="px-4 py-2 break-all text-slate-700">{pageText(c.pageUrl)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </>
              )}
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}
