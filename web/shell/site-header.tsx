/**
 * Site header (shopper-screens §2 "Deal alerts home"): desktop shows the logo, the search box with
 * suggestions, Deal Alerts, Today's Deals and Trending (the trending page's nav, §2 "Trending
 * deals"), and either Sign Up / Sign In or 'Welcome, {email}' with Sign Out; below 768 px a compact
 * header with the logo, the account buttons, a mobile search box and the same three links. Sign Up opens 'Access Today's Deals' (the signup popup); Sign In e-mails a sign-in link.
 */
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { BellRing, LogOut } from 'lucide-react';
import clsx from 'clsx';
import { Button } from '../components/ui/button';
import type { SignupResponse } from '../../common/api/engagement.schema';
import { markNewUser } from '../lib/outbound-link';
import { SearchBox } from '../features/search/components/search-box';
import { useSession } from '../features/session/session.store';
import { paths } from '../../common/paths';

/**
 * The Sign Up and Sign In dialogs (with Radix Dialog and the signup form) are a lazy chunk, loaded
 * when a button is pointed at, focused or pressed, so they stay out of every page's first load
 * (DESIGN.md §7: ≤ 150 KiB gzipped JS).
 */
const loadAccountDialogs = () => import('../features/signups/components/account-dialogs');
const SignupPopup = lazy(() => loadAccountDialogs().then((m) => ({ default: m.SignupPopup })));
const SignInDialog = lazy(() => loadAccountDialogs().then((m) => ({ default: m.SignInDialog })));
const preloadAccountDialogs = () => void loadAccountDialogs().catch(() => undefined);

function Logo() {
  return (
    <Link to={paths.dealAlerts()} className="flex shrink-0 items-center gap-2 rounded text-lg font-bold text-white">
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-green-600">
        <BellRing className="h-5 w-5" aria-hidden="true" />
      </span>
      Deal Alerts UK
    </Link>
  );
}

/** Account buttons; the compact (mobile) header shows Sign Out without the greeting (spec §2). */
function AccountActions({ compact = false }: { compact?: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'signup' | 'sign-in' | null>(null);
  // Mounted from the first press on and kept (closed), so Radix gives the focus back to the button.
  const [used, setUsed] = useState(false);
  const show = (which: 'signup' | 'sign-in') => {
    setUsed(true);
    setDialog(which);
  };

  /** Popup success (content-and-account-pages §4): flag, signup time and e-mail stored, then /?newuser=true. */
  function signedUp(result: SignupResponse) {
    markNewUser(result.email, result.signupTime);
    session.remember(result.email, result.visitorToken);
    setDialog(null);
    void navigate(`${paths.home()}?newuser=true`);
  }

  if (session.email) {
    return (
      <div className="flex min-w-0 items-center gap-2">
        {!compact && (
          <span className="hidden max-w-56 truncate text-sm text-slate-200 lg:inline" title={session.email}>
            Welcome, {session.email}
          </span>
        )}
        <Button variant="inverse" size="sm" onClick={session.signOut}>
          <LogOut className="h-4 w-4" aria-hidden="true" />
          Sign Out
        </Button>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <Button
        variant="inverse"
        size="sm"
        onClick={() => show('signup')}
        onPointerEnter={preloadAccountDialogs}
        onFocus={preloadAccountDialogs}
      >
        Sign Up
      </Button>
      <Button
        variant="inverse"
        size="sm"
        onClick={() => show('sign-in')}
        onPointerEnter={preloadAccountDialogs}
        onFocus={preloadAccountDialogs}
      >
        Sign In
      </Button>
      {used && (
        <Suspense fallback={null}>
          <SignupPopup open={dialog === 'signup'} onOpenChange={(open) => setDialog(open ? 'signup' : null)} onSignedUp={signedUp} />
          <SignInDialog open={dialog === 'sign-in'} onOpenChange={(open) => setDialog(open ? 'sign-in' : null)} />
        </Suspense>
      )}
    </div>
  );
}

const navLink = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'rounded px-2 py-1 text-sm font-medium whitespace-nowrap hover:bg-white/10',
    isActive ? 'text-white underline decoration-2 underline-offset-4' : 'text-slate-200',
  );

const NAV_LINKS: readonly { to: string; label: string }[] = [
  { to: paths.dealAlerts(), label: 'Deal Alerts' },
  { to: paths.todaysDeals(), label: "Today's Deals" },
  { to: paths.trending(), label: 'Trending' },
];

function MainNav() {
  return (
    <nav aria-label="Main" className="-mx-2 flex items-center gap-1 overflow-x-auto md:mx-0">
      {NAV_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} className={navLink}>
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}

export function SiteHeader() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  // The box shows the current search term; a new term remounts it with that text.
  const term = pathname === paths.search() ? (params.get('q') ?? '') : '';
  // The search landing page (/search without a term) has its own large box: one is enough (issue 28).
  const landing = pathname === paths.search() && term.trim() === '';
  return (
    <header className="bg-slate-900 text-white">
      <div className="mx-auto hidden max-w-7xl items-center gap-6 px-4 py-3 md:flex">
        <Logo />
        {landing ? (
          <div className="flex-1" />
        ) : (
          <SearchBox key={`d-${term}`} variant="desktop" initialValue={term} className="max-w-xl flex-1" />
        )}
        <MainNav />
        <div className="ml-auto">
          <AccountActions />
        </div>
      </div>
      <div className="space-y-2 px-4 py-3 md:hidden">
        <div className="flex items-center justify-between gap-2">
          <Logo />
          <AccountActions compact />
        </div>
        {!landing && <SearchBox key={`m-${term}`} variant="mobile" initialValue={term} />}
        <MainNav />
      </div>
    </header>
  );
}
