/**
 * The unsubscribes tab (admin-area §2 "Unsubscribes tab", §3; issue 12 part 1): cards (Total
 * Unsubscribes, Recent (Last 10), Top Reason, Export), the top-reasons list, and the table (Email or
 * Anonymous, Reason, Path, Date, IP, Referrer). IP addresses are personal data: the table shows
 * their network only (/24, /48) until the owner opens a row ("Show full IP", audited on the server).
 * Refetches every 60 s.
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download, Eye } from 'lucide-react';
import type { UnsubscribeRecord } from '../../../../../common/api/subscriptions.admin.schema';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { StatCard, StatGrid } from '../../../components/admin-stat-card';
import { toast } from '../../../../components/ui/toast.store';
import { AdminDataTable, type AdminColumn } from '../../../components/admin-data-table';
import { AdminPanel } from '../../../components/admin-panel';
import { AdminEmpty, AdminError, AdminLoading } from '../../../components/admin-states';
import { csvFileNameFor, downloadCsv } from '../../../../lib/csv-download';
import { formatDateTime } from '../../../../lib/date.format';
import { messageForPeople } from '../../../../lib/http.client';
import { unsubscribeRecordQuery, unsubscribesQuery, unsubscribeStatsQuery } from '../api';
import { AdminSection } from '../../../components/admin-panel';
import { AdminBarList } from '../../../components/admin-chart-panel';

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
  const columns = useMemo(() => unsubscribeColumns(tabKey), [tabKey]);
  if (stats.isPending || list.isPending) return <AdminLoading label="Loading unsubscribes…" />;
  if (stats.isError || list.isError) {
    return (
      <AdminError
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
          value={stats.data.unsubscribedAddresses}
          hint={`${plural(stats.data.unsubscribedAddresses, 'address', 'addresses')} unsubscribed now · ${plural(stats.data.unsubscribeRequests, 'request', 'requests')}, ${plural(stats.data.pageVisits, 'page visit', 'page visits')} recorded`}
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

      <AdminSection title="Top reasons" level={3} tight className="rounded-lg border border-slate-200 bg-white p-4">
        {stats.data.topReasons.length === 0 ? (
          <p className="text-sm text-slate-600">No unsubscribes yet.</p>
        ) : (
          <AdminBarList
            bars={stats.data.topReasons.map((r) => ({
              key: r.reason,
              label: reasonText(r.reason),
              value: r.count.toLocaleString('en-GB'),
              percent: (r.count / (top?.count ?? 1)) * 100,
            }))}
          />
        )}
      </AdminSection>

      <AdminPanel
        title="Unsubscribe records"
        note={`(${list.data.total > records.length ? `newest ${records.length.toLocaleString('en-GB')} of ` : ''}${list.data.total.toLocaleString('en-GB')})`}
      >
        <AdminDataTable
          columns={columns}
          data={records}
          getRowId={(r) => String(r.id)}
          empty={
            <div className="p-4">
              <AdminEmpty>No unsubscribe requests yet.</AdminEmpty>
            </div>
          }
          frame="bare"
          density="roomy"
          minWidth="min-w-[56rem]"
        />
      </AdminPanel>
    </div>
  );
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/**
 * What a record did, in distinct words (issue 29): a page visit changed nothing; a request either
 * unsubscribed the address at once (signed link or the address's own token) or was not proved, in
 * which case a one-click link went to the address only if it was subscribed.
 */
function RecordBadge({ record }: { record: UnsubscribeRecord }) {
  if (record.kind === 'page-visit') return <Badge tone="outline">Page visit</Badge>;
  if (record.effective) return <Badge tone="green">Unsubscribed</Badge>;
  return (
    <Badge tone="amber" title="No signed link or token: a one-click link is e-mailed if the address is subscribed">
      Not proved
    </Badge>
  );
}

/** The table's columns; the IP cell opens the full address of its row (`tabKey` keys that query). */
function unsubscribeColumns(tabKey: string): ReadonlyArray<AdminColumn<UnsubscribeRecord>> {
  return [
    {
      id: 'email',
      header: 'Email',
      cell: (r) => r.email ?? <span className="text-slate-600 italic">Anonymous</span>,
      className: 'break-all text-slate-900',
    },
    {
      id: 'reason',
      header: 'Reason',
      cell: (r) => (
        <>
          {reasonText(r.reason)} <RecordBadge record={r} />
        </>
      ),
      className: 'text-slate-800',
    },
    { id: 'path', header: 'Path', cell: (r) => r.visitedPath ?? '—', className: 'font-mono text-xs break-all text-slate-700' },
    { id: 'date', header: 'Date', cell: (r) => formatDateTime(r.createdAt), className: 'whitespace-nowrap text-slate-700' },
    {
      id: 'ip',
      header: 'IP',
      cell: (r) => <IpCell tabKey={tabKey} record={r} />,
      className: 'font-mono text-xs whitespace-nowrap text-slate-700',
    },
    {
      id: 'referrer',
      header: 'Referrer',
      cell: (r) => r.referrer ?? '—',
      cellTitle: (r) => r.referrer ?? undefined,
      className: 'max-w-[16rem] truncate font-mono text-xs text-slate-700',
    },
  ];
}

/** The IP network of a record, and its full address once the owner asks (audited on the server). */
function IpCell({ tabKey, record }: { tabKey: string; record: UnsubscribeRecord }) {
  const [open, setOpen] = useState(false);
  const full = useQuery({ ...unsubscribeRecordQuery(tabKey, record.id), enabled: open });
  return (
    <>
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
    </>
  );
}
