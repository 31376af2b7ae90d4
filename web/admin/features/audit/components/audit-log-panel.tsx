/**
 * The audit log at the bottom of the admin shell (issue 11 part 1): the admin actions, newest first,
 * who did them, on what, with their counts and what they changed (deleted ASINs; issue 29), 20 a
 * page with Previous/Next, filtered by who (part of the owner's e-mail) and what (an action). Dates
 * en-GB (admin-area §1).
 */
import { useDeferredValue, useId, useState } from 'react';
import { actionText } from '../audit-actions';
import { useQuery } from '@tanstack/react-query';
import { Input, Label } from '../../../../components/ui/input';
import { Select } from '../../../../components/ui/select';
import { AdminPager } from '../../../components/admin-paging';
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

/** The ASINs (ids) a change deleted: the first five, then how many more. */
export function detailText(detail: AuditEntry['detail']): string {
  if (!detail) return '';
  const parts: string[] = [];
  if (detail.deleted?.length) {
    const total = detail.deletedTotal ?? detail.deleted.length;
    const shown = detail.deleted.slice(0, 5).join(', ');
    parts.push(`Deleted: ${shown}${total > 5 ? ` and ${(total - 5).toLocaleString('en-GB')} more` : ''}`);
  }
  if (detail.changed)
    parts.push(
      `Changed: ${Object.entries(detail.changed)
        // The server's value is already "before → after" (issue 29 edits): "title: Kettle → Jug".
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join(', ')}`,
    );
  return parts.join(' · ');
}

/** Every deleted id, for the cell's title (hover) when more than five went. */
const detailTitle = (detail: AuditEntry['detail']) =>
  detail?.deleted && detail.deleted.length > 5 ? detail.deleted.join(', ') : undefined;

const who = (entry: AuditEntry) => entry.adminEmail ?? (entry.adminId === null ? 'unknown account' : `admin #${entry.adminId}`);

const COLUMNS: ReadonlyArray<AdminColumn<AuditEntry>> = [
  { id: 'when', header: 'When', cell: (e) => when.format(new Date(e.at)), className: 'whitespace-nowrap text-slate-700' },
  { id: 'who', header: 'Who', cell: who, className: 'text-slate-700' },
  { id: 'action', header: 'Action', cell: (e) => actionText(e.action), className: 'text-slate-900' },
  { id: 'target', header: 'Target', cell: (e) => e.target ?? '', className: 'text-slate-700' },
  { id: 'counts', header: 'Counts', cell: (e) => countsText(e.counts), className: 'text-slate-700' },
  {
    id: 'detail',
    header: 'What changed',
    cell: (e) => detailText(e.detail),
    cellTitle: (e) => detailTitle(e.detail),
    className: 'max-w-sm break-words text-slate-700',
  },
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
      {entry.detail ? <p className="break-words text-slate-700">{detailText(entry.detail)}</p> : null}
      <p className="text-slate-600">
        {when.format(new Date(entry.at))} · {who(entry)}
      </p>
    </>
  );
}

export function AuditLogPanel() {
  const [page, setPage] = useState(1);
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  const deferredActor = useDeferredValue(actor.trim());
  const log = useQuery(auditLogQuery({ page, limit: SHOWN, actor: deferredActor || undefined, action: action || undefined }));
  const actorId = useId();
  const actions = log.data?.actions ?? [];
  return (
    <AdminPanel title="Audit log" note={`(admin actions, newest first, ${SHOWN} a page)`} level={2} className="mt-10">
      <div className="flex flex-wrap items-end gap-4 px-4 py-3">
        <div className="flex items-center gap-2">
          <Label htmlFor={actorId}>Who</Label>
          <Input
            id={actorId}
            type="search"
            placeholder="owner e-mail"
            value={actor}
            onChange={(event) => {
              setActor(event.target.value);
              setPage(1);
            }}
            className="w-56"
          />
        </div>
        <Select
          label="Action"
          value={action}
          options={[{ value: '', label: 'Every action' }, ...actions.map((a) => ({ value: a, label: actionText(a) }))]}
          onValueChange={(value) => {
            setAction(value);
            setPage(1);
          }}
        />
      </div>
      <AdminQueryState
        query={log}
        loading="Loading the audit log…"
        failed="Failed to load the audit log"
        empty={(data) => data.entries.length === 0 && (actor || action ? 'No admin actions match.' : 'No admin actions yet.')}
        inset
      >
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
          return (
            <>
              <AdminDataTable
                columns={COLUMNS}
                data={data.entries}
                getRowId={(e) => String(e.id)}
                frame="bare"
                density="roomy"
                minWidth="min-w-[48rem]"
                caption="Admin actions"
                mobileItem={(e) => <EntryItem entry={e} />}
              />
              <div className="px-4 pb-3">
                <AdminPager
                  label="Audit log pages"
                  canPrevious={page > 1}
                  canNext={page < pages}
                  onPrevious={() => setPage((p) => Math.max(1, p - 1))}
                  onNext={() => setPage((p) => p + 1)}
                  page={page}
                  totalPages={pages}
                  onPage={setPage}
                >
                  Page {data.page} of {pages} ({data.total.toLocaleString('en-GB')} actions)
                </AdminPager>
              </div>
            </>
          );
        }}
      </AdminQueryState>
    </AdminPanel>
  );
}
