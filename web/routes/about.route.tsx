/** `/about` and `/about-us` (content-and-account-pages §2.10). */
import { AboutSections } from '../features/content/components/about-sections';
import { useDocumentTitle } from '../lib/document-title.hook';

export function AboutPage() {
  useDocumentTitle('About Us');
  return <AboutSections />;
}
