/** `/unsubscribe?email=&t=&sig=` (content-and-account-pages §2.5, §4: the visit is recorded). */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { UnsubscribeForm } from '../features/subscriptions/components/unsubscribe-form';
import { trackUnsubscribeVisit } from '../features/subscriptions/api';
import { useSession } from '../features/session/session.store';
import { useDocumentTitle } from '../lib/document-title.hook';

export function UnsubscribePage() {
  useDocumentTitle('Unsubscribe');
  const [params] = useSearchParams();
  const session = useSession();
  const email = (params.get('email') ?? '').trim();
  // The stored token says whether this address already unsubscribed, only if it is the same address.
  const token = session.email && session.email.toLowerCase() === email.toLowerCase() ? session.token : null;

  useEffect(() => {
    trackUnsubscribeVisit({
      email: email.includes('@') ? email : null,
      reason: 'visited_unsubscribe_page',
      // The path only: the query may carry the link's signature, which is not ours to keep.
      visitedPath: window.location.pathname.slice(0, 2000),
      userAgent: navigator.userAgent.slice(0, 1000),
      referrer: document.referrer ? document.referrer.slice(0, 2000) : null,
    });
  }, [email]);

  return <UnsubscribeForm initialEmail={email} t={params.get('t')} sig={params.get('sig')} token={token} />;
}
