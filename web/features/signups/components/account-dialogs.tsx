/**
 * The header's account dialogs: 'Access Today's Deals' (the signup popup, content-and-account-pages
 * §2.3, button 'Unlock Deals') and Sign In, which asks for an e-mail and sends that address its
 * sign-in link (no password; DESIGN.md §4 "Visitors": only the e-mailed link proves the mailbox).
 */
import { useId, useState, type FormEvent } from 'react';
import type { SignupResponse } from '../../../../common/api/engagement.schema';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { messageForPeople } from '../../../lib/http.client';
import { useSignIn } from '../api';
import { SignupForm } from './signup-form';

export function SignupPopup({
  open,
  onOpenChange,
  onSignedUp,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSignedUp: (r: SignupResponse) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Access Today's Deals"
      description="Get today's best Amazon UK deals and price-drop alerts by e-mail, free."
      testId="signup-popup"
    >
      <SignupForm source="signup_popup" submitLabel="Unlock Deals" onSignedUp={onSignedUp} />
    </Dialog>
  );
}

export function SignInDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const signIn = useSignIn();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim().includes('@')) {
      toast({ title: 'Invalid Email', description: 'Please enter a valid email address.', variant: 'destructive' });
      return;
    }
    signIn.mutate(email.trim(), {
      onSuccess: (answer) => setSent(answer.message),
      onError: (error) =>
        toast({
          title: 'Error',
          description: messageForPeople(error, 'Failed to send the sign-in link. Please try again.'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setSent(null);
      }}
      title="Sign In"
      description="No password needed: we'll e-mail you a link that signs you in on this device."
      testId="sign-in-dialog"
    >
      {sent ? (
        <p role="status" className="text-sm text-slate-800">
          {sent}
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-3">
          <div className="space-y-1">
            <Label htmlFor={`${id}-email`}>Your e-mail address</Label>
            <Input id={`${id}-email`} type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <Button type="submit" className="w-full" disabled={signIn.isPending}>
            Send sign-in link
          </Button>
        </form>
      )}
    </Dialog>
  );
}
