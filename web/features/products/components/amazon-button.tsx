/**
 * The affiliate link to Amazon with its "Ad" label (DESIGN.md §4 "Affiliate links": an "Ad" label
 * near affiliate buttons). `rel="sponsored noopener"` marks it as paid (Google's link attributes)
 * and keeps the opened tab from reaching back into ours.
 */
import { ExternalLink } from 'lucide-react';
import clsx from 'clsx';
import { buttonClasses, type ButtonSize } from '../../../components/ui/button';
import { outboundAmazonUrl } from '../affiliate-link';

export interface AmazonButtonProps {
  product: { asin: string; affiliateUrl: string; title: string };
  tag: string | null;
  label?: string;
  size?: ButtonSize;
  /** Show the external-link icon (off when the label carries its own arrow). */
  icon?: boolean;
  className?: string;
}

export function AmazonButton({ product, tag, label = 'View at Amazon', size = 'sm', icon = true, className }: AmazonButtonProps) {
  const href = outboundAmazonUrl(product, tag);
  if (href === null) return null;
  return (
    <span className={clsx('inline-flex min-w-0 items-center gap-1.5', className)}>
      <span
        className="rounded border border-slate-400 px-1 text-[11px] leading-4 font-semibold text-slate-700"
        title="Affiliate link: we may earn a commission"
      >
        Ad
      </span>
      <a href={href} target="_blank" rel="sponsored noopener" className={buttonClasses('amazon', size, 'flex-1')}>
        {label}
        {icon && <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />}
        <span className="sr-only"> (opens Amazon in a new tab)</span>
      </a>
    </span>
  );
}
