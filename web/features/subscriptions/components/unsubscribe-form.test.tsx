// @vitest-environment happy-dom
/**
 * The unsubscribe form as a visitor uses it (content-and-account-pages §2.5 "Unsubscribe page",
 * §5 "Validation rules", §7 POST /api/unsubscribe, §8 error catalogue; issue 5 "no-proof unsubscribe
 * by e-mailed link"): the blank e-mail message, the 'Check your inbox' panel when the server could
 * not act without proof (effective: false), the 'Successfully Unsubscribed' view (effective: true),
 * the server's error message, and 'You're Already Unsubscribed' for a known address.
 * The page is rendered from its route (/unsubscribe?email=&t=&sig=) with fetch faked.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { subscriberStatusSchema, unsubscribeResponseSchema, unsubscribeSchema } from '../../../../common/api/alerts.schema';
import { UnsubscribePage } from '../../../routes/unsubscribe.route';
import { currentUrl, fakeApi, renderPage } from '../../../testing/harness';
import { UnsubscribeForm } from './unsubscribe-form';

/** POST /api/unsubscribe answering `effective`, checked against the API's response schema. */
function unsubscribeAnswer(effective: boolean, message?: string) {
  return ({ body }: { body: unknown }) => {
    const request = unsubscribeSchema.parse(body);
    return { json: unsubscribeResponseSchema.parse({ success: true, email: request.email, effective, message }) };
  };
}

describe('Unsubscribe form', () => {
  it('asks for an e-mail address when the field is blank and sends nothing', async () => {
    const api = fakeApi({ 'POST /api/unsubscribe': unsubscribeAnswer(true) });
    const { user } = renderPage(<UnsubscribePage />, '/unsubscribe');

    expect(screen.getByRole('heading', { name: 'Unsubscribe from Deal Alerts UK' })).toBeVisible();
    await user.type(screen.getByLabelText('E-mail address'), '   ');
    await user.click(screen.getByRole('button', { name: 'Confirm Unsubscribe' }));

    expect(await screen.findByText('Email required')).toBeVisible();
    expect(screen.getByText('Please enter your email address')).toBeVisible();
    expect(api.callsTo('POST /api/unsubscribe')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Confirm Unsubscribe' })).toBeVisible();
  });

  it("shows 'Check your inbox' when the server e-mailed a link instead (effective: false)", async () => {
    const api = fakeApi({
      'POST /api/unsubscribe': unsubscribeAnswer(false, "We've e-mailed shopper@example.co.uk a link to stop our e-mails."),
    });
    const { user } = renderPage(<UnsubscribePage />, '/unsubscribe');

    await user.type(screen.getByLabelText('E-mail address'), 'shopper@example.co.uk');
    await user.click(screen.getByRole('button', { name: 'Confirm Unsubscribe' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent("We've e-mailed shopper@example.co.uk a link to stop our e-mails.");
    expect(screen.getByText(/only the owner of/)).toHaveTextContent(
      'To protect you, only the owner of shopper@example.co.uk can stop its e-mails.',
    );
    expect(screen.queryByRole('heading', { name: 'Successfully Unsubscribed' })).toBeNull();
    expect(screen.queryByText('Successfully unsubscribed')).toBeNull();
    // Without a link's signature the request carries no proof.
    const [call] = api.callsTo('POST /api/unsubscribe');
    expect(call?.body).toMatchObject({ email: 'shopper@example.co.uk', reason: 'manual_unsubscribe' });
    expect(call?.body).not.toHaveProperty('sig');
  });

  it("falls back to the page's own wording when the server sends no message (effective: false)", async () => {
    fakeApi({ 'POST /api/unsubscribe': unsubscribeAnswer(false) });
    const { user } = renderPage(<UnsubscribePage />, '/unsubscribe?email=shopper%40example.co.uk');

    await user.click(screen.getByRole('button', { name: 'Confirm Unsubscribe' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent("We've e-mailed this address a link to confirm.");
  });

  it("unsubscribes from an e-mailed link: sends its signature and shows 'Successfully Unsubscribed' (effective: true)", async () => {
    const api = fakeApi({ 'POST /api/unsubscribe': unsubscribeAnswer(true) });
    const { user, router } = renderPage(<UnsubscribePage />, '/unsubscribe?email=shopper%40example.co.uk&t=1768478400&sig=abc123');

    expect(screen.getByLabelText('E-mail address')).toHaveValue('shopper@example.co.uk');
    await user.type(screen.getByLabelText('Reason (optional)'), 'Too many e-mails');
    await user.click(screen.getByRole('button', { name: 'Confirm Unsubscribe' }));

    expect(await screen.findByRole('heading', { name: 'Successfully Unsubscribed' })).toBeVisible();
    expect(screen.getByText(/We won't send any more e-mails to/)).toHaveTextContent(
      "We won't send any more e-mails to shopper@example.co.uk. It takes effect straight away.",
    );
    expect(await screen.findByText('Successfully unsubscribed')).toBeVisible();
    expect(api.callsTo('POST /api/unsubscribe')[0]?.body).toMatchObject({
      email: 'shopper@example.co.uk',
      reason: 'Too many e-mails',
      t: '1768478400',
      sig: 'abc123',
    });

    await user.click(screen.getByRole('link', { name: 'Return to Homepage' }));
    expect(currentUrl(router)).toBe('/');
  });

  it("does not send a link's signature for a different address than the link's", async () => {
    const api = fakeApi({ 'POST /api/unsubscribe': unsubscribeAnswer(false) });
    const { user } = renderPage(<UnsubscribePage />, '/unsubscribe?email=shopper%40example.co.uk&t=1768478400&sig=abc123');

    const field = screen.getByLabelText('E-mail address');
    await user.clear(field);
    await user.type(field, 'someone-else@example.co.uk');
    await user.click(screen.getByRole('button', { name: 'Confirm Unsubscribe' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    const body = api.callsTo('POST /api/unsubscribe')[0]?.body;
    expect(body).toMatchObject({ email: 'someone-else@example.co.uk' });
    expect(body).not.toHaveProperty('sig');
  });

  it("shows the server's message in an 'Error' toast and keeps the form", async () => {
    fakeApi({ 'POST /api/unsubscribe': { status: 400, json: { error: 'Bad Request', message: 'email: must be a valid e-mail address' } } });
    const { user } = renderPage(<UnsubscribePage />, '/unsubscribe');

    await user.type(screen.getByLabelText('E-mail address'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Confirm Unsubscribe' }));

    expect(await screen.findByText('email: must be a valid e-mail address')).toBeVisible();
    expect(screen.getByText('Error')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Confirm Unsubscribe' })).toBeEnabled();
  });

  it("says 'You're Already Unsubscribed' when this browser's token shows the address unsubscribed", async () => {
    const api = fakeApi({
      'GET /api/subscribers/status': {
        json: subscriberStatusSchema.parse({ email: 'shopper@example.co.uk', confirmed: false, unsubscribed: true }),
      },
    });
    renderPage(<UnsubscribeForm initialEmail="shopper@example.co.uk" t={null} sig={null} token="visitor-token" />, '/unsubscribe');

    const heading = await screen.findByRole('heading', { name: "You're Already Unsubscribed" });
    expect(within(heading.parentElement as HTMLElement).getByText('shopper@example.co.uk')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Confirm Unsubscribe' })).toBeNull();
    expect(api.callsTo('GET /api/subscribers/status')[0]?.headers.authorization).toBe('Bearer visitor-token');
  });

  it('shows the form when the token belongs to an address that is still subscribed', async () => {
    fakeApi({
      'GET /api/subscribers/status': {
        json: subscriberStatusSchema.parse({ email: 'shopper@example.co.uk', confirmed: true, unsubscribed: false }),
      },
    });
    renderPage(<UnsubscribeForm initialEmail="shopper@example.co.uk" t={null} sig={null} token="visitor-token" />, '/unsubscribe');

    expect(await screen.findByRole('button', { name: 'Confirm Unsubscribe' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: "You're Already Unsubscribed" })).toBeNull();
  });
});
