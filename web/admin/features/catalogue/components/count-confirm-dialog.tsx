/**
 * The confirmation of a destructive catalogue change (issue 29 "Destructive actions are safe";
 * docs/decisions/0025-pre-change-export.md): states the exact number of products that will be
 * deleted and what goes with them, offers the current catalogue as CSV first ("Download the current
 * catalogue first"), and for more than {@link TYPE_TO_CONFIRM_ABOVE} products asks the owner to
 * type that number before the delete button works. The admin area's shared AdminCountConfirm
 * (web/admin/components/admin-count-confirm.tsx: Radix AlertDialog, Cancel focused first) with the
 * products' words and the export link.
 */
import type { ReactNode } from 'react';
import { Download } from 'lucide-react';
import { AdminCountConfirm, TYPE_TO_CONFIRM_ABOVE } from '../../../components/admin-count-confirm';
import { CATALOGUE_EXPORT_URL } from '../api';

/** Above this many products the owner types the number to confirm (the admin area's one rule). */
export { TYPE_TO_CONFIRM_ABOVE };

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
  return (
    <AdminCountConfirm
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      count={count}
      summary={
        <>
          <strong>{productCount(count)}</strong> will be deleted. They can be restored with their price history for 30 days (Products tab,
          Recently deleted).
        </>
      }
      description={
        <>
          {description}
          <a
            href={CATALOGUE_EXPORT_URL}
            download
            className="inline-flex items-center gap-1.5 font-medium text-blue-700 underline hover:text-blue-900"
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            Download the current catalogue first (CSV)
          </a>
        </>
      }
      confirmLabel={confirmLabel}
      onConfirm={onConfirm}
    />
  );
}
