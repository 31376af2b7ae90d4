/** `/privacy-policy` (content-and-account-pages §2.7). */
import { PrivacyPolicyText } from '../features/content/components/privacy-policy';
import { LEGAL_LAST_UPDATED, StaticPage } from '../features/content/components/static-page';

export function PrivacyPolicyPage() {
  return (
    <StaticPage title="Privacy Policy" updated={LEGAL_LAST_UPDATED} intro="What we collect, why, and what you can ask us to do with it.">
      <PrivacyPolicyText />
    </StaticPage>
  );
}
