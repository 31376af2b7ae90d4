/**
 * `/signup` (content-and-account-pages §2.2, §4, §7): a full-screen blurred backdrop of up to 20
 * discounted products (the search call of §7: maxPrice 1500, minRating 4, category 'All',
 * discountOnly), 'Unlock Home & Kitchen Deals', the e-mail form and the benefits; after success
 * 'You're All Set!' with 'Start Shopping Deals', and after 1.5 s /todays-deals?newuser=true.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BellRing, CheckCircle2, Percent, Zap } from 'lucide-react';
import type { SignupResponse } from '../../common/api/engagement.schema';
import { buttonClasses } from '../components/ui/button';
import { useProductSearch } from '../features/products/api';
import { useSession } from '../features/session/session.store';
import { SignupForm } from '../features/signups/components/signup-form';
import { useDocumentTitle } from '../lib/document-title.hook';
import { markNewUser } from '../lib/outbound-link';

/** Spec §9: signup redirect delay. */
export const SIGNUP_REDIRECT_MS = 1500;

const BACKDROP = {
  keywords: '',
  maxPrice: 1500,
  minRating: 4,
  category: 'All',
  discountOnly: true,
  page: 1,
  itemCount: 20,
  sortBy: 'Featured',
} as const;

const BENEFITS = [
  { icon: Percent, text: 'Up to 70% off Home & Kitchen favourites' },
  { icon: BellRing, text: 'Price-drop alerts straight to your inbox' },
  { icon: Zap, text: 'Early access to flash sales' },
];

export function SignupPage() {
  useDocumentTitle('Sign Up');
  const session = useSession();
  const navigate = useNavigate();
  const backdrop = useProductSearch(BACKDROP);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate('/todays-deals?newuser=true'), SIGNUP_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  function signedUp(result: SignupResponse) {
    markNewUser(result.email, result.signupTime);
    session.remember(result.email, result.visitorToken);
    setDone(true);
  }

  const images = (backdrop.data?.products ?? []).slice(0, 20).flatMap((p) => (p.imageUrl ? [p.imageUrl] : []));
  return (
    <div className="relative -mx-4 -my-6 min-h-[calc(100dvh-8rem)] overflow-hidden px-4 py-10 sm:py-16">
      <div aria-hidden="true" className="absolute inset-0 grid grid-cols-3 gap-3 p-3 opacity-60 blur-md sm:grid-cols-5">
        {images.map((src) => (
          <img
            key={src}
            src={src}
            alt=""
            onError={(e) => (e.currentTarget.style.visibility = 'hidden')}
            className="aspect-square w-full rounded-lg bg-white object-contain"
          />
        ))}
      </div>
      <div className="absolute inset-0 bg-slate-900/40" aria-hidden="true" />
      <section className="relative mx-auto max-w-md rounded-2xl bg-white p-6 shadow-2xl sm:p-8">
        {done ? (
          <div role="status" className="space-y-4 text-center">
            <CheckCircle2 className="mx-auto h-12 w-12 text-green-600" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-slate-900">You're All Set!</h1>
            <p className="text-slate-700">Check your inbox for a link to confirm your address. Taking you to today's deals…</p>
            <Link to="/" className={buttonClasses('primary', 'lg', 'w-full')}>
              Start Shopping Deals
            </Link>
          </div>
        ) : (
          <div className="space-y-5">
            <h1 className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">Unlock Home &amp; Kitchen Deals</h1>
            <ul className="space-y-2">
              {BENEFITS.map(({ icon: Icon, text }) => (
                <li key={text} className="flex items-center gap-3 text-slate-800">
                  <Icon className="h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
                  {text}
                </li>
              ))}
            </ul>
            <SignupForm
              source="signup_page"
              submitLabel="Unlock Deals"
              onSignedUp={signedUp}
              held={{ email: session.email, token: session.token }}
            />
          </div>
        )}
      </section>
    </div>
  );
}
