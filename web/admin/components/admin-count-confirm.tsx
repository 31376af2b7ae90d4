/**
 * The confirmation of a destructive bulk action in the admin area (issue 29 "every bulk delete
 * states the exact number and what goes with it, and asks for it to be typed for more than 100
 * rows"): the exact number in words ("1,234 alerts will be deleted"), what goes with them, and above
 * {@link TYPE_TO_CONFIRM_ABOVE} rows a field where the owner types the number before the action
 * button works. On Radix AlertDialog (Cancel focused first, so Enter never destroys by accident).
 * The catalogue's version (catalogue/components/count-confirm-dialog.tsx) adds the pre-change export.
 */
import { useId, useState, type ReactNode } from 'react';
import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import { buttonClasses } from '../../components/ui/button';

/** Above this many rows the owner types the number to confirm. */
export const TYPE_TO_CONFIRM_ABOVE = 100;

/** True when `typed` is `count` (commas and spaces ignored: "1,234" is 1234). */
export const typedCount = (typed: string, count: number) => typed.replace(/[,\s]/g, '') === String(count);

export interface AdminCountConfirmProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  count: number;
  /** The first line, e.g. "<strong>1,234 alerts</strong> will be deleted. This cannot be undone." */
  summary: ReactNode;
  /** What goes with them and anything else the owner must know. */
  description?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
}

export function AdminCountConfirm({
  open,
  onOpenChange,
  title,
  count,
  summary,
  description,
  confirmLabel,
  onConfirm,
}: AdminCountConfirmProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const mustType = count > TYPE_TO_CONFIRM_ABOVE;
  const allowed = !mustType || typedCount(typed, count);
  const change = (next: boolean) => {
    if (!next) setTyped('');
    onOpenChange(next);
  };
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={change}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-[60] bg-slate-900/60" />
        <AlertDialogPrimitive.Content className="fixed top-1/2 left-1/2 z-[60] max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-xl focus:outline-none">
          <AlertDialogPrimitive.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description asChild>
            <div className="mt-2 space-y-2 text-sm text-slate-700">
              <p>{summary}</p>
              {description}
            </div>
          </AlertDialogPrimitive.Description>
          {mustType ? (
            <div className="mt-3">
              <label htmlFor={`${id}-typed`} className="block text-sm font-medium text-slate-900">
                Type {count} to confirm
              </label>
              <input
                id={`${id}-typed`}
                inputMode="numeric"
                autoComplete="off"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
              />
            </div>
          ) : null}
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <AlertDialogPrimitive.Cancel className={buttonClasses('secondary')}>Cancel</AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action
              className={buttonClasses('destructive')}
              disabled={!allowed}
              onClick={(event) => {
                if (!allowed) {
                  event.preventDefault();
                  return;
                }
                setTyped('');
                onConfirm();
              }}
            >
              {confirmLabel}
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
