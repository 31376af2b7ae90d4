/**
 * "Why is this a deal?" on the product page (issue 30; docs/pricing/reference-prices.md "Badges"):
 * each price badge that holds now, with its stated rule applied to this product's history, and the
 * retailer's own saving when there is one. Nothing is shown when no claim holds.
 */
import { BadgeCheck } from 'lucide-react';
import type { Product } from '../../../../common/api/products.schema';
import { formatPriceString } from '../../../../common/money';

/** The section, or null when the product carries neither a badge nor a labelled saving. */
export function WhyDeal({ product }: { product: Product }) {
  const badges = product.priceBadges ?? [];
  const saving = product.originalPrice !== null && product.savingBasisLabel !== null && product.discountPercent !== null;
  if (badges.length === 0 && !saving) return null;
  return (
    <section
      aria-labelledby="why-deal-heading"
      className="rounded-lg border border-green-200 bg-green-50 p-4 sm:p-6"
      data-testid="why-deal"
    >
      <h2 id="why-deal-heading" className="text-lg font-semibold text-slate-900">
        Why is this a deal?
      </h2>
      <dl className="mt-2 space-y-3 text-sm">
        {badges.map((badge) => (
          <div key={badge.kind}>
            <dt className="flex items-center gap-1 font-semibold text-green-900">
              <BadgeCheck className="h-4 w-4 shrink-0" aria-hidden="true" />
              {badge.label}
            </dt>
            <dd className="mt-0.5 text-slate-800">{badge.explanation}</dd>
          </div>
        ))}
        {saving && (
          <div>
            <dt className="flex items-center gap-1 font-semibold text-green-900">
              <BadgeCheck className="h-4 w-4 shrink-0" aria-hidden="true" />
              {product.discountPercent}% off {formatPriceString(product.originalPrice)}
            </dt>
            <dd className="mt-0.5 text-slate-800">
              {product.savingBasis === 'TRACKED_PRICE'
                ? `We recorded ${formatPriceString(product.originalPrice)} for at least 28 days, without a gap, right before this drop.`
                : `Its seller labels ${formatPriceString(product.originalPrice)} as the ${product.savingBasis === 'WAS_PRICE' ? 'was price' : (product.savingBasisLabel ?? '')}.`}
            </dd>
          </div>
        )}
      </dl>
      <p className="mt-3 text-xs text-slate-600">
        Every claim is checked against the prices we have recorded; a gap of more than a week without a price breaks a history.
      </p>
    </section>
  );
}
