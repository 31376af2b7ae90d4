// @vitest-environment happy-dom
/**
 * Visits to the subscribe-style page and the unsubscribe page are recorded (content-and-account-pages
 * §2.4, §4, §7 POST /api/unsubscribe/track), without the link's signature, and change nothing.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { unsubscribeTrackSchema } from '../../common/api/alerts.schema';
import { fakeApi, renderRoutes } from '../testing/harness';
import { SubscribePage } from './subscribe.route';
import { UnsubscribePage } from './unsubscribe.route';

const routes = [
  { path: '/subscribe', element: <SubscribePage /> },
  { path: '/subscribe/*', element: <SubscribePage /> },
  { path: '/unsubscribe', element: <UnsubscribePage /> },
];

describe('visit tracking', () => {
  it('/subscribe/{id}/{action}/{param} records the visit with its parameters and offers the next steps', async () => {
    const api = fakeApi({ 'POST /api/unsubscribe/track': { status: 202, json: { recorded: true } } });
    renderRoutes(routes, '/subscribe/123/update/weekly?email=reader%40example.com');
    expect(screen.getByRole('heading', { level: 1, name: 'Your E-mail Preferences' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Re-subscribe to Deals' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Unsubscribe from all e-mails' })).toHaveAttribute(
      'href',
      '/unsubscribe?email=reader%40example.com',
    );
    await expect.poll(() => api.callsTo('POST /api/unsubscribe/track').length).toBe(1);
    const body = unsubscribeTrackSchema.parse(api.callsTo('POST /api/unsubscribe/track')[0]?.body);
    expect(body).toMatchObject({
      email: 'reader@example.com',
      reason: 'visited_subscribe_page',
      subscribeId: '123',
      subscribeAction: 'update',
      subscribeParam: 'weekly',
    });
  });

  it('/unsubscribe records the visit without the signature, and a failed record changes nothing on the page', async () => {
    const api = fakeApi({ 'POST /api/unsubscribe/track': { status: 500, json: { error: 'Internal Server Error', message: 'x' } } });
    renderRoutes(routes, '/unsubscribe?email=reader%40example.com&t=1754000000&sig=abc');
    expect(screen.getByRole('heading', { level: 1, name: 'Unsubscribe from Deal Alerts UK' })).toBeVisible();
    await expect.poll(() => api.callsTo('POST /api/unsubscribe/track').length).toBe(1);
    const body = unsubscribeTrackSchema.parse(api.callsTo('POST /api/unsubscribe/track')[0]?.body);
    expect(body).toMatchObject({ email: 'reader@example.com', reason: 'visited_unsubscribe_page' });
    expect(JSON.stringify(body)).not.toContain('sig');
    expect(screen.getByRole('button', { name: 'Confirm Unsubscribe' })).toBeVisible();
  });
});
