/**
 * The signups tab (admin-area §2 "Signups tab", §4, §8 "Signups", §9; issue 12 part 1): stat cards
 * (Total, Today's in Europe/London, Popup vs Page), Copy Email List, Export CSV built in the
 * browser, Refresh, Export to CSV from the server, the user list, the click-tracking summary with
 * its conversion rate, the top 10 users by clicks (expandable) and the list of every signup with
 * its referrer cut to 30 characters. Refetches every 60 s.
 *
 * Issue 25: every row and both CSVs show the address's subscriber status, and Copy Email List
 * copies only the confirmed, subscribed addresses (of every signup, asked of the server when
 * clicked), as its label and message say; the others must not be e-mailed (DESIGN.md §4).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ClipboardCopy, Download, FileDown, RefreshCw } from 'lucide-react';
import { SUBSCRIBER_STATUS_LABELS, TOP_CLICKERS_SHOWN, type SignupsResponse } from '../../../../../common/api/signups.admin.schema';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { CollapsibleSection } from '../../../../components/ui/collapsible-section';
import { StatCard, StatGrid } from '../../../components/admin-stat-card';
import { toast } from '../../../../components/ui/toast.store';
import { AdminError, AdminLoading } from '../../../components/admin-states';
import { adminTabKey } from '../../../lib/admin-query-keys';
import { csvFileNameFor, downloadCsv } from '../../../../lib/csv-download';
import { messageForPeople } from '../../../../lib/http.client';
import { fetchConfirmedSignupEmails, SIGNUPS_EXPORT_URL, signupsQuery } from '../api';
import { NewUserBadge } from './signup-badges';
import { SignupClicks } from './signup-clicks';
import { SignupList } from './signup-list';
import { SignupsTable } from './signups-table';
import { AdminSection } from '../../../components/admin-panel';

export function SignupsTab({ tabKey }: { tabKey: string }) {
  const queryClient = useQueryClient();
  const signups = useQuery(signupsQuery(tabKey));
  if (signups.isPending) return <AdminLoading label="Loading signups…" />;
  if (signups.isError)
    return <AdminError message={messageForPeople(signups.error, 'Failed to load signups')} onRetry={() => void signups.refetch()} />;
  const data = signups.data;
  const { stats, clickSummary } = data;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminTabKey(tabKey) });

  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold text-slate-900">Signups</h2>
      <StatGrid columns={3}>
        <StatCard label="Total Signups" value={stats.totalSignups} />
        <StatCard label="Today's Signups" value={stats.todaySignups} hint="Since midnight, UK time" />
        <StatCard
          label="Popup vs Page"
          value={`${stats.popupSignups.toLocaleString('en-GB')} / ${stats.pageSignups.toLocaleString('en-GB')}`}
          hint={stats.otherSignups > 0 ? `${stats.otherSignups.toLocaleString('en-GB')} from other sources` : 'popup / page'}
        />
      </StatGrid>

      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => void copyConfirmedEmails()}
          disabled={data.signups.length === 0}
          title="Only addresses that confirmed and have not unsubscribed"
        >
          <ClipboardCopy className="h-4 w-4" aria-hidden="true" />
          Copy Email List (confirmed only)
        </Button>
        <Button variant="secondary" onClick={() => exportInBrowser(data)} disabled={data.signups.length === 0}>
          <Download className="h-4 w-4" aria-hidden="true" />
          Export CSV
        </Button>
        <Button variant="secondary" onClick={refresh} disabled={signups.isFetching}>
          <RefreshCw className={signups.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
          Refresh
        </Button>
        <a className={buttonClasses('secondary')} href={SIGNUPS_EXPORT_URL} download>
          <FileDown className="h-4 w-4" aria-hidden="true" />
          Export to CSV (server)
        </a>
      </div>
      {data.total > data.signups.length ? (
        <p className="text-sm text-slate-600">
          Showing the newest {data.signups.length.toLocaleString('en-GB')} of {data.total.toLocaleString('en-GB')} signups; the server
          export has them all.
        </p>
      ) : null}

      <SignupList tabKey={tabKey} signups={data.signups} />

      <AdminSection title="Click tracking" level={3} tight>
        <StatGrid columns={3}>
          <StatCard label="Unique users who clicked" value={clickSummary.uniqueClickers} />
          <StatCard label="Total users" value={clickSummary.totalUsers} />
          <StatCard label="Conversion rate" value={`${clickSummary.conversionRate.toFixed(1)}%`} hint="Users who clicked ÷ users" />
        </StatGrid>
      </AdminSection>

      <CollapsibleSection
        title={`Top ${TOP_CLICKERS_SHOWN} users by clicks`}
        summary={`(${data.topClickers.length})`}
        headingLevel={3}
        defaultOpen
      >
        {data.topClickers.length === 0 ? (
          <p className="text-sm text-slate-600">No signed-up user has clicked a product yet.</p>
        ) : (
          <ol className="space-y-2">
            {data.topClickers.map((t, i) => (
              <li key={t.email}>
                <CollapsibleSection
                  headingLevel={3}
                  title={
                    <span className="break-all">
                      {i + 1}. {t.email}
                    </span>
                  }
                  summary={
                    <span className="inline-flex items-center gap-2">
                      {t.clickCount.toLocaleString('en-GB')} clicks {t.newUser ? <NewUserBadge /> : null}
                    </span>
                  }
                >
                  <SignupClicks tabKey={tabKey} signupId={t.signupId} />
                </CollapsibleSection>
              </li>
            ))}
          </ol>
        )}
      </CollapsibleSection>

      <SignupsTable signups={data.signups} />
    </div>
  );
}

/** Copies the confirmed, subscribed addresses (never the others), comma-separated, and says how many. */
async function copyConfirmedEmails() {
  try {
    const { emails } = await fetchConfirmedSignupEmails();
    if (emails.length === 0) {
      toast({ title: 'Nothing copied', description: 'No signed-up address has confirmed and stayed subscribed yet.' });
      return;
    }
    await navigator.clipboard.writeText(emails.join(', '));
    const addresses = `${emails.length.toLocaleString('en-GB')} confirmed ${emails.length === 1 ? 'address' : 'addresses'}`;
    toast({ title: 'Copied!', description: `Copied ${addresses}. Addresses awaiting confirmation or unsubscribed are left out.` });
  } catch (error) {
    toast({ title: 'Copy Failed', description: messageForPeople(error, 'Failed to copy email addresses.'), variant: 'destructive' });
  }
}

function exportInBrowser(data: SignupsResponse) {
  downloadCsv(
    csvFileNameFor('signups'),
    ['id', 'email', 'source', 'createdAt', 'userAgent', 'referrer', 'clickCount', 'newUser', 'status'],
    data.signups.map((s) => [
      s.id,
      s.email,
      s.source,
      s.createdAt,
      s.userAgent,
      s.referrer,
      s.clickCount,
      s.newUser ? 'yes' : 'no',
      SUBSCRIBER_STATUS_LABELS[s.status],
    ]),
  );
  toast({ title: 'Export Complete', description: `${data.signups.length} signups saved as CSV.` });
}
