/**
 * The "Ad" label beside every affiliate link (DESIGN.md §4 "Affiliate links": an "Ad" label near
 * affiliate buttons; the CMA's guidance on labelling paid-for links). One home for its look and
 * wording (issue 26), used by the shared price-and-buy part and by any other affiliate link.
 */
import clsx from 'clsx';

/** What the label's tooltip says about the link it sits beside. */
export const AD_LABEL_TITLE = 'Affiliate link: we may earn a commission';

export function AdLabel({ className }: { className?: string }) {
  return (
    <span
      className={clsx('shrink-0 rounded border border-slate-400 px-1 text-[11px] leading-4 font-semibold text-slate-700', className)}
      title={AD_LABEL_TITLE}
    >
      Ad
    </span>
  );
}
