/**
 * The affiliate link to Amazon with its "Ad" label (DESIGN.md §4 "Affiliate links": an "Ad" label
 * near affiliate buttons). It goes through our tracked redirect `/go/{asin}` (web/lib/outbound-link.ts),
 * which records the click and picks the affiliate tag. `rel="sponsored noopener"` marks it as paid
 * (Google's link attributes) and keeps the opened tab from reaching back into ours.
 */
import { ExternalLink } from 'lucide-react';
import clsx from 'clsx';
import { isAsin } from '../../../../common/affiliate';
import { buttonClasses, type ButtonSize } from '../../../components/ui/button';
import { outboundHref, refreshOutboundHref } from '../../../lib/outbound-link';

export interface AmazonButtonProps {
  product: { asin: string; affiliateUrl: string; title: string };
  /** Kept for callers; the redirect chooses the tag (default or new-user) itself. */
  tag?: string | null;
  label?: string;
  size?: ButtonSize;
  /** Show the external-link icon (off when the label carries its own arrow). */
  icon?: boolean;
  className?: string;
  /** The owners' category page this card is on: its clicks use that page's tag (`cp`). */
  categoryPage?: string;
}

export function AmazonButton({ product, label = 'View at Amazon', size = 'sm', icon = true, className, categoryPage }: AmazonButtonProps) {
  if (!isAsin(product.asin)) return null;
  const target = { asin: product.asin, clickType: 'shop' as const, categoryPage };
  return (
    <span className={clsx('inline-flex min-w-0 items-center gap-1.5', className)}>
      <span
        className="rounded border border-slate-400 px-1 text-[11px] leading-4 font-semibold text-slate-700"
        title="Affiliate link: we may earn a commission"
      >
        Ad
      </span>
      <a
        href={outboundHref(target)}
        onClick={refreshOutboundHref(target)}
        target="_blank"
        rel="sponsored noopener"
        className={buttonClasses('amazon', size, 'flex-1')}
      >
        {label}
        {icon && <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />}
        <span className="sr-only"> (opens Amazon in a new tab)</span>
      </a>
    </span>
  );
}
