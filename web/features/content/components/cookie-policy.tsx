/**
 * Cookie Policy text (content-and-account-pages §2.7 durations; issue 10): what the site keeps in
 * the browser (web/features/session/session.rules.ts STORAGE_KEYS, web/lib/outbound-link.ts), and
 * that it sets no analytics or advertising cookies.
 */
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import { ContactEmailLink, useCompany } from './company';

const ROWS: readonly { name: string; kind: string; purpose: string; duration: string }[] = [
  {
    name: 'userEmail',
    kind: 'Essential',
    purpose: 'The e-mail address you used, so the site knows your alerts are yours.',
    duration: 'Until you sign out (Sign Out removes it)',
  },
  {
    name: 'visitorToken',
    kind: 'Essential',
    purpose: 'The random code that lets this browser reach its alerts and preferences.',
    duration: 'Until you sign out',
  },
  {
    name: 'isNewUser, newUserSignupTime, userSignupTime',
    kind: 'Functional',
    purpose: 'Marks a new signup, so the new-member affiliate tag applies for 24 hours.',
    duration: 'Used for 24 hours after signing up; stays until you clear site data',
  },
  {
    name: 'clickTrackingEmail',
    kind: 'Functional',
    purpose: 'Links your clicks to Amazon with your address in our click records.',
    duration: 'Until you sign out',
  },
  {
    name: 'campaign (session storage)',
    kind: 'Functional',
    purpose: 'The campaign of the e-mail link you arrived from, recorded with your clicks.',
    duration: 'Until you close the tab',
  },
  {
    name: 'visit (session storage)',
    kind: 'Functional',
    purpose:
      'A random code for this visit, so a click to Amazon can be counted for the e-mail campaign that brought you. It identifies no one.',
    duration: 'Until you close the tab',
  },
  {
    name: 'Survey shown (session storage)',
    kind: 'Functional',
    purpose: 'Stops the preference survey opening twice.',
    duration: 'Until you close the tab',
  },
];

export function CookiePolicyText() {
  const company = useCompany();
  return (
    <>
      <h2>The short version</h2>
      <p>
        We do not use analytics or advertising cookies, tracking pixels or third-party scripts. Shoppers get no cookies from us at all: the
        little we keep is in your browser's own storage (local storage and session storage), listed below. Owners who sign in to the admin
        area get one essential, HttpOnly session cookie that ends when they sign out or after a period of inactivity.
      </p>

      <h2>How long things may be kept</h2>
      <p>Our policy sets these maximum lifetimes for anything we store in your browser:</p>
      <ul>
        <li>Essential (sign-in and security): up to 1 year.</li>
        <li>Functional (remembering your choices): up to 1 year.</li>
        <li>Analytics: up to 2 years. We use none today.</li>
        <li>Advertising: up to 1 year. We set none.</li>
      </ul>
      <p>Local storage has no expiry date of its own: the items below stay until you sign out or clear this site's data in your browser.</p>

      <h2>What we store in your browser</h2>
      {/* Narrow screens: one card per item instead of a four-column table. */}
      <ul className="list-none! space-y-3 pl-0! sm:hidden">
        {ROWS.map((row) => (
          <li key={row.name} className="rounded-lg border border-slate-200 p-3 text-sm">
            <p className="font-mono text-xs font-semibold break-words text-slate-900">{row.name}</p>
            <p className="mt-1">
              <strong>{row.kind}.</strong> {row.purpose}
            </p>
            <p className="mt-1 text-slate-600">How long: {row.duration}</p>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full border-collapse text-left text-sm">
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-2 pr-3">
                Name
              </th>
              <th scope="col" className="py-2 pr-3">
                Type
              </th>
              <th scope="col" className="py-2 pr-3">
                Purpose
              </th>
              <th scope="col" className="py-2">
                How long
              </th>
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.name} className="border-b border-slate-200 align-top">
                <td className="py-2 pr-3 font-mono text-xs break-words">{row.name}</td>
                <td className="py-2 pr-3">{row.kind}</td>
                <td className="py-2 pr-3">{row.purpose}</td>
                <td className="py-2">{row.duration}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>Amazon's cookies</h2>
      <p>
        When you follow a link to Amazon, you are on Amazon's website, and Amazon sets its own cookies (including those that credit us with
        a referral) under its own cookie notice. We do not control them.
      </p>

      <h2>Your choices</h2>
      <p>
        Use <strong>Sign Out</strong> in the header to remove your e-mail and token from this browser, or clear this site's data in your
        browser's settings. The site still works without storage; you will just need to confirm your address again to see your alerts.
      </p>

      <h2>More</h2>
      <p>
        Our <Link to={paths.privacyPolicy()}>Privacy Policy</Link> explains what we keep on our servers. Questions:{' '}
        <ContactEmailLink email={company.email} />.
      </p>
    </>
  );
}
