/**
 * A titled section that opens and closes (admin-area §2 "Collapsible Price Check History", "Top 10
 * users by clicks, each expandable") on Radix Collapsible: the header is a real button with
 * `aria-expanded` and `aria-controls`, so keyboard and screen-reader users can open it.
 */
import { useState, type ReactNode } from 'react';
import * as CollapsiblePrimitive from '@radix-ui/react-collapsible';
import { ChevronDown } from 'lucide-react';
import clsx from 'clsx';

export interface CollapsibleSectionProps {
  title: ReactNode;
  /** Shown beside the title (counts, badges). */
  summary?: ReactNode;
  /** Buttons shown in the header, outside the toggle. */
  actions?: ReactNode;
  defaultOpen?: boolean;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  headingLevel?: 2 | 3;
  children: ReactNode;
}

export function CollapsibleSection({
  title,
  summary,
  actions,
  defaultOpen = false,
  open,
  onOpenChange,
  headingLevel = 2,
  children,
}: CollapsibleSectionProps) {
  const [own, setOwn] = useState(defaultOpen);
  const isOpen = open ?? own;
  const change = (next: boolean) => {
    setOwn(next);
    onOpenChange?.(next);
  };
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <CollapsiblePrimitive.Root open={isOpen} onOpenChange={change} className="rounded-lg border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center gap-2 px-4 py-3">
        <Heading className="mr-auto text-base font-semibold text-slate-900">
          <CollapsiblePrimitive.Trigger className="flex items-center gap-2 rounded text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600">
            <ChevronDown className={clsx('h-4 w-4 shrink-0 transition-transform', isOpen ? 'rotate-0' : '-rotate-90')} aria-hidden="true" />
            <span>{title}</span>
            {summary ? <span className="text-sm font-normal text-slate-600">{summary}</span> : null}
          </CollapsiblePrimitive.Trigger>
        </Heading>
        {actions}
      </div>
      <CollapsiblePrimitive.Content className="border-t border-slate-200 px-4 py-3">{children}</CollapsiblePrimitive.Content>
    </CollapsiblePrimitive.Root>
  );
}
