/**
 * "Products shoppers asked for" (issue 30 "Track any Amazon product"): on the import tab, the
 * products shoppers tried to track that the catalogue does not hold, most wanted first, with how
 * often and when they were asked for and why a fetch from Amazon failed. With the Creators API
 * configured each row has **Fetch from Amazon** (the API tab's import, for that ASIN); otherwise the
 * panel says to add them with a CSV import. A row leaves the list once its product is held.
 */
import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/toast.store';
import { formatDateTime } from '../../../../lib/date.format';
import { messageForPeople } from '../../../../lib/http.client';
import { AdminPanel } from '../../../components/admin-panel';
import { AdminQueryState } from '../../../components/admin-states';
import { productRequestsQuery, useFetchRequestedProduct } from '../track-history.api';

const int = new Intl.NumberFormat('en-GB');

export function ProductRequestsList({ tabKey }: { tabKey: string }) {
  const query = useQuery(productRequestsQuery(tabKey));
  const fetchOne = useFetchRequestedProduct(tabKey);

  const fetchFromAmazon = (asin: string) =>
    fetchOne.mutate(asin, {
      onSuccess: (result) => {
        const skipped = result.skipped[0];
        if (skipped) toast({ title: `${asin} not added`, description: skipped.reason, variant: 'destructive' });
        else toast({ title: `${asin} added`, description: 'Fetched from Amazon with its current price.' });
      },
      onError: (error) =>
        toast({ title: 'Fetch failed', description: messageForPeople(error, 'Amazon could not be asked'), variant: 'destructive' }),
    });

  return (
    <AdminPanel
      title="Products shoppers asked for"
      note={query.data ? `(${int.format(query.data.total)} waiting, most wanted first)` : undefined}
    >
      <AdminQueryState
        query={query}
        inset
        loading="Loading requests…"
        failed="Failed to load the requests"
        empty={(d) => d.requests.length === 0 && 'No requests: every product shoppers tried to track is in the catalogue.'}
      >
        {(data) => (
          <>
            {!data.amazonConfigured && (
              <p className="px-4 pt-3 text-sm text-slate-700">
                Amazon&apos;s Creators API is not configured, so add these with a CSV import (their ASINs are below).
              </p>
            )}
            <ul className="divide-y divide-slate-200">
              {data.requests.map((r) => (
                <li key={r.asin} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm">
                  <a
                    href={r.amazonUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 font-mono font-medium text-blue-700 underline"
                  >
                    {r.asin}
                    <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
                    <span className="sr-only">(opens amazon.co.uk in a new tab)</span>
                  </a>
                  <span className="text-slate-900">
                    {int.format(r.requestCount)} request{r.requestCount === 1 ? '' : 's'}
                  </span>
                  <span className="text-slate-600">last {formatDateTime(r.lastRequestedAt)}</span>
                  {r.lastFetchError && <span className="w-full text-slate-600 sm:w-auto">Amazon: {r.lastFetchError}</span>}
                  {data.amazonConfigured && (
                    <Button
                      size="sm"
                      variant="secondary"
                      className="ml-auto"
                      disabled={fetchOne.isPending}
                      onClick={() => fetchFromAmazon(r.asin)}
                      aria-label={`Fetch ${r.asin} from Amazon`}
                    >
                      Fetch from Amazon
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </AdminQueryState>
    </AdminPanel>
  );
}
