/**
 * TanStack Query client with the specification's cache rules (shopper-screens §9; content-and-
 * account-pages §7): data never goes stale, no interval or focus refetch, failed queries and
 * mutations are not retried. Individual queries override (the product search uses staleTime 0).
 */
import { QueryClient } from '@tanstack/react-query';

/** Builds a fresh client; one per page load (web/main.tsx). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        refetchOnReconnect: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
