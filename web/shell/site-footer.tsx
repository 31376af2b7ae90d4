/**
 * Site footer (shopper-screens §1, §2; DESIGN.md §4 "Affiliate links"): legal and help links, the
 * search landing page (/search, issue 28), the category deals pages footers link to (/category-deals/{electronics, home-kitchen, fashion, baby,
 * automotive}, spec §2), the Amazon Associates disclosure, "prices are subject to change", copyright.
 * Every link is built from common/paths.ts (issue 26: each path written once).
 */
import { Link } from 'react-router';
import { paths } from '../../common/paths';
import { useConfig } from '../lib/config.query';

const LINKS: readonly { to: string; label: string }[] = [
  { to: paths.todaysDeals(), label: "Today's Deals" },
  // The search landing page (issue 28): nothing else in the shell links it.
  { to: paths.search(), label: 'Search Deals' },
  { to: paths.dealAlerts(), label: 'Deal Alerts' },
  { to: paths.howItWorks(), label: 'How It Works' },
  { to: paths.faq(), label: 'FAQ' },
  { to: paths.blog(), label: 'Blog' },
  { to: paths.about(), label: 'About Us' },
  { to: paths.contact(), label: 'Contact Us' },
  { to: paths.privacyPolicy(), label: 'Privacy Policy' },
  { to: paths.termsOfService(), label: 'Terms of Service' },
  { to: paths.cookiePolicy(), label: 'Cookie Policy' },
];

/**
 * Spec §2: the category deals pages linked from footers, at `/category-deals/{key}`. Names spelled
 * here (as in common/categories.ts) so the shell's first-load chunk does not carry the category
 * mapping rules (docs/design.md §7 JS budget); the paths come from common/paths.ts.
 */
const CATEGORY_LINKS: readonly { to: string; label: string }[] = [
  { to: paths.categoryDealsAlias('electronics'), label: 'Electronics' },
  { to: paths.categoryDealsAlias('home-kitchen'), label: 'Home & Kitchen' },
  { to: paths.categoryDealsAlias('fashion'), label: 'Fashion' },
  { to: paths.categoryDealsAlias('baby'), label: 'Baby' },
  { to: paths.categoryDealsAlias('automotive'), label: 'Automotive' },
];

export function SiteFooter() {
  // Company details from configuration (COMPANY_NAME, COMPANY_ADDRESS, CONTACT_EMAIL; issue 10).
  const company = useConfig().data;
  return (
    <footer className="mt-12 bg-slate-900 text-slate-300">
      <div className="mx-auto max-w-7xl px-4 py-8">
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3 md:grid-cols-5">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Categories" className="mt-6 border-t border-slate-700 pt-6">
          <h2 className="text-sm font-semibold text-white">Deals by category</h2>
          <ul className="mt-2 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3 md:grid-cols-5">
            {CATEGORY_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to={paths.trending()} className="hover:text-white hover:underline">
                Trending
              </Link>
            </li>
          </ul>
        </nav>
        <div className="mt-6 space-y-1 border-t border-slate-700 pt-6 text-sm">
          <p>As an Amazon Associate we earn from qualifying purchases.</p>
          <p>Prices are subject to change. Prices and availability are accurate as of the date and time shown and may differ on Amazon.</p>
          {company && (
            <p>
              {company.companyName}, {company.companyAddress} ·{' '}
              <a href={`mailto:${company.contactEmail}`} className="hover:text-white hover:underline">
                {company.contactEmail}
              </a>
            </p>
          )}
          <p>© {new Date().getFullYear()} Deal Alerts UK. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
