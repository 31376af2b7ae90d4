/**
 * Onboarding shown instead of an empty grid when the catalogue holds no products
 * (`GET /api/config` → catalogueSize 0): how to import a feed, or start the demo.
 */
import { PackageOpen } from 'lucide-react';

export function EmptyCatalogue() {
  return (
    <section
      aria-labelledby="empty-catalogue-heading"
      className="mx-auto max-w-2xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <div className="flex items-center gap-3">
        <PackageOpen className="h-10 w-10 shrink-0 text-blue-700" aria-hidden="true" />
        <h2 id="empty-catalogue-heading" className="text-xl font-bold text-slate-900">
          Your catalogue is empty
        </h2>
      </div>
      <p className="mt-3 text-slate-700">
        Deals appear here once products are imported. Import a product feed (a CSV file) from the project folder:
      </p>
      <pre className="mt-3 overflow-x-auto rounded-md bg-slate-900 p-3 text-sm text-slate-50">
        <code>npm run import -- path/to/products.csv</code>
      </pre>
      <h3 className="mt-5 font-semibold text-slate-900">Accepted layouts</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>
          The common Amazon UK feed:{' '}
          <code className="rounded bg-slate-100 px-1">
            asin, title, imgUrl, productURL, stars, reviews, price, isBestSeller, boughtInLastMonth, categoryName
          </code>{' '}
          (the spelled-out headings such as <code className="rounded bg-slate-100 px-1">ASIN, Title, Image URL…</code> work too).
        </li>
        <li>
          Prices in pounds (£ signs and commas are fine). Rows the importer cannot accept are reported with their line number and the
          reason.
        </li>
        <li>Amazon's own category names are mapped onto our ten shopper categories.</li>
      </ul>
      <p className="mt-5 text-slate-700">
        Or try the demo, with sample products and invented prices:{' '}
        <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm whitespace-nowrap">npm run demo</code>
      </p>
    </section>
  );
}
