/**
 * The collapsible Price Check History (admin-area §2 "Alerts tab", §3 "Price check log", §8
 * "Price Check Failed" / "Price Check Complete", §9 "Price check logs shown 10"; issue 12 part 2):
 * Check Prices Now, the outcome chart, and the latest 10 logs (older pages on request), each with
 * its trigger badge (Auto for cron, Manual for an owner's run, Shopper for a shopper's own check, Initial, Import), checked / success / failed counts, the
 * overall badge (All Success, Some Failed, Failed) and its per-product results on request.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Check, RefreshCw, X } from 'lucide-react';
import type { PriceCheckLog } from '../../../../../common/api/price-checks.schema';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { CollapsibleSection } from '../../../../components/ui/collapsible-section';
import { Pagination } from '../../../../components/ui/pagination';
import { toast } from '../../../../components/ui/toast.store';
import { AdminDataTable, type AdminColumn } from '../../../components/admin-data-table';
import { AdminQueryState } from '../../../components/admin-states';
import { formatDateTime } from '../../../../lib/date.format';
import { messageForPeople } from '../../../../lib/http.client';
import { priceCheckLogsQuery, useCheckPricesNow } from '../api';
import { PriceCheckChart } from './price-check-chart';
import { formatPriceString } from '../../../../../common/money';

const TRIGGERS: Record<PriceCheckLog['triggerType'], { label: string; tone: BadgeTone }> = {
  cron: { label: 'Auto', tone: 'blue' },
  manual: { label: 'Manual', tone: 'purple' },
  // A shopper checking their own alerts, in words of its own (issue 29), not the owners' Manual.
  shopper: { label: 'Shopper', tone: 'green' },
  initial: { label: 'Initial', tone: 'amber' },
  import: { label: 'Import', tone: 'slate' },
};

/** Admin-area §2 "overall badge (All Success, Some Failed, Failed)". */
export function overallOf(log: Pick<PriceCheckLog, 'alertsChecked' | 'successfulChecks' | 'failedChecks'>): {
  label: string;
  tone: BadgeTone;
} {
  if (log.alertsChecked === 0) return { label: 'Nothing to check', tone: 'outline' };
  if (log.failedChecks === 0) return { label: 'All Success', tone: 'green' };
  return log.successfulChecks === 0 ? { label: 'Failed', tone: 'red' } : { label: 'Some Failed', tone: 'amber' };
}

interface DetailLine {
  productTitle: string;
  asin: string;
  originalPrice: string | null;
  newPrice: string | null;
  priceChangePercent: number | null;
  success: boolean;
}

function parseDetails(details: string): DetailLine[] {
  try {
    const parsed: unknown = JSON.parse(details);
    return Array.isArray(parsed) ? (parsed as DetailLine[]) : [];
  } catch {
    return [];
  }
}

export function PriceCheckHistory({ tabKey }: { tabKey: string }) {
  const [page, setPage] = useState(1);
  const logs = useQuery(priceCheckLogsQuery(tabKey, page));
  const check = useCheckPricesNow(tabKey);
  const runCheck = () =>
    check.mutate(undefined, {
      onSuccess: (r) => {
        setPage(1);
        toast({
          title: 'Price Check Complete',
          description: `Checked ${r.alertsChecked} alert${r.alertsChecked === 1 ? '' : 's'}: ${r.drops} price drop${r.drops === 1 ? '' : 's'}, ${r.failedChecks} failed.`,
        });
      },
      onError: (error) =>
        toast({
          title: 'Price Check Failed',
          description: messageForPeople(error, 'Failed to check prices. Please try again.'),
          variant: 'destructive',
        }),
    });

  return (
    <CollapsibleSection
      title="Price Check History"
      summary={
        logs.data ? `(${logs.data.pagination.total.toLocaleString('en-GB')} run${logs.data.pagination.total === 1 ? '' : 's'})` : undefined
      }
      actions={
        <Button onClick={runCheck} disabled={check.isPending}>
          <RefreshCw className={check.isPending ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
          {check.isPending ? 'Checking prices…' : 'Check Prices Now'}
        </Button>
      }
    >
      <div className="space-y-5">
        <PriceCheckChart tabKey={tabKey} />
        <section aria-labelledby="latest-logs-heading">
          <h3 id="latest-logs-heading" className="mb-2 text-sm font-semibold text-slate-900">
            {page === 1 ? 'Latest runs' : `Older runs, page ${page}`}
          </h3>
          <AdminQueryState
            query={logs}
            loading="Loading price checks…"
            failed="Failed to load the price checks"
            empty={(data) => data.logs.length === 0 && 'No price checks yet. Check Prices Now runs the first one.'}
          >
            {(data) => (
              <ol className="space-y-2">
                {data.logs.map((log) => (
                  <LogItem key={log.id} log={log} />
                ))}
              </ol>
            )}
          </AdminQueryState>
          {logs.data ? (
            <Pagination page={page} totalPages={logs.data.pagination.totalPages} onPageChange={setPage} label="Price check pages" />
          ) : null}
        </section>
      </div>
    </CollapsibleSection>
  );
}

const price = (value: string | null) => (value ? formatPriceString(value) : '—');

/** A run's per-product results: product, original and new price, the change, and whether it was checked. */
const DETAIL_COLUMNS: ReadonlyArray<AdminColumn<DetailLine>> = [
  {
    id: 'product',
    header: 'Product',
    cell: (line) => (
      <>
        {line.productTitle} <span className="font-mono text-xs text-slate-600">{line.asin}</span>
      </>
    ),
    className: 'text-slate-900',
  },
  { id: 'original', header: 'Original', cell: (line) => price(line.originalPrice), align: 'right', className: 'tabular-nums' },
  {
    id: 'new',
    header: 'New',
    cell: (line) => (line.success ? price(line.newPrice) : <span className="font-medium text-red-700">Failed</span>),
    align: 'right',
    className: 'tabular-nums',
  },
  {
    id: 'change',
    header: 'Change',
    cell: (line) => <span className={percentClass(line.priceChangePercent)}>{percentText(line.priceChangePercent)}</span>,
    align: 'right',
    className: 'tabular-nums',
  },
  {
    id: 'ok',
    header: 'OK',
    cell: (line) =>
      line.success ? (
        <Check className="inline h-4 w-4 text-green-700" aria-label="Checked" />
      ) : (
        <X className="inline h-4 w-4 text-red-700" aria-label="Failed" />
      ),
    align: 'center',
  },
];

function LogItem({ log }: { log: PriceCheckLog }) {
  const [open, setOpen] = useState(false);
  const trigger = TRIGGERS[log.triggerType];
  const overall = overallOf(log);
  const lines = open ? parseDetails(log.details) : [];
  const detailsId = `price-check-log-${log.id}`;
  return (
    <li className="rounded-md border border-slate-200">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
        <Badge tone={trigger.tone}>{trigger.label}</Badge>
        <span className="text-slate-800">{formatDateTime(log.checkedAt)}</span>
        <span className="text-slate-700 tabular-nums">
          {log.alertsChecked} checked · {log.successfulChecks} success · {log.failedChecks} failed
        </span>
        <Badge tone={overall.tone}>{overall.label}</Badge>
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((o) => !o)}
          disabled={log.detailsTotal === 0}
        >
          {open ? 'Hide results' : `Results (${log.detailsTotal.toLocaleString('en-GB')})`}
        </Button>
      </div>
      {open ? (
        <div id={detailsId} className="border-t border-slate-100">
          <AdminDataTable
            columns={DETAIL_COLUMNS}
            data={lines}
            getRowId={(line) => line.asin}
            frame="bare"
            density="compact"
            minWidth="min-w-[36rem]"
          />
          {log.detailsTotal > lines.length ? (
            <p className="px-3 py-2 text-xs text-slate-600">
              Showing {lines.length} of {log.detailsTotal.toLocaleString('en-GB')} products: failures first, then the largest changes.
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

const percentText = (p: number | null) => (p === null ? '—' : `${p > 0 ? '+' : ''}${p.toFixed(1)}%`);
const percentClass = (p: number | null) => (p === null || p === 0 ? 'text-slate-700' : p < 0 ? 'text-green-700' : 'text-red-700');
