/**
 * The template preview (admin-area §2 "Templates tab": show/hide preview): the subject and body
 * rendered with sample values by the same escaping renderer the server uses
 * (common/email-templates.ts), in an iframe with `sandbox=""` and `srcdoc` — no script, no forms,
 * no navigation of the admin page, whatever the owner's HTML holds. The preview follows the fields
 * {@link PREVIEW_DEBOUNCE_MS} after the owner stops typing, so the frame's document is not replaced at
 * every keystroke (each replacement reloads it and its images).
 */
import { useMemo } from 'react';
import { useDebounce } from 'use-debounce';
import { emailLink, EMAIL_CAMPAIGNS } from '../../../../../common/email-campaigns';
import {
  renderTemplateHtml,
  renderTemplateSubject,
  SAMPLE_TEMPLATE_VALUES,
  templateProblems,
  withFallbacks,
  type TemplateValues,
} from '../../../../../common/email-templates';

/** A grey product placeholder as a data: URI (the page's CSP allows data: images). */
const SAMPLE_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="#e2e8f0"/><text x="100" y="105" font-family="Arial" font-size="16" text-anchor="middle" fill="#475569">Product image</text></svg>',
  );

/** The values a preview shows: the spec's sample product, linked through this site's tracked redirect. */
export function previewValues(origin: string): TemplateValues {
  return {
    ...SAMPLE_TEMPLATE_VALUES,
    productImageUrl: SAMPLE_IMAGE,
    affiliateUrl: emailLink(origin, `/go/${SAMPLE_TEMPLATE_VALUES.asin}`, EMAIL_CAMPAIGNS.templateTest),
  };
}

/** Milliseconds after the last keystroke before the preview shows the fields. */
export const PREVIEW_DEBOUNCE_MS = 300;

export function TemplatePreview(props: { subject: string; htmlContent: string }) {
  const [{ subject, htmlContent }] = useDebounce(props, PREVIEW_DEBOUNCE_MS, {
    equalityFn: (a, b) => a.subject === b.subject && a.htmlContent === b.htmlContent,
  });
  const rendered = useMemo(() => {
    const text = withFallbacks({ subject, htmlContent });
    if (templateProblems('subject', text.subject).length > 0 || templateProblems('htmlContent', text.htmlContent).length > 0) return null;
    const values = previewValues(window.location.origin);
    return { subject: renderTemplateSubject(text.subject, values), html: renderTemplateHtml(text.htmlContent, values) };
  }, [subject, htmlContent]);

  if (!rendered) {
    return (
      <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        Fix the placeholders above to see the preview.
      </p>
    );
  }
  return (
    <figure className="overflow-hidden rounded-md border border-slate-300 bg-white">
      <figcaption className="border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
        <span className="font-medium">Subject:</span> {rendered.subject}
        <span className="block text-xs text-slate-600">
          Preview with sample values; the footer and unsubscribe link are added when sent.
        </span>
      </figcaption>
      <iframe title="Template preview" sandbox="" srcDoc={rendered.html} className="h-[32rem] w-full bg-white" />
    </figure>
  );
}
