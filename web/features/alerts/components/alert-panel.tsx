/**
 * The alerts panel opened by the bell (shopper-screens §2): 'Your Deal Alerts (n)' with a LIVE
 * badge and a close button (the backdrop closes it too), a notice while the address awaits
 * confirmation or after it unsubscribed, and one row per alert with its own 'Check price'
 * (./alert-row.tsx). Loaded lazily on first open.
 */
import type { ReactNode } from 'react';
import { MailWarning } from 'lucide-react';
import type { DealAlert } from '../../../../common/api/alerts.schema';
import { Badge } from '../../../components/ui/badge';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/http.client';
import { useDeleteAlert, useSubscriberStatus, type VisitorCredentials } from '../api';
import { AlertRow } from './alert-row';

export interface AlertPanelProps {
  visitor: VisitorCredentials;
  alerts: DealAlert[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Shown under the alerts: the shopper's saved searches, "Sent to you" and private feed (issue 30). */
  extra?: ReactNode;
}

export default function AlertPanel({ visitor, alerts, open, onOpenChange, extra }: AlertPanelProps) {
  const status = useSubscriberStatus(visitor, open);
  const remove = useDeleteAlert(visitor);

  function onDelete(alert: DealAlert) {
    remove.mutate(alert.id, {
      onSuccess: () => toast({ title: 'Deal alert deleted' }),
      onError: () =>
        toast({ title: 'Failed to delete alert', description: 'Unable to delete deal alert. Please try again.', variant: 'destructive' }),
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      placement="right"
      title={`Your Deal Alerts (${alerts.length})`}
      titleAside={
        <Badge tone="green" className="gap-1">
          <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-white" aria-hidden="true" />
          LIVE
        </Badge>
      }
      description={visitor.email ? `Price-drop alerts for ${visitor.email}` : undefined}
      testId="alerts-panel"
    >
      {status.data && !status.data.confirmed && !status.data.unsubscribed && (
        <p role="status" className="mb-3 flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <MailWarning className="h-5 w-5 shrink-0" aria-hidden="true" />
          <span>Confirm your e-mail address: we sent a link to {status.data.email}. Alerts start once it's confirmed.</span>
        </p>
      )}
      {status.error instanceof ApiError && status.error.status === 403 && (
        <p role="status" className="mb-3 flex gap-2 rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-950">
          <MailWarning className="h-5 w-5 shrink-0" aria-hidden="true" />
          <span>
            These are the alerts set in this browser. To see every alert for {visitor.email} here, open the link we e-mailed to that
            address.
          </span>
        </p>
      )}
      {status.data?.unsubscribed && (
        <p role="status" className="mb-3 flex gap-2 rounded-md border border-slate-300 bg-slate-100 p-3 text-sm text-slate-900">
          <MailWarning className="h-5 w-5 shrink-0" aria-hidden="true" />
          <span>{status.data.email} is unsubscribed, so we won't e-mail you about these alerts.</span>
        </p>
      )}
      {alerts.length === 0 && (
        // A visitor with saved searches but no alerts opens the panel too (issue 30).
        <p className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
          No deal alerts yet. Choose ‘Set Deal Alert’ on any product to get an e-mail when its price drops.
        </p>
      )}
      <ul className="space-y-3" aria-label="Deal alerts">
        {alerts.map((alert) => (
          <AlertRow key={alert.id} alert={alert} visitor={visitor} onDelete={onDelete} onNavigate={() => onOpenChange(false)} />
        ))}
      </ul>
      {extra}
    </Dialog>
  );
}
