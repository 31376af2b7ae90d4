/**
 * 'Alternative Products' dialog (shopper-screens §2 "Today's deals", §4 "Similar products", §8, §9):
 * a rotating loading message, the original product (up to 5 features), then ranked alternatives under
 * 'Cheaper Alternative' — or 'We didn't find cheaper but this might be better.' for a fallback — each
 * with rank, image, title, discount badge (only with a basis), then the shared price-and-buy part
 * (products/components/price-and-buy.tsx: price, struck-through original or "Last seen £X on
 * {date}", the explanation, and the "Ad"-labelled 'View on Amazon' through our tracked redirect). An error shows 'No Alternatives Found' and its text; a
 * ranking whose index matches no product shows the spec's warning. Pages open it through
 * use-alternatives-dialog.tsx, which loads this module on first use.
 */
import type { Product } from '../../../../common/api/products.schema';
import type { Ranking } from '../../../../common/api/alternatives.schema';
import { discountBadgeText } from '../../../../common/discount';
import { Badge } from '../../../components/ui/badge';
import { Dialog } from '../../../components/ui/dialog';
import { LoadingMessage } from '../../../components/ui/loading-message';
import { ApiError, messageForPeople } from '../../../lib/http.client';
import { PriceAndBuy } from '../../../components/product/price-and-buy';
import { priceState, ProductPrice } from '../../../components/product/product-price';
import { useSimilarItems } from '../api';

export interface AlternativesDialogProps {
  /** The product whose alternatives to show; null closes the dialog. */
  product: Pick<Product, 'asin' | 'title'> | null;
  onClose: () => void;
}

export function AlternativesDialog({ product, onClose }: AlternativesDialogProps) {
  return (
    <Dialog
      open={product !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Alternative Products"
      description={product ? `Similar products to ${product.title}` : undefined}
      className="sm:max-w-2xl"
      testId="alternatives-dialog"
    >
      {product && <AlternativesBody asin={product.asin} />}
    </Dialog>
  );
}

function AlternativesBody({ asin }: { asin: string }) {
  const similar = useSimilarItems(asin);
  if (similar.isPending) return <LoadingMessage />;
  if (similar.isError) {
    const network = !(similar.error instanceof ApiError);
    return (
      <NoAlternatives
        text={
          network
            ? 'Failed to fetch similar products. Please try again.'
            : messageForPeople(similar.error, 'Failed to fetch similar products')
        }
      />
    );
  }
  const data = similar.data;
  const original = data.originalProduct;
  return (
    <div className="space-y-4">
      {original && (
        <section aria-label="Original product" className="flex gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
          {original.imageUrl && <img src={original.imageUrl} alt="" className="h-16 w-16 shrink-0 rounded bg-white object-contain" />}
          <div className="min-w-0 text-sm">
            <p className="line-clamp-2 font-medium text-slate-900">{original.title}</p>
            <ProductPrice product={original} size="row" />
            {original.features.length > 0 && (
              <ul className="mt-1 list-disc pl-4 text-xs text-slate-600">
                {original.features.slice(0, 5).map((f) => (
                  <li key={f}>{f.length > 100 ? `${f.slice(0, 100)}…` : f}</li>
                ))}
              </ul>
            )}
          </div>
        </section>
      )}
      {data.error || !data.analysis ? (
        <NoAlternatives text={data.error ?? data.message} />
      ) : (
        <section aria-labelledby="alternatives-heading" className="space-y-3">
          <h3 id="alternatives-heading" className="text-base font-semibold text-slate-900">
            {data.isFallback ? "We didn't find cheaper but this might be better." : 'Cheaper Alternative'}
          </h3>
          <p className="text-sm text-slate-600">{data.analysis.analysis}</p>
          <ol className="space-y-3">
            {data.analysis.rankings.map((ranking) => (
              <AlternativeRow
                key={`${ranking.rank}-${ranking.productIndex}`}
                ranking={ranking}
                product={data.products[ranking.productIndex]}
              />
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

function NoAlternatives({ text }: { text: string }) {
  return (
    <div role="alert" className="rounded-lg border border-slate-200 p-4 text-center">
      <p className="font-semibold text-slate-900">No Alternatives Found</p>
      <p className="mt-1 text-sm text-slate-700">{text}</p>
    </div>
  );
}

function AlternativeRow({ ranking, product }: { ranking: Ranking; product: Product | undefined }) {
  if (!product) {
    return (
      <li role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        Product #{ranking.productIndex + 1} not found in results. This ranking cannot be displayed.
      </li>
    );
  }
  const discounted = (product.discountPercent ?? 0) > 0;
  // A badge only over a current price with a basis (issue 27): '{n}% OFF', or none.
  const badge = priceState(product) === 'current' ? discountBadgeText(product.discountPercent, product.savingBasis !== null) : null;
  return (
    <li data-testid="alternative" className="flex gap-3 rounded-lg border border-slate-200 p-3">
      <span
        aria-label={`Rank ${ranking.rank}`}
        className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-blue-700 text-sm font-bold text-white"
      >
        {ranking.rank}
      </span>
      {product.imageUrl && <img src={product.imageUrl} alt="" loading="lazy" className="h-16 w-16 shrink-0 rounded object-contain" />}
      <div className="min-w-0 flex-1 space-y-1 text-sm">
        <p className="line-clamp-2 font-medium text-slate-900">{product.title}</p>
        {badge && <Badge tone={discounted ? 'red' : 'purple'}>{badge}</Badge>}
        <PriceAndBuy
          product={product}
          size="row"
          buyLabel="View on Amazon"
          icon={false}
          note={<p className="text-green-800">{ranking.explanation}</p>}
          className="items-start"
        />
      </div>
    </li>
  );
}
