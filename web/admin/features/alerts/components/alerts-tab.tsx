/**
 * The Alerts tab (admin-area §2 "Alerts tab", §8 "Alerts"; issue 12 part 2): the cards (Total
 * Alerts, Active Alerts, Unique Users), the collapsible Price Check History, and every alert grouped
 * by e-mail (search by address or title; 20 e-mails a page). Refetches every 60 s.
 *
 * Issue 29: "Active" is one rule everywhere (server: alerts.admin.queries `alertCountsAsActive`):
 * the alert is active AND its address is not unsubscribed. The card, the All / Active / Not active
 * filter's counts, each group's "N active of M" and each alert's badge (an unsubscribed address's
 * alert says "Paused: unsubscribed") agree with the rows listed. Page, search and filter are in the
 * URL (`?q=&state=&page=`); alerts are ticked across pages (cleared by another search or filter) or
 * "Select all N matching" takes every alert the filter matches on the server; Deactivate and Delete
 * act on them in one call (`POST /api/admin/deal-alerts/bulk`), confirmed with the exact number.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PauseCircle, Search, Trash2 } from 'lucide-react';
import clsx from 'clsx';
import { ALERT_STATES, type AlertState } from '../../../../../common/api/alerts.admin.schema';
import { Button } from '../../../../components/ui/button';
import { Input, Label } from '../../../../components/ui/input';
import { toast } from '../../../../components/ui/toast.store';
import { messageForPeople } from '../../../../lib/http.client';
import { AdminPager } from '../../../components/admin-paging';
import { AdminCountConfirm } from '../../../components/admin-count-confirm';
import { SelectionBar, useBulkSelection } from '../../../components/admin-selection';
import { StatCard, StatGrid } from '../../../components/admin-stat-card';
import { AdminQueryState } from '../../../components/admin-states';
import { pageOf, useUrlState } from '../../../lib/url-state';
import { adminAlertsQuery, useAlertsBulk, type AlertTarget } from '../api';
import { AlertGroupCard } from './alert-group';
import { PriceCheckHistory } from './price-check-history';

const URL_SPEC = {
  q: { default: '' },
  state: { default: 'all', allowed: ALERT_STATES },
  page: { default: '1' },
};
const STATE_LABELS: Record<AlertState, string> = { all: 'All', active: 'Active', inactive: 'Not active' };
const alertsWord = (n: number) => (n === 1 ? 'alert' : 'alerts');
const count = (n: number) => `${n.toLocaleString('en-GB')} ${alertsWord(n)}`;

type BulkAction = 'deactivate' | 'delete';

export function AlertsTab({ tabKey }: { tabKey: string }) {
  const url = useUrlState(URL_SPEC);
  const search = url.values.q;
  const state = url.values.state as AlertState;
  const page = pageOf(url.values.page);
  const [typed, setTyped] = useState(search);
  const [seenSearch, setSeenSearch] = useState(search);
  if (seenSearch !== search) {
    // Back/Forward to another search: the box shows it.
    setSeenSearch(search);
    setTyped(search);
  }
  const alerts = useQuery(adminAlertsQuery(tabKey, page, search, state));
  const selection = useBulkSelection<number>(`${search}\u0000${state}`);
  const [confirming, setConfirming] = useState<BulkAction | null>(null);
  const bulk = useAlertsBulk(tabKey);
  const matching = alerts.data?.matchingAlerts ?? 0;
  const selected = selection.count(matching);
  const stats = alerts.data?.stats;
  const stateCounts: Record<AlertState, number | undefined> = stats
    ? { all: stats.totalAlerts, active: stats.activeAlerts, inactive: stats.totalAlerts - stats.activeAlerts }
    : { all: undefined, active: undefined, inactive: undefined };
  const pageIds = (alerts.data?.groups ?? []).flatMap((g) => g.alerts.map((a) => a.id));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    url.set({ q: typed.trim(), page: '1' });
  };
  const goTo = (next: number) => {
    url.set({ page: String(next) });
    window.scrollTo({ top: 0 });
  };
  const run = (action: BulkAction) => {
    const target: AlertTarget = selection.allMatching
      ? { matching: { ...(search ? { search } : {}), state } }
      : { ids: [...selection.ids] };
    bulk.mutate(
      { action, target, confirmCount: selected },
      {
        onSuccess: (r) => {
          selection.clear();
          toast({
            title: action === 'delete' ? 'Alerts deleted' : 'Alerts deactivated',
            description:
              action === 'delete'
                ? `${count(r.affected)} deleted.`
                : `${count(r.affected)} deactivated${r.matched > r.affected ? ` (${(r.matched - r.affected).toLocaleString('en-GB')} already ${r.matched - r.affected === 1 ? 'was' : 'were'})` : ''}.`,
          });
        },
        onError: (error) =>
          toast({ title: 'Nothing was changed', description: messageForPeople(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  };

  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold text-slate-900">Alerts</h2>
      {stats ? (
        <StatGrid columns={3}>
          <StatCard label="Total Alerts" value={stats.totalAlerts} />
          <StatCard label="Active Alerts" value={stats.activeAlerts} hint="Active, and the address is subscribed" />
          <StatCard label="Unique Users" value={stats.uniqueUsers} />
        </StatGrid>
      ) : null}

      <PriceCheckHistory tabKey={tabKey} />

      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <form onSubmit={submit} role="search" className="flex flex-wrap items-end gap-2">
          <div className="w-full sm:w-80">
            <Label htmlFor="alerts-search">Search alerts by e-mail or product</Label>
            <Input id="alerts-search" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} />
          </div>
          <Button type="submit" variant="secondary">
            <Search className="h-4 w-4" aria-hidden="true" />
            Search
          </Button>
        </form>
        <div role="group" aria-label="Show alerts" className="inline-flex flex-wrap rounded-md border border-slate-300 bg-white p-0.5">
          {ALERT_STATES.map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={state === key}
              onClick={() => url.set({ state: key, page: '1' })}
              className={clsx(
                'rounded px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-blue-600',
                state === key ? 'bg-blue-700 text-white' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              {STATE_LABELS[key]}{' '}
              {stateCounts[key] !== undefined ? <span className="tabular-nums">({stateCounts[key]!.toLocaleString('en-GB')})</span> : null}
            </button>
          ))}
        </div>
      </div>

      <SelectionBar selection={selection} matching={matching} pageIds={pageIds} noun={alertsWord} label="Selected alerts">
        <Button variant="secondary" size="sm" disabled={selected === 0 || bulk.isPending} onClick={() => setConfirming('deactivate')}>
          <PauseCircle className="h-4 w-4" aria-hidden="true" />
          Deactivate ({selected.toLocaleString('en-GB')})
        </Button>
        <Button variant="destructive" size="sm" disabled={selected === 0 || bulk.isPending} onClick={() => setConfirming('delete')}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          {bulk.isPending ? 'Working…' : `Delete (${selected.toLocaleString('en-GB')})`}
        </Button>
      </SelectionBar>
      <AdminCountConfirm
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        count={selected}
        title={confirming === 'delete' ? `Delete ${count(selected)}?` : `Deactivate ${count(selected)}?`}
        summary={
          confirming === 'delete' ? (
            <>
              <strong>{count(selected)}</strong> will be deleted. This cannot be undone.
            </>
          ) : (
            <>
              <strong>{count(selected)}</strong> will be deactivated: no longer checked, and no e-mail about them.
            </>
          )
        }
        description={
          <>
            {confirming === 'delete' ? <p>Their shoppers will no longer hear about price drops on these products.</p> : null}
            {selection.allMatching ? (
              <p className="font-medium text-slate-900">
                Every {state === 'all' ? '' : `${STATE_LABELS[state].toLowerCase()} `}alert{search ? ` matching “${search}”` : ''}, on every
                page.
              </p>
            ) : null}
          </>
        }
        confirmLabel={confirming === 'delete' ? `Delete ${count(selected)}` : `Deactivate ${count(selected)}`}
        onConfirm={() => confirming && run(confirming)}
      />

      <AdminQueryState
        query={alerts}
        loading="Loading alerts…"
        failed="Failed to fetch deal alerts"
        empty={(data) =>
          data.groups.length === 0 && (search || state !== 'all' ? 'No alert matches this search and filter.' : 'No deal alerts yet.')
        }
      >
        {(data) => (
          <div className="space-y-4" aria-busy={alerts.isPlaceholderData}>
            {data.groups.map((group) => (
              <AlertGroupCard key={group.email} tabKey={tabKey} group={group} selection={selection} />
            ))}
          </div>
        )}
      </AdminQueryState>
      {alerts.data && alerts.data.pagination.totalPages > 1 ? (
        <AdminPager
          label="Alert pages"
          canPrevious={page > 1}
          canNext={page < alerts.data.pagination.totalPages}
          onPrevious={() => goTo(page - 1)}
          onNext={() => goTo(page + 1)}
          page={page}
          totalPages={alerts.data.pagination.totalPages}
          onPage={goTo}
        >
          Page {page} of {alerts.data.pagination.totalPages} ({alerts.data.pagination.total.toLocaleString('en-GB')} addresses)
        </AdminPager>
      ) : null}
    </div>
  );
}
