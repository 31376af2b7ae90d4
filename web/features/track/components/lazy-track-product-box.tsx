/**
 * "Track any Amazon product" loaded after the page (DESIGN.md §7 first-load JS): the box sits below
 * the home listing, so its code (the box, the link parser common/amazon-link.ts, the form controls)
 * is fetched once the browser is idle after the first render, or as soon as its place comes within
 * a screen of the viewport, whichever is first. Until then a frame of the box's size holds its place,
 * so nothing below it moves when it arrives.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Product } from '../../../../common/api/products.schema';

const TrackProductBox = lazy(() => import('./track-product-box').then((m) => ({ default: m.TrackProductBox })));

/** Longest wait for an idle moment before the box loads anyway (ms). */
const IDLE_TIMEOUT_MS = 2_000;

function Placeholder() {
  return <div aria-hidden="true" className="min-h-44 rounded-lg border border-slate-200 bg-white sm:min-h-36" />;
}

export function LazyTrackProductBox({ onTrack }: { onTrack: (product: Product) => void }) {
  const place = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const idle = window.requestIdleCallback?.(want, { timeout: IDLE_TIMEOUT_MS });
    const timer = idle === undefined ? window.setTimeout(want, 200) : undefined;
    const observer =
      typeof IntersectionObserver === 'undefined' || place.current === null
        ? undefined
        : new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want(), { rootMargin: '100% 0px' });
    if (observer && place.current) observer.observe(place.current);
    return () => {
      if (idle !== undefined) window.cancelIdleCallback?.(idle);
      if (timer !== undefined) window.clearTimeout(timer);
      observer?.disconnect();
    };
  }, [wanted]);

  if (!wanted)
    return (
      <div ref={place}>
        <Placeholder />
      </div>
    );
  return (
    <Suspense fallback={<Placeholder />}>
      <TrackProductBox onTrack={onTrack} />
    </Suspense>
  );
}
