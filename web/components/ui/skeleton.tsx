/**
 * Grey placeholder blocks shown while content loads (shopper-screens §9: 8 skeleton cards).
 * `inline` draws a `<span>` for placeholders inside text, e.g. a heading that waits for its words.
 */
import clsx from 'clsx';

export function Skeleton({ className, inline = false }: { className?: string; inline?: boolean }) {
  const classes = clsx('animate-pulse rounded-md bg-slate-200', inline && 'inline-block align-middle', className);
  return inline ? <span aria-hidden="true" className={classes} /> : <div aria-hidden="true" className={classes} />;
}
