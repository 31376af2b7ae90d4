/**
 * The API tab's status (issue 14 part 2): a notice when no credentials are set; requests used today
 * against the daily limit; requests per hour over the last 24 hours (bars, with a table for screen
 * readers); how old the oldest Amazon price shown is; whether the freshness plan fits the quota.
 * Dates en-GB. The access-denied banner (403 AssociateNotEligible) is the admin shell's, above
 * every tab (amazon-access-banner.tsx).
 */
import { useQuery } from '@tanstack/react-query';
import type { AmazonStatus } from '../../../../../common/api/amazon-api.admin.schema';
import { StatCard, StatGrid } from '../../../components/admin-stat-card';
import { AdminError, AdminLoading } from '../../../components/admin-states';
import { messageForPeople } from '../../../../lib/http.client';
import { amazonStatusQuery } from '../api';
import { AdminSection } from '../../../components/admin-panel';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const hourOf = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
const int = new Intl.NumberFormat('en-GB');

/** "3 h 20 min", "45 min", "under a minute". */
export function ageText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return 'under a minute';
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/** The last 24 whole hours up to `latest`, oldest first, with the hours that had no request at 0. */
function last24Hours(hours: AmazonStatus['callsPerHour']): AmazonStatus['callsPerHour'] {
  const byHour = new Map(hours.map((h) => [new Date(h.hour).getTime(), h]));
  const end = Math.floor(Date.now() / 3_600_000) * 3_600_000;
  return Array.from({ length: 24 }, (_, i) => {
    const at = end - (23 - i) * 3_600_000;
    return byHour.get(at) ?? { hour: new Date(at).toISOString(), calls: 0, errors: 0 };
  });
}

function CallsPerHour({ hours }: { hours: AmazonStatus['callsPerHour'] }) {
  const slots = last24Hours(hours);
  const max = Math.max(1, ...slots.map((h) => h.calls));
  const total = hours.reduce((n, h) => n + h.calls, 0);
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4">
      <figcaption className="text-sm font-medium text-slate-800">
        Requests per hour, last 24 hours{' '}
        <span className="font-normal text-slate-600">
          ({int.format(total)} in all; busiest hour {int.format(max === 1 && total === 0 ? 0 : max)})
        </span>
      </figcaption>
      {hours.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No requests in the last 24 hours.</p>
      ) : (
        <>
          <div className="mt-3 flex h-28 items-end gap-0.5 border-b border-slate-300" aria-hidden="true">
            {slots.map((h) => (
              <div
                key={h.hour}
                className="flex h-full flex-1 flex-col justify-end"
                title={`${hourOf.format(new Date(h.hour))}: ${h.calls} requests`}
              >
                {h.calls > 0 ? (
                  <div
                    className={h.errors > 0 ? 'rounded-t bg-amber-500' : 'rounded-t bg-blue-600'}
                    style={{ height: `${Math.max(3, (h.calls / max) * 100)}%` }}
                  />
                ) : null}
              </div>
            ))}
          </div>
          <div className="mt-1 flex justify-between text-xs text-slate-600" aria-hidden="true">
            <span>24 hours ago</span>
            <span>This hour ({hourOf.format(new Date(slots[slots.length - 1]!.hour))})</span>
          </div>
          <table className="sr-only">
            <caption>Requests per hour</caption>
            <thead>
              <tr>
                <th scope="col">Hour starting</th>
                <th scope="col">Requests</th>
                <th scope="col">Errors</th>
              </tr>
            </thead>
            <tbody>
              {hours.map((h) => (
                <tr key={h.hour}>
                  <td>{when.format(new Date(h.hour))}</td>
                  <td>{h.calls}</td>
                  <td>{h.errors}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}

/** The API tab's status card for the tab `tabKey` (refreshed every minute while the tab is open). */
export function AmazonStatusPanel({ tabKey }: { tabKey: string }) {
  const status = useQuery(amazonStatusQuery(tabKey));
  if (status.isPending) return <AdminLoading label="Loading the Amazon API status…" />;
  if (status.isError) {
    return (
      <AdminError message={messageForPeople(status.error, 'Failed to load the Amazon API status')} onRetry={() => void status.refetch()} />
    );
  }
  const s = status.data;
  if (!s.configured) {
    return (
      <div className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-800">
        <p className="font-semibold">Amazon Creators API not configured</p>
        <p className="mt-1">
          Prices come from the imported catalogue. Set AMAZON_CREDENTIAL_ID, AMAZON_CREDENTIAL_SECRET and AMAZON_CREDENTIAL_VERSION (see
          .env.example) to search Amazon, import from it and keep prices fresh.
        </p>
      </div>
    );
  }
  const plan = s.plan;
  return (
    <AdminSection title={`Amazon Creators API (${s.marketplace})`}>
      <StatGrid wide>
        <StatCard
          label="Requests used today (UTC)"
          value={`${int.format(s.usedToday)} / ${int.format(s.dailyLimit ?? 0)}`}
          hint={`${int.format(s.adminReserve ?? 0)} kept for admin actions; ${s.ratePerSecond}/s at most`}
        />
        <StatCard
          label="Oldest Amazon price shown"
          value={s.oldestShownPriceAgeSeconds === null ? 'None yet' : ageText(s.oldestShownPriceAgeSeconds)}
          hint="Amazon data older than 24 hours must be refreshed or hidden"
        />
        <StatCard
          label="Products kept fresh"
          value={int.format(plan.alertedAsins + plan.shownAmazonAsins)}
          hint={`${int.format(plan.alertedAsins)} alerted (every 6 h), ${int.format(plan.shownAmazonAsins)} shown (every 24 h)`}
        />
        <StatCard
          label="Requests a day needed"
          value={`${int.format(plan.requestsPerDayNeeded)} / ${int.format(plan.requestsPerDayAvailable)}`}
          hint={plan.fits ? 'Fits the quota' : 'Over the quota: the oldest prices will be hidden'}
        />
      </StatGrid>
      <CallsPerHour hours={s.callsPerHour} />
    </AdminSection>
  );
}
