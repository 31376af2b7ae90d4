/**
 * `/signup` (content-and-account-pages §2.2, §4, §7): a full-screen blurred backdrop, 'Unlock Home &
 * Kitchen Deals', the e-mail form and the benefits; after success 'You're All Set!' with 'Start
 * Shopping Deals', and after 1.5 s /todays-deals?newuser=true.
 *
 * Issue 27 (departures recorded in docs/design.md §5):
 * - The backdrop is the first page of today's Home & Kitchen listing (`GET /api/deals?category=
 *   home-kitchen`, not the spec's search call with minRating 4 and discountOnly, which is empty on a
 *   feed without ratings or list prices): the products' images where they have one, the rest a
 *   collage of the ten category illustrations (all of it before an answer or on error). Never blank.
 * - "Up to N% off" only with N from data: the largest verified saving on that page; without verified
 *   deals the benefit says instead that a saving is shown only when we can back it up.
 */
import { paths } from '../../common/paths';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BellRing, CheckCircle2, Percent, ShieldCheck, Zap } from 'lucide-react';
import type { ListedProduct } from '../../common/api/deals.schema';
import type { SignupResponse } from '../../common/api/engagement.schema';
import { SHOPPER_CATEGORY_KEYS } from '../../common/categories';
import { buttonClasses } from '../components/ui/button';
import { CategoryIllustration } from '../components/product/category-illustration';
import { verifiedDealCount } from '../components/product/listing-words';
import { priceState } from '../components/product/product-price';
import { useDealListing } from '../features/deals/api';
import { useSession } from '../features/session/session.store';
import { SignupForm } from '../features/signups/components/signup-form';
import { useDocumentTitle } from '../lib/document-title.hook';
import { markNewUser } from '../lib/outbound-link';

/** Spec §9: signup redirect delay. */
export const SIGNUP_REDIRECT_MS = 1500;

/** Tiles in the backdrop (spec §7: up to 20 products). */
export const BACKDROP_TILES = 20;

/**
 * The largest whole-percent saving among the verified deals of a listing page with a current
 * price, or null when none has one (then no percentage may be claimed).
 */
export function largestVerifiedPercent(products: readonly ListedProduct[]): number | null {
  const percents = products.flatMap((p) =>
    p.section === 'deal' && p.dealBasis !== null && priceState(p) === 'current' && (p.discountPercent ?? 0) > 0
      ? [p.discountPercent as number]
      : [],
  );
  return percents.length > 0 ? Math.max(...percents) : null;
}

/** One backdrop tile: a product's image, or a category's illustration. */
type Tile = { key: string; image: string } | { key: string; category: string };

/**
 * The backdrop's {@link BACKDROP_TILES} tiles: the products' images where they have one, then the
 * ten categories' illustrations in turn to fill the rest (a product without an image adds nothing
 * a category's illustration does not, and a varied collage reads better than twenty of one icon).
 */
export function backdropTiles(products: readonly ListedProduct[]): Tile[] {
  const tiles: Tile[] = products.flatMap((p) => (p.imageUrl ? [{ key: p.asin, image: p.imageUrl }] : [])).slice(0, BACKDROP_TILES);
  for (let i = 0; tiles.length < BACKDROP_TILES; i++) {
    const category = SHOPPER_CATEGORY_KEYS[i % SHOPPER_CATEGORY_KEYS.length] as string;
    tiles.push({ key: `fill-${i}`, category });
  }
  return tiles;
}

export function SignupPage() {
  useDocumentTitle('Sign Up');
  const session = useSession();
  const navigate = useNavigate();
  const backdrop = useDealListing({ kind: 'today', category: 'home-kitchen', page: 1, itemCount: BACKDROP_TILES });
  const products = backdrop.data?.products ?? [];
  const percent = largestVerifiedPercent(products);
  const verified = verifiedDealCount(backdrop.data) ?? 0;
  const benefits = [
    percent !== null
      ? { icon: Percent, text: `Up to ${percent}% off Home & Kitchen favourites, every saving verified` }
      : verified > 0
        ? { icon: Percent, text: 'Verified Home & Kitchen deals, each with the reason it is one' }
        : { icon: ShieldCheck, text: 'Honest prices: we show a saving only when we can back it up' },
    { icon: BellRing, text: 'Price-drop alerts straight to your inbox' },
    // Issue 27: we run no flash sales, so the spec's "Early access to flash sales" would promise
    // something we do not have; this says what the alerts really do.
    { icon: Zap, text: 'One e-mail per price drop, never a repeat' },
  ];
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate(`${paths.todaysDeals()}?newuser=true`), SIGNUP_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  function signedUp(result: SignupResponse) {
    markNewUser(result.email, result.signupTime);
    session.remember(result.email, result.visitorToken);
    setDone(true);
  }

  return (
    <div className="relative -mx-4 -my-6 min-h-[calc(100dvh-8rem)] overflow-hidden px-4 py-10 sm:py-16">
      <div
        aria-hidden="true"
        data-testid="signup-backdrop"
        className="absolute inset-0 grid auto-rows-min grid-cols-3 gap-3 p-3 opacity-70 blur-[3px] sm:grid-cols-5"
      >
        {backdropTiles(products).map((tile) =>
          'image' in tile ? (
            <img
              key={tile.key}
              src={tile.image}
              alt=""
              onError={(e) => (e.currentTarget.style.visibility = 'hidden')}
              className="aspect-square w-full rounded-lg bg-white object-contain"
            />
          ) : (
            <CategoryIllustration
              key={tile.key}
              category={tile.category}
              className="aspect-square w-full rounded-lg bg-white"
              iconClassName="h-1/3 w-1/3"
            />
          ),
        )}
      </div>
      <div className="absolute inset-0 bg-slate-900/40" aria-hidden="true" />
      <section className="relative mx-auto max-w-md rounded-2xl bg-white p-6 shadow-2xl sm:p-8">
        {done ? (
          <div role="status" className="space-y-4 text-center">
            <CheckCircle2 className="mx-auto h-12 w-12 text-green-600" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-slate-900">You're All Set!</h1>
            <p className="text-slate-700">Check your inbox for a link to confirm your address. Taking you to today's deals…</p>
            <Link to={paths.home()} className={buttonClasses('primary', 'lg', 'w-full')}>
              Start Shopping Deals
            </Link>
          </div>
        ) : (
          <div className="space-y-5">
            <h1 className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">Unlock Home &amp; Kitchen Deals</h1>
            <ul className="space-y-2">
              {benefits.map(({ icon: Icon, text }) => (
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
