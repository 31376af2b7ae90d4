/** `/terms-of-service` (content-and-account-pages §2.7): text from common/content/legal-pages.ts. */
import { TERMS_OF_SERVICE } from '../../common/content/terms-of-service';
import { LegalPageView } from '../features/content/components/static-page';

export function TermsOfServicePage() {
  return <LegalPageView page={TERMS_OF_SERVICE} />;
}
