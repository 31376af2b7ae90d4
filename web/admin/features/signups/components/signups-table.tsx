/**
 * The second list of every signup (admin-area §2 "Second list of all signups, with the referrer
 * truncated to 30 characters", §9): the whole referrer is in the cell's title; each address's
 * subscriber status (issue 25). 100 rows at a time.
 */
import { useState } from 'react';
import { SIGNUP_REFERRER_SHOWN, type AdminSignup } from '../../../../../common/api/signups.admin.schema';
import { Button } from '../../../../components/ui/button';
import { formatDateTime } from '../../../../lib/date.format';
import { SourceBadge, StatusBadge } from './signup-badges';

const PAGE = 100;

/** The first 30 characters of a referrer, with '…' when cut. */
export function shortReferrer(referrer: string | null): string {
  if (!referrer) return '—';
  return referrer.length > SIGNUP_REFERRER_SHOWN ? `${referrer.slice(0, SIGNUP_REFERRER_SHOWN)}…` : referrer;
}

export function SignupsTable({ signups }: { signups: AdminSignup[] }) {
  const [shown, setShown] = useState(PAGE);
  return (
    <section aria-labelledby="all-signups-heading" className="rounded-lg border border-slate-200 bg-white">
      <h3 id="all-signups-heading" className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">
        All signups
      </h3>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[48rem] text-left text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                E-mail
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Status
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Source
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Signed up
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Clicks
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Referrer
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {signups.slice(0, shown).map((s) => (
              <tr key={s.id}>
                <td className="px-4 py-2 whitespace-nowrap text-slate-900">{s.email}</td>
                <td className="px-4 py-2 whitespace-nowrap">
                  <StatusBadge status={s.status} />
                </td>
                <td className="px-4 py-2">
                  <SourceBadge source={s.source} />
                </td>
                <td className="px-4 py-2 whitespace-nowrap text-slate-700">{formatDateTime(s.createdAt)}</td>
                <td className="px-4 py-2 tabular-nums text-slate-700">{s.clickCount.toLocaleString('en-GB')}</td>
                <td className="px-4 py-2 font-mono text-xs text-slate-700" title={s.referrer ?? undefined}>
                  {shortReferrer(s.referrer)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {signups.length === 0 ? <p className="px-4 py-3 text-sm text-slate-600">No signups yet.</p> : null}
      {signups.length > shown ? (
        <div className="border-t border-slate-100 px-4 py-3 text-center">
          <Button variant="secondary" size="sm" onClick={() => setShown((n) => n + PAGE)}>
            Show more ({(signups.length - shown).toLocaleString('en-GB')} left)
          </Button>
        </div>
      ) : null}
    </section>
  );
}
