/**
 * FAQ (content-and-account-pages §2.7): five collapsible categories (common/content/faq.ts, the words
 * the server also sends in the first HTML response), the first open. Each category heading holds a
 * button with aria-expanded and aria-controls (the WAI-ARIA accordion pattern): Tab reaches it,
 * Enter or Space toggles it. Closed answers are `hidden`, still in the page.
 */
import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import clsx from 'clsx';
import { FAQ_CATEGORIES, FAQ_FIRST_OPEN } from '../../../../common/content/faq';
import { RichText } from './content-blocks';

export function FaqList() {
  const id = useId();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set([FAQ_FIRST_OPEN]));
  const toggle = (title: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(title)) next.add(title);
      return next;
    });
  return (
    <div className="space-y-4">
      {FAQ_CATEGORIES.map((category, index) => {
        const expanded = open.has(category.title);
        const panel = `${id}-panel-${index}`;
        return (
          <section key={category.title} className="rounded-xl border border-slate-200 bg-white shadow-sm">
            <h2>
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={panel}
                onClick={() => toggle(category.title)}
                className="flex w-full items-center justify-between gap-3 rounded-xl px-5 py-4 text-left text-lg font-bold text-slate-900 hover:bg-slate-50"
              >
                {category.title}
                <ChevronDown className={clsx('h-5 w-5 shrink-0 transition-transform', expanded && 'rotate-180')} aria-hidden="true" />
              </button>
            </h2>
            {/* Hidden, not removed: the answers stay in the page for search engines and prerendering. */}
            <dl id={panel} hidden={!expanded} className="space-y-4 border-t border-slate-200 px-5 py-4">
              {category.items.map((item) => (
                <div key={item.q}>
                  <dt className="font-semibold text-slate-900">{item.q}</dt>
                  <dd className="mt-1 text-slate-700 [&_a]:text-blue-800 [&_a]:underline">
                    <RichText text={item.a} />
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        );
      })}
    </div>
  );
}
