/**
 * A labelled single-choice select. A styled native `<select>`, not Radix Select: Radix Select with
 * its positioning library adds about 30 KiB of gzipped JS and put /search over the 150 KiB
 * first-load budget (DESIGN.md §7); the native control is as accessible (role combobox, keyboard,
 * screen readers) and better on phones.
 */
import { useId } from 'react';
import { ChevronDown } from 'lucide-react';

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

export interface SelectProps<T extends string> {
  label: string;
  value: T;
  options: readonly SelectOption<T>[];
  onValueChange: (value: T) => void;
}

export function Select<T extends string>({ label, value, options, onValueChange }: SelectProps<T>) {
  const id = useId();
  return (
    // min-w-0 and max-w-full: a long option must not widen the page on a phone (a native select is
    // as wide as its longest option unless something stops it).
    <div className="flex max-w-full min-w-0 items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap text-slate-800">
        {label}
      </label>
      <div className="relative min-w-0">
        <select
          id={id}
          value={value}
          onChange={(event) => onValueChange(event.target.value as T)}
          className="h-10 max-w-full min-w-44 appearance-none rounded-md border border-slate-300 bg-white pr-9 pl-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown className="pointer-events-none absolute top-3 right-3 h-4 w-4 text-slate-600" aria-hidden="true" />
      </div>
    </div>
  );
}
