/**
 * Catalogue-wide actions of the products list and the import tab (admin-area §2 "Import tab": Clear
 * Cache, Clear All Products; admin-area §7 `DELETE /api/admin/cache`,
 * `DELETE /api/admin/products/clear-all`; §5: clearing ALL products is confirmed, 'This cannot be
 * undone'; §8: 'Cache cleared successfully', 'All products cleared successfully', 'Failed to clear
 * products'). Clearing the cache only makes every instance rebuild the shoppers' cached answers.
 */
import { useMutation } from '@tanstack/react-query';
import { DatabaseZap, Trash } from 'lucide-react';
import type { CacheClearedResponse, DeletedCountResponse } from '../../../common/api/products.admin.schema';
import { useRefetchCatalogue } from '../lib/admin-catalogue-refetch';
import { apiRequest, messageForPeople } from '../../lib/http.client';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';

/** `DELETE /api/admin/products/clear-all`. */
export function useClearAllProducts() {
  const refetch = useRefetchCatalogue();
  return useMutation({
    mutationFn: () => apiRequest<DeletedCountResponse>('DELETE', '/api/admin/products/clear-all'),
    onSettled: refetch,
  });
}

/** `DELETE /api/admin/cache`. */
export function useClearCache() {
  const refetch = useRefetchCatalogue();
  return useMutation({
    mutationFn: () => apiRequest<CacheClearedResponse>('DELETE', '/api/admin/cache'),
    onSettled: refetch,
  });
}

export interface CatalogueMaintenanceProps {
  /** Products the list's filters match (undefined while loading, or where no list is shown). */
  total?: number;
  filtered?: boolean;
  /** After every product was deleted (the caller drops its selections). */
  onCleared?: () => void;
}

/** The Clear cache and Clear all products buttons (the latter confirmed first). */
export function CatalogueMaintenance({ total, filtered = false, onCleared }: CatalogueMaintenanceProps) {
  const clearCache = useClearCache();
  const clearAll = useClearAllProducts();
  const everything = total === undefined || filtered ? 'every product in the catalogue' : `all ${total.toLocaleString('en-GB')} products`;
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        size="sm"
        disabled={clearCache.isPending}
        onClick={() =>
          clearCache.mutate(undefined, {
            onSuccess: () =>
              toast({
                title: 'Cache cleared successfully',
                description: 'Shopper pages are rebuilt from the catalogue on their next visit.',
              }),
            onError: (error) =>
              toast({ title: 'Failed to clear cache', description: messageForPeople(error, 'Please try again.'), variant: 'destructive' }),
          })
        }
      >
        <DatabaseZap className="h-4 w-4" aria-hidden="true" />
        {clearCache.isPending ? 'Clearing…' : 'Clear cache'}
      </Button>
      <ConfirmDialog
        trigger={
          <Button
            variant="secondary"
            size="sm"
            className="border-red-300 text-red-800 hover:bg-red-50"
            disabled={clearAll.isPending || total === 0}
          >
            <Trash className="h-4 w-4" aria-hidden="true" />
            {clearAll.isPending ? 'Clearing…' : 'Clear all products'}
          </Button>
        }
        title="Clear ALL products?"
        description={`This deletes ${everything}, with their price history and their places on category pages. Alerts keep their ASIN. They can be restored with their price history for 30 days (Products tab, Recently deleted).`}
        confirmLabel="Clear all products"
        onConfirm={() =>
          clearAll.mutate(undefined, {
            onSuccess: ({ deletedCount }) => {
              onCleared?.();
              toast({
                title: 'All products cleared successfully',
                description: `${deletedCount.toLocaleString('en-GB')} products deleted; restorable for 30 days (Products tab, Recently deleted).`,
              });
            },
            onError: (error) =>
              toast({
                title: 'Failed to clear products',
                description: messageForPeople(error, 'Please try again.'),
                variant: 'destructive',
              }),
          })
        }
      />
    </div>
  );
}
