/**
 * The API tab's status (issue 14 part 2): the access-denied banner (403 AssociateNotEligible), or a
 * notice when no credentials are set; requests used today against the daily limit; requests per
 * hour over the last 24 hours (bars, with a table for screen readers); how old the oldest Amazon
 * price shown is; whether the freshness plan fits the quota. Dates en-GB.
 */
import { useQuery } from '@tanstack/react-query';
import type { AmazonStatus } from '../../../../../common/api/amazon-api.admin.schema';
import { messageForPeople } from '../../../../lib/http.client';
import { amazonStatusQuery } from '../../admin.api';

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

function AccessBanner({ denied }: { denied: NonNullable<AmazonStatus['accessDenied']> }) {
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">Amazon has paused this account&apos;s Creators API access</p>
      <p className="mt-1">
        Since {when.format(new Date(denied.since))}, Amazon answers “not eligible” (it needs 10 qualified sales in the last 30 days). Prices come
        from the imported catalogue meanwhile; access is tried again every hour
        {denied.retryAt ? `, next at ${when.format(new Date(denied.retryAt))}` : ''}.
      </p>
      {denied.reason ? <p className="mt-1 text-amber-900">Amazon said: {denied.reason}</p> : null}
    </div>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900">{value}</dd>
      {hint ? <dd className="mt-1 text-xs text-slate-600">{hint}</dd> : null}
    </div>
  );
}

function CallsPerHour({ hours }: { hours: AmazonStatus['callsPerHour'] }) {
  const max = Math.max(1, ...hours.map((h) => h.calls));
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4">
      <figcaption className="text-sm font-medium text-slate-800">Requests per hour, last 24 hours</figcaption>
      {hours.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No requests in the last 24 hours.</p>
      ) : (
        <>
          <div className="mt-3 flex h-28 items-end gap-1" aria-hidden="true">
            {hours.map((h) => (
              <div key={h.hour} className="flex flex-1 flex-col justify-end" title={`${hourOf.format(new Date(h.hour))}: ${h.calls} requests`}>
                <div className="rounded-t bg-blue-600" style={{ height: `${Math.max(4, (h.calls / max) * 100)}%` }} />
              </div>
            ))}
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

export function AmazonStatusPanel({ tabKey }: { tabKey: string }) {
  const status = useQuery(amazonStatusQuery(tabKey));
  if (status.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600">
        Loading the Amazon API status…
      </p>
    );
  }
  if (status.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {messageForPeople(status.error, 'Failed to load the Amazon API status')}
      </p>
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
    <section aria-labelledby="amazon-status-heading" className="space-y-4">
      <h2 id="amazon-status-heading" className="text-lg font-semibold text-slate-900">
        Amazon Creators API ({s.marketplace})
      </h2>
      {s.accessDenied ? <AccessBanner denied={s.accessDenied} /> : null}
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          label="Requests used today (UTC)"
          value={`${int.format(s.usedToday)} / ${int.format(s.dailyLimit ?? 0)}`}
          hint={`${int.format(s.adminReserve ?? 0)} kept for admin actions; ${s.ratePerSecond}/s at most`}
        />
        <Figure
          label="Oldest Amazon price shown"
          value={s.oldestShownPriceAgeSeconds === null ? 'None yet' : ageText(s.oldestShownPriceAgeSeconds)}
          hint="Amazon data older than 24 hours must be refreshed or hidden"
        />
        <Figure
          label="Products kept fresh"
          value={int.format(plan.alertedAsins + plan.shownAmazonAsins)}
          hint={`${int.format(plan.alertedAsins)} alerted (every 6 h), ${int.format(plan.shownAmazonAsins)} shown (every 24 h)`}
        />
        <Figure
          label="Requests a day needed"
          value={`${int.format(plan.requestsPerDayNeeded)} / ${int.format(plan.requestsPerDayAvailable)}`}
          hint={plan.fits ? 'Fits the quota' : 'Over the quota: the oldest prices will be hidden'}
        />
      </dl>
      <CallsPerHour hours={s.callsPerHour} />
    </section>
  );
}
