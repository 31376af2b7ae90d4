/**
 * Site footer (shopper-screens §1, §2; DESIGN.md §4 "Affiliate links"): legal and help links, the
 * Amazon Associates disclosure, "prices are subject to change", copyright.
 */
import { Link } from 'react-router';

const LINKS: readonly { to: string; label: string }[] = [
  { to: '/todays-deals', label: "Today's Deals" },
  { to: '/deal-alerts', label: 'Deal Alerts' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/faq', label: 'FAQ' },
  { to: '/blog', label: 'Blog' },
  { to: '/about-us', label: 'About Us' },
  { to: '/contact-us', label: 'Contact Us' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
];

export function SiteFooter() {
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
        <div className="mt-6 space-y-1 border-t border-slate-700 pt-6 text-sm">
          <p>As an Amazon Associate we earn from qualifying purchases.</p>
          <p>Prices are subject to change. Prices and availability are accurate as of the date and time shown and may differ on Amazon.</p>
          <p>© {new Date().getFullYear()} Deal Alerts UK. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
