/**
 * One e-mail's alerts in the Alerts tab (admin-area §2 "Alerts grouped by user email, with an
 * active count"; §4 "Deal alert"; §5 confirmation before deleting; §8 "Alerts"): image, title,
 * ASIN, created date, last checked ('Never checked'), current price, price-change badge,
 * Active/Inactive, Notified, the open-product link and delete.
 *
 * Issue 29: each alert has a selection checkbox (the tab's bulk actions), and an active alert of an
 * unsubscribed address is badged "Paused: unsubscribed", not Active: the group's "N active of M"
 * counts the same way (active and subscribed).
 */
import { ExternalLink, Package, Trash2 } from 'lucide-react';
import type { AlertGroup } from '../../../../../common/api/alerts.admin.schema';
import type { DealAlert } from '../../../../../common/api/alerts.schema';
import { ConfirmDialog } from '../../../../components/ui/alert-dialog';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/toast.store';
import { formatDateTime, formatShortDate } from '../../../../lib/date.format';
import { messageForPeople } from '../../../../lib/http.client';
import { useDeleteAlertAsOwner } from '../api';
import { alertShownPrice } from '../../../../features/alerts/alert.rules';
import { AdminCheckbox } from '../../../components/admin-checkbox';
import type { BulkSelection } from '../../../components/admin-selection';

/** The price-change badge: a drop in green, a rise in red, no change in grey; none before any price is known. */
export function PriceChangeBadge({ alert }: { alert: Pick<DealAlert, 'priceChange' | 'priceChangePercent'> }) {
  if (alert.priceChange === null) return null;
  const change = Number(alert.priceChange);
  const percent = alert.priceChangePercent === null ? '' : ` (${Math.abs(alert.priceChangePercent).toFixed(1)}%)`;
  if (change < 0)
    return (
      <Badge tone="green">
        ↓ £{Math.abs(change).toFixed(2)}
        {percent} drop
      </Badge>
    );
  if (change > 0)
    return (
      <Badge tone="red">
        ↑ £{change.toFixed(2)}
        {percent} rise
      </Badge>
    );
  return <Badge tone="slate">No change</Badge>;
}

export function AlertGroupCard({ tabKey, group, selection }: { tabKey: string; group: AlertGroup; selection?: BulkSelection<number> }) {
  const ids = group.alerts.map((a) => a.id);
  const ticked = selection ? ids.filter((id) => selection.isSelected(id)).length : 0;
  const headingId = `alert-group-${group.alerts[0]?.id ?? group.email}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white">
      <h3
        id={headingId}
        className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900"
      >
        {selection ? (
          <AdminCheckbox
            label={`Select every alert of ${group.email} shown`}
            checked={ticked === ids.length && ids.length > 0}
            indeterminate={ticked > 0}
            onChange={(on) => selection.setSelected(ids, on)}
            size="lg"
          />
        ) : null}
        <span className="break-all">{group.email}</span>
        <Badge tone="blue">
          {group.activeCount} active of {group.alerts.length}
        </Badge>
        {group.unsubscribed ? <Badge tone="slate">Unsubscribed</Badge> : null}
      </h3>
      <ul className="divide-y divide-slate-100">
        {group.alerts.map((alert) => (
          <AlertItem key={alert.id} tabKey={tabKey} alert={alert} unsubscribed={group.unsubscribed} selection={selection} />
        ))}
      </ul>
    </section>
  );
}

function AlertItem({
  tabKey,
  alert,
  unsubscribed = false,
  selection,
}: {
  tabKey: string;
  alert: DealAlert;
  unsubscribed?: boolean;
  selection?: BulkSelection<number>;
}) {
  const remove = useDeleteAlertAsOwner(tabKey);
  const price = alertShownPrice(alert);
  const confirm = () =>
    remove.mutate(alert.id, {
      onSuccess: () => toast({ title: 'Alert Deleted', description: `The alert on ${alert.productTitle} has been removed.` }),
      onError: (error) =>
        toast({ title: 'Failed to delete alert', description: messageForPeople(error, 'Please try again.'), variant: 'destructive' }),
    });
  return (
    <li className={selection?.isSelected(alert.id) ? 'flex gap-3 bg-blue-50 px-4 py-3' : 'flex gap-3 px-4 py-3'}>
      {selection ? (
        <AdminCheckbox
          label={`Select the alert on ${alert.productTitle}`}
          checked={selection.isSelected(alert.id)}
          onChange={(on) => selection.setSelected([alert.id], on)}
          size="lg"
          className="mt-1"
        />
      ) : null}
      {alert.productImageUrl ? (
        <img
          src={alert.productImageUrl}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          className="h-16 w-16 shrink-0 rounded object-contain"
        />
      ) : (
        <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded bg-slate-100" aria-hidden="true">
          <Package className="h-6 w-6 text-slate-400" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-slate-900">{alert.productTitle}</p>
        <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-slate-600">
          <span className="font-mono">{alert.productAsin}</span>
          <span>Created {formatShortDate(alert.createdAt)}</span>
          <span>{alert.lastCheckedAt ? `Last checked ${formatDateTime(alert.lastCheckedAt)}` : 'Never checked'}</span>
        </p>
        <div className="mt-1.5 flex flex-wrap items-center gap-2 text-sm">
          {price ? (
            <span className="font-semibold text-slate-900 tabular-nums">£{price}</span>
          ) : (
            <span className="text-slate-600">No price</span>
          )}
          <span className="text-slate-700">
            <span className="sr-only">Kind: </span>
            {alert.alertKind}
          </span>
          <PriceChangeBadge alert={alert} />
          {alert.isActive && unsubscribed ? (
            <Badge tone="amber">Paused: unsubscribed</Badge>
          ) : alert.isActive ? (
            <Badge tone="green">Active</Badge>
          ) : (
            <Badge tone="slate">Inactive</Badge>
          )}
          {alert.notificationsSent > 0 ? <Badge tone="purple">Notified ×{alert.notificationsSent}</Badge> : null}
        </div>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-start">
        {alert.productUrl ? (
          <a
            href={alert.productUrl}
            target="_blank"
            rel="noopener"
            className="inline-flex h-8 items-center gap-1 rounded-md px-2 text-sm text-blue-700 hover:bg-slate-100"
            aria-label={`Open ${alert.productTitle} (new tab)`}
          >
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            <span className="hidden sm:inline">Open</span>
          </a>
        ) : null}
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm" aria-label={`Delete the alert on ${alert.productTitle}`} disabled={remove.isPending}>
              <Trash2 className="h-4 w-4 text-red-700" aria-hidden="true" />
            </Button>
          }
          title="Delete this alert?"
          description={`${alert.userEmail} will no longer hear about price drops on ${alert.productTitle}. This cannot be undone.`}
          confirmLabel="Delete alert"
          onConfirm={confirm}
        />
      </div>
    </li>
  );
}
