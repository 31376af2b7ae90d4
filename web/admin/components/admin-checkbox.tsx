/**
 * The selection checkbox of the admin lists and tables (a row's "Select …", a header's "Select
 * all"): a native checkbox, so Space toggles it and screen readers say its state, that can also
 * show "some selected" (`indeterminate`, which has no HTML attribute and is set on the element).
 * `label` is its accessible name when no visible `<label>` names it.
 */
import { useEffect, useRef } from 'react';
import clsx from 'clsx';

export interface AdminCheckboxProps {
  /** The accessible name ('Select Tefal Frying Pan'); leave out inside a `<label>` that says it. */
  label?: string;
  checked: boolean;
  /** Some but not all of the rows it stands for are selected. */
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  id?: string;
  /** 'lg' (20 px) where it is the row's main control on a phone. */
  size?: 'md' | 'lg';
  className?: string;
}

export function AdminCheckbox({
  label,
  checked,
  indeterminate = false,
  onChange,
  disabled,
  id,
  size = 'md',
  className,
}: AdminCheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate && !checked;
  }, [indeterminate, checked]);
  return (
    <input
      ref={ref}
      id={id}
      type="checkbox"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked)}
      className={clsx(size === 'lg' ? 'h-5 w-5' : 'h-4 w-4', 'shrink-0 cursor-pointer accent-blue-700 disabled:cursor-default', className)}
    />
  );
}
