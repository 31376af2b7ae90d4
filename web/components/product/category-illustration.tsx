/**
 * A category illustration: the shopper category's icon on a panel tinted with its colour
 * (common/categories.ts `colour`). Shown where a product has no image (the real 2023 feed has
 * none; issue 27 "Good without images") and as the signup page's backdrop collage. Decorative: it
 * is hidden from assistive technology, so the caller names the category in text where it matters.
 */
import clsx from 'clsx';
import {
  Baby,
  BookOpen,
  CookingPot,
  Dumbbell,
  Gamepad2,
  Guitar,
  Headphones,
  Package,
  Shirt,
  Sparkles,
  Car,
  type LucideIcon,
} from 'lucide-react';
import { getShopperCategory, type ShopperCategoryKey } from '../../../common/categories';

const ICONS: Record<ShopperCategoryKey, LucideIcon> = {
  'home-kitchen': CookingPot,
  electronics: Headphones,
  fashion: Shirt,
  'health-beauty': Sparkles,
  'sports-outdoors': Dumbbell,
  automotive: Car,
  gaming: Gamepad2,
  books: BookOpen,
  baby: Baby,
  music: Guitar,
};

/** The colour of a product outside the ten categories ('other' or unknown): Tailwind slate-500. */
const OTHER_COLOUR = '#64748b';

/** Icon and colour of a stored category key ('other' and unknown keys get a parcel in slate). */
export function categoryLook(category: string): { icon: LucideIcon; colour: string } {
  const shopper = getShopperCategory(category);
  return shopper ? { icon: ICONS[shopper.key], colour: shopper.colour } : { icon: Package, colour: OTHER_COLOUR };
}

export interface CategoryIllustrationProps {
  /** A stored category key: one of the ten shopper keys, or 'other'. */
  category: string;
  className?: string;
  /** Size classes of the icon (default h-8 w-8). */
  iconClassName?: string;
}

export function CategoryIllustration({ category, className, iconClassName = 'h-8 w-8' }: CategoryIllustrationProps) {
  const { icon: Icon, colour } = categoryLook(category);
  return (
    <div
      aria-hidden="true"
      data-testid="category-illustration"
      data-category={category}
      className={clsx('flex items-center justify-center', className)}
      // 12% of the category colour behind the icon in the full colour (hex alpha "1f").
      style={{ backgroundColor: `${colour}1f`, color: colour }}
    >
      <Icon className={iconClassName} strokeWidth={1.5} />
    </div>
  );
}
