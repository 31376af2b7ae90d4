/**
 * "Track any Amazon product" (issue 30): a labelled box on the home page where a shopper pastes an
 * amazon.co.uk link (/dp/, /gp/product/, with or without slug and query) or an ASIN.
 *
 * - Checked as typed on submit (common/amazon-link.ts): another shop, another Amazon site or a short
 *   link is refused at once with the reason, the field marked invalid and focused.
 * - A product we hold or just fetched from Amazon opens its alert dialog (`onTrack`, wired by the
 *   page: features do not import each other) and a status line says which.
 * - One we could not get is recorded by the server; its honest message (when a first price may come)
 *   shows in a polite live region. Server refusals (400, 429) show their message in the same place.
 * Keyboard: Enter submits; the button shows "Checking…" while the request runs.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { Loader2, Search } from 'lucide-react';
import type { Product } from '../../../../common/api/products.schema';
import { asinFromAmazonLink } from '../../../../common/amazon-link';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { ApiError, messageForPeople } from '../../../lib/http.client';
import { useTrackProduct } from '../api';

/** What the box reports under the field. */
type Note = { tone: 'ok' | 'info' | 'error'; text: string } | null;

/** A server refusal's message without the field name it starts with ("url: …"). */
function refusal(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return 'You have tracked many products in the last hour. Please try again later.';
  return messageForPeople(error, 'We could not check that link just now. Please try again.').replace(/^url: /, '');
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function TrackProductBox({ onTrack }: { onTrack: (product: Product) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const track = useTrackProduct();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (track.isPending) return;
    const read = asinFromAmazonLink(url);
    if (!read.ok) {
      setInvalid(true);
      setNote({ tone: 'error', text: capitalised(read.reason) });
      input.current?.focus();
      return;
    }
    setInvalid(false);
    setNote(null);
    track.mutate(url.trim(), {
      onSuccess: (answer) => {
        if (answer.product) {
          setNote({
            tone: 'ok',
            text:
              answer.status === 'fetched'
                ? `Added “${answer.product.title}” from Amazon just now. Set your alert in the dialog.`
                : `We already track “${answer.product.title}”. Set your alert in the dialog.`,
          });
          setUrl('');
          onTrack(answer.product);
        } else {
          setNote({ tone: 'info', text: answer.message });
        }
      },
      onError: (error) => {
        setInvalid(error instanceof ApiError && error.status === 400);
        setNote({ tone: 'error', text: capitalised(refusal(error)) });
        input.current?.focus();
      },
    });
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5"
      data-testid="track-product"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Track any Amazon product
      </h2>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
        Paste a product link from amazon.co.uk (or its 10-character ASIN) and we&apos;ll alert you when its price drops.
      </p>
      <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <Label htmlFor={`${id}-url`}>Amazon link or ASIN</Label>
          <Input
            ref={input}
            id={`${id}-url`}
            name="url"
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://www.amazon.co.uk/dp/B0…"
            value={url}
            invalid={invalid}
            aria-describedby={`${id}-hint ${id}-note`}
            onChange={(e) => {
              setUrl(e.target.value);
              if (invalid) setInvalid(false);
            }}
          />
        </div>
        <Button type="submit" disabled={track.isPending} className="shrink-0">
          {track.isPending ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          ) : (
            <Search className="h-4 w-4" aria-hidden="true" />
          )}
          {track.isPending ? 'Checking…' : 'Track'}
        </Button>
      </form>
      <p
        id={`${id}-note`}
        role="status"
        aria-live="polite"
        className={
          note === null
            ? 'sr-only'
            : note.tone === 'error'
              ? 'mt-2 text-sm font-medium text-red-700'
              : note.tone === 'ok'
                ? 'mt-2 text-sm text-green-800'
                : 'mt-2 rounded-md bg-blue-50 p-3 text-sm text-slate-800'
        }
      >
        {note?.text ?? ''}
      </p>
    </section>
  );
}
