/**
 * The Alerts tab (admin-area §2 "Alerts tab", §8 "Alerts"; issue 12 part 2): the cards (Total
 * Alerts, Active Alerts, Unique Users), the collapsible Price Check History, and every alert grouped
 * by e-mail (search by address or title; 20 e-mails a page). Refetches every 60 s.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { Input, Label } from '../../../../components/ui/input';
import { Pagination } from '../../../../components/ui/pagination';
import { StatCard, StatGrid } from '../../../components/admin-stat-card';
import { AdminQueryState } from '../../../components/admin-states';
import { adminAlertsQuery } from '../api';
import { AlertGroupCard } from './alert-group';
import { PriceCheckHistory } from './price-check-history';

export function AlertsTab({ tabKey }: { tabKey: string }) {
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const alerts = useQuery(adminAlertsQuery(tabKey, page, search));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
    setPage(1);
  };

  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold text-slate-900">Alerts</h2>
      {alerts.data ? (
        <StatGrid columns={3}>
          <StatCard label="Total Alerts" value={alerts.data.stats.totalAlerts} />
          <StatCard label="Active Alerts" value={alerts.data.stats.activeAlerts} />
          <StatCard label="Unique Users" value={alerts.data.stats.uniqueUsers} />
        </StatGrid>
      ) : null}

      <PriceCheckHistory tabKey={tabKey} />

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

      <AdminQueryState
        query={alerts}
        loading="Loading alerts…"
        failed="Failed to fetch deal alerts"
        empty={(data) => data.groups.length === 0 && (search ? 'No alert matches that search.' : 'No deal alerts yet.')}
      >
        {(data) => (
          <div className="space-y-4" aria-busy={alerts.isPlaceholderData}>
            {data.groups.map((group) => (
              <AlertGroupCard key={group.email} tabKey={tabKey} group={group} />
            ))}
          </div>
        )}
      </AdminQueryState>
      {alerts.data ? (
        <Pagination
          page={page}
          totalPages={alerts.data.pagination.totalPages}
          onPageChange={(p) => {
            setPage(p);
            window.scrollTo({ top: 0 });
          }}
          label="Alert pages"
        />
      ) : null}
    </div>
  );
}
