/**
 * The source badge, the NEW USER badge and the subscriber status badge of a signup (admin-area §2
 * "Signups tab"; issue 25: Confirmed / Awaiting confirmation / Unsubscribed).
 */
import { SUBSCRIBER_STATUS_LABELS, type SubscriberStatus } from '../../../../../common/api/signups.admin.schema';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';

const SOURCES: Readonly<Record<string, { label: string; tone: 'blue' | 'purple' }>> = {
  signup_popup: { label: 'Popup', tone: 'blue' },
  signup_page: { label: 'Page', tone: 'purple' },
};

export function SourceBadge({ source }: { source: string }) {
  const known = SOURCES[source];
  return known ? <Badge tone={known.tone}>{known.label}</Badge> : <Badge tone="outline">{source}</Badge>;
}

export function NewUserBadge() {
  return (
    <Badge tone="green" title="A click of this address used the new-user affiliate tag">
      NEW USER
    </Badge>
  );
}

const STATUS_TONES: Readonly<Record<SubscriberStatus, BadgeTone>> = {
  confirmed: 'green',
  'awaiting-confirmation': 'amber',
  unsubscribed: 'slate',
};

const STATUS_TITLES: Readonly<Record<SubscriberStatus, string>> = {
  confirmed: 'Opened the confirmation link and still subscribed: may be e-mailed',
  'awaiting-confirmation': 'Has not opened the confirmation link: must not be e-mailed',
  unsubscribed: 'Unsubscribed: must not be e-mailed',
};

export function StatusBadge({ status }: { status: SubscriberStatus }) {
  return (
    <Badge tone={STATUS_TONES[status]} title={STATUS_TITLES[status]}>
      {SUBSCRIBER_STATUS_LABELS[status]}
    </Badge>
  );
}
