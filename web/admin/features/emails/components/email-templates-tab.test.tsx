// @vitest-environment happy-dom
/**
 * The Templates tab in the browser (admin-area §2, §5, §8; issue 12 part 3), with the API faked at
 * `fetch`: the saved list, 'Missing Template Name', dynamic-field buttons, unknown placeholders
 * named as you type, Save (POST, then PUT after Edit), Delete after confirmation, the sandboxed
 * preview, Send Test Email ('Missing Information', 'Test Email Sent!', 'Email Failed') and the
 * one-time sync of templates the spec's client left in browser storage.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EmailTemplate, EmailTemplatesResponse } from '../../../../../common/api/emails.admin.schema';
import { fakeApi, renderPage } from '../../../../testing/harness';
import { EmailTemplatesTab, LEGACY_STORAGE_KEY } from './email-templates-tab';

const SENDERS = ['noreply', 'info', 'deals', 'support', 'alerts', 'notifications'].map((l) => `${l}@dealalerts.example`);
const SAVED: EmailTemplate = {
  id: 7,
  name: 'Spring sale',
  subject: 'Spring: {{productTitle}}',
  htmlContent: '<p>{{productTitle}} now £{{afterPrice}}</p>',
  senderEmail: 'deals@dealalerts.example',
  isDefault: true,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
};
const list = (templates: EmailTemplate[]): { json: EmailTemplatesResponse } => ({ json: { templates, senders: SENDERS } });

function renderTab() {
  return renderPage(<EmailTemplatesTab tabKey="email-templates" />);
}

describe('the Templates tab', () => {
  it('saves a new template with dynamic fields, names unknown placeholders, and shows a sandboxed preview', async () => {
    let saved: EmailTemplate[] = [SAVED];
    const api = fakeApi({
      'GET /api/admin/email-templates': () => list(saved),
      'POST /api/admin/email-templates': (call) => {
        const body = call.body as EmailTemplate;
        const created = { ...SAVED, ...body, id: 8, isDefault: false };
        saved = [...saved, created];
        return { status: 201, json: created };
      },
    });
    const { user } = renderTab();
    const savedList = await screen.findByRole('region', { name: /Saved templates/ });
    expect(await within(savedList).findByText('Spring sale')).toBeInTheDocument();
    expect(within(savedList).getByText('Used for notifications')).toBeInTheDocument();

    // No name: the spec's toast, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Save Template' }));
    expect(await screen.findByText('Missing Template Name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a template name to save.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/email-templates')).toHaveLength(0);
    expect(screen.getByLabelText('Template name')).toHaveFocus();

    await user.type(screen.getByLabelText('Template name'), 'Price drop');
    const html = screen.getByLabelText('HTML content');
    await user.click(html);
    await user.click(screen.getByRole('button', { name: '{{productTitle}}' }));
    await waitFor(() => expect(html).toHaveValue('{{productTitle}}'));
    // user-event reads { and [ as key descriptors: doubled, they type themselves.
    await user.type(html, ' costs {{{{price}}');
    expect(await screen.findByText(/unknown placeholder \{\{price\}\}; use only productTitle/)).toBeInTheDocument();
    expect(html).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Fix the placeholders above to see the preview.')).toBeInTheDocument();

    await user.clear(html);
    await user.type(html, '<h1>{{{{productTitle}}</h1><p>Now £{{{{afterPrice}}</p>');
    const preview = await screen.findByTitle('Template preview');
    expect(preview).toHaveAttribute('sandbox', '');
    expect(preview.getAttribute('srcdoc')).toBe('<h1>Ninja Air Fryer Max AF160UK, 5.2 L, Black</h1><p>Now £99.99</p>');
    // A blank subject previews as the spec's fallback.
    expect(screen.getByText('Price Alert: Ninja Air Fryer Max AF160UK, 5.2 L, Black - Now £99.99')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide preview' }));
    expect(screen.queryByTitle('Template preview')).toBeNull();

    await user.selectOptions(screen.getByLabelText('Sender'), 'alerts@dealalerts.example');
    await user.click(screen.getByRole('button', { name: 'Save Template' }));
    expect(await screen.findByText('Template Saved')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/email-templates')[0]?.body).toEqual({
      name: 'Price drop',
      subject: '',
      htmlContent: '<h1>{{productTitle}}</h1><p>Now £{{afterPrice}}</p>',
      senderEmail: 'alerts@dealalerts.example',
      isDefault: false,
    });
    // Saving appends to the list (admin-area §4) and the form now edits the saved template.
    expect(await within(savedList).findByText('Price drop')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Editing “Price drop”' })).toBeInTheDocument();
  });

  it('Edit fills the form and saves with PUT; Delete asks first', async () => {
    let saved = [SAVED];
    const api = fakeApi({
      'GET /api/admin/email-templates': () => list(saved),
      'PUT /api/admin/email-templates/7': (call) => ({ json: { ...SAVED, ...(call.body as object) } }),
      'DELETE /api/admin/email-templates/7': () => {
        saved = [];
        return { json: { deleted: 1 } };
      },
    });
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Edit Spring sale' }));
    expect(screen.getByLabelText('Template name')).toHaveValue('Spring sale');
    expect(screen.getByLabelText('Subject')).toHaveValue('Spring: {{productTitle}}');
    expect(screen.getByLabelText('Sender')).toHaveValue('deals@dealalerts.example');
    expect(screen.getByRole('checkbox', { name: /Use for deal alert notifications/ })).toBeChecked();
    await user.clear(screen.getByLabelText('Subject'));
    await user.type(screen.getByLabelText('Subject'), 'Spring deal');
    await user.click(screen.getByRole('button', { name: 'Save Template' }));
    expect(await screen.findByText('Template Saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/admin/email-templates/7')[0]?.body).toMatchObject({ name: 'Spring sale', subject: 'Spring deal' });

    await user.click(screen.getByRole('button', { name: 'Delete Spring sale' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete “Spring sale”?')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/admin/email-templates/7')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete template' }));
    expect(await screen.findByText('Template Deleted')).toBeInTheDocument();
    expect(await screen.findByText('No saved templates yet. Fill in the editor and press Save Template.')).toBeInTheDocument();
    // The form no longer edits the deleted template.
    expect(screen.getByRole('heading', { name: 'New template' })).toBeInTheDocument();
  });

  it('Send Test Email needs a name, sender and recipient, then reports the server’s outcome', async () => {
    let answer: { status?: number; json: unknown } = { json: { outcome: 'sent', message: 'The mail server accepted the test e-mail.' } };
    const api = fakeApi({ 'GET /api/admin/email-templates': list([]), 'POST /api/emails/test': () => answer });
    const { user } = renderTab();
    await screen.findByText('No saved templates yet. Fill in the editor and press Save Template.');
    await user.click(screen.getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
    expect(screen.getByText('Please fill in template name, sender email, and recipient email to send a test.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/emails/test')).toHaveLength(0);

    await user.type(screen.getByLabelText('Template name'), 'Launch');
    await user.type(screen.getByLabelText('Test recipient'), 'me@example.co.uk');
    await user.type(screen.getByLabelText('Subject'), 'Hello {{{{asin}}');
    await user.click(screen.getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText('Test Email Sent!')).toBeInTheDocument();
    expect(screen.getByText('The mail server accepted the test e-mail.')).toBeInTheDocument();
    const call = api.callsTo('POST /api/emails/test')[0]!;
    expect(call.body).toMatchObject({
      to: 'me@example.co.uk',
      from: 'noreply@dealalerts.example',
      subject: 'Hello {{asin}}',
      template: '',
      templateName: 'Launch',
    });
    expect((call.body as { requestId: string }).requestId).toMatch(/^[0-9a-f-]{36}$/);

    answer = {
      status: 503,
      json: { error: 'Service Unavailable', message: 'smtp: the mail server could not take the test e-mail (ECONNECTION)' },
    };
    await user.click(screen.getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText('Email Failed')).toBeInTheDocument();
    expect(screen.getByText('smtp: the mail server could not take the test e-mail (ECONNECTION)')).toBeInTheDocument();
  });

  it('syncs templates the spec’s client left in browser storage once, then forgets them', async () => {
    window.localStorage.setItem(LEGACY_STORAGE_KEY, JSON.stringify([{ id: 1, name: 'Old', subject: '', htmlContent: '<p>{{asin}}</p>' }]));
    const old = { ...SAVED, id: 9, name: 'Old', isDefault: false };
    const api = fakeApi({
      'GET /api/admin/email-templates': list([old]),
      'POST /api/admin/email-templates/sync': { json: { templates: [old], senders: SENDERS, created: 1, updated: 0 } },
    });
    renderTab();
    expect(await screen.findByText('Old')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/email-templates/sync')[0]?.body).toEqual({
      templates: [{ id: 1, name: 'Old', subject: '', htmlContent: '<p>{{asin}}</p>' }],
    });
    expect(window.localStorage.getItem(LEGACY_STORAGE_KEY)).toBeNull();
    // The list was asked for after the sync, so it holds the merged templates.
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/admin/email-templates/sync',
      'GET /api/admin/email-templates',
    ]);
  });
});
