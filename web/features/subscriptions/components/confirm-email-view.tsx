/**
 * /confirm-email?email=&t=&sig= (DESIGN.md §4 "Visitors": double opt-in). Posts the link once; on
 * success the page signs the visitor in on this device and says alerts are active; otherwise it
 * says the link is invalid or has expired.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { paths } from '../../../../common/paths';
import { buttonClasses } from '../../../components/ui/button';
import { isLinkOlderThanUnsubscribe, useConfirmEmail } from '../api';

export interface ConfirmEmailViewProps {
  email: string;
  /** The link's issue time (Unix seconds, as in the link). */
  t: string;
  sig: string;
  /** Called once with the confirmed address and its visitor token. */
  onConfirmed: (email: string, token: string) => void;
  /** This browser's token for the link's address, if it holds one (its alerts and answers start too). */
  deviceToken?: string | null;
}

export function ConfirmEmailView({ email, t, sig, onConfirmed, deviceToken = null }: ConfirmEmailViewProps) {
  const confirm = useConfirmEmail(deviceToken);
  const sent = useRef(false);
  const linkComplete = email.includes('@') && sig !== '';
  const { mutate } = confirm;

  useEffect(() => {
    // Once per page view, also under React's development double effects.
    if (sent.current || !linkComplete) return;
    sent.current = true;
    mutate({ email, t, sig }, { onSuccess: (answer) => onConfirmed(answer.email, answer.visitorToken) });
  }, [email, t, sig, linkComplete, mutate, onConfirmed]);

  if (linkComplete && (confirm.isIdle || confirm.isPending)) {
    return (
      <Panel>
        <Loader2 className="h-10 w-10 animate-spin text-blue-700" aria-hidden="true" />
        <h1 className="text-2xl font-bold text-slate-900">Confirming your e-mail…</h1>
        <p role="status" className="text-slate-700">
          Checking your confirmation link.
        </p>
      </Panel>
    );
  }
  if (confirm.isSuccess) {
    return (
      <Panel>
        <CheckCircle2 className="h-12 w-12 text-green-700" aria-hidden="true" />
        <h1 className="text-2xl font-bold text-slate-900">E-mail confirmed</h1>
        <p className="text-slate-700">
          Your deal alerts are now active. We'll e-mail <strong>{confirm.data.email}</strong> when a price drops.
        </p>
        <Link to={paths.dealAlerts()} className={buttonClasses('success', 'lg')}>
          See today's deals and your alerts
        </Link>
      </Panel>
    );
  }
  if (isLinkOlderThanUnsubscribe(confirm.error)) {
    return (
      <Panel>
        <XCircle className="h-12 w-12 text-red-700" aria-hidden="true" />
        <h1 className="text-2xl font-bold text-slate-900">This link was sent before you unsubscribed</h1>
        <p className="text-slate-700">
          So it no longer subscribes you. To get our e-mails again, set a deal alert or use Sign In, and open the newest link we send.
        </p>
        <Link to={paths.home()} className={buttonClasses('primary', 'lg')}>
          Back to Home
        </Link>
      </Panel>
    );
  }
  return (
    <Panel>
      <XCircle className="h-12 w-12 text-red-700" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-slate-900">This confirmation link is invalid or has expired</h1>
      <p className="text-slate-700">Set a deal alert again and we'll send you a fresh link.</p>
      <Link to={paths.home()} className={buttonClasses('primary', 'lg')}>
        Back to Home
      </Link>
    </Panel>
  );
}

function Panel({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
      {children}
    </div>
  );
}
