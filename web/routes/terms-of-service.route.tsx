/** `/terms-of-service` (content-and-account-pages §2.7). */
import { LEGAL_LAST_UPDATED, StaticPage } from '../features/content/components/static-page';
import { TermsOfServiceText } from '../features/content/components/terms-of-service';

export function TermsOfServicePage() {
  return (
    <StaticPage title="Terms of Service" updated={LEGAL_LAST_UPDATED} intro="The rules for using this site, in plain English.">
      <TermsOfServiceText />
    </StaticPage>
  );
}
