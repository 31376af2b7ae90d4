/**
 * A product's picture in the admin lists (products list, top deals, a category page's products):
 * the image scaled into a square, or a grey square of the same size when the feed gave none, so the
 * rows line up. Decorative (`alt=""`): the title beside it names the product.
 */
import clsx from 'clsx';

const SIZE = { sm: { px: 40, box: 'h-10 w-10' }, md: { px: 64, box: 'h-16 w-16' } } as const;

/** `size`: 'sm' 40 px (table rows), 'md' 64 px (cards). */
export function ProductThumb({ src, size = 'sm' }: { src: string | null | undefined; size?: keyof typeof SIZE }) {
  const { px, box } = SIZE[size];
  return src ? (
    <img src={src} alt="" width={px} height={px} loading="lazy" className={clsx(box, 'shrink-0 rounded object-contain')} />
  ) : (
    <span className={clsx(box, 'shrink-0 rounded bg-slate-100')} aria-hidden="true" />
  );
}
