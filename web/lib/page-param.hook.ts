/**
 * The page number of a listing in the URL (`?page=n`, none for page 1), so Back and shared links
 * keep the page (shopper-screens §4 "Page number is clamped between 1 and total pages; changing
 * page scrolls to the top").
 */
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { clampPage } from './pagination.rules';

/** Highest page a URL may ask for (the API's own limit). */
const MAX_PAGE = 10_000;

type SetParams = ReturnType<typeof useSearchParams>[1];

function writePage(setParams: SetParams, next: number, replace: boolean) {
  setParams(
    (current) => {
      const updated = new URLSearchParams(current);
      if (next > 1) updated.set('page', String(next));
      else updated.delete('page');
      return updated;
    },
    { replace },
  );
}

/** The URL's page (1…10,000) and `goTo(page, totalPages)`, which clamps and scrolls to the top. */
export function usePageParam(): { page: number; goTo: (page: number, totalPages: number) => void } {
  const [params, setParams] = useSearchParams();
  const page = clampPage(Number(params.get('page') ?? '1'), MAX_PAGE);
  const goTo = useCallback(
    (next: number, totalPages: number) => {
      writePage(setParams, clampPage(next, totalPages), false);
      window.scrollTo({ top: 0 });
    },
    [setParams],
  );
  return { page, goTo };
}

/**
 * When the server answered another page than the URL asked for (a page beyond the last is clamped
 * to it), the URL is replaced with the page shown, so 'Page x of y' and the URL agree.
 */
export function useServedPage(requested: number, served: number | undefined): void {
  const [, setParams] = useSearchParams();
  useEffect(() => {
    if (served !== undefined && served !== requested) writePage(setParams, served, true);
  }, [requested, served, setParams]);
}
