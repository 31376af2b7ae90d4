/** How It Works (content-and-account-pages §2.7): the four steps of common/content/how-it-works.ts, each with its icon. */
import { BellRing, Mail, Search, TrendingDown } from 'lucide-react';
import type { ComponentType } from 'react';
import { HOW_IT_WORKS, type HowItWorksStep } from '../../../../common/content/how-it-works';

const ICONS: Record<HowItWorksStep['icon'], ComponentType<{ className?: string }>> = {
  search: Search,
  bell: BellRing,
  'trending-down': TrendingDown,
  mail: Mail,
};

export function HowItWorksSteps() {
  return (
    <ol className="grid gap-6 md:grid-cols-2">
      {HOW_IT_WORKS.steps.map(({ title, text, icon }, index) => {
        const Icon = ICONS[icon];
        return (
          <li key={title} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <div className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-blue-700 text-white">
              <Icon className="h-6 w-6" aria-hidden="true" />
            </div>
            <div>
              <p className="text-sm font-semibold text-blue-800">Step {index + 1}</p>
              <h2 className="mb-2 text-xl font-bold text-slate-900">{title}</h2>
              <p className="text-slate-700">{text}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
