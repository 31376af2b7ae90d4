/**
 * Modal dialog and side sheet on Radix Dialog: focus trapped, Escape and backdrop close, focus
 * returns to the opener. Title is required (accessible name); description optional.
 *
 * Focus return (WCAG 2.4.3): Radix gives the focus back to a `Dialog.Trigger`, but our dialogs are
 * opened by plain buttons (and by lazy chunks), so the element focused when the dialog opened is
 * remembered and focused again when it closes.
 */
import { useRef, type ReactNode } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import clsx from 'clsx';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** 'center' (default) or 'right' for a full-height side sheet. */
  placement?: 'center' | 'right';
  /** Extra content beside the title (e.g. a LIVE badge). */
  titleAside?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  placement = 'center',
  titleAside,
  children,
  className,
  testId,
}: DialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <DialogPrimitive.Content
          data-testid={testId}
          // Runs before Radix moves the focus into the dialog: the opener still has it.
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          // Radix wants an explicit undefined when a dialog has no description.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={clsx(
            'fixed z-50 flex flex-col bg-white shadow-xl focus:outline-none',
            placement === 'center'
              ? 'top-1/2 left-1/2 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl'
              : 'top-0 right-0 h-dvh w-full max-w-md',
            className,
          )}
        >
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4">
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">{title}</DialogPrimitive.Title>
                {titleAside}
              </div>
              {description && (
                <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">{description}</DialogPrimitive.Description>
              )}
            </div>
            <DialogPrimitive.Close aria-label="Close" className="-m-1 rounded p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900">
              <X className="h-5 w-5" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
