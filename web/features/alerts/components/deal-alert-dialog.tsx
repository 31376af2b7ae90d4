/**
 * 'Confirm Deal Alert' dialog (shopper-screens §2, §4 "Deal alert dialog", §5, §8): product summary,
 * current price ('Loading...' until GET /api/amazon/current-price answers; a failure is only logged
 * and the card's price kept), its 'as of' time, the e-mail (prefilled), the kind of alert (issue 30:
 * a radio group — any drop, below a price, a percentage drop, a new lowest price, back in stock —
 * with the price or percentage it needs), Cancel and Confirm. Confirm needs an e-mail with '@', a loaded price and no pending creation.
 * On success the returned visitor token is remembered with the e-mail, the dialog closes and a toast
 * says so (and, until the address is confirmed, that a confirmation e-mail was sent). A price the
 * API does not show (Amazon's data over 24 hours old, decision 0014) reads "See today's price on
 * Amazon" with a link, and the alert is created without a client price (the server uses its own).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Loader2 } from 'lucide-react';
import type { Product } from '../../../../common/api/products.schema';
import { formatPriceString } from '../../../../common/money';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { formatDateTime } from '../../../lib/date.format';
import { messageForPeople } from '../../../lib/http.client';
import { outboundHref, refreshOutboundHref } from '../../../lib/outbound-link';
import { parseDropPercent, parseTargetPrice } from '../alert.rules';
import type { AlertType } from '../../../../common/alert-kinds';
import { useCreateAlert, useCurrentPrice } from '../api';

/** What the dialog needs of a product (a card's or the product page's). */
export type AlertProduct = Pick<Product, 'asin' | 'title' | 'price' | 'imageUrl' | 'productUrl' | 'asOf'>;

export interface DealAlertDialogProps {
  product: AlertProduct | null;
  onClose: () => void;
  /** The stored e-mail, used to prefill the field. */
  defaultEmail: string | null;
  /** The browser's visitor token for `defaultEmail`: sent when the alert is for that address. */
  token?: string | null;
  /** Called with the e-mail and the visitor token the server issued. */
  onCreated: (email: string, token: string) => void;
}

/** The kinds a shopper can choose (issue 30), in the order shown; the first is the default. */
export const ALERT_KIND_OPTIONS: ReadonlyArray<{ value: AlertType; label: string; hint: string }> = [
  { value: 'any_drop', label: 'Any price drop', hint: 'Whenever the price falls.' },
  { value: 'target_price', label: 'Below a price', hint: 'When it is at or below a price you choose.' },
  { value: 'percent_drop', label: 'Drops by a percentage', hint: "When it is a chosen percentage under today's price." },
  { value: 'lowest_price', label: 'New lowest price', hint: 'When it falls to the lowest price we have recorded.' },
  { value: 'back_in_stock', label: 'Back in stock', hint: 'When Amazon has it in stock again after selling out.' },
];

export function DealAlertDialog({ product, onClose, defaultEmail, token = null, onCreated }: DealAlertDialogProps) {
  return (
    <Dialog
      open={product !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Confirm Deal Alert"
      description="We'll e-mail you when this product's price drops."
      testId="deal-alert-dialog"
    >
      {product && (
        <AlertForm key={product.asin} product={product} defaultEmail={defaultEmail} token={token} onClose={onClose} onCreated={onCreated} />
      )}
    </Dialog>
  );
}

function AlertForm({
  product,
  defaultEmail,
  token = null,
  onClose,
  onCreated,
}: { product: AlertProduct } & Omit<DealAlertDialogProps, 'product'>) {
  const id = useId();
  const [email, setEmail] = useState(defaultEmail ?? '');
  const [kind, setKind] = useState<AlertType>('any_drop');
  const [target, setTarget] = useState('');
  const [targetError, setTargetError] = useState<string | null>(null);
  const [percent, setPercent] = useState('');
  const [percentError, setPercentError] = useState<string | null>(null);
  const price = useCurrentPrice(product.asin);
  const create = useCreateAlert({ email: defaultEmail, token });

  useEffect(() => {
    // Spec §8: a current-price failure is only logged; the card's price stays.
    if (price.error) console.warn('Current price unavailable; showing the listed price:', price.error);
  }, [price.error]);
  // The current-price answer wins once it has come (its null means "not shown": no fallback to the card's).
  const shownPrice = price.data ? price.data.currentPrice : product.price;
  const asOf = price.data ? price.data.asOf : product.asOf;
  const amazonTarget = { asin: product.asin, clickType: 'shop' as const };
  const priceLoading = price.isLoading;
  const canConfirm = email.includes('@') && !priceLoading && !create.isPending;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (address === '' || !address.includes('@')) {
      toast({ title: 'Email Required', description: 'Please enter a valid email address to receive deal alerts.', variant: 'destructive' });
      return;
    }
    const targetPrice = kind === 'target_price' ? parseTargetPrice(target) : ({ ok: true, price: null } as const);
    if (!targetPrice.ok) {
      setTargetError(targetPrice.message);
      return;
    }
    if (kind === 'target_price' && targetPrice.price === null) {
      setTargetError('Enter the price to alert you at, such as 12.99');
      return;
    }
    const dropPercent = kind === 'percent_drop' ? parseDropPercent(percent) : null;
    if (dropPercent && !dropPercent.ok) {
      setPercentError(dropPercent.message);
      return;
    }
    if (priceLoading || create.isPending) return;
    create.mutate(
      {
        productAsin: product.asin,
        productTitle: product.title,
        ...(shownPrice !== null ? { currentPrice: shownPrice.replace(/[£,]/g, '') } : {}),
        alertType: kind,
        ...(targetPrice.price !== null ? { targetPrice: targetPrice.price } : {}),
        ...(dropPercent?.ok ? { dropPercent: dropPercent.percent } : {}),
        productImageUrl: product.imageUrl,
        productUrl: product.productUrl,
        userEmail: address,
        isActive: true,
      },
      {
        onSuccess: (created) => {
          onCreated(address, created.visitorToken);
          onClose();
          toast({
            title: 'Deal alert created!',
            description: [
              kind === 'back_in_stock'
                ? "You'll be notified when this product is back in stock."
                : "You'll be notified when this product's price drops.",
              ...(created.emailConfirmed
                ? []
                : [`Check ${address} for our e-mail and open its link: it confirms the address and shows all its alerts on this device.`]),
            ],
          });
        },
        onError: (error) => {
          toast({
            title: 'Failed to create alert',
            description: messageForPeople(error, 'Unable to create deal alert. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="flex gap-3 rounded-md bg-slate-50 p-3">
        <div className="flex h-16 w-16 shrink-0 items-center justify-center overflow-hidden rounded bg-white">
          {product.imageUrl ? (
            <img src={product.imageUrl} alt="" width={64} height={64} className="h-16 w-16 object-contain" />
          ) : (
            <span className="text-center text-[10px] text-slate-600">No image</span>
          )}
        </div>
        <div className="min-w-0">
          <p className="line-clamp-2 text-sm font-medium text-slate-900">{product.title}</p>
          <p className="mt-1 text-sm text-slate-800">
            Current price:{' '}
            <span className="font-semibold" aria-live="polite">
              {priceLoading ? (
                'Loading...'
              ) : shownPrice === null ? (
                <a
                  href={outboundHref(amazonTarget)}
                  onClick={refreshOutboundHref(amazonTarget)}
                  target="_blank"
                  rel="sponsored noopener"
                  className="text-blue-800 underline"
                >
                  See today&apos;s price on Amazon
                </a>
              ) : (
                formatPriceString(shownPrice)
              )}
            </span>
          </p>
          {!priceLoading && asOf !== null && <p className="text-xs text-slate-600">Price as of {formatDateTime(asOf)}</p>}
        </div>
      </div>
      <div>
        <Label htmlFor={`${id}-email`}>Your e-mail address</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@example.co.uk"
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">Alert me when</legend>
        <div className="mt-2 space-y-1">
          {ALERT_KIND_OPTIONS.map((option) => (
            <div
              key={option.value}
              className="flex items-start gap-2 rounded-md p-1.5 hover:bg-slate-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600"
            >
              <input
                id={`${id}-kind-${option.value}`}
                type="radio"
                name={`${id}-kind`}
                value={option.value}
                checked={kind === option.value}
                onChange={() => setKind(option.value)}
                aria-describedby={`${id}-kind-${option.value}-hint`}
                className="mt-1 h-4 w-4 shrink-0 accent-blue-700"
              />
              <div className="text-sm">
                <label htmlFor={`${id}-kind-${option.value}`} className="cursor-pointer font-medium text-slate-900">
                  {option.label}
                </label>
                <p id={`${id}-kind-${option.value}-hint`} className="text-xs text-slate-600">
                  {option.hint}
                </p>
              </div>
            </div>
          ))}
        </div>
      </fieldset>
      {kind === 'target_price' && (
        <div>
          <Label htmlFor={`${id}-target`}>Alert me when it drops below £…</Label>
          <Input
            id={`${id}-target`}
            inputMode="decimal"
            value={target}
            invalid={targetError !== null}
            aria-describedby={targetError ? `${id}-target-error` : `${id}-target-hint`}
            onChange={(e) => {
              setTarget(e.target.value);
              setTargetError(null);
            }}
            placeholder="e.g. 19.99"
          />
          {targetError ? (
            <p id={`${id}-target-error`} className="mt-1 text-sm text-red-700">
              {targetError}
            </p>
          ) : (
            <p id={`${id}-target-hint`} className="mt-1 text-xs text-slate-600">
              We e-mail you when the price is at or below this.
            </p>
          )}
        </div>
      )}
      {kind === 'percent_drop' && (
        <div>
          <Label htmlFor={`${id}-percent`}>Alert me when it drops by at least (%)</Label>
          <Input
            id={`${id}-percent`}
            inputMode="numeric"
            value={percent}
            invalid={percentError !== null}
            aria-describedby={percentError ? `${id}-percent-error` : `${id}-percent-hint`}
            onChange={(e) => {
              setPercent(e.target.value);
              setPercentError(null);
            }}
            placeholder="e.g. 10"
          />
          {percentError ? (
            <p id={`${id}-percent-error`} className="mt-1 text-sm text-red-700">
              {percentError}
            </p>
          ) : (
            <p id={`${id}-percent-hint`} className="mt-1 text-xs text-slate-600">
              A whole number from 1 to 90, counted from today&apos;s price.
            </p>
          )}
        </div>
      )}
      <p className="text-xs text-slate-600">We only use your e-mail for deal alerts. Every e-mail has a one-click unsubscribe link.</p>
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
        <DialogPrimitive.Close className={buttonClasses('secondary')}>Cancel</DialogPrimitive.Close>
        <Button type="submit" variant="success" disabled={!canConfirm}>
          {create.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {create.isPending ? 'Creating Alert...' : 'Confirm'}
        </Button>
      </div>
    </form>
  );
}
