/**
 * One signed-up address's product clicks (admin-area §2 "expandable click list"), loaded when the
 * row is opened: newest first, at most 50, with the new-user affiliate tag marked.
 */
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../../../components/ui/badge';
import { formatDateTime } from '../../../../lib/date.format';
import { AdminQueryState } from '../../../components/admin-states';
import { signupClicksQuery } from '../api';

export function SignupClicks({ tabKey, signupId }: { tabKey: string; signupId: number }) {
  const clicks = useQuery(signupClicksQuery(tabKey, signupId));
  return (
    <AdminQueryState
      query={clicks}
      loading="Loading clicks…"
      failed="Failed to load clicks"
      empty={(data) => data.clicks.length === 0 && <p className="py-2 text-sm text-slate-600">No product clicks from this address yet.</p>}
    >
      {({ clicks: rows, total }) => (
        <div>
          <ul className="divide-y divide-slate-100 text-sm">
            {rows.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <span className="min-w-0 flex-1 font-medium break-words text-slate-900">{c.title ?? c.asin ?? 'Deal page link'}</span>
                {c.asin ? <span className="font-mono text-xs text-slate-600">{c.asin}</span> : null}
                <Badge tone={c.clickType === 'shop' ? 'amber' : 'slate'}>{c.clickType === 'shop' ? 'Shop button' : 'Title'}</Badge>
                {c.newUserTag ? <Badge tone="green">New-user tag</Badge> : null}
                {c.price ? <span className="tabular-nums text-slate-800">£{c.price}</span> : null}
                <span className="text-slate-600">{formatDateTime(c.clickedAt)}</span>
              </li>
            ))}
          </ul>
          {total > rows.length ? (
            <p className="pt-2 text-xs text-slate-600">
              Showing the newest {rows.length} of {total.toLocaleString('en-GB')} clicks.
            </p>
          ) : null}
        </div>
      )}
    </AdminQueryState>
  );
}
