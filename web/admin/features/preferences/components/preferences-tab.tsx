/**
 * The Preferences tab (admin-area §2 "Preferences tab", §3 "User preference"; issue 12 part 1):
 * per-user survey answers with the Survey Complete badge, preferred categories, e-mail frequency,
 * created and updated dates, the total count and the export data button (a CSV from the server).
 * Refetches every 60 s.
 */
import { useQuery } from '@tanstack/react-query';
import { FileDown } from 'lucide-react';
import { Badge } from '../../../../components/ui/badge';
import { buttonClasses } from '../../../../components/ui/button';
import { StatCard, StatGrid } from '../../../components/admin-stat-card';
import { ShowMore, useShowMore } from '../../../components/admin-paging';
import { EmailSearchField, useEmailSearch } from '../../../components/email-search';
import { AdminEmpty, AdminError, AdminLoading } from '../../../components/admin-states';
import { formatDateTime } from '../../../../lib/date.format';
import { messageForPeople } from '../../../../lib/http.client';
import { PREFERENCES_EXPORT_URL, userPreferencesQuery } from '../api';
import { categoriesText, frequencyText } from './people-format';

const PAGE = 100;

export function PreferencesTab({ tabKey }: { tabKey: string }) {
  const prefs = useQuery(userPreferencesQuery(tabKey));
  const { shown, more } = useShowMore(PAGE);
  const { search, setSearch, term, matching: rows } = useEmailSearch(prefs.data?.preferences);
  if (prefs.isPending) return <AdminLoading label="Loading preferences…" />;
  if (prefs.isError)
    return <AdminError message={messageForPeople(prefs.error, 'Failed to load preferences')} onRetry={() => void prefs.refetch()} />;
  const all = prefs.data.preferences;
  const completed = all.filter((p) => p.hasCompletedSurvey).length;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="mr-auto text-xl font-semibold text-slate-900">Preferences</h2>
        <a href={PREFERENCES_EXPORT_URL} download className={buttonClasses('secondary')}>
          <FileDown className="h-4 w-4" aria-hidden="true" />
          Export data
        </a>
      </div>
      <StatGrid columns={3}>
        <StatCard label="Total" value={prefs.data.total} hint="people who answered or skipped the survey" />
        <StatCard label="Survey Complete" value={completed} />
        <StatCard label="Skipped" value={all.length - completed} />
      </StatGrid>
      <EmailSearchField value={search} onChange={setSearch} />
      {rows.length === 0 ? (
        <AdminEmpty>{term ? 'No preferences match that e-mail.' : 'Nobody has answered the preference survey yet.'}</AdminEmpty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {rows.slice(0, shown).map((p) => (
            <li
              key={p.id}
              className="grid gap-1 px-4 py-3 md:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(0,1fr)] md:items-center md:gap-4"
            >
              <div className="min-w-0">
                <p className="font-medium break-all text-slate-900">{p.email}</p>
                <p className="mt-1">
                  {p.hasCompletedSurvey ? <Badge tone="green">Survey Complete</Badge> : <Badge tone="outline">Skipped</Badge>}
                </p>
              </div>
              <div className="text-sm text-slate-800">
                {categoriesText(p.preferredCategories)}
                <span className="block text-slate-600">{frequencyText(p.emailFrequency)} e-mails</span>
              </div>
              <dl className="text-xs text-slate-600">
                <div>
                  <dt className="inline">Created </dt>
                  <dd className="inline">{formatDateTime(p.createdAt)}</dd>
                </div>
                <div>
                  <dt className="inline">Updated </dt>
                  <dd className="inline">{formatDateTime(p.updatedAt)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
      <ShowMore left={rows.length - shown} onMore={more} />
    </div>
  );
}
