/**
 * A product image in a fixed-ratio box (no layout shift, DESIGN.md §7 CLS ≤ 0.05), lazy-loaded,
 * with 'No image available' when there is none or it fails to load.
 */
import { useState } from 'react';
import { ImageOff } from 'lucide-react';
import clsx from 'clsx';

export interface ProductImageProps {
  src: string | null;
  alt: string;
  className?: string;
  /** Load at once (the product page's main image) instead of lazily. */
  eager?: boolean;
}

export function ProductImage({ src, alt, className, eager = false }: ProductImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const missing = src === null || src === '' || failed === src;
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
