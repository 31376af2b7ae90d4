/**
 * The admin tab 'Delivery log' (issue 29; DESIGN.md §4 "E-mail": the outbox readable in the admin
 * area): every e-mail the site queued, newest first, with its kind, masked recipient, state (waiting,
 * waiting on the hourly budget, failed and retrying, sent, dead, suppressed), attempts, last error
 * and next try; a filter by state with each state's count; Previous/Next paging; Resend on a dead
 * message. Dates en-GB (admin-area §1).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { OUTBOX_STATES, type OutboxMessage, type OutboxState } from '../../../../../common/api/outbox.admin.schema';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Select } from '../../../../components/ui/select';
import { toast } from '../../../../components/ui/toast.store';
import { messageForPeople } from '../../../../lib/http.client';
import { AdminDataTable, type AdminColumn } from '../../../components/admin-data-table';
import { AdminPager } from '../../../components/admin-paging';
import { AdminPanel } from '../../../components/admin-panel';
import { AdminQueryState } from '../../../components/admin-states';
import type { AdminTabProps } from '../../../components/admin-tab';
import { outboxQuery, useResendMessage } from '../api';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** Each state's words and badge colour. */
export const STATE_LOOK: Record<OutboxState, { label: string; tone: BadgeTone }> = {
  waiting: { label: 'Waiting', tone: 'blue' },
  budget: { label: 'Waiting on the hourly budget', tone: 'amber' },
  failed: { label: 'Failed, will retry', tone: 'amber' },
  sent: { label: 'Sent', tone: 'green' },
  dead: { label: 'Dead (gave up)', tone: 'red' },
  suppressed: { label: 'Not sent (unsubscribed or unconfirmed)', tone: 'slate' },
};

/** The kinds' plain words; an unknown kind shows as it is. */
const KIND_TEXT: Record<string, string> = {
  confirmation: 'Confirmation / sign-in link',
  'unsubscribe-link': 'Unsubscribe link',
  'price-drop': 'Price-drop alert',
  'deal-alert-notification': 'Deal alert notification (owner)',
  'price-drop-summary': 'Price-drop summary',
  'deal-digest': 'Deals digest',
  'contact-message': 'Contact message',
  'template-test': 'Template test',
};
const kindText = (kind: string) => KIND_TEXT[kind] ?? kind;

type Filter = OutboxState | 'all';

/** The filter's short words (a native select is as wide as its longest option: it must fit 390 px). */
const FILTER_TEXT: Record<OutboxState, string> = {
  waiting: 'Waiting',
  budget: 'On the budget',
  failed: 'Failed, retrying',
  sent: 'Sent',
  dead: 'Dead',
  suppressed: 'Not sent',
};

function ResendButton({ message, tabKey }: { message: OutboxMessage; tabKey: string }) {
  const resend = useResendMessage(tabKey);
  if (message.state !== 'dead') return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={resend.isPending}
      aria-label={`Resend message ${message.id} to ${message.recipient}`}
      onClick={() =>
        resend.mutate(message.id, {
          onSuccess: () => toast({ title: 'Message queued again', description: `Message ${message.id} will be sent on the next run.` }),
          onError: (error) =>
            toast({ title: 'Message not resent', description: messageForPeople(error, 'Please try again.'), variant: 'destructive' }),
        })
      }
    >
      Resend
    </Button>
  );
}

function columns(tabKey: string): ReadonlyArray<AdminColumn<OutboxMessage>> {
  return [
    { id: 'created', header: 'Queued', cell: (m) => when.format(new Date(m.createdAt)), className: 'whitespace-nowrap text-slate-700' },
    { id: 'kind', header: 'Kind', cell: (m) => kindText(m.kind), className: 'text-slate-900' },
    { id: 'recipient', header: 'Recipient', cell: (m) => m.recipient, className: 'text-slate-700' },
    { id: 'state', header: 'State', cell: (m) => <Badge tone={STATE_LOOK[m.state].tone}>{STATE_LOOK[m.state].label}</Badge> },
    // The outbox counts failed tries only (a delivery is not counted): a sent message said "0 attempts".
    { id: 'attempts', header: 'Failed attempts', cell: (m) => String(m.attempts), align: 'right' },
    { id: 'error', header: 'Last error', cell: (m) => m.lastError ?? '', className: 'max-w-xs break-words text-slate-700' },
    {
      id: 'next',
      header: 'Next try',
      cell: (m) => (m.nextTryAt ? when.format(new Date(m.nextTryAt)) : m.sentAt ? `sent ${when.format(new Date(m.sentAt))}` : ''),
      className: 'whitespace-nowrap text-slate-700',
    },
    { id: 'resend', header: <span className="sr-only">Actions</span>, cell: (m) => <ResendButton message={m} tabKey={tabKey} /> },
  ];
}

/** A message as a phone shows it. */
function MessageItem({ message, tabKey }: { message: OutboxMessage; tabKey: string }) {
  return (
    <div className="space-y-1">
      <p className="font-medium text-slate-900">
        {kindText(message.kind)} · <span className="font-normal text-slate-700">{message.recipient}</span>
      </p>
      <p>
        <Badge tone={STATE_LOOK[message.state].tone}>{STATE_LOOK[message.state].label}</Badge>{' '}
        <span className="text-slate-600">
          {message.attempts} failed attempt{message.attempts === 1 ? '' : 's'} · queued {when.format(new Date(message.createdAt))}
          {message.nextTryAt ? ` · next try ${when.format(new Date(message.nextTryAt))}` : ''}
          {message.sentAt ? ` · sent ${when.format(new Date(message.sentAt))}` : ''}
        </span>
      </p>
      {message.lastError ? <p className="break-words text-slate-700">{message.lastError}</p> : null}
      <ResendButton message={message} tabKey={tabKey} />
    </div>
  );
}

export function OutboxTab({ tabKey }: AdminTabProps) {
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const log = useQuery(outboxQuery(tabKey, filter === 'all' ? undefined : filter, page));
  const counts = log.data?.counts;
  const options = [
    { value: 'all' as Filter, label: 'Every state' },
    ...OUTBOX_STATES.map((state) => ({
      value: state as Filter,
      label: `${FILTER_TEXT[state]}${counts ? ` (${counts[state].toLocaleString('en-GB')})` : ''}`,
    })),
  ];
  return (
    <AdminPanel title="Delivery log" note="(every e-mail the site queued, newest first; addresses masked)" level={2}>
      <div className="px-4 py-3">
        <Select
          label="State"
          value={filter}
          options={options}
          onValueChange={(value) => {
            setFilter(value);
            setPage(1);
          }}
        />
      </div>
      <AdminQueryState
        query={log}
        loading="Loading the delivery log…"
        failed="Failed to load the delivery log"
        empty={(data) => data.messages.length === 0 && (filter === 'all' ? 'No e-mails queued yet.' : 'No e-mails in this state.')}
        inset
      >
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
          return (
            <>
              <AdminDataTable
                columns={columns(tabKey)}
                data={data.messages}
                getRowId={(m) => String(m.id)}
                frame="bare"
                density="normal"
                minWidth="min-w-[56rem]"
                caption="Outbox messages"
                mobileItem={(m) => <MessageItem message={m} tabKey={tabKey} />}
              />
              <div className="px-4 pb-3">
                <AdminPager
                  label="Delivery log pages"
                  canPrevious={page > 1}
                  canNext={page < pages}
                  onPrevious={() => setPage((p) => Math.max(1, p - 1))}
                  onNext={() => setPage((p) => p + 1)}
                  page={page}
                  totalPages={pages}
                  onPage={setPage}
                >
                  Page {data.page} of {pages} ({data.total.toLocaleString('en-GB')} messages)
                </AdminPager>
              </div>
            </>
          );
        }}
      </AdminQueryState>
    </AdminPanel>
  );
}
