/**
 * Home category buttons (shopper-screens §2): Trending (default, with an 'Active' badge while
 * chosen) and nine categories. The chosen one is highlighted and announced with aria-pressed.
 */
import clsx from 'clsx';
import { Flame } from 'lucide-react';
import { HOME_CATEGORY_ORDER, homeCategoryLabel, type HomeCategory } from '../search-criteria';

export interface CategoryButtonsProps {
  selected: HomeCategory;
  onSelect: (key: HomeCategory) => void;
}

export function CategoryButtons({ selected, onSelect }: CategoryButtonsProps) {
  return (
    <div role="group" aria-label="Deal categories" className="flex flex-wrap gap-2">
      {HOME_CATEGORY_ORDER.map((key) => {
        const active = key === selected;
        return (
          <button
            key={key}
            type="button"
            aria-pressed={active}
            onClick={() => onSelect(key)}
            className={clsx(
              'inline-flex h-9 items-center gap-1.5 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
              active
                ? 'border-blue-700 bg-blue-700 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:border-blue-400 hover:bg-blue-50',
            )}
          >
            {key === 'trending' && <Flame className="h-4 w-4" aria-hidden="true" />}
            {homeCategoryLabel(key)}
            {key === 'trending' && active && <span className="rounded bg-white/20 px-1.5 text-xs font-semibold">Active</span>}
          </button>
        );
      })}
    </div>
  );
}
