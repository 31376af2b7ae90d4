/**
 * FAQ (content-and-account-pages §2.7): five collapsible categories (Getting Started, Deal Alerts,
 * Privacy & Security, Deals & Pricing, Technical Support), the first open. Each category heading
 * holds a button with aria-expanded and aria-controls (the WAI-ARIA accordion pattern): Tab reaches
 * it, Enter or Space toggles it. Closed answers are `hidden`, still in the HTML for prerendering.
 */
import { useId, useState, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { paths } from '../../../../common/paths';

interface Faq {
  q: string;
  a: ReactNode;
}

export const FAQ_CATEGORIES: readonly { title: string; items: readonly Faq[] }[] = [
  {
    title: 'Getting Started',
    items: [
      {
        q: 'What is Deal Alerts UK?',
        a: 'A free site that finds discounted products on Amazon UK, shows their price history and e-mails you when a price you are watching falls.',
      },
      {
        q: 'Does it cost anything?',
        a: 'No. We earn a commission from Amazon as an Amazon Associate when you buy through our links; it does not change the price you pay.',
      },
      {
        q: 'Do I need an account?',
        a: 'No passwords, no account. You browse freely; an e-mail address is needed only for alerts and signup e-mails.',
      },
    ],
  },
  {
    title: 'Deal Alerts',
    items: [
      {
        q: 'How do I set a price alert?',
        a: 'Press "Set Deal Alert" on any product, enter your e-mail address and, if you like, a target price. Confirm your address from the e-mail we send, and you are done.',
      },
      {
        q: 'Why did I get a confirmation e-mail?',
        a: 'We use double opt-in: nothing is sent to an address until its owner confirms it, so nobody can sign you up without your say-so.',
      },
      {
        q: 'How often do you check prices?',
        a: 'On a schedule several times a day (every six hours by default) and whenever a new price feed arrives. Each price drop is e-mailed once.',
      },
      {
        q: 'Where can I see my alerts?',
        a: 'Press the bell at the bottom of any page to open "Your Deal Alerts". An alert turns green with "PRICE DROP!" when the price falls.',
      },
    ],
  },
  {
    title: 'Privacy & Security',
    items: [
      {
        q: 'What do you do with my e-mail address?',
        a: (
          <>
            We use it only to send what you asked for. We never sell it or share it with advertisers. See our{' '}
            <Link to={paths.privacyPolicy()}>Privacy Policy</Link>.
          </>
        ),
      },
      {
        q: 'Can someone see my alerts by typing my e-mail address?',
        a: 'No. An e-mail address alone reveals nothing. Only the browser that created an alert, or a link we e-mail to you, can reach it.',
      },
      {
        q: 'How do I unsubscribe?',
        a: (
          <>
            Use the one-click link at the bottom of any of our e-mails: it works at once, without signing in. You can also use the{' '}
            <Link to={paths.unsubscribe()}>Unsubscribe page</Link>, which e-mails you a link to confirm.
          </>
        ),
      },
    ],
  },
  {
    title: 'Deals & Pricing',
    items: [
      {
        q: 'How do you work out a saving?',
        a: 'Only against a price the retailer labels (RRP or was price) or the highest price we saw in the last 30 days, and the card says which. With neither, we show no percentage.',
      },
      {
        q: 'Why is the price on Amazon different?',
        a: 'Prices change often. Every price we show has the time we saw it when it is more than an hour old; the price at Amazon’s checkout is the one that counts.',
      },
      { q: 'What does "Lowest in 30 days" mean?', a: 'Today’s price is the lowest we have recorded for that product in the last 30 days.' },
    ],
  },
  {
    title: 'Technical Support',
    items: [
      {
        q: 'I did not receive the confirmation e-mail.',
        a: 'Check your spam or junk folder. We send at most one confirmation an hour to an address; after an hour, setting an alert or signing up again sends a new one.',
      },
      {
        q: 'My alerts are gone on a new device.',
        a: 'Alerts are tied to the browser that created them. Use Sign In to get a link by e-mail; opening it shows all your alerts on that device.',
      },
      {
        q: 'Something else is wrong.',
        a: (
          <>
            <Link to={paths.contact()}>Contact us</Link> and we will reply within 24 hours.
          </>
        ),
      },
    ],
  },
];

export function FaqList() {
  const id = useId();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(['Getting Started']));
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
                  <dd className="mt-1 text-slate-700 [&_a]:text-blue-800 [&_a]:underline">{item.a}</dd>
                </div>
              ))}
            </dl>
          </section>
        );
      })}
    </div>
  );
}
