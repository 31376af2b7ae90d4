/**
 * The import tab (admin-area §2 "Import tab": CSV upload with Add Products and Replace All
 * Products; a separate upload into the Under £15 deals; issue 11 part 3). Both buttons send the
 * file through the same importer as `npm run import` and show its full report. Replace All asks
 * first (spec §5): the server counts what the file would delete and the panel states that exact
 * number before anything goes (issue 29; csv-upload-panel.tsx). The owner may say when the file's prices were seen (issue 27 "True times"); rows
 * older than the stored prices only add to the price history ("History only" in the report). The Under £15 upload lives in its own tab, linked from here. Below them, the
 * spec's Clear Cache and Clear All Products (the products list's own buttons, shared component).
 */
import { Link } from 'react-router';
import { CatalogueMaintenance } from '../../../components/catalogue-maintenance';
import type { AdminTabProps } from '../../../components/admin-tab';
import { CsvUploadPanel, type UploadAction } from './csv-upload-panel';
import { HistoryUploadPanel } from './history-upload-panel';
import { ProductRequestsList } from './product-requests-list';

const ACTIONS: readonly UploadAction[] = [
  {
    kind: 'add',
    label: 'Add Products',
    variant: 'primary',
    errorTitle: 'Upload Error',
    errorFallback: 'Failed to upload CSV',
    successTitle: 'Products imported',
  },
  {
    kind: 'replace',
    label: 'Replace All Products',
    variant: 'destructive',
    errorTitle: 'Replace Error',
    errorFallback: 'Failed to replace products',
    successTitle: 'Products replaced',
  },
];

export function ImportTab({ tabKey }: AdminTabProps) {
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Import products from a CSV file</h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">
          The file goes through the same importer as <code>npm run import</code>: each row is checked, bad rows are listed with their line
          number and reason, and the good ones are saved in one go. <strong>Add Products</strong> adds new products and updates existing
          ones; <strong>Replace All Products</strong> also deletes every product the file does not hold: it first reads the file and tells
          you exactly how many products that is (and what goes with them), and deletes only once you confirm that number. Prices are
          recorded as seen at the time you give (or now); a row seen before a product&apos;s stored price only adds to its price history.
        </p>
      </div>
      <CsvUploadPanel
        actions={ACTIONS}
        observedAt
        hint="Columns by name: ASIN, title and price are required; list price, rating, reviews, image URL, product URL, category, brand, features and observedAt (when that row's price was seen, e.g. 2023-06-01T09:30:00Z) are optional. The Amazon UK 2023 feed works as it is."
      />
      <p className="text-sm text-slate-700">
        To load a CSV straight into the Under £15 deals, use the{' '}
        <Link to="../under-15" relative="path" className="font-medium text-blue-700 underline">
          Under £15 tab
        </Link>
        .
      </p>
      {/* Issue 30: history from day one, and the products shoppers asked to track. */}
      <div className="border-t border-slate-200 pt-4">
        <HistoryUploadPanel />
      </div>
      <ProductRequestsList tabKey={tabKey} />
      <section aria-labelledby="import-maintenance-heading" className="space-y-2 border-t border-slate-200 pt-4">
        <h3 id="import-maintenance-heading" className="text-base font-semibold text-slate-900">
          Catalogue maintenance
        </h3>
        <p className="max-w-3xl text-sm text-slate-700">
          <strong>Clear cache</strong> makes shopper pages rebuild from the catalogue on their next visit.{' '}
          <strong>Clear all products</strong> deletes the whole catalogue before a fresh import; it asks first.
        </p>
        <CatalogueMaintenance />
      </section>
    </div>
  );
}
