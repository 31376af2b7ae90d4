/** `/subscribe` and `/subscribe/{id}/{action}/{param}` (content-and-account-pages §2.4). */
import { useParams, useSearchParams } from 'react-router';
import { SubscribeView } from '../features/subscriptions/components/subscribe-view';
import { useDocumentTitle } from '../lib/document-title.hook';

export function SubscribePage() {
  useDocumentTitle('Your E-mail Preferences');
  const [search] = useSearchParams();
  const [id, action, param] = (useParams()['*'] ?? '').split('/').filter(Boolean);
  const email = search.get('email')?.trim() || null;
  return <SubscribeView email={email} id={id} action={action} param={param} />;
}
