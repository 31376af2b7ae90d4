/**
 * The trending page's category grid (shopper-screens §2 "Trending deals"): Trending (with an
 * 'Active' badge while chosen), Electronics, Kitchen, Fashion, Baby, Automotive. The chosen one is
 * highlighted and announced with aria-pressed.
 */
import clsx from 'clsx';
import { Flame } from 'lucide-react';
import { getShopperCategory, type ShopperCategoryKey } from '../../../../common/categories';

/** The five categories after Trending, in the spec's order. */
export const TRENDING_CATEGORY_KEYS: readonly ShopperCategoryKey[] = ['electronics', 'home-kitchen', 'fashion', 'baby', 'automotive'];

export interface TrendingCategoriesProps {
  /** The chosen category; null is Trending (every category). */
  selected: ShopperCategoryKey | null;
  onSelect: (key: ShopperCategoryKey | null) => void;
}

export function TrendingCategories({ selected, onSelect }: TrendingCategoriesProps) {
  const buttons: { key: ShopperCategoryKey | null; label: string }[] = [
    { key: null, label: 'Trending' },
    ...TRENDING_CATEGORY_KEYS.map((key) => ({ key, label: getShopperCategory(key)?.buttonLabel ?? key })),
  ];
  return (
    <div role="group" aria-label="Trending categories" className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
      {buttons.map(({ key, label }) => {
        const active = key === selected;
        return (
          <button
            key={label}
            type="button"
            aria-pressed={active}
            onClick={() => onSelect(key)}
            className={clsx(
              'inline-flex h-11 items-center justify-center gap-1.5 rounded-lg border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
              active
                ? 'border-blue-700 bg-blue-700 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:border-blue-400 hover:bg-blue-50',
            )}
          >
            {key === null && <Flame className="h-4 w-4" aria-hidden="true" />}
            {label}
            {key === null && active && <span className="rounded bg-white/20 px-1.5 text-xs font-semibold">Active</span>}
          </button>
        );
      })}
    </div>
  );
}
