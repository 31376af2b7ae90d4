/**
 * The Email Alerts tab's lists (admin-area §2 "Email Alerts tab", §9): the alerts with price drops
 * (10 shown, each with a checkbox and every field the spec names), the analytics card, and the
 * last 24 hours' drops (the first 5, with a percent OFF badge). Each has its loading, error and
 * empty message. Prices en-GB £, dates en-GB.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { DealAlert } from '../../../../../common/api/alerts.schema';
import type {
  DealAlertDropsResponse,
  DealAlertStatsResponse,
  PreviewPriceDropsResponse,
} from '../../../../../common/api/emails.admin.schema';
import { Badge } from '../../../../components/ui/badge';
import { AdminPanel } from '../../../components/admin-panel';
import { AdminCheckbox } from '../../../components/admin-checkbox';
import { AdminQueryState } from '../../../components/admin-states';
import { formatPriceString } from '../../../../../common/money';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const pounds = (price: string | null) => (price === null ? '–' : formatPriceString(price));

/** Recent drops listed (admin-area §9: 5). */
export const RECENT_DROPS_SHOWN = 5;

export function AlertsWithDrops({
  query,
  selected,
  onSelectedChange,
}: {
  query: UseQueryResult<DealAlertDropsResponse>;
  selected: ReadonlySet<number>;
  onSelectedChange: (ids: ReadonlySet<number>) => void;
}) {
  const alerts = query.data?.alerts ?? [];
  const all = alerts.length > 0 && alerts.every((a) => selected.has(a.id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectedChange(next);
  };
  const extra =
    alerts.length > 0 ? (
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <AdminCheckbox checked={all} onChange={() => onSelectedChange(all ? new Set() : new Set(alerts.map((a) => a.id)))} />
        Select all ({selected.size} selected)
      </label>
    ) : null;
  return (
    <AdminPanel title="Deal alerts with price drops" level={2} actions={extra} className="self-start">
      <AdminQueryState
        query={query}
        loading="Loading deal alerts…"
        failed="Failed to fetch deal alerts"
        empty={(data) =>
          data.alerts.length === 0 && 'No deal alerts with price drops right now. They appear here after a price check finds one.'
        }
        inset
      >
        {(data) => (
          <>
            <ul className="divide-y divide-slate-100">
              {data.alerts.map((a) => (
                <AlertRow key={a.id} alert={a} checked={selected.has(a.id)} onToggle={() => toggle(a.id)} />
              ))}
            </ul>
            {data.total > data.alerts.length ? (
              <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-600">
                Showing the {data.alerts.length} biggest drops of {data.total.toLocaleString('en-GB')}.
              </p>
            ) : null}
          </>
        )}
      </AdminQueryState>
    </AdminPanel>
  );
}

function AlertRow({ alert, checked, onToggle }: { alert: DealAlert; checked: boolean; onToggle: () => void }) {
  const drop = alert.priceChange === null ? null : Math.abs(Number(alert.priceChange)).toFixed(2);
  const id = `drop-alert-${alert.id}`;
  return (
    <li className="flex gap-3 px-4 py-3">
      <AdminCheckbox id={id} checked={checked} onChange={onToggle} className="mt-1" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={id} className="font-medium break-words text-slate-900">
            {alert.productTitle}
          </label>
          {alert.notificationsSent > 0 ? <Badge tone="green">Notified</Badge> : null}
          {alert.priceChangePercent !== null ? <Badge tone="red">{`${Math.abs(alert.priceChangePercent)}% drop`}</Badge> : null}
        </div>
        <p className="text-sm break-all text-slate-700">{alert.userEmail}</p>
        <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-0.5 text-xs text-slate-700 sm:grid-cols-3">
          <div>
            <dt className="inline text-slate-500">Price when set: </dt>
            <dd className="inline">{pounds(alert.currentPrice)}</dd>
          </div>
          <div>
            <dt className="inline text-slate-500">Last checked price: </dt>
            <dd className="inline">{pounds(alert.lastCheckedPrice)}</dd>
          </div>
          <div>
            <dt className="inline text-slate-500">Drop: </dt>
            <dd className="inline font-semibold text-green-800">{drop === null ? '–' : pounds(drop)}</dd>
          </div>
          <div>
            <dt className="inline text-slate-500">Last checked: </dt>
            <dd className="inline">{alert.lastCheckedAt ? when.format(new Date(alert.lastCheckedAt)) : 'Never checked'}</dd>
          </div>
          <div>
            <dt className="inline text-slate-500">Notifications sent: </dt>
            <dd className="inline">{alert.notificationsSent}</dd>
          </div>
        </dl>
      </div>
    </li>
  );
}

export function NotificationStats({ query }: { query: UseQueryResult<DealAlertStatsResponse> }) {
  const figures: Array<[string, keyof DealAlertStatsResponse, string]> = [
    ['Total Notifications', 'totalNotifications', 'Alert and digest e-mails queued'],
    ['Emails Sent', 'totalEmailsSent', 'Delivered to the mail server'],
    ['Total Clicks', 'totalClicks', 'Product clicks from e-mails'],
    ['Active Notifications', 'activeNotifications', 'Active alerts notified at least once'],
  ];
  return (
    <AdminPanel title="Notification analytics" level={2} className="self-start">
      <AdminQueryState query={query} loading="Loading notification analytics…" failed="Failed to load notification analytics" inset>
        {(data) => (
          <dl className="grid grid-cols-2 gap-3 p-4">
            {figures.map(([label, key, hint]) => (
              <div key={key} className="rounded-md bg-slate-50 px-3 py-2">
                <dt className="text-xs text-slate-600">{label}</dt>
                <dd className="text-2xl font-bold text-slate-900">{data[key].toLocaleString('en-GB')}</dd>
                <dd className="text-xs text-slate-500">{hint}</dd>
              </div>
            ))}
          </dl>
        )}
      </AdminQueryState>
    </AdminPanel>
  );
}

export function RecentDrops({ query }: { query: UseQueryResult<PreviewPriceDropsResponse> }) {
  return (
    <AdminPanel title="Price drops in the last 24 hours" level={2} className="self-start">
      <AdminQueryState
        query={query}
        loading="Loading recent price drops…"
        failed="Failed to preview price drops"
        empty={(data) => data.priceDrops.length === 0 && 'No price drops in the last 24 hours.'}
        inset
      >
        {(data) => (
          <>
            <ul className="divide-y divide-slate-100">
              {data.priceDrops.slice(0, RECENT_DROPS_SHOWN).map((d) => (
                <li key={d.asin} className="flex items-start gap-3 px-4 py-2">
                  <Badge tone="red" className="mt-0.5">{`${d.dropPercent}% OFF`}</Badge>
                  <div className="min-w-0">
                    <p className="text-sm font-medium break-words text-slate-900">{d.productTitle}</p>
                    <p className="text-xs text-slate-700">
                      {pounds(d.previousPrice)} → {pounds(d.currentPrice)} · down {pounds(d.dropAmount)}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
            <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-600">
              Showing {Math.min(RECENT_DROPS_SHOWN, data.priceDrops.length)} of {data.total.toLocaleString('en-GB')}{' '}
              {data.total === 1 ? 'drop' : 'drops'}.
            </p>
          </>
        )}
      </AdminQueryState>
    </AdminPanel>
  );
}
