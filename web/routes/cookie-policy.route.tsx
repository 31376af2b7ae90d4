/** `/cookie-policy` (content-and-account-pages §2.7): text from common/content/legal-pages.ts. */
import { COOKIE_POLICY } from '../../common/content/cookie-policy';
import { LegalPageView } from '../features/content/components/static-page';

export function CookiePolicyPage() {
  return <LegalPageView page={COOKIE_POLICY} />;
}
