/** `/confirm-email?email=&t=&sig=`: the double opt-in and sign-in link (DESIGN.md §4 "Visitors"). */
import { useSearchParams } from 'react-router';
import { ConfirmEmailView } from '../features/subscriptions/components/confirm-email-view';
import { useSession } from '../features/session/session.store';
import { useDocumentTitle } from '../lib/document-title.hook';

export function ConfirmEmailPage() {
  useDocumentTitle('Confirm your e-mail');
  const [params] = useSearchParams();
  const session = useSession();
  const email = (params.get('email') ?? '').trim();
  const sameAddress = session.email !== null && session.email.trim().toLowerCase() === email.toLowerCase();
  return (
    <ConfirmEmailView
      email={email}
      deviceToken={sameAddress ? session.token : null}
      t={params.get('t') ?? ''}
      sig={params.get('sig') ?? ''}
      onConfirmed={session.remember}
    />
  );
}
