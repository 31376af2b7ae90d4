/** `/unsubscribe?email=&sig=` (content-and-account-pages §2.5). */
import { useSearchParams } from 'react-router';
import { UnsubscribeForm } from '../features/subscriptions/components/unsubscribe-form';
import { useSession } from '../features/session/session.store';
import { useDocumentTitle } from '../lib/document-title.hook';

export function UnsubscribePage() {
  useDocumentTitle('Unsubscribe');
  const [params] = useSearchParams();
  const session = useSession();
  const email = (params.get('email') ?? '').trim();
  // The stored token says whether this address already unsubscribed, only if it is the same address.
  const token = session.email && session.email.toLowerCase() === email.toLowerCase() ? session.token : null;
  return <UnsubscribeForm initialEmail={email} sig={params.get('sig')} token={token} />;
}
