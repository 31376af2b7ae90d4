// @vitest-environment happy-dom
/**
 * The Delivery log tab in the browser (issue 29), with the API faked at `fetch`: the owner sees each
 * message's kind, masked recipient, state in words, attempts, last error and next try; filters by
 * state (the query asks the server for that state, page 1); pages with Next; resends a dead message
 * (only dead ones offer Resend) and sees the refetched log.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OutboxMessage, OutboxPage } from '../../../../../common/api/outbox.admin.schema';
import { fakeApi, renderPage } from '../../../../testing/harness';
import { OutboxTab } from './outbox-tab';

const DEAD: OutboxMessage = {
  id: 7,
  kind: 'price-drop',
  recipient: 'j***@example.com',
  state: 'dead',
  attempts: 8,
  lastError: 'EENVELOPE 550: <j***@example.com> unknown user',
  nextTryAt: null,
  createdAt: '2026-11-23T09:00:00.000Z',
  sentAt: null,
};
const BUDGET: OutboxMessage = {
  id: 8,
  kind: 'confirmation',
  recipient: 'k***@example.org',
  state: 'budget',
  attempts: 0,
  lastError: 'delayed: MAX_CONFIRMATIONS_PER_HOUR reached',
  nextTryAt: '2026-11-23T10:30:00.000Z',
  createdAt: '2026-11-23T10:00:00.000Z',
  sentAt: null,
};
const COUNTS = { waiting: 0, budget: 1, failed: 0, sent: 60, dead: 1, suppressed: 0 };
const page = (messages: OutboxMessage[], extra: Partial<OutboxPage> = {}): OutboxPage => ({
  messages,
  total: messages.length,
  page: 1,
  pageSize: 50,
  counts: COUNTS,
  ...extra,
});

describe('the Delivery log tab', () => {
  it('shows each message in words, filters by state and pages', async () => {
    const api = fakeApi({
      'GET /api/admin/outbox': (call) => {
        const state = call.query.get('state');
        if (state === 'budget') return { json: page([BUDGET]) };
        if (call.query.get('page') === '2') return { json: page([BUDGET], { total: 62, page: 2 }) };
        return { json: page([DEAD], { total: 62 }) };
      },
    });
    const { user } = renderPage(<OutboxTab tabKey="delivery-log" />, '/admin/delivery-log');
    const table = await screen.findByRole('table', { name: 'Outbox messages' });
    const row = within(table).getByRole('row', { name: /Price-drop alert/ });
    expect(row).toHaveTextContent('j***@example.com');
    expect(row).toHaveTextContent('Dead (gave up)');
    expect(row).toHaveTextContent('EENVELOPE 550: <j***@example.com> unknown user');
    expect(row).toHaveTextContent('8');
    expect(screen.getByText('Page 1 of 2 (62 messages)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Page 2 of 2 (62 messages)')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('State'), 'budget');
    const budgetRow = await screen.findByRole('row', { name: /Confirmation \/ sign-in link/ });
    expect(budgetRow).toHaveTextContent('Waiting on the hourly budget');
    expect(within(budgetRow).queryByRole('button', { name: /Resend/ })).toBeNull();
    const last = api.callsTo('GET /api/admin/outbox').at(-1)!;
    expect(last.query.get('state')).toBe('budget');
    expect(last.query.get('page')).toBe('1');
    expect(screen.getByRole('option', { name: 'Sent (60)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'On the budget (1)' })).toBeInTheDocument();
  });

  it('resends a dead message and shows the log again', async () => {
    let resent = false;
    const api = fakeApi({
      'GET /api/admin/outbox': () => ({ json: page([resent ? { ...DEAD, state: 'waiting', attempts: 0, lastError: null } : DEAD]) }),
      'POST /api/admin/outbox/7/resend': () => {
        resent = true;
        return { json: { message: { ...DEAD, state: 'waiting', attempts: 0, lastError: null } } };
      },
      'GET /api/admin/audit-log': { json: { entries: [], total: 0, page: 1, pageSize: 20, actions: [] } },
    });
    const { user } = renderPage(<OutboxTab tabKey="delivery-log" />, '/admin/delivery-log');
    // The table and the phone list both hold the row: take the table's.
    const table = await screen.findByRole('table', { name: 'Outbox messages' });
    await user.click(within(table).getByRole('button', { name: 'Resend message 7 to j***@example.com' }));
    expect(api.callsTo('POST /api/admin/outbox/7/resend')).toHaveLength(1);
    const row = await within(table).findByRole('row', { name: /Waiting/ });
    expect(row).not.toHaveTextContent('Dead');
    expect(screen.queryByRole('button', { name: /Resend/ })).toBeNull();
  });
});
