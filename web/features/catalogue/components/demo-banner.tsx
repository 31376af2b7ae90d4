/** The demo-data banner (`npm run demo`): says plainly that products and prices are invented. */
import { FlaskConical } from 'lucide-react';
import { useConfig } from '../../../lib/config.query';

export function DemoBanner() {
  const { data } = useConfig();
  if (!data?.demo) return null;
  return (
    <div role="note" aria-label="Demo data" className="bg-amber-300 px-4 py-2 text-center text-sm font-medium text-slate-950">
      <FlaskConical className="mr-1.5 inline h-4 w-4 align-[-2px]" aria-hidden="true" />
      <span className="md:hidden">Demo data: sample products, invented prices.</span>
      <span className="hidden md:inline">
        Demo mode: this site shows demo data (sample products with invented prices). Nothing here is a real offer.
      </span>
    </div>
  );
}
