/**
 * 'Set Price Drop Alert' dialog of the trending page (shopper-screens §2 "Trending deals", §5
 * "Trending dialog: enabled when an e-mail is present", §8): the product, its price, an e-mail
 * field, Create Alert and Cancel. It creates the alert through the same call as 'Confirm Deal
 * Alert' (POST /api/deal-alerts), so the visitor token is remembered the same way.
 */
import { useId, useState, type FormEvent } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Loader2 } from 'lucide-react';
import { formatPriceString } from '../../../../common/money';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { messageForPeople } from '../../../lib/http.client';
import { useCreateAlert } from '../api';
import type { AlertProduct } from './deal-alert-dialog';

export interface PriceDropAlertDialogProps {
  product: AlertProduct;
  onClose: () => void;
  defaultEmail: string | null;
  /** The browser's visitor token for `defaultEmail`: sent when the alert is for that address (issue 25). */
  token?: string | null;
  onCreated: (email: string, token: string) => void;
}

export function PriceDropAlertDialog({ product, onClose, defaultEmail, token = null, onCreated }: PriceDropAlertDialogProps) {
  const id = useId();
  const [email, setEmail] = useState(defaultEmail ?? '');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateAlert({ email: defaultEmail, token });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    // The server needs a whole address; say so here rather than send one it will refuse.
    if (!address.includes('@')) {
      setError('Please enter a valid email address to receive deal alerts.');
      return;
    }
    create.mutate(
      {
        productAsin: product.asin,
        productTitle: product.title,
        ...(product.price !== null ? { currentPrice: product.price.replace(/[£,]/g, '') } : {}),
        productImageUrl: product.imageUrl,
        productUrl: product.productUrl,
        userEmail: address,
        isActive: true,
      },
      {
        onSuccess: (created) => {
          onCreated(address, created.visitorToken);
          onClose();
          toast({ title: 'Deal alert created!', description: "You'll be notified when this product's price drops." });
        },
        onError: (failure) =>
          toast({
            title: 'Failed to create alert',
            description: messageForPeople(failure, 'Unable to create deal alert. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Set Price Drop Alert"
      description="We'll e-mail you when the price of this product drops."
      testId="price-drop-alert-dialog"
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="rounded-md bg-slate-50 p-3">
          <p className="line-clamp-2 text-sm font-medium text-slate-900">{product.title}</p>
          <p className="mt-1 text-sm text-slate-800">
            Current price:{' '}
            <span className="font-semibold">
              {product.price === null ? "see today's price on Amazon" : formatPriceString(product.price)}
            </span>
          </p>
        </div>
        <div>
          <Label htmlFor={`${id}-email`}>Email address</Label>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            invalid={error !== null}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null);
            }}
            placeholder="you@example.co.uk"
          />
          {error && (
            <p id={`${id}-error`} className="mt-1 text-sm text-red-700" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
          <DialogPrimitive.Close className={buttonClasses('secondary')}>Cancel</DialogPrimitive.Close>
          <Button type="submit" variant="success" disabled={email.trim() === '' || create.isPending}>
            {create.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
            {create.isPending ? 'Creating Alert...' : 'Create Alert'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
