// @vitest-environment happy-dom
/**
 * The contact form as a visitor uses it (content-and-account-pages §2.7, §5, §8; issue 10): every
 * field required with its own message and nothing sent, a bad e-mail address, the server's
 * "field: rule" shown under that field, the 'Message Sent' promise of a reply within 24 hours, and
 * the 'Error' toast when the server refuses (rate limit). Rendered from its route with fetch faked.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contactResponseSchema, contactSchema } from '../../../../common/api/contact.schema';
import { ContactPage } from '../../../routes/contact.route';
import { fakeApi, renderPage } from '../../../testing/harness';

async function fill(user: ReturnType<typeof renderPage>['user'], values: Partial<Record<string, string>>) {
  const labels: Record<string, string> = { name: 'Your name', email: 'Your e-mail address', subject: 'Subject', message: 'Message' };
  for (const [field, value] of Object.entries(values)) {
    const input = screen.getByLabelText(labels[field] as string);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

const GOOD = { name: 'Priya Shah', email: 'priya@example.co.uk', subject: 'Alerts', message: 'How often do you check prices?' };

describe('Contact form', () => {
  it('marks every empty field with its own message, focuses the first and sends nothing', async () => {
    const api = fakeApi({});
    const { user } = renderPage(<ContactPage />, '/contact-us');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(screen.getByText('Please enter your name.')).toBeVisible();
    expect(screen.getByText('Please enter your e-mail address.')).toBeVisible();
    expect(screen.getByText('Please enter a subject.')).toBeVisible();
    expect(screen.getByText('Please enter your message.')).toBeVisible();
    expect(screen.getByLabelText('Your name')).toHaveFocus();
    expect(screen.getByLabelText('Your name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Your name')).toHaveAccessibleDescription('Please enter your name.');
    expect(api.callsTo('POST /api/contact')).toHaveLength(0);

    await fill(user, { name: 'P' });
    expect(screen.queryByText('Please enter your name.')).toBeNull();
  });

  it('refuses an e-mail address without a domain', async () => {
    const api = fakeApi({});
    const { user } = renderPage(<ContactPage />, '/contact-us');
    await fill(user, { ...GOOD, email: 'priya@' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Please enter a valid e-mail address, such as name@example.co.uk.')).toBeVisible();
    expect(screen.getByLabelText('Your e-mail address')).toHaveFocus();
    expect(api.callsTo('POST /api/contact')).toHaveLength(0);
  });

  it("sends the four fields and says 'Message Sent' with a reply within 24 hours", async () => {
    const api = fakeApi({
      'POST /api/contact': ({ body }) => {
        contactSchema.parse(body);
        return { status: 201, json: contactResponseSchema.parse({ success: true, message: "Thank you. We'll reply within 24 hours." }) };
      },
    });
    const { user } = renderPage(<ContactPage />, '/contact-us');
    await fill(user, GOOD);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('heading', { name: 'Message Sent' })).toBeVisible();
    expect(screen.getAllByText(/We'll reply within 24 hours\./).length).toBeGreaterThan(0);
    expect(api.callsTo('POST /api/contact')[0]?.body).toEqual(GOOD);
  });

  it("shows the server's field rule under that field and the 'Error' toast", async () => {
    fakeApi({
      'POST /api/contact': {
        status: 400,
        json: { error: 'Bad Request', message: 'email: must be a valid e-mail address' },
      },
    });
    const { user } = renderPage(<ContactPage />, '/contact-us');
    await fill(user, { ...GOOD, email: 'priya@example.invalid' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('This e-mail address must be a valid e-mail address.')).toBeVisible();
    // The toast renderer loads lazily (toast.tsx): the field message can come first.
    expect(await screen.findByText('Error')).toBeVisible();
  });

  it('tells someone who has sent too many messages to wait (429), keeping what they typed', async () => {
    fakeApi({
      'POST /api/contact': {
        status: 429,
        json: { error: 'Too Many Requests', message: 'Too many requests for this address: try again in 60 minutes.' },
      },
    });
    const { user } = renderPage(<ContactPage />, '/contact-us');
    await fill(user, GOOD);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Too many requests for this address: try again in 60 minutes.')).toBeVisible();
    expect(screen.getByLabelText('Message')).toHaveValue(GOOD.message);
  });
});
