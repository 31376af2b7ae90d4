/** `/cookie-policy` (content-and-account-pages §2.7). */
import { CookiePolicyText } from '../features/content/components/cookie-policy';
import { LEGAL_LAST_UPDATED, StaticPage } from '../features/content/components/static-page';

export function CookiePolicyPage() {
  return (
    <StaticPage title="Cookie Policy" updated={LEGAL_LAST_UPDATED} intro="What we keep in your browser, and for how long.">
      <CookiePolicyText />
    </StaticPage>
  );
}
