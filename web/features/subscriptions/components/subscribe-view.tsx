/**
 * /subscribe and /subscribe/* (content-and-account-pages §2.4, §4, §7): the subscribe-style page
 * that older e-mail links open. The visit is recorded (POST /api/unsubscribe/track with reason
 * 'visited_subscribe_page' and the route's id, action and param); buttons Continue Shopping (/)
 * and Re-subscribe to Deals (/signup).
 *
 * Departure (DESIGN.md §4, only a signed link proves a mailbox): the spec's 'Your Details Have Been
 * Updated' would claim a change this visit cannot make, so the page says what it can do instead and
 * offers the Unsubscribe page, which stops e-mails at once from a signed link or e-mails a link to
 * confirm.
 */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import { paths } from '../../../../common/paths';
import { buttonClasses } from '../../../components/ui/button';
import { trackUnsubscribeVisit } from '../api';

export interface SubscribeViewProps {
  email: string | null;
  id?: string;
  action?: string;
  param?: string;
}

export function SubscribeView({ email, id, action, param }: SubscribeViewProps) {
  useEffect(() => {
    trackUnsubscribeVisit({
      email: email && email.includes('@') ? email : null,
      reason: 'visited_subscribe_page',
      // The path only: a query string may carry a link signature, which is not ours to keep.
      visitedPath: window.location.pathname.slice(0, 2000),
      userAgent: navigator.userAgent.slice(0, 1000),
      referrer: document.referrer ? document.referrer.slice(0, 2000) : null,
      subscribeId: id?.slice(0, 200) ?? null,
      subscribeAction: action?.slice(0, 200) ?? null,
      subscribeParam: param?.slice(0, 200) ?? null,
    });
  }, [email, id, action, param]);

  const unsubscribe = email ? `${paths.unsubscribe()}?email=${encodeURIComponent(email)}` : paths.unsubscribe();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm">
      <MailCheck className="h-12 w-12 text-blue-700" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-slate-900">Your E-mail Preferences</h1>
      <p className="text-slate-700">
        Thanks for visiting. Nothing about your e-mails has changed: to protect you, only a link we e-mail to your address can change its
        subscription.
      </p>
      <p className="text-slate-700">
        To stop our e-mails, use the unsubscribe link at the bottom of any of them, or the Unsubscribe page. To get deals again, sign up.
      </p>
      <div className="flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to={paths.home()} className={buttonClasses('primary', 'lg')}>
          Continue Shopping
        </Link>
        <Link to={paths.signup()} className={buttonClasses('secondary', 'lg')}>
          Re-subscribe to Deals
        </Link>
      </div>
      <Link to={unsubscribe} className="text-sm font-medium text-blue-800 underline">
        Unsubscribe from all e-mails
      </Link>
    </div>
  );
}
