/**
 * The Email Alerts tab, the deal alert notifications panel (admin-area §2 "Email Alerts tab", §5,
 * §8, §9; issue 12 part 3). On load it fetches the stats, the alerts with drops (10 shown) and the
 * last 24 hours' drops (preview, 10; the first 5 listed). Send Deal Alert Notifications is disabled
 * unless an alert with a drop exists and asks for a selection ('No Deal Alerts Selected'); Send
 * Price Drop Summary is disabled without recent drops ('No Price Drops Available'). The server
 * never sends anything twice; the toasts say what was sent, what had been sent already and who was
 * skipped (unconfirmed, unsubscribed).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BellRing, Mail } from 'lucide-react';
import type { DealAlertNotificationsResponse, PriceDropSummaryResponse } from '../../../../../common/api/emails.admin.schema';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/toast.store';
import { ApiError, messageForPeople } from '../../../../lib/http.client';
import {
  dealAlertDropsQuery,
  dealAlertStatsQuery,
  previewPriceDropsQuery,
  useSendDealAlertNotifications,
  useSendPriceDropSummary,
} from '../api';
import type { AdminTabProps } from '../../../components/admin-tab';
import { AlertsWithDrops, NotificationStats, RecentDrops } from './email-alerts-parts';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** The toast's extra lines: what had been sent before and who was skipped. */
export function skippedLines(answer: { alreadySent: number; skipped: Record<string, number> }): string[] {
  const lines: string[] = [];
  if (answer.alreadySent > 0)
    lines.push(`${plural(answer.alreadySent, 'e-mail was', 'e-mails were')} already sent earlier and not sent again.`);
  const s = answer.skipped;
  const parts = [
    s.unconfirmed ? plural(s.unconfirmed, 'unconfirmed address', 'unconfirmed addresses') : null,
    s.unsubscribed ? plural(s.unsubscribed, 'unsubscribed address', 'unsubscribed addresses') : null,
    s.noDropsInCategories
      ? plural(s.noDropsInCategories, 'subscriber with no drop in their categories', 'subscribers with no drop in their categories')
      : null,
    s.noPriceDrop ? plural(s.noPriceDrop, 'alert without a price drop', 'alerts without a price drop') : null,
    s.inactive ? plural(s.inactive, 'inactive alert', 'inactive alerts') : null,
    s.notFound ? plural(s.notFound, 'deleted alert', 'deleted alerts') : null,
  ].filter(Boolean);
  if (parts.length > 0) lines.push(`Skipped: ${parts.join(', ')}.`);
  return lines;
}

export function EmailAlertsTab({ tabKey }: AdminTabProps) {
  const stats = useQuery(dealAlertStatsQuery(tabKey));
  const drops = useQuery(dealAlertDropsQuery(tabKey));
  const preview = useQuery(previewPriceDropsQuery(tabKey));
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const notify = useSendDealAlertNotifications(tabKey);
  const summary = useSendPriceDropSummary(tabKey);
  const alertsWithDrops = drops.data?.total ?? 0;
  const recentDrops = preview.data?.total ?? 0;

  const sendNotifications = () => {
    const ids = (drops.data?.alerts ?? []).map((a) => a.id).filter((id) => selected.has(id));
    if (ids.length === 0) {
      toast({
        title: 'No Deal Alerts Selected',
        description: 'Please select deal alerts with price drops to send notifications.',
        variant: 'destructive',
      });
      return;
    }
    notify.mutate(ids, {
      onSuccess: (answer: DealAlertNotificationsResponse) => {
        setSelected(new Set());
        toast({
          title: 'Deal Alert Notifications Sent!',
          description: [`Successfully sent notifications to ${answer.emailsSent} users`, ...skippedLines(answer)],
          duration: 8000,
        });
      },
      onError: (error) =>
        toast({
          title: 'Failed to send deal alert notifications',
          description: messageForPeople(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  };

  const sendSummary = () => {
    if (recentDrops === 0) {
      toast({
        title: 'No Price Drops Available',
        description: 'No recent price drops found to include in the summary.',
        variant: 'destructive',
      });
      return;
    }
    summary.mutate(undefined, {
      onSuccess: (answer: PriceDropSummaryResponse) =>
        toast({
          title: 'Price Drop Summary Sent!',
          description: [
            `Sent to ${plural(answer.emailsSent, 'subscriber', 'subscribers')}, covering ${plural(answer.priceDrops, 'price drop', 'price drops')}.`,
            ...skippedLines(answer),
          ],
          duration: 8000,
        }),
      onError: (error) =>
        error instanceof ApiError && error.status === 409
          ? toast({
              title: 'No Price Drops Available',
              description: 'No recent price drops found to include in the summary.',
              variant: 'destructive',
            })
          : toast({
              title: 'Failed to send price drop summary',
              description: messageForPeople(error, 'Please try again.'),
              variant: 'destructive',
            }),
    });
  };

  return (
    <div className="grid gap-6">
      <section aria-labelledby="deal-notifications-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="deal-notifications-heading" className="text-lg font-semibold text-slate-900">
          Deal alert notifications
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:max-w-md">
          <Count label="Deal alerts with price drops" value={drops.isPending ? null : drops.isError ? '–' : alertsWithDrops} />
          <Count label="Subscribers" value={stats.isPending ? null : stats.isError ? '–' : (stats.data?.subscriberCount ?? 0)} />
        </dl>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button onClick={sendNotifications} disabled={alertsWithDrops === 0 || notify.isPending} aria-describedby="notify-hint">
            <BellRing className="h-4 w-4" aria-hidden="true" />
            {notify.isPending ? 'Sending notifications…' : 'Send Deal Alert Notifications'}
          </Button>
          <Button
            variant="secondary"
            onClick={sendSummary}
            disabled={recentDrops === 0 || summary.isPending}
            aria-describedby="summary-hint"
          >
            <Mail className="h-4 w-4" aria-hidden="true" />
            {summary.isPending ? 'Sending summary…' : 'Send Price Drop Summary'}
          </Button>
        </div>
        <p id="notify-hint" className="mt-2 text-xs text-slate-600">
          One e-mail per selected alert, only to confirmed subscribers; an alert is never told twice about the same price.
        </p>
        <p id="summary-hint" className="text-xs text-slate-600">
          One digest of the last 24 hours&apos; drops per confirmed subscriber, in their categories; at most once a day.
        </p>
      </section>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <AlertsWithDrops query={drops} selected={selected} onSelectedChange={setSelected} />
        <div className="grid content-start gap-6">
          <NotificationStats query={stats} />
          <RecentDrops query={preview} />
        </div>
      </div>
    </div>
  );
}

function Count({ label, value }: { label: string; value: number | string | null }) {
  return (
    <div className="rounded-md bg-slate-50 px-3 py-2">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-2xl font-bold text-slate-900">
        {value === null ? (
          <span className="text-base font-normal text-slate-500">Loading…</span>
        ) : typeof value === 'number' ? (
          value.toLocaleString('en-GB')
        ) : (
          value
        )}
      </dd>
    </div>
  );
}
