/**
 * One row of the alerts panel (shopper-screens §2 "Trending deals" alert rows): image, title linking
 * to our product page, current price, green with 'PRICE DROP!' when the price fell (or reached the
 * target), 'Tracking since', last check time, and a delete button that asks for confirmation. An alert
 * asked for without proof of the mailbox says it starts when the e-mailed link is opened (issue 25).
 *
 * 'Check price' (shopper-screens §7 POST /api/deal-alerts/{id}/check-price, §3 "Price check result",
 * §8 'Failed to check price'; issue 27) checks this one alert now: 'Checking the price…' while it runs, then
 * the new price, 'Unchanged at £X' or 'Not checked: {reason}' in a status region screen readers
 * announce (aria-live polite). The button stays focusable while it runs (aria-disabled).
 */
import { useId } from 'react';
import { Link } from 'react-router';
import { Loader2, RefreshCw, Trash2 } from 'lucide-react';
import clsx from 'clsx';
import type { DealAlert } from '../../../../common/api/alerts.schema';
import { formatPriceString } from '../../../../common/money';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDateTime, formatLongDate } from '../../../lib/date.format';
import { alertShownPrice, describePriceCheck, isAlertPriceDrop, priceCheckFailure, type PriceCheckOutcome } from '../alert.rules';
import { useCheckAlertPrice, type VisitorCredentials } from '../api';
import { paths } from '../../../../common/paths';

/** Colour of the outcome line by tone (AA contrast on white and on the row's green). */
const OUTCOME_TONE: Record<PriceCheckOutcome['tone'], string> = {
  drop: 'text-green-800',
  increase: 'text-slate-900',
  unchanged: 'text-slate-700',
  'not-checked': 'text-red-800',
};

export interface AlertRowProps {
  alert: DealAlert;
  /** Whose alert it is: the token authorises 'Check price'. */
  visitor: VisitorCredentials;
  onDelete: (alert: DealAlert) => void;
  /** Called when the title link is followed (the panel closes). */
  onNavigate: () => void;
}

export function AlertRow({ alert, visitor, onDelete, onNavigate }: AlertRowProps) {
  const drop = isAlertPriceDrop(alert);
  const price = alertShownPrice(alert);
  const check = useCheckAlertPrice(visitor);
  const outcomeId = useId();
  const outcome = check.isPending
    ? null
    : check.isSuccess
      ? describePriceCheck(check.data, formatDateTime)
      : check.isError
        ? priceCheckFailure(check.error)
        : null;
  return (
    <li
      data-testid="alert-row"
      className={clsx('flex gap-3 rounded-lg border p-3', drop ? 'border-green-600 bg-green-50' : 'border-slate-200 bg-white')}
    >
      <div className="flex h-16 w-16 shrink-0 items-center justify-center overflow-hidden rounded bg-white">
        {alert.productImageUrl ? (
          <img src={alert.productImageUrl} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 object-contain" />
        ) : (
          <span className="text-center text-[10px] text-slate-600">No image</span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <Link
          to={paths.product(alert.productAsin)}
          onClick={onNavigate}
          className="line-clamp-2 text-sm font-medium text-slate-900 hover:text-blue-800 hover:underline"
        >
          {alert.productTitle}
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <span className={clsx('text-base font-bold', drop ? 'text-green-800' : 'text-slate-900')}>
            {price ? formatPriceString(price) : 'Price unknown'}
          </span>
          {drop && <Badge tone="green">PRICE DROP!</Badge>}
          <span className="text-xs text-slate-700">
            <span className="sr-only">Alert: </span>
            {alert.alertKind}
          </span>
        </div>
        {alert.awaitingConfirmation && (
          <p className="mt-1 text-xs font-medium text-amber-800">Starts when you open the link we e-mailed to this address</p>
        )}
        <p className="mt-1 text-xs text-slate-600">Tracking since {formatLongDate(new Date(alert.createdAt))}</p>
        <p className="text-xs text-slate-600">
          {alert.lastCheckedAt ? `Last checked ${formatDateTime(alert.lastCheckedAt)}` : 'Never checked'}
        </p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          aria-disabled={check.isPending}
          aria-describedby={outcomeId}
          onClick={() => {
            if (!check.isPending) check.mutate(alert.id);
          }}
        >
          {check.isPending ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          ) : (
            <RefreshCw className="h-4 w-4" aria-hidden="true" />
          )}
          Check price
          <span className="sr-only"> of {alert.productTitle}</span>
        </Button>
        {/* Always in the page, so screen readers announce each new outcome (polite). */}
        <p
          id={outcomeId}
          role="status"
          data-testid="price-check-outcome"
          className={clsx(
            'text-xs font-medium',
            (check.isPending || outcome) && 'mt-1',
            outcome ? OUTCOME_TONE[outcome.tone] : 'text-slate-700',
          )}
        >
          {check.isPending ? 'Checking the price…' : (outcome?.text ?? '')}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Delete alert for ${alert.productTitle}`}
            className="h-8 w-8 self-start text-slate-600 hover:text-red-700"
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </Button>
        }
        title="Delete this deal alert?"
        description={`You'll stop getting price-drop e-mails for "${alert.productTitle}".`}
        confirmLabel="Delete"
        onConfirm={() => onDelete(alert)}
      />
    </li>
  );
}
