/**
 * The trail at the top of a category page (shopper-screens §2 "Category deals pages": the header's
 * nav holds Deal Alerts (/), Today's Deals (/todays-deals) and the category name, which reloads the
 * category). A breadcrumb landmark whose last item is the page itself (`aria-current="page"`):
 * following it returns to the page's first page and asks for its data afresh (`onReload`).
 */
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';

export interface TrailStep {
  /** A path built with common/paths.ts. */
  to: string;
  label: string;
}

export interface PageTrailProps {
  /** The steps before the page, in order (e.g. Deal Alerts, Today's Deals). */
  steps: readonly TrailStep[];
  /** The page itself: its first page's path and its name. */
  current: TrailStep;
  /** Called when the page's own link is followed: refetch what the page shows. */
  onReload: () => void;
}

const LINK = 'rounded font-medium text-blue-800 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600';

export function PageTrail({ steps, current, onReload }: PageTrailProps) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-700">
        {steps.map((step) => (
          <li key={step.to} className="flex items-center gap-1">
            <Link to={step.to} className={LINK}>
              {step.label}
            </Link>
            <ChevronRight className="h-4 w-4 text-slate-500" aria-hidden="true" />
          </li>
        ))}
        <li>
          <Link to={current.to} aria-current="page" onClick={onReload} className={`${LINK} text-slate-900`}>
            {current.label}
          </Link>
        </li>
      </ol>
    </nav>
  );
}
