/**
 * A product image in a fixed-ratio box (no layout shift, DESIGN.md §7 CLS ≤ 0.05), lazy-loaded.
 * Where there is none, or it fails to load, the product's category illustration fills the box
 * (issue 27 "Good without images"), or 'No image available' when no category is given.
 */
import { useState } from 'react';
import { ImageOff } from 'lucide-react';
import clsx from 'clsx';
import { CategoryIllustration } from '../../../components/product/category-illustration';

export interface ProductImageProps {
  src: string | null;
  alt: string;
  className?: string;
  /** Load at once (the product page's main image) instead of lazily. */
  eager?: boolean;
  /** The product's stored category key: its illustration stands in for a missing image. */
  category?: string;
}

export function ProductImage({ src, alt, className, eager = false, category }: ProductImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const missing = src === null || src === '' || failed === src;
  if (missing && category !== undefined) {
    return <CategoryIllustration category={category} className={clsx('overflow-hidden', className)} iconClassName="h-16 w-16" />;
  }
  return (
    <div className={clsx('relative flex items-center justify-center overflow-hidden bg-white', className)}>
      {missing ? (
        <div className="flex flex-col items-center gap-1 text-sm text-slate-600">
          <ImageOff className="h-6 w-6" aria-hidden="true" />
          No image available
        </div>
      ) : (
        <img
          src={src}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          width={400}
          height={400}
          onError={() => setFailed(src)}
          className="h-full w-full object-contain"
        />
      )}
    </div>
  );
}
