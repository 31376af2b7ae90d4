/**
 * The audit log at the bottom of the admin shell (issue 11 part 1): the latest admin actions, who
 * did them, on what, with their counts. Dates en-GB (admin-area §1).
 */
import { actionText } from '../audit-actions';
import { useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '../../../../../common/api/admin-auth.admin.schema';
import { messageForPeople } from '../../../../lib/http.client';
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

export function AuditLogPanel() {
  const log = useQuery(auditLogQuery(SHOWN));
  return (
    <section aria-labelledby="audit-log-heading" className="mt-10 rounded-lg border border-slate-200 bg-white">
      <h2 id="audit-log-heading" className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">
        Audit log <span className="text-sm font-normal text-slate-600">(latest {SHOWN} admin actions)</span>
      </h2>
      {log.isPending ? (
        <p className="px-4 py-3 text-sm text-slate-600" role="status">
          Loading the audit log…
        </p>
      ) : log.isError ? (
        <p className="px-4 py-3 text-sm text-red-700" role="alert">
          {messageForPeople(log.error, 'Failed to load the audit log')}
        </p>
      ) : log.data.entries.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-600">No admin actions yet.</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-100 sm:hidden">
            {log.data.entries.map((entry) => (
              <li key={entry.id} className="px-4 py-2 text-sm">
                <p className="font-medium text-slate-900">
                  {actionText(entry.action)}
                  {entry.target ? <span className="font-normal text-slate-700"> · {entry.target}</span> : null}
                  {entry.counts ? <span className="font-normal text-slate-700"> · {countsText(entry.counts)}</span> : null}
                </p>
                <p className="text-slate-600">
                  {when.format(new Date(entry.at))} · {who(entry)}
                </p>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto sm:block">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">
                    When
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Who
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Action
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Target
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Counts
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {log.data.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td className="px-4 py-2 whitespace-nowrap text-slate-700">{when.format(new Date(entry.at))}</td>
                    <td className="px-4 py-2 text-slate-700">{who(entry)}</td>
                    <td className="px-4 py-2 text-slate-900">{actionText(entry.action)}</td>
                    <td className="px-4 py-2 text-slate-700">{entry.target ?? ''}</td>
                    <td className="px-4 py-2 text-slate-700">{countsText(entry.counts)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
