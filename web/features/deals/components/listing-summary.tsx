/**
 * What a listing page says about its products, under its heading (issue 27 "No deal claim without a
 * basis"; common/api/deals.schema.ts `verifiedDeals`, `orderedBy`, `trackedSince`):
 *
 * - with verified deals: "{n} verified deals" and the order in words;
 * - with none: plainly that no product has a saving we can verify, since when we have tracked
 *   prices, how deals appear (price history over time; Amazon's own labelled list and was prices),
 *   and the order of the products shown instead.
 *
 * Nothing before the answer arrives (the grid shows its loading state) or after an error.
 */
import { Info } from 'lucide-react';
import type { DealListingResponse } from '../../../../common/api/deals.schema';
import { formatCount, formatTotal } from '../../../../common/numbers';
import { HOW_DEALS_APPEAR, orderSentence, trackedSinceText, verifiedDealCount } from '../../../components/product/listing-words';

export interface ListingSummaryProps {
  /** The listing answer; undefined while loading. Fields a server before issue 27 lacks are optional. */
  answer: (Pick<DealListingResponse, 'total' | 'totalDeals'> & Partial<DealListingResponse>) | undefined;
  /** What "here" is, e.g. 'in Kitchen'; empty for every category. */
  scope?: string;
}

export function ListingSummary({ answer, scope = '' }: ListingSummaryProps) {
  const deals = verifiedDealCount(answer);
  if (answer === undefined || deals === null) return <p className="h-5" aria-hidden="true" />;
  const order = orderSentence(answer.orderedBy);
  const where = scope ? ` ${scope}` : '';
  if (deals > 0) {
    return (
      <p className="text-sm text-slate-700" role="status" data-testid="listing-summary">
        <span className="font-semibold text-slate-900">
          {formatCount(deals)} verified {deals === 1 ? 'deal' : 'deals'}
          {where}.
        </span>{' '}
        {order}
      </p>
    );
  }
  const since = trackedSinceText(answer.trackedSince);
  return (
    <div
      className="flex max-w-3xl gap-3 rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-slate-800"
      role="status"
      data-testid="listing-summary"
    >
      <Info className="mt-0.5 h-5 w-5 shrink-0 text-blue-800" aria-hidden="true" />
      <div className="space-y-1">
        <p className="font-semibold text-slate-900">No product{where} has a saving we can verify right now.</p>
        <p>
          {since ? `${since} ` : ''}
          {HOW_DEALS_APPEAR}
        </p>
        {answer.total > 0 && (
          <p>
            Meanwhile, {answer.totalCapped ? 'here are some of' : 'these are'} the {formatTotal(answer.total, answer.totalCapped)} products
            we track{where}
            {order ? `: ${order.charAt(0).toLowerCase()}${order.slice(1)}` : '.'}
          </p>
        )}
      </div>
    </div>
  );
}
