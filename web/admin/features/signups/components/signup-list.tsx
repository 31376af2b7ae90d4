/**
 * The signups user list (admin-area §2 "User list", §5 "Confirmation is asked before deleting a
 * signup / any bulk deletion", §8 "Signups"): search by e-mail, select-all (of the rows matching the
 * search), bulk and single delete behind a confirmation, each row with its subscriber status
 * (issue 25), source badge, NEW USER badge, signup date, click count and expandable click list.
 * Shows 100 rows at a time.
 */
import { useMemo, useState } from 'react';
import { ChevronDown, Trash2 } from 'lucide-react';
import clsx from 'clsx';
import type { AdminSignup } from '../../../../../common/api/signups.admin.schema';
import { BULK_DELETE_MAX } from '../../../../../common/api/signups.admin.schema';
import { ConfirmDialog } from '../../../../components/ui/alert-dialog';
import { Button } from '../../../../components/ui/button';
import { Input, Label } from '../../../../components/ui/input';
import { EmptyState } from '../../../../components/ui/query-state';
import { toast } from '../../../../components/ui/toast.store';
import { formatDateTime } from '../../../../lib/date.format';
import { messageForPeople } from '../../../../lib/http.client';
import { useDeleteSignup, useDeleteSignups } from '../api';
import { NewUserBadge, SourceBadge, StatusBadge } from './signup-badges';
import { SignupClicks } from './signup-clicks';

const PAGE = 100;
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

export function SignupList({ tabKey, signups }: { tabKey: string; signups: AdminSignup[] }) {
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [shown, setShown] = useState(PAGE);
  const bulk = useDeleteSignups(tabKey);

  const term = search.trim().toLowerCase();
  const matching = useMemo(() => (term ? signups.filter((s) => s.email.includes(term)) : signups), [signups, term]);
  const allSelected = matching.length > 0 && matching.every((s) => selected.has(s.id));
  const chosen = signups.filter((s) => selected.has(s.id)).map((s) => s.id);

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
      onError: (error) =>
        toast({
          title: 'Error',
          description: `Failed to delete users: ${messageForPeople(error, 'please try again')}`,
          variant: 'destructive',
        }),
    });
  };

  return (
    <section aria-labelledby="signup-list-heading" className="rounded-lg border border-slate-200 bg-white">
      <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-4 py-3">
        <h3 id="signup-list-heading" className="mr-auto text-base font-semibold text-slate-900">
          Users <span className="text-sm font-normal text-slate-600">({plural(matching.length, 'signup')})</span>
        </h3>
        <div className="w-full sm:w-72">
          <Label htmlFor="signup-search">Search by e-mail</Label>
          <Input
            id="signup-search"
            type="search"
            value={search}
            placeholder="name@example.com"
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-2">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="h-4 w-4"
            checked={allSelected}
            disabled={matching.length === 0}
            onChange={(e) => toggleAll(e.target.checked)}
          />
          Select all{term ? ' matching' : ''}
        </label>
        <span className="text-sm text-slate-600" aria-live="polite">
          {chosen.length > 0 ? `${plural(chosen.length, 'signup')} selected` : ''}
        </span>
        <ConfirmDialog
          trigger={
            <Button variant="destructive" size="sm" className="ml-auto" disabled={chosen.length === 0 || bulk.isPending}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              {bulk.isPending ? 'Deleting…' : `Delete selected${chosen.length ? ` (${chosen.length})` : ''}`}
            </Button>
          }
          title={`Delete ${plural(Math.min(chosen.length, BULK_DELETE_MAX), 'signup')}?`}
          description={
            chosen.length > BULK_DELETE_MAX
              ? `Only the first ${BULK_DELETE_MAX} selected are deleted at once. Their click data is removed too. This cannot be undone.`
              : 'Their click data is removed too. This cannot be undone.'
          }
          confirmLabel="Delete"
          onConfirm={deleteChosen}
        />
      </div>
      {matching.length === 0 ? (
        <div className="p-4">
          <EmptyState>{term ? 'No signup matches that e-mail.' : 'No signups yet.'}</EmptyState>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100">
          {matching.slice(0, shown).map((s) => (
            <SignupRow key={s.id} tabKey={tabKey} signup={s} checked={selected.has(s.id)} onCheck={(on) => toggle(s.id, on)} />
          ))}
        </ul>
      )}
      {matching.length > shown ? (
        <div className="border-t border-slate-100 px-4 py-3 text-center">
          <Button variant="secondary" size="sm" onClick={() => setShown((n) => n + PAGE)}>
            Show {Math.min(PAGE, matching.length - shown)} more of {(matching.length - shown).toLocaleString('en-GB')}
          </Button>
        </div>
      ) : null}
    </section>
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
      onError: (error) =>
        toast({
          title: 'Error',
          description: `Failed to delete user: ${messageForPeople(error, 'please try again')}`,
          variant: 'destructive',
        }),
    });
  return (
    <li className="px-4 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <input
          type="checkbox"
          className="h-4 w-4"
          checked={checked}
          onChange={(e) => onCheck(e.target.checked)}
          aria-label={`Select ${signup.email}`}
        />
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
