/** The source badge and the NEW USER badge of a signup (admin-area §2 "Signups tab"). */
import { Badge } from '../../../../components/ui/badge';

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
