/**
 * The unsubscribes tab (admin-area §2 "Unsubscribes tab", §3; issue 12 part 1): cards (Total
 * Unsubscribes, Recent (Last 10), Top Reason, Export), the top-reasons list, and the table (Email or
 * Anonymous, Reason, Path, Date, IP, Referrer). IP addresses are personal data: the table shows
 * their network only (/24, /48) until the owner opens a row ("Show full IP", audited on the server).
 * Refetches every 60 s.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download, Eye } from 'lucide-react';
import type { UnsubscribeRecord } from '../../../../../common/api/subscriptions.admin.schema';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../../../components/ui/query-state';
import { StatCard, StatGrid } from '../../../../components/ui/stat-card';
import { toast } from '../../../../components/ui/toast.store';
import { csvFileNameFor, downloadCsv } from '../../../../lib/csv-download';
import { formatDateTime } from '../../../../lib/date.format';
import { messageForPeople } from '../../../../lib/http.client';
import { unsubscribeRecordQuery, unsubscribesQuery, unsubscribeStatsQuery } from '../api';

/** The site's own tracking reasons in words; reasons typed by people are shown as typed. */
const REASON_LABELS: Readonly<Record<string, string>> = {
  visited_unsubscribe_page: 'Visited the unsubscribe page',
  visited_subscribe_page: 'Visited the subscribe page',
  manual_unsubscribe: 'Unsubscribed (no reason given)',
  one_click: 'One-click unsubscribe from an e-mail',
};
export const reasonText = (reason: string) => REASON_LABELS[reason] ?? reason;

export function UnsubscribesTab({ tabKey }: { tabKey: string }) {
  const stats = useQuery(unsubscribeStatsQuery(tabKey));
  const list = useQuery(unsubscribesQuery(tabKey));
  if (stats.isPending || list.isPending) return <LoadingState label="Loading unsubscribes…" />;
  if (stats.isError || list.isError) {
    return (
      <ErrorState
        message={messageForPeople(stats.error ?? list.error, 'Failed to load unsubscribes')}
        onRetry={() => {
          void stats.refetch();
          void list.refetch();
        }}
      />
    );
  }
  const top = stats.data.topReasons[0];
  const records = list.data.unsubscribes;
  const exportCsv = () => {
    downloadCsv(
      csvFileNameFor('unsubscribes'),
      ['email', 'reason', 'visitedPath', 'createdAt', 'ipNetwork', 'referrer', 'tookEffect'],
      records.map((r) => [
        r.email ?? 'Anonymous',
        r.reason,
        r.visitedPath,
        r.createdAt,
        r.ipAddress,
        r.referrer,
        r.effective ? 'yes' : 'no',
      ]),
    );
    toast({ title: 'Export Complete', description: `${records.length} unsubscribe records saved as CSV.` });
  };

  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold text-slate-900">Unsubscribes</h2>
      <StatGrid>
        <StatCard
          label="Total Unsubscribes"
          value={stats.data.totalUnsubscribes}
          hint={`${stats.data.unsubscribedAddresses.toLocaleString('en-GB')} addresses unsubscribed now`}
        />
        <StatCard
          label="Recent (Last 10)"
          value={stats.data.recentUnsubscribes.length}
          hint={stats.data.recentUnsubscribes[0] ? `Newest ${formatDateTime(stats.data.recentUnsubscribes[0].createdAt)}` : 'None yet'}
        />
        <StatCard
          label="Top Reason"
          value={<span className="text-lg">{top ? reasonText(top.reason) : '—'}</span>}
          hint={top ? `${top.count.toLocaleString('en-GB')} times` : undefined}
        />
        <StatCard label="Export" value={<span className="text-lg">{records.length.toLocaleString('en-GB')} records</span>}>
          <Button variant="secondary" size="sm" onClick={exportCsv} disabled={records.length === 0}>
            <Download className="h-4 w-4" aria-hidden="true" />
            Export CSV
          </Button>
        </StatCard>
      </StatGrid>

      <section aria-labelledby="top-reasons-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h3 id="top-reasons-heading" className="text-base font-semibold text-slate-900">
          Top reasons
        </h3>
        {stats.data.topReasons.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No unsubscribes yet.</p>
        ) : (
          <ol className="mt-3 space-y-2">
            {stats.data.topReasons.map((r) => (
              <li key={r.reason} className="text-sm">
                <div className="flex justify-between gap-3">
                  <span className="break-words text-slate-900">{reasonText(r.reason)}</span>
                  <span className="tabular-nums text-slate-700">{r.count.toLocaleString('en-GB')}</span>
                </div>
                <div className="mt-1 h-2 rounded bg-slate-100" aria-hidden="true">
                  <div className="h-2 rounded bg-blue-600" style={{ width: `${Math.max(2, (r.count / (top?.count ?? 1)) * 100)}%` }} />
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="unsubscribes-table-heading" className="rounded-lg border border-slate-200 bg-white">
        <h3 id="unsubscribes-table-heading" className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">
          All unsubscribes{' '}
          <span className="text-sm font-normal text-slate-600">
            ({list.data.total > records.length ? `newest ${records.length.toLocaleString('en-GB')} of ` : ''}
            {list.data.total.toLocaleString('en-GB')})
          </span>
        </h3>
        {records.length === 0 ? (
          <div className="p-4">
            <EmptyState>No unsubscribe requests yet.</EmptyState>
          </div>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[56rem] text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  {['Email', 'Reason', 'Path', 'Date', 'IP', 'Referrer'].map((h) => (
                    <th key={h} scope="col" className="px-4 py-2 font-medium">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {records.map((r) => (
                  <UnsubscribeRow key={r.id} tabKey={tabKey} record={r} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

function UnsubscribeRow({ tabKey, record }: { tabKey: string; record: UnsubscribeRecord }) {
  const [open, setOpen] = useState(false);
  const full = useQuery({ ...unsubscribeRecordQuery(tabKey, record.id), enabled: open });
  return (
    <tr>
      <td className="px-4 py-2 break-all text-slate-900">{record.email ?? <span className="text-slate-600 italic">Anonymous</span>}</td>
      <td className="px-4 py-2 text-slate-800">
        {reasonText(record.reason)} {record.effective ? null : <Badge tone="outline">link e-mailed</Badge>}
      </td>
      <td className="px-4 py-2 font-mono text-xs break-all text-slate-700">{record.visitedPath ?? '—'}</td>
      <td className="px-4 py-2 whitespace-nowrap text-slate-700">{formatDateTime(record.createdAt)}</td>
      <td className="px-4 py-2 font-mono text-xs whitespace-nowrap text-slate-700">
        {open && full.data ? (
          (full.data.ipAddress ?? '—')
        ) : (
          <span className="inline-flex items-center gap-2">
            {record.ipAddress ?? '—'}
            {record.ipAddress ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setOpen(true)}
                disabled={open}
                aria-label={`Show the full IP address of record ${record.id}`}
              >
                <Eye className="h-4 w-4" aria-hidden="true" />
                {open ? 'Loading…' : 'Show'}
              </Button>
            ) : null}
          </span>
        )}
        {full.isError ? <span className="block text-red-700">Could not load the address.</span> : null}
      </td>
      <td className="max-w-[16rem] truncate px-4 py-2 font-mono text-xs text-slate-700" title={record.referrer ?? undefined}>
        {record.referrer ?? '—'}
      </td>
    </tr>
  );
}
