/**
 * A tab's list state in the URL's search params (issue 29 "page, sort, filter and tab in the URL,
 * restored on reload and back/forward"): `useUrlState(defaults)` reads each key (its default when
 * absent or not allowed) and `set(patch)` writes the keys that changed, leaving a key out of the URL
 * while it holds its default. Page and filter changes push a history entry (Back returns to the
 * previous page or filter); typing in a search field replaces it (`{ replace: true }`), so Back is not
 * one entry per keystroke. The tab itself is the path (`/admin/{key}`), so each tab keeps its own.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** Every key's default, and optionally the values it may take (anything else reads as the default). */
export type UrlStateSpec<K extends string> = Record<K, { default: string; allowed?: readonly string[] }>;

export interface UrlState<K extends string> {
  values: Record<K, string>;
  /** Writes `patch` (a default value removes the key). */
  set: (patch: Partial<Record<K, string>>, options?: { replace?: boolean }) => void;
}

export function useUrlState<K extends string>(spec: UrlStateSpec<K>): UrlState<K> {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => {
    const out = {} as Record<K, string>;
    for (const key of Object.keys(spec) as K[]) {
      const raw = params.get(key);
      const { default: fallback, allowed } = spec[key];
      out[key] = raw === null || (allowed && !allowed.includes(raw)) ? fallback : raw;
    }
    return out;
    // `spec` is a module constant at every caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params]);
  const set = useCallback(
    (patch: Partial<Record<K, string>>, options?: { replace?: boolean }) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch) as Array<[K, string | undefined]>) {
            if (value === undefined || value === spec[key].default) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: options?.replace ?? false },
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setParams],
  );
  return { values, set };
}

/** A page number from the URL: a whole number ≥ 1, else 1. */
export const pageOf = (text: string): number => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};
