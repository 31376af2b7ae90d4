/** How It Works (content-and-account-pages §2.7): four steps: browse, set alerts, we monitor, get notified. */
import { BellRing, Mail, Search, TrendingDown } from 'lucide-react';
import type { ComponentType } from 'react';

export const STEPS: readonly { title: string; text: string; Icon: ComponentType<{ className?: string }> }[] = [
  {
    title: 'Browse deals',
    text: 'Search or browse ten categories of discounted products on Amazon UK. Every card shows the price with the time we saw it, and a saving only when we can say what it is measured against: a labelled RRP or was price, or the highest price we saw in the last 30 days.',
    Icon: Search,
  },
  {
    title: 'Set an alert',
    text: 'Press "Set Deal Alert", enter your e-mail address and, if you like, the price you want to pay. The first time, we e-mail you a link to confirm your address (double opt-in); nothing else is sent until you do.',
    Icon: BellRing,
  },
  {
    title: 'We monitor prices',
    text: 'We check prices on a schedule, several times a day, and record every change. That record is the price history on each product page and the "Lowest in 30 days" badge.',
    Icon: TrendingDown,
  },
  {
    title: 'Get notified',
    text: 'When the price falls below the last price your alert saw, or reaches your target, we send one e-mail for that drop, linking to the product page. Every e-mail has a one-click unsubscribe link.',
    Icon: Mail,
  },
];

export function HowItWorksSteps() {
  return (
    <ol className="grid gap-6 md:grid-cols-2">
      {STEPS.map(({ title, text, Icon }, index) => (
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
      ))}
    </ol>
  );
}
