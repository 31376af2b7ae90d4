/**
 * The confirmation of a destructive catalogue change (issue 29 "Destructive actions are safe";
 * docs/decisions/0025-pre-change-export.md): states the exact number of products that will be
 * deleted and what goes with them, offers the current catalogue as CSV first ("Download the current
 * catalogue first"), and for more than {@link TYPE_TO_CONFIRM_ABOVE} products asks the owner to
 * type that number before the delete button works. On Radix AlertDialog (Cancel focused first, so
 * Enter never destroys by accident).
 */
import { useId, useState, type ReactNode } from 'react';
import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import { Download } from 'lucide-react';
import { buttonClasses } from '../../../../components/ui/button';
import { CATALOGUE_EXPORT_URL } from '../api';

/** Above this many products the owner types the number to confirm. */
export const TYPE_TO_CONFIRM_ABOVE = 100;

/** "1 product", "93,995 products". */
export const productCount = (n: number) => `${n.toLocaleString('en-GB')} product${n === 1 ? '' : 's'}`;

export interface CountConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Products that will be deleted. */
  count: number;
  /** What goes with them and anything else the owner must know. */
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
}

export function CountConfirmDialog({ open, onOpenChange, title, count, description, confirmLabel, onConfirm }: CountConfirmDialogProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const mustType = count > TYPE_TO_CONFIRM_ABOVE;
  const typedRight = typed.replace(/[,\s]/g, '') === String(count);
  const allowed = !mustType || typedRight;
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
              <p>
                <strong>{productCount(count)}</strong> will be deleted. This cannot be undone.
              </p>
              {description}
            </div>
          </AlertDialogPrimitive.Description>
          <a
            href={CATALOGUE_EXPORT_URL}
            download
            className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-blue-700 underline hover:text-blue-900"
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            Download the current catalogue first (CSV)
          </a>
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
