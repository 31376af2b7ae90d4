/**
 * The signups user list (admin-area §2 "User list", §5 "Confirmation is asked before deleting a
 * signup / any bulk deletion", §8 "Signups"): search by e-mail, select-all (of the rows matching the
 * search), bulk and single delete behind a confirmation, each row with its subscriber status
 * (issue 25), source badge, NEW USER badge, signup date, click count and expandable click list.
 * Shows 100 rows at a time.
 *
 * Issue 29 (no hidden selection): the selection is kept across searches and "Show more", and the
 * line beside it says how many selected rows are not shown (filtered out by the search or past
 * "Show more"); the bulk delete names the exact number and above 100 asks for it to be typed (the
 * shared AdminCountConfirm).
 */
import { useState } from 'react';
import { ChevronDown, Trash2 } from 'lucide-react';
import clsx from 'clsx';
import type { AdminSignup } from '../../../../../common/api/signups.admin.schema';
import { BULK_DELETE_MAX } from '../../../../../common/api/signups.admin.schema';
import { ConfirmDialog } from '../../../../components/ui/alert-dialog';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/toast.store';
import { AdminCheckbox } from '../../../components/admin-checkbox';
import { AdminCountConfirm } from '../../../components/admin-count-confirm';
import { ShowMore, useShowMore } from '../../../components/admin-paging';
import { EmailSearchField, useEmailSearch } from '../../../components/email-search';
import { AdminPanel } from '../../../components/admin-panel';
import { AdminEmpty } from '../../../components/admin-states';
import { formatDateTime } from '../../../../lib/date.format';
import { messageForPeople } from '../../../../lib/http.client';
import { useDeleteSignup, useDeleteSignups } from '../api';
import { NewUserBadge, SourceBadge, StatusBadge } from './signup-badges';
import { SignupClicks } from './signup-clicks';

const PAGE = 100;
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** The failure toast of a delete in the spec's words (admin-area §8 "Signups"): 'Error', 'Failed to delete users: …'. */
const deleteFailed = (what: 'user' | 'users') => (error: unknown) =>
  toast({
    title: 'Error',
    description: `Failed to delete ${what}: ${messageForPeople(error, 'please try again')}`,
    variant: 'destructive',
  });

export function SignupList({ tabKey, signups }: { tabKey: string; signups: AdminSignup[] }) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const { shown, more } = useShowMore(PAGE);
  const bulk = useDeleteSignups(tabKey);

  const { search, setSearch, term, matching } = useEmailSearch(signups);
  const [confirming, setConfirming] = useState(false);
  const allSelected = matching.length > 0 && matching.every((s) => selected.has(s.id));
  const chosen = signups.filter((s) => selected.has(s.id)).map((s) => s.id);
  const shownIds = new Set(matching.slice(0, shown).map((s) => s.id));
  const notShown = chosen.filter((id) => !shownIds.has(id)).length;
  const deleting = Math.min(chosen.length, BULK_DELETE_MAX);

  const toggle = (id: number, on: boolean) =>
    setSelected((was) => {
      const next = new Set(was);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (on: boolean) => setSelected(on ? new Set(matching.map((s) => s.id)) : new Set());

  const deleteChosen = () => {
    const ids = chosen.slice(0, BULK_DELETE_MAX);
    bulk.mutate(ids, {
      onSuccess: (r) => {
        setSelected(new Set());
        toast({
          title: 'Signups deleted',
          description: `${plural(r.deletedCount, 'signup')} deleted. Their associated click data (${plural(r.clicksDeleted, 'click')}) has been removed.`,
        });
      },
      onError: deleteFailed('users'),
    });
  };

  return (
    <AdminPanel
      title="Users"
      note={`(${plural(matching.length, 'signup')})`}
      actionsAlign="end"
      actions={<EmailSearchField value={search} onChange={setSearch} placeholder="name@example.com" />}
    >
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-2">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <AdminCheckbox checked={allSelected} disabled={matching.length === 0} onChange={toggleAll} />
          Select all{term ? ' matching' : ''}
        </label>
        <span className="text-sm text-slate-600" aria-live="polite">
          {chosen.length > 0
            ? `${plural(chosen.length, 'signup')} selected${notShown > 0 ? `, ${notShown.toLocaleString('en-GB')} of them not shown here` : ''}`
            : ''}
        </span>
        <Button
          variant="destructive"
          size="sm"
          className="ml-auto"
          disabled={chosen.length === 0 || bulk.isPending}
          onClick={() => setConfirming(true)}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          {bulk.isPending ? 'Deleting…' : `Delete selected${chosen.length ? ` (${chosen.length})` : ''}`}
        </Button>
        <AdminCountConfirm
          open={confirming}
          onOpenChange={setConfirming}
          title={`Delete ${plural(deleting, 'signup')}?`}
          count={deleting}
          summary={
            <>
              <strong>{plural(deleting, 'signup')}</strong> will be deleted with their click data. This cannot be undone.
            </>
          }
          description={
            chosen.length > BULK_DELETE_MAX ? (
              <p>Only the first {BULK_DELETE_MAX.toLocaleString('en-GB')} selected are deleted at once.</p>
            ) : null
          }
          confirmLabel="Delete"
          onConfirm={deleteChosen}
        />
      </div>
      {matching.length === 0 ? (
        <div className="p-4">
          <AdminEmpty>{term ? 'No signup matches that e-mail.' : 'No signups yet.'}</AdminEmpty>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100">
          {matching.slice(0, shown).map((s) => (
            <SignupRow key={s.id} tabKey={tabKey} signup={s} checked={selected.has(s.id)} onCheck={(on) => toggle(s.id, on)} />
          ))}
        </ul>
      )}
      <ShowMore left={matching.length - shown} onMore={more} inset>
        Show {Math.min(PAGE, matching.length - shown)} more of {(matching.length - shown).toLocaleString('en-GB')}
      </ShowMore>
    </AdminPanel>
  );
}

function SignupRow({
  tabKey,
  signup,
  checked,
  onCheck,
}: {
  tabKey: string;
  signup: AdminSignup;
  checked: boolean;
  onCheck: (on: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteSignup(tabKey);
  const clicksId = `signup-clicks-${signup.id}`;
  const confirmDelete = () =>
    remove.mutate(signup.id, {
      onSuccess: (r) =>
        toast({
          title: 'Signup deleted',
          description: `${r.signup.email} and their associated click data (${plural(r.clicksDeleted, 'click')}) have been removed.`,
        }),
      onError: deleteFailed('user'),
    });
  return (
    <li className="px-4 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <AdminCheckbox label={`Select ${signup.email}`} checked={checked} onChange={onCheck} />
        <span className="min-w-0 font-medium break-all text-slate-900">{signup.email}</span>
        <StatusBadge status={signup.status} />
        <SourceBadge source={signup.source} />
        {signup.newUser ? <NewUserBadge /> : null}
        <span className="text-sm text-slate-600">Signed up {formatDateTime(signup.createdAt)}</span>
        <div className="ml-auto flex items-center gap-2">
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={open}
            aria-controls={clicksId}
            onClick={() => setOpen((o) => !o)}
            disabled={signup.clickCount === 0}
          >
            <ChevronDown className={clsx('h-4 w-4 transition-transform', open ? '' : '-rotate-90')} aria-hidden="true" />
            {plural(signup.clickCount, 'click')}
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="sm" aria-label={`Delete signup ${signup.email}`} disabled={remove.isPending}>
                <Trash2 className="h-4 w-4 text-red-700" aria-hidden="true" />
              </Button>
            }
            title="Delete this signup?"
            description={`${signup.email} is removed from the signups with all of their click data. This cannot be undone.`}
            confirmLabel="Delete signup"
            onConfirm={confirmDelete}
          />
        </div>
      </div>
      {open ? (
        <div id={clicksId} className="mt-2 rounded-md bg-slate-50 px-3">
          <SignupClicks tabKey={tabKey} signupId={signup.id} />
        </div>
      ) : null}
    </li>
  );
}
