/**
 * The Clicks tab's e-mail sections (admin-area §2, §3 "Email tracking"): the Email Campaign
 * Performance table (campaign, source, medium, visits, click-throughs, CTR) and the collapsible
 * Recent Email Visits table (product, e-mail, campaign, visited, clicked Yes/No).
 */
import type { EmailTracking } from '../../../../../common/api/click-analytics.admin.schema';
import { paths } from '../../../../../common/paths';
import { Badge } from '../../../../components/ui/badge';
import { Collapsible } from './click-lists';
import { count } from './stat-card';
import { ukDateTime } from './uk-time';

const TH = 'px-4 py-2 font-medium';

export function CampaignTable({ tracking }: { tracking: EmailTracking }) {
  return (
    <section aria-labelledby="campaigns-heading" className="rounded-lg border border-slate-200 bg-white">
      <h3 id="campaigns-heading" className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">
        Email Campaign Performance
      </h3>
      {tracking.campaigns.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-600">No visits from links with campaign (utm) parameters in this period.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className={TH}>
                  Campaign
                </th>
                <th scope="col" className={TH}>
                  Source
                </th>
                <th scope="col" className={TH}>
                  Medium
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  Visits
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  Click-throughs
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  CTR
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {tracking.campaigns.map((c) => (
                <tr key={`${c.source}|${c.medium}|${c.campaign}`}>
                  <td className="px-4 py-2 font-medium text-slate-900">{c.campaign ?? '—'}</td>
                  <td className="px-4 py-2 text-slate-700">{c.source ?? '—'}</td>
                  <td className="px-4 py-2 text-slate-700">{c.medium ?? '—'}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{count(c.visits)}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{count(c.clickThroughs)}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{c.clickThroughRate.toLocaleString('en-GB')}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-600">
        A click-through is a visit from which the visitor went on to Amazon. CTR = click-throughs ÷ visits.
      </p>
    </section>
  );
}

export function RecentEmailVisits({ tracking }: { tracking: EmailTracking }) {
  return (
    <Collapsible title={`Recent Email Visits (${count(tracking.recentVisits.length)})`}>
      {tracking.recentVisits.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-600">No visits from e-mail links in this period.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {['Product', 'E-mail', 'Campaign', 'Visited', 'Clicked'].map((h) => (
                  <th key={h} scope="col" className={TH}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {tracking.recentVisits.map((v) => (
                <tr key={v.id}>
                  <td className="px-4 py-2 text-slate-900">
                    {v.productAsin ? (
                      <a href={paths.product(v.productAsin)} className="text-blue-800 hover:underline">
                        {v.productTitle ?? v.productAsin}
                      </a>
                    ) : (
                      <span>{v.path === '/' ? 'Home page' : v.path}</span>
                    )}
                  </td>
                  <td className="px-4 py-2 break-all text-slate-700">{v.userEmail ?? 'Anonymous'}</td>
                  <td className="px-4 py-2 text-slate-700">{v.campaign ?? '—'}</td>
                  <td className="px-4 py-2 whitespace-nowrap text-slate-700">{ukDateTime(v.visitedAt)}</td>
                  <td className="px-4 py-2">{v.clickedThrough ? <Badge tone="green">Yes</Badge> : <Badge tone="slate">No</Badge>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Collapsible>
  );
}
