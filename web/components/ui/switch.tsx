/** A labelled on/off switch on Radix Switch (role="switch", Space toggles). */
import { useId } from 'react';
import * as SwitchPrimitive from '@radix-ui/react-switch';

export interface SwitchProps {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Id of an element describing the switch (aria-describedby), e.g. a hint below it. */
  describedBy?: string;
}

export function Switch({ label, checked, onCheckedChange, describedBy }: SwitchProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <SwitchPrimitive.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-describedby={describedBy}
        className="relative h-6 w-11 shrink-0 rounded-full bg-slate-400 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 data-[state=checked]:bg-green-700"
      >
        <SwitchPrimitive.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </SwitchPrimitive.Root>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
    </div>
  );
}
