/**
 * The audit log at the bottom of the admin shell (issue 11 part 1): the latest admin actions, who
 * did them, on what, with their counts. Dates en-GB (admin-area §1).
 */
import { actionText } from '../audit-actions';
import { useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '../../../../../common/api/admin-auth.admin.schema';
import { AdminDataTable, type AdminColumn } from '../../../components/admin-data-table';
import { AdminPanel } from '../../../components/admin-panel';
import { AdminQueryState } from '../../../components/admin-states';
import { auditLogQuery } from '../api';

const SHOWN = 20;
const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** Plain words for the actions this issue records; later modules' actions show as they are. */
const countsText = (counts: AuditEntry['counts']) =>
  counts
    ? Object.entries(counts)
        .map(([name, n]) => `${name} ${n.toLocaleString('en-GB')}`)
        .join(', ')
    : '';

const who = (entry: AuditEntry) => entry.adminEmail ?? (entry.adminId === null ? 'unknown account' : `admin #${entry.adminId}`);

const COLUMNS: ReadonlyArray<AdminColumn<AuditEntry>> = [
  { id: 'when', header: 'When', cell: (e) => when.format(new Date(e.at)), className: 'whitespace-nowrap text-slate-700' },
  { id: 'who', header: 'Who', cell: who, className: 'text-slate-700' },
  { id: 'action', header: 'Action', cell: (e) => actionText(e.action), className: 'text-slate-900' },
  { id: 'target', header: 'Target', cell: (e) => e.target ?? '', className: 'text-slate-700' },
  { id: 'counts', header: 'Counts', cell: (e) => countsText(e.counts), className: 'text-slate-700' },
];

/** An entry as a phone shows it: the action, its target and counts, then when and who. */
function EntryItem({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <p className="font-medium text-slate-900">
        {actionText(entry.action)}
        {entry.target ? <span className="font-normal text-slate-700"> · {entry.target}</span> : null}
        {entry.counts ? <span className="font-normal text-slate-700"> · {countsText(entry.counts)}</span> : null}
      </p>
      <p className="text-slate-600">
        {when.format(new Date(entry.at))} · {who(entry)}
      </p>
    </>
  );
}

export function AuditLogPanel() {
  const log = useQuery(auditLogQuery(SHOWN));
  return (
    <AdminPanel title="Audit log" note={`(latest ${SHOWN} admin actions)`} level={2} className="mt-10">
      <AdminQueryState
        query={log}
        loading="Loading the audit log…"
        failed="Failed to load the audit log"
        empty={(data) => data.entries.length === 0 && 'No admin actions yet.'}
        inset
      >
        {(data) => (
          <AdminDataTable
            columns={COLUMNS}
            data={data.entries}
            getRowId={(e) => String(e.id)}
            frame="bare"
            density="roomy"
            minWidth="min-w-[36rem]"
            mobileItem={(e) => <EntryItem entry={e} />}
          />
        )}
      </AdminQueryState>
    </AdminPanel>
  );
}
