/**
 * The admin tab 'Deal links' (issue 27; docs/decisions/0023-landing-pages-facts.md): the owner
 * writes the claims of a deal landing page (headline, percentage, description, deal type, urgency,
 * up to four feature lines, rating and review count, where the button leads, an ASIN whose facts
 * show beneath) and gets a `/deal?…` link the server signed, valid for 1–90 days. Only a signed,
 * unexpired link's claims appear on the page; anything typed into a URL by hand is ignored.
 * Empty fields are left out; the server checks every field and names the one it refuses.
 */
import { useId, useState, type FormEvent } from 'react';
import { Copy, ExternalLink, Link2 } from 'lucide-react';
import type { DealLinkCreated, DealLinkCreateInput } from '../../../../../common/api/deal-links.admin.schema';
import { DEAL_LINK_LIMITS, DEAL_LINK_MAX_FEATURES, DEAL_LINK_VALID_DAYS } from '../../../../../common/deal-links';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { Input, Label, Textarea } from '../../../../components/ui/input';
import { toast } from '../../../../components/ui/toast.store';
import { formatDateTime } from '../../../../lib/date.format';
import { messageForPeople } from '../../../../lib/http.client';
import { useCreateDealLink } from '../api';

/** The form's fields as typed (all text). */
interface Fields {
  asin: string;
  title: string;
  discount: string;
  description: string;
  dealType: string;
  urgencyText: string;
  features: string[];
  rating: string;
  reviewCount: string;
  url: string;
  search: string;
  validDays: string;
}

const EMPTY: Fields = {
  asin: '',
  title: '',
  discount: '',
  description: '',
  dealType: '',
  urgencyText: '',
  features: Array.from({ length: DEAL_LINK_MAX_FEATURES }, () => ''),
  rating: '',
  reviewCount: '',
  url: '',
  search: '',
  validDays: String(DEAL_LINK_VALID_DAYS.default),
};

/** The request body: trimmed fields, empty ones left out, numbers as numbers when they read as one. */
export function toRequest(fields: Fields): DealLinkCreateInput {
  const text = (v: string) => (v.trim() === '' ? undefined : v.trim());
  const number = (v: string) => (v.trim() === '' ? undefined : Number.isFinite(Number(v)) ? Number(v) : v.trim());
  const features = fields.features.map((f) => f.trim()).filter((f) => f !== '');
  const body: Record<string, unknown> = {
    asin: text(fields.asin),
    title: text(fields.title),
    discount: number(fields.discount),
    description: text(fields.description),
    dealType: text(fields.dealType),
    urgencyText: text(fields.urgencyText),
    features: features.length > 0 ? features : undefined,
    rating: number(fields.rating),
    reviewCount: text(fields.reviewCount),
    url: text(fields.url),
    search: text(fields.search),
    validDays: number(fields.validDays),
  };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as DealLinkCreateInput;
}

/** One labelled text field. */
function Field({
  id,
  label,
  hint,
  value,
  onChange,
  maxLength,
  inputMode,
  placeholder,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  inputMode?: 'numeric' | 'decimal' | 'text' | 'url';
  placeholder?: string;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        maxLength={maxLength}
        inputMode={inputMode}
        placeholder={placeholder}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The link just made: copy it, open it, see when it expires. */
function CreatedLink({ link }: { link: DealLinkCreated }) {
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      toast({ title: 'Link copied', description: 'Paste it into your e-mail, post or advert.' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the link and copy it by hand.', variant: 'destructive' });
    }
  };
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="mt-4 rounded-lg border border-green-200 bg-green-50 p-4"
      data-testid="deal-link-created"
    >
      <h3 id={`${id}-heading`} className="flex items-center gap-2 font-semibold text-slate-900">
        <Link2 className="h-4 w-4" aria-hidden="true" /> Signed link ready
      </h3>
      <Label htmlFor={`${id}-url`} className="mt-2">
        Link
      </Label>
      <Input id={`${id}-url`} readOnly value={link.url} onFocus={(e) => e.target.select()} className="font-mono text-sm" />
      <p className="mt-1 text-sm text-slate-700">
        Valid until {formatDateTime(link.expiresAt)}. After that the page shows only the facts we hold.
      </p>
      {link.productFound === false && (
        <p className="mt-1 text-sm text-amber-800">
          No product with ASIN {link.claims.asin} is in our catalogue: the page shows your words without product facts.
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => void copy()}>
          <Copy className="h-4 w-4" aria-hidden="true" /> Copy link
        </Button>
        <a href={link.path} target="_blank" rel="noopener" className={buttonClasses('secondary', 'sm')}>
          <ExternalLink className="h-4 w-4" aria-hidden="true" /> Open the page
        </a>
      </div>
    </section>
  );
}

export function DealLinksTab() {
  const id = useId();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [created, setCreated] = useState<DealLinkCreated | null>(null);
  const create = useCreateDealLink();
  const set = (key: Exclude<keyof Fields, 'features'>) => (value: string) => setFields((f) => ({ ...f, [key]: value }));
  const setFeature = (index: number) => (value: string) =>
    setFields((f) => ({ ...f, features: f.features.map((old, i) => (i === index ? value : old)) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(toRequest(fields), { onSuccess: (link) => setCreated(link) });
  };

  return (
    <div className="space-y-4">
      <form onSubmit={submit} noValidate aria-labelledby={`${id}-heading`} className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
          Create a signed deal link
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          A deal page shows a percentage, a rating, urgency or any other claim only from a link made here. Claim only what you can back up:
          a saving needs a price Amazon labels or our price history, a deadline needs a real end date.
        </p>
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <Field
            id={`${id}-asin`}
            label="ASIN (optional)"
            hint="The product's facts (price, saving, history) show under your words."
            value={fields.asin}
            onChange={set('asin')}
            maxLength={10}
            placeholder="B0XXXXXXXX"
          />
          <Field id={`${id}-title`} label="Headline" value={fields.title} onChange={set('title')} maxLength={DEAL_LINK_LIMITS.title} />
          <Field
            id={`${id}-discount`}
            label="Discount (%)"
            hint="A whole percent from 1 to 99."
            value={fields.discount}
            onChange={set('discount')}
            inputMode="numeric"
          />
          <Field
            id={`${id}-type`}
            label="Deal type"
            value={fields.dealType}
            onChange={set('dealType')}
            maxLength={DEAL_LINK_LIMITS.dealType}
          />
          <div className="md:col-span-2">
            <Label htmlFor={`${id}-description`}>Description</Label>
            <Textarea
              id={`${id}-description`}
              value={fields.description}
              maxLength={DEAL_LINK_LIMITS.description}
              className="min-h-20"
              onChange={(e) => set('description')(e.target.value)}
            />
          </div>
          <Field
            id={`${id}-urgency`}
            label="Urgency"
            hint="Only a true deadline, e.g. 'Offer ends Sunday 8 June'."
            value={fields.urgencyText}
            onChange={set('urgencyText')}
            maxLength={DEAL_LINK_LIMITS.urgencyText}
          />
          <div className="grid grid-cols-2 gap-4">
            <Field
              id={`${id}-rating`}
              label="Rating (stars)"
              hint="0 to 5, e.g. 4.5."
              value={fields.rating}
              onChange={set('rating')}
              inputMode="decimal"
            />
            <Field
              id={`${id}-reviews`}
              label="Reviews"
              hint="e.g. 12,000+"
              value={fields.reviewCount}
              onChange={set('reviewCount')}
              maxLength={DEAL_LINK_LIMITS.reviewCount}
            />
          </div>
          <fieldset className="md:col-span-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">Feature lines (up to {DEAL_LINK_MAX_FEATURES})</legend>
            <div className="grid gap-2 md:grid-cols-2">
              {fields.features.map((feature, i) => (
                <Input
                  key={i}
                  aria-label={`Feature line ${i + 1}`}
                  value={feature}
                  maxLength={DEAL_LINK_LIMITS.feature}
                  onChange={(e) => setFeature(i)(e.target.value)}
                />
              ))}
            </div>
          </fieldset>
          <Field
            id={`${id}-url`}
            label="Amazon link (optional)"
            hint="Where 'View On Amazon' leads: an amazon.co.uk link. Or give search words instead."
            value={fields.url}
            onChange={set('url')}
            inputMode="url"
            maxLength={DEAL_LINK_LIMITS.url}
          />
          <Field
            id={`${id}-search`}
            label="Amazon search words (optional)"
            value={fields.search}
            onChange={set('search')}
            maxLength={DEAL_LINK_LIMITS.search}
          />
          <Field
            id={`${id}-days`}
            label="Valid for (days)"
            hint={`${DEAL_LINK_VALID_DAYS.min} to ${DEAL_LINK_VALID_DAYS.max} days.`}
            value={fields.validDays}
            onChange={set('validDays')}
            inputMode="numeric"
          />
        </div>
        {create.isError && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            Link not created: {messageForPeople(create.error, 'the server could not be reached. Please try again.')}
          </p>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          <Button type="submit" disabled={create.isPending}>
            <Link2 className="h-4 w-4" aria-hidden="true" />
            {create.isPending ? 'Signing…' : 'Create signed link'}
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setFields(EMPTY);
              setCreated(null);
              create.reset();
            }}
          >
            Clear
          </Button>
        </div>
        {created && <CreatedLink link={created} />}
      </form>
    </div>
  );
}
