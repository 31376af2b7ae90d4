/**
 * The banner above every admin tab while Amazon refuses the Creators API (issue 14 part 1: "403
 * AssociateNotEligible switches to the catalogue source, shows a banner in the admin area and
 * retries hourly"; ../shared/reference/amazon-creators-api.md "Access"). It says that live Amazon
 * prices are paused, since when, that shoppers see the catalogue's prices meanwhile, and when access
 * is tried again; it goes once Amazon answers again (polled every minute, and refreshed by the API
 * tab's searches and imports). Nothing shows when Amazon answers or is not configured, or when the
 * state cannot be read (the tabs report their own errors). Dates en-GB (admin-area §1).
 *
 * `role="alert"` with the title as its name: it appears while the owner works (a search meets the
 * 403) and must be announced then, and it stays in the shell, outside the tab panel, so switching
 * tabs does not announce it again.
 */
import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import type { AmazonAccessDenied } from '../../../../../common/api/amazon-api.admin.schema';
import { formatDateTime } from '../../../../lib/date.format';
import { amazonAccessQuery } from '../api';

export const ACCESS_BANNER_TITLE = 'Live Amazon prices are paused';

/** "next at 1 Jun 2026, 10:00", or that the retry is due at the next call when its time has passed. */
function retryText(retryAt: string | null, nowMs: number): string {
  if (retryAt === null || Date.parse(retryAt) <= nowMs)
    return 'Access is tried again every hour; the next try is due now, with the next price check or Amazon search.';
  return `Access is tried again every hour; the next try is at ${formatDateTime(retryAt)}.`;
}

/**
 * Amazon's own words: the server stores "{code}: {message}", and Amazon's message often repeats the
 * code ("AssociateNotEligible: AccessDeniedException (AssociateNotEligible): …"), so the prefix goes then.
 */
export function amazonWords(reason: string): string {
  const repeated = /^([A-Za-z]+): (.*\(\1\).*)$/s.exec(reason);
  return repeated ? repeated[2]! : reason;
}

/** The banner's content for a refusal; exported for tests that fix the time. */
export function AccessDeniedNotice({
  denied,
  apiTabHref,
  nowMs = Date.now(),
}: {
  denied: AmazonAccessDenied;
  /** A link to the API tab's quota and request figures; omitted on that tab. */
  apiTabHref?: string;
  nowMs?: number;
}) {
  return (
    <div
      role="alert"
      aria-labelledby="amazon-access-banner-title"
      className="mb-4 flex gap-3 rounded-lg border border-amber-400 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        <p id="amazon-access-banner-title" className="text-base font-semibold">
          {ACCESS_BANNER_TITLE}
        </p>
        <p>
          Since {formatDateTime(denied.since)}, Amazon has refused this site&apos;s Creators API requests (an Associates account needs 10
          qualifying sales in the last 30 days). Shoppers see the catalogue&apos;s prices meanwhile, each with its &ldquo;as of&rdquo; time.
        </p>
        <p>{retryText(denied.retryAt, nowMs)}</p>
        {denied.reason ? <p className="break-words text-amber-900">Amazon said: {amazonWords(denied.reason)}</p> : null}
        {apiTabHref ? (
          <p>
            <Link to={apiTabHref} className="font-medium text-amber-950 underline underline-offset-2 hover:no-underline">
              See the quota and requests in the API tab
            </Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The banner, for the admin shell: renders nothing unless `GET /api/admin/amazon/access` says
 * Amazon refuses access.
 */
export function AmazonAccessBanner({ apiTabHref }: { apiTabHref?: string }) {
  const access = useQuery(amazonAccessQuery());
  const denied = access.data?.accessDenied;
  if (!denied) return null;
  return <AccessDeniedNotice denied={denied} apiTabHref={apiTabHref} />;
}
