/**
 * /unsubscribe (content-and-account-pages §2.5, §5, §8): e-mail (prefilled from ?email), optional
 * reason, 'Confirm Unsubscribe' → POST /api/unsubscribe (with the link's signature when present) →
 * 'Successfully Unsubscribed' with 'Return to Homepage'. The spec's 'You're Already Unsubscribed'
 * appears only when this browser knows the address has already unsubscribed.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, Loader2, MailCheck, MailX } from 'lucide-react';
import { paths } from '../../../../common/paths';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Input, Label, Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { messageForPeople } from '../../../lib/http.client';
import { useAlreadyUnsubscribed, useUnsubscribe } from '../api';

export interface UnsubscribeFormProps {
  initialEmail: string;
  /** The e-mailed link's issue time and signature, when the page was opened from one. */
  t: string | null;
  sig: string | null;
  /** The visitor token of the stored e-mail, if any (to tell whether it is already unsubscribed). */
  token: string | null;
}

export function UnsubscribeForm({ initialEmail, t, sig, token }: UnsubscribeFormProps) {
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [reason, setReason] = useState('');
  const unsubscribe = useUnsubscribe();
  const already = useAlreadyUnsubscribed(initialEmail, token);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (address === '') {
      toast({ title: 'Email required', description: 'Please enter your email address', variant: 'destructive' });
      return;
    }
    unsubscribe.mutate(
      {
        email: address,
        reason: reason.trim() || 'manual_unsubscribe',
        visitedPath: window.location.pathname,
        userAgent: navigator.userAgent,
        referrer: document.referrer || null,
        // The signature only vouches for the address it was made for.
        ...(sig && address.toLowerCase() === initialEmail.trim().toLowerCase() ? { sig, t: t ?? '' } : {}),
      },
      {
        onSuccess: (answer) => {
          if (answer.effective) toast({ title: 'Successfully unsubscribed' });
        },
        onError: (error) =>
          toast({ title: 'Error', description: messageForPeople(error, 'Failed to process unsubscribe request'), variant: 'destructive' }),
      },
    );
  }

  if (unsubscribe.isSuccess && !unsubscribe.data.effective) {
    // No proof came with the request: the address was e-mailed a one-click link instead (issue 5).
    return (
      <Panel icon={<MailCheck className="h-12 w-12 text-blue-700" aria-hidden="true" />} title="Check your inbox">
        <p role="status" className="text-slate-700">
          {unsubscribe.data.message ?? "We've e-mailed this address a link to confirm."}
        </p>
        <p className="text-sm text-slate-600">
          To protect you, only the owner of <strong>{unsubscribe.data.email}</strong> can stop its e-mails.
        </p>
        <Link to={paths.home()} className={buttonClasses('primary', 'lg')}>
          Return to Homepage
        </Link>
      </Panel>
    );
  }

  if (unsubscribe.isSuccess) {
    return (
      <Panel icon={<CheckCircle2 className="h-12 w-12 text-green-700" aria-hidden="true" />} title="Successfully Unsubscribed">
        <p className="text-slate-700">
          We won't send any more e-mails to <strong>{unsubscribe.data.email || email.trim()}</strong>. It takes effect straight away.
        </p>
        <Link to={paths.home()} className={buttonClasses('primary', 'lg')}>
          Return to Homepage
        </Link>
      </Panel>
    );
  }

  if (already.checking) {
    return (
      <Panel icon={<Loader2 className="h-12 w-12 animate-spin text-slate-600" aria-hidden="true" />} title="Unsubscribe">
        <p role="status" className="text-slate-700">
          Checking your e-mail preferences…
        </p>
      </Panel>
    );
  }

  if (already.unsubscribed === true) {
    return (
      <Panel icon={<CheckCircle2 className="h-12 w-12 text-green-700" aria-hidden="true" />} title="You're Already Unsubscribed">
        <p className="text-slate-700">
          <strong>{initialEmail}</strong> no longer receives our e-mails.
        </p>
        <Link to={paths.home()} className={buttonClasses('primary', 'lg')}>
          Return to Homepage
        </Link>
      </Panel>
    );
  }

  return (
    <Panel icon={<MailX className="h-12 w-12 text-slate-700" aria-hidden="true" />} title="Unsubscribe from Deal Alerts UK">
      <p className="text-slate-700">Stop all deal alert and deal e-mails to this address. You can set new alerts at any time.</p>
      <form onSubmit={onSubmit} noValidate className="w-full space-y-4 text-left">
        <div>
          <Label htmlFor={`${id}-email`}>E-mail address</Label>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="you@example.co.uk"
          />
        </div>
        <div>
          <Label htmlFor={`${id}-reason`}>Reason (optional)</Label>
          <Textarea
            id={`${id}-reason`}
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            placeholder="Tell us why you're leaving, if you like"
          />
        </div>
        <Button type="submit" variant="destructive" size="lg" className="w-full" disabled={unsubscribe.isPending}>
          {unsubscribe.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          Confirm Unsubscribe
        </Button>
      </form>
    </Panel>
  );
}

function Panel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm">
      {icon}
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}
