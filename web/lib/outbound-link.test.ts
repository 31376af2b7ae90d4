// @vitest-environment happy-dom
/**
 * Visit reports (issue 13; POST /api/visits): once per browser session, again for a page opened
 * from an e-mail link (utm parameters), never for admin pages; the visit reference then rides on
 * outbound clicks (`/go?visit=`). Issue 25: the report carries the visitor token when it is the
 * tracking e-mail's (the proof the server needs to keep the address), and a browser that proves an
 * address mid-session reports again.
 */
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../testing/harness';
import { outboundHref, reportVisit, trackingToken } from './outbound-link';

const REF = '0123456789abcdef0123456789abcdef';

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('reportVisit', () => {
  it('reports the first page of a session and each e-mail landing, with the tracking e-mail, and never an admin page', async () => {
    const api = fakeApi({ 'POST /api/visits': { status: 201, json: { visit: REF } } });
    window.localStorage.setItem('clickTrackingEmail', 'ana@example.com');
    reportVisit('/', '');
    await waitFor(() => expect(window.sessionStorage.getItem('visit')).toBe(REF));
    expect(api.callsTo('POST /api/visits')[0]?.body).toEqual({ path: '/', userEmail: 'ana@example.com' });

    reportVisit('/todays-deals', '');
    reportVisit('/admin/click-tracking', '?utm_source=email');
    reportVisit('/deals/B0AAAAAAA1', '?utm_source=email&utm_medium=price-drop&utm_campaign=oct&x=1');
    await waitFor(() => expect(api.callsTo('POST /api/visits')).toHaveLength(2));
    expect(api.callsTo('POST /api/visits')[1]?.body).toEqual({
      path: '/deals/B0AAAAAAA1',
      userEmail: 'ana@example.com',
      utm_source: 'email',
      utm_medium: 'price-drop',
      utm_campaign: 'oct',
    });
    expect(new URL(outboundHref({ asin: 'B0AAAAAAA1', clickType: 'shop' }), 'http://localhost').searchParams.get('visit')).toBe(REF);
  });

  it('a refused report stores nothing and clicks carry no visit', async () => {
    const api = fakeApi({ 'POST /api/visits': { status: 429, json: { error: 'Too Many Requests', message: 'slow down' } } });
    reportVisit('/', '');
    await waitFor(() => expect(api.callsTo('POST /api/visits')).toHaveLength(1));
    expect(window.sessionStorage.getItem('visit')).toBeNull();
    expect(new URL(outboundHref({ asin: 'B0AAAAAAA1', clickType: 'shop' }), 'http://localhost').searchParams.has('visit')).toBe(false);
  });

  it('sends the visitor token only when it is the tracking e-mail’s, and reports again once the browser proves the address', async () => {
    const api = fakeApi({ 'POST /api/visits': { status: 201, json: { visit: REF } } });
    window.localStorage.setItem('userEmail', 'Ana@Example.com');
    window.localStorage.setItem('visitorToken', JSON.stringify({ email: 'bob@example.com', token: 'bob-token' }));
    reportVisit('/', '');
    await waitFor(() => expect(window.sessionStorage.getItem('visit')).toBe(REF));
    expect(api.callsTo('POST /api/visits')[0]?.headers.authorization).toBeUndefined();

    reportVisit('/todays-deals', '');
    expect(api.callsTo('POST /api/visits')).toHaveLength(1);

    window.localStorage.setItem('visitorToken', JSON.stringify({ email: 'ana@example.com', token: 'ana-token' }));
    expect(trackingToken()).toBe('ana-token');
    reportVisit('/todays-deals', '');
    await waitFor(() => expect(api.callsTo('POST /api/visits')).toHaveLength(2));
    expect(api.callsTo('POST /api/visits')[1]?.headers.authorization).toBe('Bearer ana-token');
    expect(api.callsTo('POST /api/visits')[1]?.body).toEqual({ path: '/todays-deals', userEmail: 'Ana@Example.com' });
    await waitFor(() => expect(window.sessionStorage.getItem('visitProvenEmail')).toBe('ana@example.com'));
    reportVisit('/deals', '');
    expect(api.callsTo('POST /api/visits')).toHaveLength(2);
  });

  it('keeps no visit when the server does not count it (204)', async () => {
    const api = fakeApi({ 'POST /api/visits': { status: 204 } });
    reportVisit('/', '');
    await waitFor(() => expect(api.callsTo('POST /api/visits')).toHaveLength(1));
    expect(window.sessionStorage.getItem('visit')).toBeNull();
  });
});
