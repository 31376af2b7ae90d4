/**
 * Button and link-button styles of the design system. `buttonClasses` lets links (`<a>`, router
 * `<Link>`) look like buttons while keeping their link semantics.
 */
import { forwardRef, type ButtonHTMLAttributes } from 'react';
import clsx from 'clsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'destructive' | 'amazon' | 'success' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-blue-700 text-white hover:bg-blue-800 disabled:bg-blue-300',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:text-slate-400',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400',
  destructive: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-300',
  // Amazon-style call to action: dark text on amber keeps AA contrast.
  amazon: 'bg-amber-400 text-slate-900 hover:bg-amber-500 disabled:bg-amber-200',
  success: 'bg-green-700 text-white hover:bg-green-800 disabled:bg-green-300',
  inverse: 'border border-white/30 text-white hover:bg-white/10',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm gap-1.5',
  md: 'h-10 px-4 text-sm gap-2',
  lg: 'h-12 px-6 text-base gap-2',
  icon: 'h-10 w-10',
};

/** Class names of a button look; use on `<a>`/`<Link>` to keep link semantics. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string): string {
  return clsx(
    'inline-flex shrink-0 items-center justify-center rounded-md font-medium transition-colors select-none',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed',
    VARIANTS[variant],
    SIZES[size],
    extra,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A `<button type="button">` unless told otherwise. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', className, type = 'button', ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClasses(variant, size, className)} {...props} />;
});
