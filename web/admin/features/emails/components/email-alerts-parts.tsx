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
import { Button } from '../../../../components/ui/button';
import { messageForPeople } from '../../../../lib/http.client';
import { formatPriceString } from '../../../../../common/money';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const pounds = (price: string | null) => (price === null ? '–' : formatPriceString(price));

/** Recent drops listed (admin-area §9: 5). */
export const RECENT_DROPS_SHOWN = 5;

function Card({ id, title, children, extra }: { id: string; title: string; children: React.ReactNode; extra?: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="self-start rounded-lg border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {extra}
      </div>
      {children}
    </section>
  );
}

function QueryState({ query, loading, failed }: { query: UseQueryResult<unknown>; loading: string; failed: string }) {
  if (query.isPending)
    return (
      <p role="status" className="px-4 py-3 text-sm text-slate-600">
        {loading}
      </p>
    );
  return (
    <div role="alert" className="px-4 py-3 text-sm text-red-700">
      <p>{messageForPeople(query.error, failed)}</p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
        Try again
      </Button>
    </div>
  );
}

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
        <input
          type="checkbox"
          className="h-4 w-4 accent-blue-700"
          checked={all}
          onChange={() => onSelectedChange(all ? new Set() : new Set(alerts.map((a) => a.id)))}
        />
        Select all ({selected.size} selected)
      </label>
    ) : null;
  return (
    <Card id="alerts-with-drops-heading" title="Deal alerts with price drops" extra={extra}>
      {query.isSuccess ? (
        alerts.length === 0 ? (
          <p className="px-4 py-3 text-sm text-slate-600">
            No deal alerts with price drops right now. They appear here after a price check finds one.
          </p>
        ) : (
          <>
            <ul className="divide-y divide-slate-100">
              {alerts.map((a) => (
                <AlertRow key={a.id} alert={a} checked={selected.has(a.id)} onToggle={() => toggle(a.id)} />
              ))}
            </ul>
            {query.data.total > alerts.length ? (
              <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-600">
                Showing the {alerts.length} biggest drops of {query.data.total.toLocaleString('en-GB')}.
              </p>
            ) : null}
          </>
        )
      ) : (
        <QueryState query={query} loading="Loading deal alerts…" failed="Failed to fetch deal alerts" />
      )}
    </Card>
  );
}

function AlertRow({ alert, checked, onToggle }: { alert: DealAlert; checked: boolean; onToggle: () => void }) {
  const drop = alert.priceChange === null ? null : Math.abs(Number(alert.priceChange)).toFixed(2);
  const id = `drop-alert-${alert.id}`;
  return (
    <li className="flex gap-3 px-4 py-3">
      <input id={id} type="checkbox" className="mt-1 h-4 w-4 shrink-0 accent-blue-700" checked={checked} onChange={onToggle} />
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
    <Card id="notification-analytics-heading" title="Notification analytics">
      {query.isSuccess ? (
        <dl className="grid grid-cols-2 gap-3 p-4">
          {figures.map(([label, key, hint]) => (
            <div key={key} className="rounded-md bg-slate-50 px-3 py-2">
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="text-2xl font-bold text-slate-900">{query.data[key].toLocaleString('en-GB')}</dd>
              <dd className="text-xs text-slate-500">{hint}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <QueryState query={query} loading="Loading notification analytics…" failed="Failed to load notification analytics" />
      )}
    </Card>
  );
}

export function RecentDrops({ query }: { query: UseQueryResult<PreviewPriceDropsResponse> }) {
  return (
    <Card id="recent-drops-heading" title="Price drops in the last 24 hours">
      {query.isSuccess ? (
        query.data.priceDrops.length === 0 ? (
          <p className="px-4 py-3 text-sm text-slate-600">No price drops in the last 24 hours.</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-100">
              {query.data.priceDrops.slice(0, RECENT_DROPS_SHOWN).map((d) => (
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
              Showing {Math.min(RECENT_DROPS_SHOWN, query.data.priceDrops.length)} of {query.data.total.toLocaleString('en-GB')}{' '}
              {query.data.total === 1 ? 'drop' : 'drops'}.
            </p>
          </>
        )
      ) : (
        <QueryState query={query} loading="Loading recent price drops…" failed="Failed to preview price drops" />
      )}
    </Card>
  );
}
