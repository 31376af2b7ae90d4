/**
 * The signup e-mail form of the signup page and popup (content-and-account-pages §2.2, §2.3, §5, §8):
 * an e-mail field (required), the submit button, and the consent wording stored with the signup. An
 * empty e-mail or one without '@' gives 'Invalid Email'; failure 'Signup Failed'; success 'Welcome
 * to Today's Deals!' and `onSignedUp`.
 */
import { useId, useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import type { SignupResponse } from '../../../../common/api/engagement.schema';
import { SIGNUP_CONSENT_WORDING } from '../../../../common/engagement';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { messageForPeople } from '../../../lib/http.client';
import type { HeldToken } from '../../../lib/visitor-token';
import { useSignup, type SignupSource } from '../api';

export interface SignupFormProps {
  source: SignupSource;
  submitLabel: string;
  onSignedUp: (result: SignupResponse) => void;
  /** The browser's e-mail and token: sent when the form is for that address (issue 25). */
  held?: HeldToken;
}

export function SignupForm({ source, submitLabel, onSignedUp, held }: SignupFormProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const signup = useSignup(held);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    if (value === '' || !value.includes('@')) {
      toast({ title: 'Invalid Email', description: 'Please enter a valid email address.', variant: 'destructive' });
      return;
    }
    signup.mutate(
      { email: value, source },
      {
        onSuccess: (result) => {
          toast({ title: "Welcome to Today's Deals!", description: 'Check your inbox for a link to confirm your address.' });
          onSignedUp(result);
        },
        onError: (error) =>
          toast({
            title: 'Signup Failed',
            description: messageForPeople(error, 'Failed to sign up. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <div className="space-y-1">
        <Label htmlFor={`${id}-email`}>Your e-mail address</Label>
        <Input
          id={`${id}-email`}
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.co.uk"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={signup.isPending}>
        {signup.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
        {submitLabel}
      </Button>
      <p className="text-xs text-slate-600">{SIGNUP_CONSENT_WORDING}</p>
    </form>
  );
}
