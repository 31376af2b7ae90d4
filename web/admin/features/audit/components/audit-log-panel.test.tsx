// @vitest-environment happy-dom
/**
 * The audit log panel in the browser (issue 29), with the API faked at `fetch`: each entry says who,
 * what and what it changed (the ASINs a deletion removed, "and N more" past five); the owner filters
 * by who and by action (the server is asked with `actor` and `action`, back to page 1) and pages.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntry, AuditLogResponse } from '../../../../../common/api/admin-auth.admin.schema';
import { fakeApi, renderPage } from '../../../../testing/harness';
import { AuditLogPanel } from './audit-log-panel';

const DELETION: AuditEntry = {
  id: 2,
  adminId: 1,
  adminEmail: 'ann@example.com',
  action: 'catalogue.replace',
  target: 'catalogue.csv',
  counts: { imported: 3, deleted: 7 },
  detail: { deleted: ['B0A', 'B0B', 'B0C', 'B0D', 'B0E', 'B0F', 'B0G'], deletedTotal: 7 },
  at: '2026-11-23T10:00:00.000Z',
};
const LOGIN: AuditEntry = {
  id: 1,
  adminId: 2,
  adminEmail: 'bob@example.com',
  action: 'login',
  target: null,
  counts: null,
  detail: null,
  at: '2026-11-23T09:00:00.000Z',
};
const answer = (entries: AuditEntry[], extra: Partial<AuditLogResponse> = {}): AuditLogResponse => ({
  entries,
  total: 45,
  page: 1,
  pageSize: 20,
  actions: ['catalogue.replace', 'login'],
  ...extra,
});

describe('the audit log panel', () => {
  it('says what a change deleted, filters by who and what, and pages', async () => {
    const api = fakeApi({
      'GET /api/admin/audit-log': (call) => {
        if (call.query.get('action') === 'login') return { json: answer([LOGIN], { total: 1 }) };
        if (call.query.get('page') === '2') return { json: answer([LOGIN], { page: 2 }) };
        return { json: answer([DELETION]) };
      },
    });
    const { user } = renderPage(<AuditLogPanel />, '/admin');
    const table = await screen.findByRole('table', { name: 'Admin actions' });
    const row = within(table).getByRole('row', { name: /Replaced the catalogue/ });
    expect(row).toHaveTextContent('ann@example.com');
    expect(row).toHaveTextContent('Deleted: B0A, B0B, B0C, B0D, B0E and 2 more');
    expect(screen.getByText('Page 1 of 3 (45 actions)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Page 2 of 3 (45 actions)')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Action'), 'login');
    expect(await screen.findByText('Page 1 of 1 (1 actions)')).toBeInTheDocument();
    const lastAction = api.callsTo('GET /api/admin/audit-log').at(-1)!;
    expect(lastAction.query.get('action')).toBe('login');
    expect(lastAction.query.get('page')).toBe('1');

    await user.type(screen.getByLabelText('Who'), 'bob');
    await waitFor(() => expect(api.callsTo('GET /api/admin/audit-log').at(-1)!.query.get('actor')).toBe('bob'));
  });
});
