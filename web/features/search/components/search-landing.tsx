/**
 * The public search landing page (shopper-screens §2 "Public home page (search landing)", §4, §5,
 * §9; issue 28), shown at /search without a term (docs/design.md §5): the spec's header links
 * (Popular Products and Today's Deals to /todays-deals, Blog to /blog; on this page, not in the
 * site's shared header, which keeps its own three), a search box with
 * suggestions whose placeholder rotates every 2.5 s with a 300 ms fade, the 'Search Deals' button
 * (blank text toasts 'Search Required' / 'Please enter a search term to find products.'), three
 * feature blurbs and the ten category buttons, which open /categories/{key}. The site's header and
 * footer frame it (web/shell).
 */
import { Link } from 'react-router';
import { ArrowLeftRight, MailCheck, ShieldCheck, type LucideIcon } from 'lucide-react';
import clsx from 'clsx';
import { CategoryIllustration } from '../../../components/product/category-illustration';
import { toast } from '../../../components/ui/toast';
import { SHOPPER_CATEGORIES } from '../../../../common/categories';
import { paths } from '../../../../common/paths';
import { useRotatingPlaceholder } from '../rotating-placeholder.hook';
import { countOf, PLACEHOLDER_SUGGESTIONS, placeholderText } from '../search-text.rules';
import type { SearchBox as SearchBoxType } from './search-box';

/** The search box component (./search-box.tsx), handed in by the router from the shell's chunk. */
export type SearchBoxComponent = typeof SearchBoxType;

/**
 * The three feature blurbs: what the site does, each only what it really does (docs/design.md §5).
 * Icons the shell does not use: sharing one with the header (BellRing) split the router out of
 * the first-load chunk (+2 KiB gzipped on every page, measured with web/scripts/first-load-size.ts).
 */
const FEATURES: readonly { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: ShieldCheck,
    title: 'Honest prices',
    text: 'A “was” price only when Amazon labels one or our own price history shows it, and every price says when it was checked.',
  },
  {
    icon: MailCheck,
    title: 'Price-drop alerts',
    text: 'Set an alert on any product and get one e-mail when its price falls, with one-click unsubscribe.',
  },
  {
    icon: ArrowLeftRight,
    title: 'Genuine alternatives',
    text: 'See products of the same type you could buy instead, cheaper ones first, each with the reason why.',
  },
];

/** The landing page's header links (shopper-screens §2 "Public home page (search landing)"). */
const LANDING_LINKS: readonly { to: string; label: string }[] = [
  { to: paths.todaysDeals(), label: 'Popular Products' },
  { to: paths.todaysDeals(), label: "Today's Deals" },
  { to: paths.blog(), label: 'Blog' },
];

/** 'Search Required' (shopper-screens §5): the landing page's answer to a blank search. */
function searchRequired() {
  toast({ title: 'Search Required', description: 'Please enter a search term to find products.', variant: 'destructive' });
}

export interface SearchLandingProps {
  /** Products in our catalogue, when known (GET /api/config `catalogueSize`). */
  catalogueSize?: number;
  /**
   * The header's search box (./search-box.tsx), passed in rather than imported: a static import
   * from this lazy page split react-router out of the first-load chunk (web/router.tsx).
   */
  SearchBox: SearchBoxComponent;
}

export function SearchLanding({ catalogueSize, SearchBox }: SearchLandingProps) {
  const placeholder = useRotatingPlaceholder(PLACEHOLDER_SUGGESTIONS);
  return (
    <div className="space-y-10">
      <section
        aria-labelledby="search-landing-title"
        className="-mx-4 -mt-6 bg-gradient-to-b from-slate-900 to-blue-900 px-4 py-10 text-center text-white sm:mx-0 sm:mt-0 sm:rounded-2xl sm:py-16"
      >
        <nav aria-label="Deals and guides" className="mb-6">
          <ul className="flex flex-wrap justify-center gap-2">
            {LANDING_LINKS.map((link) => (
              <li key={link.label}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-9 items-center rounded-full border border-white/40 px-4 text-sm font-medium text-white transition-colors hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <h1 id="search-landing-title" className="text-2xl font-bold sm:text-4xl">
          Search Amazon UK deals
        </h1>
        <p className="mx-auto mt-3 max-w-xl text-sm text-slate-200 sm:text-base">
          {catalogueSize !== undefined && catalogueSize > 0
            ? `Search ${countOf(catalogueSize, 'product')} we track, with honest prices and price-drop alerts.`
            : 'Search the products we track, with honest prices and price-drop alerts.'}
        </p>
        <SearchBox
          variant="landing"
          placeholder={placeholderText(placeholder.text)}
          inputClassName={clsx(
            'placeholder:transition-opacity placeholder:duration-300 motion-reduce:placeholder:transition-none',
            !placeholder.visible && 'placeholder:opacity-0',
          )}
          onEmptySubmit={searchRequired}
          className="mx-auto mt-6 max-w-2xl text-left"
        />
      </section>

      <section aria-labelledby="search-landing-features">
        <h2 id="search-landing-features" className="sr-only">
          Why search with us
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-lg border border-slate-200 bg-white p-5">
              <Icon className="h-6 w-6 text-blue-700" aria-hidden="true" />
              <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="search-landing-categories">
        <h2 id="search-landing-categories" className="text-lg font-semibold text-slate-900">
          Browse by category
        </h2>
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {SHOPPER_CATEGORIES.map((category) => (
            <li key={category.key}>
              <Link
                to={paths.categoryDeals(category.key)}
                className="flex h-full items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm font-medium text-slate-900 transition-colors hover:border-blue-400 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
              >
                <CategoryIllustration category={category.key} className="h-10 w-10 shrink-0 rounded-md" iconClassName="h-5 w-5" />
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
