/**
 * Home category buttons (shopper-screens §2): Trending (default, with an 'Active' badge while
 * chosen) and nine categories. The chosen one is highlighted and announced with aria-pressed. On a
 * phone they are one row that scrolls sideways, so the products start near the top of the screen.
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
    // One scrolling row on a phone (the products start higher up the screen), wrapping from `sm` up.
    <div
      role="group"
      aria-label="Deal categories"
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0 sm:pb-0"
    >
      {HOME_CATEGORY_ORDER.map((key) => {
        const active = key === selected;
        return (
          <button
            key={key}
            type="button"
            aria-pressed={active}
            onClick={() => onSelect(key)}
            className={clsx(
              'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
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
