/**
 * The shopper's own record in the bell panel (issue 30 "The shopper's own record"): their saved
 * searches, "Sent to you" (each alert e-mail we sent, with its date and prices, from the outbox) and
 * the private feed of those e-mails (Atom and RSS), which they can make, copy, revoke and make
 * again. Loaded lazily with the panel; the shell passes it in (features do not import each other).
 */
import { useState } from 'react';
import { Copy, Mail, Rss } from 'lucide-react';
import type { AlertFeedCreated } from '../../../../common/api/saved-searches.schema';
import { formatPriceString } from '../../../../common/money';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { formatDateTime } from '../../../lib/date.format';
import type { HeldToken } from '../../../lib/visitor-token';
import { useAlertFeedStatus, useCreateAlertFeed, useRevokeAlertFeed, useSentAlertEmails } from '../api';
import { SavedSearchList } from './saved-search-list';

export default function YourRecord({ held }: { held: HeldToken }) {
  if (held.token === null) return null;
  return (
    <div className="mt-4">
      <SavedSearchList held={held} />
      <SentToYou held={held} />
      <AlertFeed held={held} />
    </div>
  );
}

/** "Sent to you": the alert e-mails sent, newest first. */
function SentToYou({ held }: { held: HeldToken }) {
  const sent = useSentAlertEmails(held);
  return (
    <section aria-label="Sent to you" className="mt-5 border-t border-slate-200 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Sent to you</h3>
      {sent.isPending ? (
        <p role="status" className="mt-2 text-sm text-slate-600">
          Loading the e-mails we sent you…
        </p>
      ) : sent.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          We couldn't load the e-mails we sent you.{' '}
          <button type="button" className="font-medium underline" onClick={() => void sent.refetch()}>
            Try again
          </button>
        </p>
      ) : sent.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No alert e-mails yet. We list each one here when we send it.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {sent.data.map((email) => (
            <li key={email.id} className="rounded-md border border-slate-200 bg-white p-3 text-sm">
              <p className="flex items-start gap-2 font-medium break-words text-slate-900">
                <Mail className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
                {email.subject}
              </p>
              <p className="text-xs text-slate-600">
                {email.sentAt ? `Sent ${formatDateTime(email.sentAt)}` : `Queued ${formatDateTime(email.createdAt)}`}
              </p>
              <ul className="mt-1 space-y-0.5 text-xs text-slate-700">
                {email.items.slice(0, 5).map((item) => (
                  <li key={item.asin} className="break-words">
                    {item.title}: <span className="font-semibold">{formatPriceString(item.price)}</span>
                    {item.previousPrice && <span className="text-slate-500"> (was {formatPriceString(item.previousPrice)})</span>}
                  </li>
                ))}
                {email.items.length > 5 && <li>and {email.items.length - 5} more</li>}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The private feed: make one (its addresses are shown once), copy, revoke, make a new one. */
function AlertFeed({ held }: { held: HeldToken }) {
  const status = useAlertFeedStatus(held);
  const create = useCreateAlertFeed(held);
  const revoke = useRevokeAlertFeed(held);
  const [made, setMade] = useState<AlertFeedCreated | null>(null);
  const active = made !== null || status.data?.active === true;

  function make() {
    create.mutate(undefined, {
      onSuccess: (feed) => setMade(feed),
      onError: () => toast({ title: 'Failed to make your feed', description: 'Please try again.', variant: 'destructive' }),
    });
  }
  function stop() {
    revoke.mutate(undefined, {
      onSuccess: () => {
        setMade(null);
        toast({ title: 'Feed revoked', description: 'Its address no longer works.' });
      },
      onError: () => toast({ title: 'Failed to revoke your feed', description: 'Please try again.', variant: 'destructive' }),
    });
  }
  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Feed address copied' });
    } catch {
      toast({ title: 'Copy failed', description: 'Select the address and copy it yourself.', variant: 'destructive' });
    }
  }

  return (
    <section aria-label="Your private feed" className="mt-5 border-t border-slate-200 pt-4">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Rss className="h-4 w-4 text-orange-600" aria-hidden="true" />
        Your private feed
      </h3>
      <p className="mt-1 text-xs text-slate-600">
        Follow these e-mails in a feed reader (Atom or RSS). Anyone with the address can read it, so keep it to yourself; revoke it at any
        time.
      </p>
      {status.isPending ? (
        <p role="status" className="mt-2 text-sm text-slate-600">
          Checking your feed…
        </p>
      ) : (
        <>
          {made && (
            <div className="mt-2 space-y-2">
              {(
                [
                  ['Atom', made.atomUrl],
                  ['RSS', made.rssUrl],
                ] as const
              ).map(([label, url]) => (
                <div key={label} className="flex items-center gap-2">
                  <input
                    readOnly
                    value={url}
                    aria-label={`${label} feed address`}
                    onFocus={(e) => e.target.select()}
                    className="h-9 min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-2 text-xs text-slate-900"
                  />
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    onClick={() => void copy(url)}
                    aria-label={`Copy the ${label} feed address`}
                  >
                    <Copy className="h-4 w-4" aria-hidden="true" />
                  </Button>
                </div>
              ))}
              <p className="text-xs text-slate-600">We show this address only now: copy it into your feed reader.</p>
            </div>
          )}
          {active && !made && (
            <p className="mt-2 text-sm text-slate-700">
              You have a feed{status.data?.createdAt ? ` made ${formatDateTime(status.data.createdAt)}` : ''}. Lost its address? Make a new
              one.
            </p>
          )}
          <div className="mt-2 flex flex-wrap gap-2">
            <Button type="button" size="sm" variant={active ? 'secondary' : 'primary'} disabled={create.isPending} onClick={make}>
              {active ? 'Make a new feed address' : 'Make my feed'}
            </Button>
            {active && (
              <Button type="button" size="sm" variant="destructive" disabled={revoke.isPending} onClick={stop}>
                Revoke feed
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
