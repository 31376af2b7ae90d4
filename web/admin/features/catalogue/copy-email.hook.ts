/**
 * Copy Email HTML (admin-area §2, §5, §8): fetches the selected products wherever their page
 * (`POST /api/admin/products/by-ids`), renders them as e-mail product cards (email-html.rules.ts)
 * and puts the HTML on the clipboard, saying each failure in the spec's words:
 * 'Please select at least one product to generate email', 'Failed to fetch selected products',
 * 'No selected products found', 'Failed to generate email HTML', 'Failed to copy to clipboard'.
 */
import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { fetchProductsByIds } from './api';
import { buildProductEmailHtml } from './email-html.rules';

export const NO_PRODUCT_SELECTED = 'Please select at least one product to generate email';

const failed = (title: string) => toast({ title, variant: 'destructive' });

/** Steps of one copy; answers false when it stopped (the toast already said why). */
async function copySelected(ids: readonly string[]): Promise<boolean> {
  if (ids.length === 0) return (failed(NO_PRODUCT_SELECTED), false);
  let products;
  try {
    products = (await fetchProductsByIds(ids)).products;
  } catch {
    return (failed('Failed to fetch selected products'), false);
  }
  if (products.length === 0) return (failed('No selected products found'), false);
  let html: string;
  try {
    html = buildProductEmailHtml(products, { siteOrigin: window.location.origin });
  } catch {
    return (failed('Failed to generate email HTML'), false);
  }
  try {
    await navigator.clipboard.writeText(html);
  } catch {
    return (failed('Failed to copy to clipboard'), false);
  }
  const n = products.length;
  toast({
    title: 'Email HTML copied to clipboard',
    description: `${n} product card${n === 1 ? '' : 's'}, largest saving first. Paste it into your e-mail's HTML.`,
  });
  return true;
}

/** `copy(ids)` and whether a copy is under way (to disable the button meanwhile). */
export function useCopyEmailHtml() {
  const [busy, setBusy] = useState(false);
  const copy = async (ids: readonly string[]) => {
    setBusy(true);
    try {
      return await copySelected(ids);
    } finally {
      setBusy(false);
    }
  };
  return { copy, busy };
}
