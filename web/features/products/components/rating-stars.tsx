/**
 * Star rating with review count, shown only where our data holds a rating (DESIGN.md §5: the
 * Creators API returns none, so nothing is invented).
 */
import { Star } from 'lucide-react';
import { formatCount } from '../../../../common/numbers';

export function RatingStars({ rating, reviewCount }: { rating: number | null; reviewCount: number | null }) {
  if (rating === null) return null;
  const clamped = Math.max(0, Math.min(5, rating));
  const label = `Rated ${clamped.toFixed(1)} out of 5${reviewCount !== null ? `, ${formatCount(reviewCount)} reviews` : ''}`;
  return (
    <div className="flex items-center gap-1 text-sm text-slate-700" role="img" aria-label={label}>
      <span className="relative inline-flex" aria-hidden="true">
        <span className="flex text-slate-300">
          {[0, 1, 2, 3, 4].map((i) => (
            <Star key={i} className="h-4 w-4 fill-current" />
          ))}
        </span>
        <span className="absolute inset-0 flex overflow-hidden text-amber-500" style={{ width: `${(clamped / 5) * 100}%` }}>
          {[0, 1, 2, 3, 4].map((i) => (
            <Star key={i} className="h-4 w-4 shrink-0 fill-current" />
          ))}
        </span>
      </span>
      <span aria-hidden="true">{clamped.toFixed(1)}</span>
      {reviewCount !== null && <span aria-hidden="true">({formatCount(reviewCount)})</span>}
    </div>
  );
}
