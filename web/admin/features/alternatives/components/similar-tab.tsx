/**
 * The admin Similar tab (admin-area §2 "Similar-products tab", §3 "Similar items result", §4
 * "Similar products"): an ASIN input (lower case is upper-cased; empty → 'ASIN Required' (§5), the
 * 10-character rule only a hint, the server's 400 shown for a wrong one), the
 * original product panel (image, title, price with its "as of" time, the saving basis when there is
 * one), the ranked alternatives, each with its features behind a disclosure button, and an "AI
 * analysis" button that sends the shown products to `POST /api/amazon/analyze-products`.
 *
 * Both endpoints are the public ones the shoppers' dialog uses (web/features/alternatives/api.ts).
 * The ranking is our value score; a language model rewrites its explanations only when the server
 * has ALTERNATIVES_LLM_URL, so the analysis always answers and this tab shows what it says. A ranking
 * whose index matches no product shows the spec's warning instead of a row. A refused analysis is
 * the 'Analysis Failed' toast (§8) and stays in the panel.
 */
import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, Search, Sparkles } from 'lucide-react';
import clsx from 'clsx';
import type { Ranking, SimilarItemsResponse } from '../../../../../common/api/alternatives.schema';
import type { Product } from '../../../../../common/api/products.schema';
import { ASIN_PATTERN } from '../../../../../common/affiliate';
import { discountBadgeText } from '../../../../../common/discount';
import { formatPriceString } from '../../../../../common/money';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Input, Label } from '../../../../components/ui/input';
import { formatDateTime } from '../../../../lib/date.format';
import { AdminSection } from '../../../components/admin-panel';
import { AdminEmpty, AdminError, AdminLoading, AdminQueryState } from '../../../components/admin-states';
import { ApiError, messageForPeople } from '../../../../lib/http.client';
import { toast } from '../../../../components/ui/toast.store';
import { adminSimilarItemsQuery, useAnalyzeProducts } from '../api';

/** Admin-area §5: an empty ASIN is refused in these words; a wrong length is only hinted (the server says 400). */
export const ASIN_REQUIRED = { title: 'ASIN Required', description: 'Please enter a product ASIN to find similar items.' };

/** The ASIN as typed, trimmed and upper-cased, or null when it is not 10 letters or digits. */
export function normaliseAsin(text: string): string | null {
  const asin = text.trim().toUpperCase();
  return ASIN_PATTERN.test(asin) ? asin : null;
}

export function SimilarTab({ tabKey }: { tabKey: string }) {
  const [asin, setAsin] = useState<string | null>(null);
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Similar products</h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">
          See what a shopper sees under &lsquo;Alternative Products&rsquo;: the catalogue&rsquo;s similar products, cheaper ones first,
          ranked by price, substantiated saving, rating and how closely they match.
        </p>
      </div>
      <AsinForm onSubmit={setAsin} />
      {asin && <SimilarResult key={asin} tabKey={tabKey} asin={asin} />}
    </div>
  );
}

function AsinForm({ onSubmit }: { onSubmit: (asin: string) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Admin-area §5: only an empty ASIN is refused here ('ASIN Required'); the 10-character rule is a
    // hint, and the server's 400 ('asin: must be a 10-character ASIN') is shown for a wrong one.
    const asin = normaliseAsin(text) ?? text.trim().toUpperCase();
    if (!asin) {
      setError(`${ASIN_REQUIRED.title}: ${ASIN_REQUIRED.description}`);
      toast({ ...ASIN_REQUIRED, variant: 'destructive' });
      document.getElementById(`${id}-asin`)?.focus();
      return;
    }
    setError(null);
    setText(asin);
    onSubmit(asin);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Find similar products" className="flex flex-wrap items-end gap-2">
      <div className="w-full sm:w-64">
        <Label htmlFor={`${id}-asin`}>ASIN</Label>
        <Input
          id={`${id}-asin`}
          name="asin"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="B0CHX1W1XY"
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          invalid={error !== null}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className="font-mono uppercase placeholder:normal-case"
        />
      </div>
      <Button type="submit">
        <Search className="h-4 w-4" aria-hidden="true" />
        Find similar products
      </Button>
      {error ? (
        <p id={`${id}-error`} className="w-full text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="w-full text-xs text-slate-600">
          The 10-character Amazon product code (letters A–Z and digits 0–9) of a product in our catalogue.
        </p>
      )}
    </form>
  );
}

function SimilarResult({ tabKey, asin }: { tabKey: string; asin: string }) {
  const similar = useQuery(adminSimilarItemsQuery(tabKey, asin));
  return (
    <AdminQueryState
      query={similar}
      loading={`Finding products similar to ${asin}…`}
      failed="Failed to fetch similar products."
      errorText={(error) =>
        error instanceof ApiError && error.status === 404
          ? `No product with ASIN ${asin} in our catalogue.`
          : messageForPeople(error, 'Failed to fetch similar products.')
      }
    >
      {(data) => (
        <div className="space-y-6" aria-busy={similar.isFetching || undefined}>
          {data.originalProduct && <OriginalProduct product={data.originalProduct} />}
          <Alternatives data={data} />
          {data.originalProduct && data.products.length > 0 && (
            <AiAnalysis originalProduct={data.originalProduct} similarProducts={data.products} />
          )}
        </div>
      )}
    </AdminQueryState>
  );
}

function ProductImage({ product }: { product: Product }) {
  return product.imageUrl ? (
    <img src={product.imageUrl} alt="" loading="lazy" className="h-16 w-16 shrink-0 rounded bg-white object-contain sm:h-20 sm:w-20" />
  ) : (
    <span
      aria-hidden="true"
      className="flex h-16 w-16 shrink-0 items-center justify-center rounded bg-slate-100 text-xs text-slate-500 sm:h-20 sm:w-20"
    >
      No image
    </span>
  );
}

/**
 * Price, the substantiated original with its basis, the discount badge and the "as of" time; a note
 * instead when the public answer hides the price (Amazon's data over 24 hours old, decision 0014).
 */
function PriceLine({ product }: { product: Product }) {
  if (product.price === null || product.asOf === null)
    return <p className="text-sm text-slate-600">Price hidden on public pages: Amazon&apos;s data is over 24 hours old.</p>;
  const discounted = product.originalPrice !== null && (product.discountPercent ?? 0) > 0;
  return (
    <div className="space-y-0.5">
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="font-bold text-slate-900">{formatPriceString(product.price)}</span>
        {discounted && (
          <span className="text-sm text-slate-600">
            <s>{formatPriceString(product.originalPrice)}</s>
            {product.savingBasisLabel ? ` ${product.savingBasisLabel}` : null}
          </span>
        )}
        {discountBadgeText(product.discountPercent) !== null && <Badge tone="red">{discountBadgeText(product.discountPercent)}</Badge>}
      </p>
      <p className="text-xs text-slate-600">Price as of {formatDateTime(product.asOf)}</p>
    </div>
  );
}

function Facts({ product }: { product: Product }) {
  const facts = [
    `ASIN ${product.asin}`,
    product.brand,
    product.categoryName ?? product.category,
    product.rating !== null
      ? `${product.rating.toFixed(1)} stars${product.reviewCount !== null ? ` (${product.reviewCount.toLocaleString('en-GB')} reviews)` : ''}`
      : null,
  ].filter((f): f is string => Boolean(f));
  return <p className="text-xs text-slate-600">{facts.join(' · ')}</p>;
}

function OriginalProduct({ product }: { product: Product }) {
  return (
    <section aria-labelledby="similar-original-heading" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h3 id="similar-original-heading" className="mb-3 text-sm font-semibold tracking-wide text-slate-700 uppercase">
        Original product
      </h3>
      <div className="flex gap-3">
        <ProductImage product={product} />
        <div className="min-w-0 flex-1 space-y-1 text-sm">
          <p className="font-medium break-words text-slate-900">
            <a href={product.productUrl} target="_blank" rel="noopener" className="hover:underline">
              {product.title}
            </a>
          </p>
          <Facts product={product} />
          <PriceLine product={product} />
          <Features product={product} />
        </div>
      </div>
    </section>
  );
}

/** An accessible disclosure of a product's features: a button with aria-expanded and aria-controls. */
function Features({ product }: { product: Product }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  if (product.features.length === 0) return <p className="text-xs text-slate-600">No features listed.</p>;
  const count = product.features.length;
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="inline-flex items-center gap-1 rounded text-sm font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        <ChevronDown className={clsx('h-4 w-4 transition-transform', open ? 'rotate-0' : '-rotate-90')} aria-hidden="true" />
        {open ? 'Hide' : 'Show'} features ({count})<span className="sr-only"> of {product.title}</span>
      </button>
      <ul id={id} hidden={!open} className="mt-1 list-disc space-y-0.5 pl-5 text-xs text-slate-700">
        {product.features.map((feature, i) => (
          <li key={i}>{feature}</li>
        ))}
      </ul>
    </div>
  );
}

function Alternatives({ data }: { data: SimilarItemsResponse }) {
  // The rankings name the products in rank order; without an analysis the list is already ranked.
  const rankings: Ranking[] =
    data.analysis?.rankings ?? data.products.map((p, i) => ({ productIndex: i, rank: i + 1, title: p.title, explanation: '' }));
  return (
    <section aria-labelledby="similar-alternatives-heading" className="space-y-3">
      <h3 id="similar-alternatives-heading" className="text-base font-semibold text-slate-900">
        {data.isFallback ? "We didn't find cheaper but this might be better." : 'Cheaper alternatives'}
        {data.total > 0 && <span className="ml-2 text-sm font-normal text-slate-600">({data.total})</span>}
      </h3>
      {data.error || rankings.length === 0 ? (
        <div className="space-y-1">
          <AdminEmpty>No similar products found</AdminEmpty>
          <p className="text-center text-sm text-slate-700">{data.error ?? data.message}</p>
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-700">{data.analysis?.analysis ?? data.message}</p>
          <ol aria-label="Alternatives" className="space-y-3">
            {rankings.map((ranking) => (
              <AlternativeRow
                key={`${ranking.rank}-${ranking.productIndex}`}
                ranking={ranking}
                product={data.products[ranking.productIndex]}
              />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function MissingRanking({ ranking }: { ranking: Ranking }) {
  return (
    <li role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      Product #{ranking.productIndex + 1} not found in results. This ranking cannot be displayed.
    </li>
  );
}

function RankBadge({ rank }: { rank: number }) {
  return (
    <span
      aria-label={`Rank ${rank}`}
      className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-blue-700 text-sm font-bold text-white"
    >
      {rank}
    </span>
  );
}

function AlternativeRow({ ranking, product }: { ranking: Ranking; product: Product | undefined }) {
  if (!product) return <MissingRanking ranking={ranking} />;
  return (
    <li data-testid="similar-alternative" className="flex gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <RankBadge rank={ranking.rank} />
      <ProductImage product={product} />
      <div className="min-w-0 flex-1 space-y-1 text-sm">
        <p className="font-medium break-words text-slate-900">{product.title}</p>
        <Facts product={product} />
        <PriceLine product={product} />
        {ranking.explanation && <p className="text-green-800">{ranking.explanation}</p>}
        <Features product={product} />
      </div>
    </li>
  );
}

function AiAnalysis({ originalProduct, similarProducts }: { originalProduct: Product; similarProducts: Product[] }) {
  const analyze = useAnalyzeProducts();
  return (
    <AdminSection
      title="AI analysis"
      level={3}
      tight
      className="rounded-lg border border-slate-200 bg-white p-4"
      actions={
        <Button
          variant="secondary"
          disabled={analyze.isPending}
          onClick={() =>
            analyze.mutate(
              { originalProduct, similarProducts },
              // Admin-area §8: 'Analysis Failed' with the server's message (the panel keeps it too).
              {
                onError: (error) =>
                  toast({
                    title: 'Analysis Failed',
                    description: messageForPeople(error, 'Failed to analyze products'),
                    variant: 'destructive',
                  }),
              },
            )
          }
        >
          <Sparkles className="h-4 w-4" aria-hidden="true" />
          {analyze.isPending ? 'Analysing…' : analyze.isSuccess ? 'Run AI analysis again' : 'Run AI analysis'}
        </Button>
      }
    >
      <p className="text-xs text-slate-600">
        Sends these {similarProducts.length} products to the analysis. The ranking is our value score; a language model rewrites the
        explanations only when the server has one configured (ALTERNATIVES_LLM_URL), otherwise the score&rsquo;s own explanations are shown.
      </p>
      <div aria-live="polite">
        {analyze.isPending && <AdminLoading label="Analysing the products…" />}
        {analyze.isError && <AdminError message={messageForPeople(analyze.error, 'The analysis failed. Please try again.')} />}
        {analyze.isSuccess && (
          <div className="space-y-2">
            <p className="font-medium text-slate-900">{analyze.data.message}</p>
            <p className="text-sm text-slate-700">{analyze.data.analysis.analysis}</p>
            {analyze.data.analysis.rankings.length > 0 && (
              <ol aria-label="AI ranking" className="space-y-2">
                {analyze.data.analysis.rankings.map((ranking) =>
                  similarProducts[ranking.productIndex] ? (
                    <li key={`${ranking.rank}-${ranking.productIndex}`} className="flex gap-3 text-sm">
                      <RankBadge rank={ranking.rank} />
                      <div className="min-w-0">
                        <p className="font-medium break-words text-slate-900">{ranking.title}</p>
                        <p className="text-green-800">{ranking.explanation}</p>
                      </div>
                    </li>
                  ) : (
                    <MissingRanking key={`${ranking.rank}-${ranking.productIndex}`} ranking={ranking} />
                  ),
                )}
              </ol>
            )}
          </div>
        )}
      </div>
    </AdminSection>
  );
}
