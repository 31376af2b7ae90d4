/**
 * The second list of every signup (admin-area §2 "Second list of all signups, with the referrer
 * truncated to 30 characters", §9): the whole referrer is in the cell's title; each address's
 * subscriber status (issue 25). 100 rows at a time.
 */
import { SIGNUP_REFERRER_SHOWN, type AdminSignup } from '../../../../../common/api/signups.admin.schema';
import { AdminDataTable, type AdminColumn } from '../../../components/admin-data-table';
import { ShowMore, useShowMore } from '../../../components/admin-paging';
import { AdminPanel } from '../../../components/admin-panel';
import { AdminEmpty } from '../../../components/admin-states';
import { formatDateTime } from '../../../../lib/date.format';
import { SourceBadge, StatusBadge } from './signup-badges';

const PAGE = 100;

/** The first 30 characters of a referrer, with '…' when cut. */
export function shortReferrer(referrer: string | null): string {
  if (!referrer) return '—';
  return referrer.length > SIGNUP_REFERRER_SHOWN ? `${referrer.slice(0, SIGNUP_REFERRER_SHOWN)}…` : referrer;
}

const COLUMNS: ReadonlyArray<AdminColumn<AdminSignup>> = [
  { id: 'email', header: 'E-mail', cell: (s) => s.email, className: 'whitespace-nowrap text-slate-900' },
  { id: 'status', header: 'Status', cell: (s) => <StatusBadge status={s.status} />, className: 'whitespace-nowrap' },
  { id: 'source', header: 'Source', cell: (s) => <SourceBadge source={s.source} /> },
  { id: 'created', header: 'Signed up', cell: (s) => formatDateTime(s.createdAt), className: 'whitespace-nowrap text-slate-700' },
  { id: 'clicks', header: 'Clicks', cell: (s) => s.clickCount.toLocaleString('en-GB'), className: 'tabular-nums text-slate-700' },
  {
    id: 'referrer',
    header: 'Referrer',
    cell: (s) => shortReferrer(s.referrer),
    cellTitle: (s) => s.referrer ?? undefined,
    className: 'font-mono text-xs text-slate-700',
  },
];

export function SignupsTable({ signups }: { signups: AdminSignup[] }) {
  const { shown, more } = useShowMore(PAGE);
  return (
    <AdminPanel title="All signups">
      <AdminDataTable
        columns={COLUMNS}
        data={signups.slice(0, shown)}
        getRowId={(s) => String(s.id)}
        frame="bare"
        density="roomy"
        minWidth="min-w-[48rem]"
      />
      {signups.length === 0 ? <AdminEmpty inset>No signups yet.</AdminEmpty> : null}
      <ShowMore left={signups.length - shown} onMore={more} inset />
    </AdminPanel>
  );
}
