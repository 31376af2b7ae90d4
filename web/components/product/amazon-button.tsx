/**
 * The affiliate link to Amazon with its "Ad" label (DESIGN.md §4 "Affiliate links": an "Ad" label
 * near affiliate buttons). It goes through our tracked redirect `/go/{asin}` (web/lib/outbound-link.ts),
 * which records the click and picks the affiliate tag. `rel="sponsored noopener"` marks it as paid
 * (Google's link attributes) and keeps the opened tab from reaching back into ours. Shopper pages
 * reach it through the shared price-and-buy part (./price-and-buy.tsx, issue 26).
 */
import { ExternalLink } from 'lucide-react';
import clsx from 'clsx';
import { isAsin } from '../../../common/affiliate';
import { AdLabel } from '../ui/ad-label';
import { buttonClasses, type ButtonSize } from '../ui/button';
import { outboundHref, refreshOutboundHref } from '../../lib/outbound-link';

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

const MIN_HEIGHT: Record<ButtonSize, string> = { sm: 'min-h-8', md: 'min-h-10', lg: 'min-h-12', icon: 'min-h-10' };

/** The Amazon button with its "Ad" label; nothing for a value that is not an ASIN. */
export function AmazonButton({ product, label = 'View at Amazon', size = 'sm', icon = true, className, categoryPage }: AmazonButtonProps) {
  if (!isAsin(product.asin)) return null;
  const target = { asin: product.asin, clickType: 'shop' as const, categoryPage };
  return (
    <span className={clsx('inline-flex min-w-0 items-center gap-1.5', className)}>
      <AdLabel />
      <a
        href={outboundHref(target)}
        onClick={refreshOutboundHref(target)}
        target="_blank"
        rel="sponsored noopener"
        // A long label ("Check today's price on Amazon") wraps rather than overflows a narrow card:
        // the size's fixed height becomes its minimum.
        className={buttonClasses('amazon', size, clsx('h-auto! flex-1 py-1 text-center leading-tight', MIN_HEIGHT[size]))}
      >
        {label}
        {icon && <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />}
        <span className="sr-only"> (opens Amazon in a new tab)</span>
      </a>
    </span>
  );
}
