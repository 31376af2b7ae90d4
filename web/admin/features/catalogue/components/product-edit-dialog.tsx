/**
 * "Edit a product" (issue 29): a form dialog per product row with its title, price (pounds), image
 * URL and category, sent to `PATCH /api/admin/products/{asin}` with only the fields the owner
 * changed. A new price is recorded by the server as a price observation (source 'admin'); the
 * change is in the audit log. A refusal shows the server's "field: rule" message in the dialog.
 * The "Active" switch (Radix, role="switch") takes the product off every shopper page and out of
 * alert e-mails, or puts it back (docs/decisions/0034-inactive-products.md); the list badges it.
 */
import { useId, useState, type FormEvent } from 'react';
import { SHOPPER_CATEGORIES } from '../../../../../common/categories';
import type { AdminProduct, ProductEditBody } from '../../../../../common/api/products.admin.schema';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Input, Label } from '../../../../components/ui/input';
import { Switch } from '../../../../components/ui/switch';
import { toast } from '../../../../components/ui/toast';
import { messageForPeople } from '../../../../lib/http.client';
import { useEditProduct } from '../api';

/** The fields the owner changed, as the PATCH body; empty when nothing differs. */
export function changedFields(
  product: AdminProduct,
  form: { title: string; price: string; imageUrl: string; category: string; isActive: boolean },
): ProductEditBody {
  const body: ProductEditBody = {};
  if (form.title.trim() !== product.title) body.title = form.title.trim();
  if (form.price.trim() !== product.price) body.price = form.price.trim();
  const image = form.imageUrl.trim();
  if (image !== (product.imageUrl ?? '')) body.imageUrl = image === '' ? null : image;
  if (form.category !== product.category) body.category = form.category as ProductEditBody['category'];
  if (form.isActive !== product.isActive) body.isActive = form.isActive;
  return body;
}

export function ProductEditDialog({
  product,
  open,
  onOpenChange,
}: {
  product: AdminProduct;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const edit = useEditProduct();
  const [form, setForm] = useState({
    title: product.title,
    price: product.price,
    imageUrl: product.imageUrl ?? '',
    category: product.category,
    isActive: product.isActive,
  });
  const [error, setError] = useState<string | null>(null);
  const set = (field: Exclude<keyof typeof form, 'isActive'>) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = changedFields(product, form);
    if (Object.keys(body).length === 0) {
      setError('Nothing changed: edit a field first.');
      return;
    }
    setError(null);
    edit.mutate(
      { asin: product.asin, edit: body },
      {
        onSuccess: ({ changed }) => {
          const words = Object.keys(changed).map((key) => (key === 'isActive' ? (form.isActive ? 'made active' : 'made inactive') : key));
          toast({ title: 'Product updated', description: words.join(', ') || 'No change' });
          onOpenChange(false);
        },
        onError: (failure) => setError(messageForPeople(failure, 'Failed to update the product')),
      },
    );
  };

  const field = 'mt-1 block w-full';
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Edit ${product.asin}`} description="Change what shoppers see for this product.">
      <form onSubmit={submit} className="space-y-3" noValidate>
        <div>
          <Label htmlFor={`${id}-title`}>Title</Label>
          <Input id={`${id}-title`} className={field} value={form.title} onChange={(e) => set('title')(e.target.value)} required />
        </div>
        <div>
          <Label htmlFor={`${id}-price`}>Price (£)</Label>
          <Input
            id={`${id}-price`}
            className={field}
            inputMode="decimal"
            value={form.price}
            onChange={(e) => set('price')(e.target.value)}
            aria-describedby={`${id}-price-hint`}
          />
          <p id={`${id}-price-hint`} className="mt-1 text-xs text-slate-600">
            A new price is recorded in the product&apos;s price history as set by you now.
          </p>
        </div>
        <div>
          <Label htmlFor={`${id}-image`}>Image URL</Label>
          <Input id={`${id}-image`} className={field} type="url" value={form.imageUrl} onChange={(e) => set('imageUrl')(e.target.value)} />
        </div>
        <div>
          <Label htmlFor={`${id}-category`}>Category</Label>
          <select
            id={`${id}-category`}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
            value={form.category}
            onChange={(e) => set('category')(e.target.value)}
          >
            {SHOPPER_CATEGORIES.map((c) => (
              <option key={c.key} value={c.key}>
                {c.name}
              </option>
            ))}
            <option value="other">Other</option>
          </select>
        </div>
        <div>
          <Switch
            label="Active"
            checked={form.isActive}
            onCheckedChange={(isActive) => setForm((f) => ({ ...f, isActive }))}
            describedBy={`${id}-active-hint`}
          />
          <p id={`${id}-active-hint`} className="mt-1 text-xs text-slate-600">
            {form.isActive
              ? 'Shown to shoppers. Switch off to hide it from every page, search and feed, and to stop alert e-mails about it.'
              : 'Hidden from shoppers: no page, search, feed or alert e-mail shows it. It stays here and keeps its price history.'}
          </p>
        </div>
        {error ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2 pt-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={edit.isPending}>
            {edit.isPending ? 'Saving…' : 'Save changes'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
