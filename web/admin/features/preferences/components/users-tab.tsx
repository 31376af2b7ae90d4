/**
 * The Users tab (admin-area §2 "Users tab"; issue 12 part 1): every address we hold data about,
 * with the affiliate links it clicked (and an export link of those clicks), its alerts and signups,
 * its subscription state, and its preferences (categories, notification frequency) or 'No
 * preferences set'; and the right-to-erasure action per person and for any address. Our survey
 * asks no max price or min discount (shopper-screens §2), so those columns of the spec are not shown.
 * Refetches every 60 s.
 */
import { useQuery } from '@tanstack/react-query';
import { FileDown } from 'lucide-react';
import type { UserAnalysisRow } from '../../../../../common/api/preferences.admin.schema';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import { ShowMore, useShowMore } from '../../../components/admin-paging';
import { EmailSearchField, useEmailSearch } from '../../../components/email-search';
import { AdminQueryState } from '../../../components/admin-states';
import { userAnalysisQuery, userClicksExportUrl } from '../api';
import { ErasePersonButton, ErasePersonForm } from './erase-person';
import { categoriesText, frequencyText } from './people-format';

const PAGE = 100;
const SUBSCRIPTION: Record<NonNullable<UserAnalysisRow['subscription']>, { label: string; tone: BadgeTone }> = {
  confirmed: { label: 'Confirmed', tone: 'green' },
  unconfirmed: { label: 'Not confirmed', tone: 'amber' },
  unsubscribed: { label: 'Unsubscribed', tone: 'slate' },
};

export function UsersTab({ tabKey }: { tabKey: string }) {
  const users = useQuery(userAnalysisQuery(tabKey));
  const { shown, more } = useShowMore(PAGE);
  const { search, setSearch, term, matching: rows } = useEmailSearch(users.data?.users);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-3">
        <h2 className="mr-auto text-xl font-semibold text-slate-900">
          Users{' '}
          {users.data ? <span className="text-base font-normal text-slate-600">({users.data.total.toLocaleString('en-GB')})</span> : null}
        </h2>
        <EmailSearchField value={search} onChange={setSearch} />
      </div>
      <AdminQueryState
        query={users}
        loading="Loading users…"
        failed="Failed to load users"
        empty={() =>
          rows.length === 0 &&
          (term ? 'No user matches that e-mail.' : 'No users yet: nobody has signed up, set an alert or clicked with an e-mail.')
        }
      >
        {() => (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
            {rows.slice(0, shown).map((u) => (
              <UserRow key={u.email} user={u} />
            ))}
          </ul>
        )}
      </AdminQueryState>
      <ShowMore left={rows.length - shown} onMore={more} />
      <ErasePersonForm />
    </div>
  );
}

function UserRow({ user }: { user: UserAnalysisRow }) {
  const subscription = user.subscription ? SUBSCRIPTION[user.subscription] : null;
  return (
    <li className="grid gap-2 px-4 py-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,2fr)_auto] md:items-center">
      <div className="min-w-0">
        <p className="font-medium break-all text-slate-900">{user.email}</p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          {subscription ? <Badge tone={subscription.tone}>{subscription.label}</Badge> : <Badge tone="outline">No subscription</Badge>}
          <span>
            {user.alertCount} alert{user.alertCount === 1 ? '' : 's'} · {user.signupCount} signup{user.signupCount === 1 ? '' : 's'}
          </span>
        </p>
      </div>
      <div className="text-sm">
        <span className="font-semibold text-slate-900 tabular-nums">{user.clickCount.toLocaleString('en-GB')}</span>{' '}
        <span className="text-slate-700">affiliate link{user.clickCount === 1 ? '' : 's'} clicked</span>
        {user.clickCount > 0 ? (
          <a href={userClicksExportUrl(user.email)} download className="ml-2 inline-flex items-center gap-1 text-blue-700 underline">
            <FileDown className="h-3.5 w-3.5" aria-hidden="true" />
            Export<span className="sr-only"> the clicks of {user.email}</span>
          </a>
        ) : null}
      </div>
      <div className="text-sm text-slate-700">
        {user.preferences ? (
          <>
            <span className="text-slate-900">{categoriesText(user.preferences.categories)}</span>
            <span className="block text-slate-600">{frequencyText(user.preferences.emailFrequency)} e-mails</span>
          </>
        ) : (
          <span className="text-slate-600 italic">No preferences set</span>
        )}
      </div>
      <div className="md:text-right">
        <ErasePersonButton email={user.email} />
      </div>
    </li>
  );
}
