/** `/privacy-policy` (content-and-account-pages §2.7): text from common/content/legal-pages.ts. */
import { PRIVACY_POLICY } from '../../common/content/privacy-policy';
import { LegalPageView } from '../features/content/components/static-page';

export function PrivacyPolicyPage() {
  return <LegalPageView page={PRIVACY_POLICY} />;
}
