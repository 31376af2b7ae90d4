/**
 * The Clicks tab's e-mail sections (admin-area §2, §3 "Email tracking"): the Email Campaign
 * Performance table (campaign, source, medium, visits, click-throughs, CTR) and the collapsible
 * Recent Email Visits table (product, e-mail, campaign, visited, clicked Yes/No).
 */
import type { EmailTracking } from '../../../../../common/api/click-analytics.admin.schema';
import { paths } from '../../../../../common/paths';
import { Badge } from '../../../../components/ui/badge';
import { AdminDataTable, type AdminColumn } from '../../../components/admin-data-table';
import { AdminPanel } from '../../../components/admin-panel';
import { AdminEmpty } from '../../../components/admin-states';
import { Collapsible } from './click-lists';
import { count } from './click-format';
import { ukDateTime } from './uk-time';

type Campaign = EmailTracking['campaigns'][number];
type Visit = EmailTracking['recentVisits'][number];

const CAMPAIGN_COLUMNS: ReadonlyArray<AdminColumn<Campaign>> = [
  { id: 'campaign', header: 'Campaign', cell: (c) => c.campaign ?? '—', className: 'font-medium text-slate-900' },
  { id: 'source', header: 'Source', cell: (c) => c.source ?? '—', className: 'text-slate-700' },
  { id: 'medium', header: 'Medium', cell: (c) => c.medium ?? '—', className: 'text-slate-700' },
  { id: 'visits', header: 'Visits', cell: (c) => count(c.visits), align: 'right', className: 'tabular-nums' },
  { id: 'click-throughs', header: 'Click-throughs', cell: (c) => count(c.clickThroughs), align: 'right', className: 'tabular-nums' },
  { id: 'ctr', header: 'CTR', cell: (c) => `${c.clickThroughRate.toLocaleString('en-GB')}%`, align: 'right', className: 'tabular-nums' },
];

const VISIT_COLUMNS: ReadonlyArray<AdminColumn<Visit>> = [
  {
    id: 'product',
    header: 'Product',
    cell: (v) =>
      v.productAsin ? (
        <a href={paths.product(v.productAsin)} className="text-blue-800 hover:underline">
          {v.productTitle ?? v.productAsin}
        </a>
      ) : (
        <span>{v.path === '/' ? 'Home page' : v.path}</span>
      ),
    className: 'text-slate-900',
  },
  { id: 'email', header: 'E-mail', cell: (v) => v.userEmail ?? 'Anonymous', className: 'break-all text-slate-700' },
  { id: 'campaign', header: 'Campaign', cell: (v) => v.campaign ?? '—', className: 'text-slate-700' },
  { id: 'visited', header: 'Visited', cell: (v) => ukDateTime(v.visitedAt), className: 'whitespace-nowrap text-slate-700' },
  {
    id: 'clicked',
    header: 'Clicked',
    cell: (v) => (v.clickedThrough ? <Badge tone="green">Yes</Badge> : <Badge tone="slate">No</Badge>),
  },
];

const campaignKey = (c: Campaign) => `${c.source}|${c.medium}|${c.campaign}`;

export function CampaignTable({ tracking }: { tracking: EmailTracking }) {
  return (
    <AdminPanel title="Email Campaign Performance">
      <AdminDataTable
        columns={CAMPAIGN_COLUMNS}
        data={tracking.campaigns}
        getRowId={campaignKey}
        empty={<AdminEmpty inset>No visits from links with campaign (utm) parameters in this period.</AdminEmpty>}
        frame="bare"
        density="roomy"
        minWidth="min-w-[36rem]"
      />
      <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-600">
        A click-through is a visit from which the visitor went on to Amazon. CTR = click-throughs ÷ visits.
      </p>
    </AdminPanel>
  );
}

export function RecentEmailVisits({ tracking }: { tracking: EmailTracking }) {
  return (
    <Collapsible title={`Recent Email Visits (${count(tracking.recentVisits.length)})`}>
      <AdminDataTable
        columns={VISIT_COLUMNS}
        data={tracking.recentVisits}
        getRowId={(v) => String(v.id)}
        empty={<AdminEmpty inset>No visits from e-mail links in this period.</AdminEmpty>}
        frame="bare"
        density="roomy"
        minWidth="min-w-[40rem]"
      />
    </Collapsible>
  );
}
