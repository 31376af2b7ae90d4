/**
 * The right-to-erasure action (issue 12 part 1; UK GDPR Art. 17): "Delete everything about this
 * e-mail" behind a confirmation that says what goes, and a form for an address not in the list.
 * The server removes alerts, preferences, clicks, signups, the subscriber row, unsubscribe records,
 * tokens, outbox history and contact messages in one transaction and logs only the counts.
 */
import { useState, type FormEvent } from 'react';
import { ShieldX } from 'lucide-react';
import type { ErasureResponse } from '../../../../../common/api/erasure.admin.schema';
import { ConfirmDialog } from '../../../../components/ui/alert-dialog';
import { Button } from '../../../../components/ui/button';
import { Input, Label } from '../../../../components/ui/input';
import { toast } from '../../../../components/ui/toast.store';
import { messageForPeople } from '../../../../lib/http.client';
import { useErasure } from '../api';

/** What an erasure removes, in words (the Users tab's bulk erase says it too). */
export const WHAT_GOES =
  'their deal alerts, preferences, clicks, signups, subscription, unsubscribe records, sign-in tokens, e-mail history and contact messages';

function useErase() {
  const erase = useErasure();
  const run = (email: string, onDone?: () => void) =>
    erase.mutate(email, {
      onSuccess: (r: ErasureResponse) => {
        toast({
          title: 'Personal data erased',
          description: `${r.total.toLocaleString('en-GB')} records about ${email} were deleted. The audit log keeps the counts only.`,
        });
        onDone?.();
      },
      onError: (error) =>
        toast({
          title: 'Erasure failed',
          description: messageForPeople(error, 'Nothing was deleted. Please try again.'),
          variant: 'destructive',
        }),
    });
  return { run, pending: erase.isPending };
}

/** The per-row button. */
export function ErasePersonButton({ email }: { email: string }) {
  const { run, pending } = useErase();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" disabled={pending} aria-label={`Delete everything about ${email}`}>
          <ShieldX className="h-4 w-4 text-red-700" aria-hidden="true" />
          <span className="text-red-800">{pending ? 'Deleting…' : 'Delete everything'}</span>
        </Button>
      }
      title="Delete everything about this e-mail?"
      description={`Everything we hold about ${email} is deleted for good: ${WHAT_GOES}. This cannot be undone.`}
      confirmLabel="Delete everything"
      onConfirm={() => run(email)}
    />
  );
}

/** The form for any address (right-to-erasure requests arrive by e-mail, not always from a listed person). */
export function ErasePersonForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const { run, pending } = useErase();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return setError('Enter an e-mail address, like name@example.com.');
    setError(null);
    setConfirming(value);
  };
  return (
    <form onSubmit={submit} noValidate className="rounded-lg border border-red-200 bg-red-50/50 p-4">
      <h3 className="text-base font-semibold text-slate-900">Delete everything about an e-mail</h3>
      <p className="mt-1 text-sm text-slate-700">For a right-to-erasure request: removes {WHAT_GOES}.</p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div className="w-full sm:w-80">
          <Label htmlFor="erase-email">E-mail address</Label>
          <Input
            id="erase-email"
            type="email"
            value={email}
            invalid={error !== null}
            aria-describedby={error ? 'erase-email-error' : undefined}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <ConfirmDialog
          title="Delete everything about this e-mail?"
          description={`Everything we hold about ${confirming ?? ''} is deleted for good. This cannot be undone.`}
          confirmLabel="Delete everything"
          onConfirm={() => confirming && run(confirming, () => setEmail(''))}
          open={confirming !== null}
          onOpenChange={(open) => !open && setConfirming(null)}
        />
        <Button type="submit" variant="destructive" disabled={pending}>
          {pending ? 'Deleting…' : 'Delete everything…'}
        </Button>
      </div>
      {error ? (
        <p id="erase-email-error" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
