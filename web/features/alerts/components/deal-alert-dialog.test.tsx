// @vitest-environment happy-dom
/**
 * The 'Confirm Deal Alert' dialog as a shopper uses it, opened the way pages open it, through
 * useDealAlertDialog (shopper-screens §2 "Today's deals" dialog, §4 "Deal alert dialog", §5
 * "Deal alert creation", "Price strings are stripped of £ and commas", §7 POST /api/deal-alerts and
 * GET /api/amazon/current-price, §8 "Alert create failure" and "current-price failures: only
 * logged"): 'Loading...' and a disabled Confirm until the price arrives, the price with its 'as of'
 * date, Confirm needing an '@', the target price check, creation (request body, toast, token handed
 * to the page, dialog closed), a server refusal, Cancel and Escape. Fetch is faked with the API's
 * shapes.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { alertKindWords } from '../../../../common/alert-kinds';
import { createAlertResponseSchema, createAlertSchema } from '../../../../common/api/alerts.schema';
import { currentPriceResponseSchema } from '../../../../common/api/products.schema';
import { deferred, fakeApi, renderPage, type FakeAnswer, type FakeCall } from '../../../testing/harness';
import type { AlertProduct } from './deal-alert-dialog';
import { useDealAlertDialog } from './use-deal-alert-dialog';

const PRODUCT: AlertProduct = {
  asin: 'B0TESTAS01',
  title: 'Ninja Air Fryer AF100UK',
  price: '1,299.99',
  imageUrl: null,
  productUrl: '/deals/B0TESTAS01',
  asOf: '2026-01-10T12:00:00.000Z',
};

const PRICE_ROUTE = `GET /api/amazon/current-price/${PRODUCT.asin}`;

function currentPrice(price = '1199.00'): FakeAnswer {
  return {
    json: currentPriceResponseSchema.parse({
      asin: PRODUCT.asin,
      currentPrice: price,
      originalPrice: '1499.99',
      savingBasis: 'LIST_PRICE',
      asOf: '2026-01-15T12:00:00.000Z',
    }),
  };
}

/** POST /api/deal-alerts as the server answers it: the request is checked, the alert echoed back. */
function createdAlert(emailConfirmed: boolean) {
  return ({ body }: FakeCall): FakeAnswer => {
    const input = createAlertSchema.parse(body);
    return {
      status: 201,
      json: createAlertResponseSchema.parse({
        id: 7,
        productAsin: input.productAsin,
        productTitle: PRODUCT.title,
        currentPrice: '1199.00',
        lastCheckedPrice: null,
        targetPrice: input.targetPricePence == null ? null : (input.targetPricePence / 100).toFixed(2),
        productImageUrl: null,
        productUrl: PRODUCT.productUrl,
        userEmail: input.userEmail,
        isActive: true,
        awaitingConfirmation: false,
        lastCheckedAt: null,
        lastNotificationSentAt: null,
        notificationsSent: 0,
        priceChange: null,
        priceChangePercent: null,
        createdAt: '2026-01-15T12:00:00.000Z',
        asOf: '2026-01-15T12:00:00.000Z',
        visitorToken: 'visitor-token-123',
        emailConfirmed,
        alertType: input.alertType ?? 'any_drop',
        dropPercent: input.dropPercent ?? null,
        alertKind: alertKindWords({
          alertType: input.alertType ?? 'any_drop',
          targetPricePence: input.targetPricePence,
          dropPercent: input.dropPercent,
        }),
      }),
    };
  };
}

/** A page with one product card's bell, wired as the search and deals pages wire the dialog. */
function Page({ email, onCreated }: { email: string | null; onCreated: (email: string, token: string) => void }) {
  const dialog = useDealAlertDialog({ email, onCreated });
  return (
    <>
      <button type="button" onClick={() => dialog.open(PRODUCT)}>
        Set Deal Alert
      </button>
      {dialog.element}
    </>
  );
}

async function openDialog(options: { email?: string | null } = {}) {
  const onCreated = vi.fn();
  const view = renderPage(<Page email={options.email ?? null} onCreated={onCreated} />);
  expect(screen.queryByRole('dialog')).toBeNull();
  await view.user.click(screen.getByRole('button', { name: 'Set Deal Alert' }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirm Deal Alert' });
  return { ...view, dialog, onCreated };
}

describe("'Confirm Deal Alert' dialog", () => {
  it("shows 'Loading...' with Confirm disabled until the current price arrives, then the price and its date", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-15T13:00:00.000Z'));
    const price = deferred<FakeAnswer>();
    fakeApi({ [PRICE_ROUTE]: () => price.promise });
    const { dialog } = await openDialog({ email: 'shopper@example.co.uk' });

    expect(within(dialog).getByText("We'll e-mail you when this product's price drops.")).toBeVisible();
    expect(within(dialog).getByText('Ninja Air Fryer AF100UK')).toBeVisible();
    expect(within(dialog).getByText('Loading...')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();

    price.resolve(currentPrice('1199.00'));
    expect(await within(dialog).findByText('£1,199.00')).toBeVisible();
    expect(within(dialog).queryByText('Loading...')).toBeNull();
    expect(within(dialog).getByText(/^Price as of 15 Jan 2026/)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeEnabled();
  });

  it("keeps the card's price when the current price cannot be fetched (only logged), and sends it without £ or commas", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = fakeApi({
      [PRICE_ROUTE]: { status: 500, json: { error: 'Internal Server Error', message: 'database unavailable' } },
      'POST /api/deal-alerts': createdAlert(true),
    });
    const { dialog, user } = await openDialog({ email: 'shopper@example.co.uk' });

    expect(await within(dialog).findByText('£1,299.99')).toBeVisible();
    expect(within(dialog).getByText(/^Price as of 10 Jan 2026/)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(warn).toHaveBeenCalledWith('Current price unavailable; showing the listed price:', expect.anything());
    expect(screen.queryByText('database unavailable')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Deal alert created!')).toBeVisible();
    expect(api.callsTo('POST /api/deal-alerts')[0]?.body).toMatchObject({ currentPrice: '1299.99' });
  });

  it("starts with an empty e-mail without a stored one and enables Confirm only once it contains '@'", async () => {
    fakeApi({ [PRICE_ROUTE]: currentPrice() });
    const { dialog, user } = await openDialog({ email: null });
    await within(dialog).findByText('£1,199.00');

    const email = within(dialog).getByLabelText('Your e-mail address');
    expect(email).toHaveValue('');
    expect(email).toHaveAttribute('type', 'email');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await user.type(email, 'shopper');
    expect(confirm).toBeDisabled();
    await user.type(email, '@example.co.uk');
    expect(confirm).toBeEnabled();
  });

  it('prefills the e-mail the visitor already gave', async () => {
    fakeApi({ [PRICE_ROUTE]: currentPrice() });
    const { dialog } = await openDialog({ email: 'shopper@example.co.uk' });
    expect(within(dialog).getByLabelText('Your e-mail address')).toHaveValue('shopper@example.co.uk');
  });

  it('explains a target price it cannot read, and sends nothing', async () => {
    const api = fakeApi({ [PRICE_ROUTE]: currentPrice(), 'POST /api/deal-alerts': createdAlert(true) });
    const { dialog, user } = await openDialog({ email: 'shopper@example.co.uk' });
    await within(dialog).findByText('£1,199.00');

    await user.click(within(dialog).getByRole('radio', { name: /Below a price/ }));
    const target = within(dialog).getByLabelText('Alert me when it drops below £…');
    expect(target).toHaveAccessibleDescription('We e-mail you when the price is at or below this.');
    await user.type(target, 'cheap');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(within(dialog).getByText('Enter a price in pounds, such as 12.99')).toBeVisible();
    expect(target).toHaveAccessibleDescription('Enter a price in pounds, such as 12.99');
    expect(target).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/deal-alerts')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Confirm Deal Alert' })).toBeVisible();
  });

  it('creates the alert: sends the target price in pounds, hands the token to the page, closes and confirms', async () => {
    const api = fakeApi({ [PRICE_ROUTE]: currentPrice('1199.00'), 'POST /api/deal-alerts': createdAlert(false) });
    const { dialog, user, onCreated } = await openDialog({ email: null });
    await within(dialog).findByText('£1,199.00');

    await user.type(within(dialog).getByLabelText('Your e-mail address'), '  New.Shopper@example.co.uk ');
    await user.click(within(dialog).getByRole('radio', { name: /Below a price/ }));
    await user.type(within(dialog).getByLabelText('Alert me when it drops below £…'), '£1,100.5');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Deal alert created!')).toBeVisible();
    expect(screen.getByText("You'll be notified when this product's price drops.")).toBeVisible();
    // Not yet confirmed (double opt-in): the toast says where the confirmation e-mail went.
    expect(screen.getByText(/^Check New\.Shopper@example\.co\.uk for our e-mail and open its link/)).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Confirm Deal Alert' })).toBeNull();
    expect(onCreated).toHaveBeenCalledWith('New.Shopper@example.co.uk', 'visitor-token-123');
    expect(api.callsTo('POST /api/deal-alerts')[0]?.body).toEqual({
      productAsin: 'B0TESTAS01',
      productTitle: 'Ninja Air Fryer AF100UK',
      currentPrice: '1199.00',
      alertType: 'target_price',
      targetPrice: '1100.50',
      productImageUrl: null,
      productUrl: '/deals/B0TESTAS01',
      userEmail: 'New.Shopper@example.co.uk',
      isActive: true,
    });
  });

  it('offers the five kinds as a radio group; a percentage drop needs a whole number from 1 to 90 (issue 30)', async () => {
    const api = fakeApi({ [PRICE_ROUTE]: currentPrice(), 'POST /api/deal-alerts': createdAlert(true) });
    const { dialog, user } = await openDialog({ email: 'shopper@example.co.uk' });
    await within(dialog).findByText('£1,199.00');
    const group = within(dialog).getByRole('group', { name: 'Alert me when' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['any_drop', 'target_price', 'percent_drop', 'lowest_price', 'back_in_stock']);
    expect(within(group).getByRole('radio', { name: /Any price drop/ })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: /Drops by a percentage/ }));
    const percent = within(dialog).getByLabelText('Alert me when it drops by at least (%)');
    await user.type(percent, '95');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(percent).toHaveAccessibleDescription('Enter a whole number from 1 to 90, such as 10');
    expect(api.callsTo('POST /api/deal-alerts')).toHaveLength(0);
    await user.clear(percent);
    await user.type(percent, '10%');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Deal alert created!')).toBeVisible();
    expect(api.callsTo('POST /api/deal-alerts')[0]?.body).toMatchObject({ alertType: 'percent_drop', dropPercent: 10 });
    expect(api.callsTo('POST /api/deal-alerts')[0]?.body).not.toHaveProperty('targetPrice');
  });

  it("shows 'Creating Alert...' while the alert is being created and does not mention confirmation for a confirmed address", async () => {
    const answer = deferred<FakeAnswer>();
    const api = fakeApi({
      [PRICE_ROUTE]: currentPrice(),
      'POST /api/deal-alerts': (call) => answer.promise.then(() => createdAlert(true)(call)),
    });
    const { dialog, user } = await openDialog({ email: 'shopper@example.co.uk' });
    await within(dialog).findByText('£1,199.00');

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const pending = await within(dialog).findByRole('button', { name: 'Creating Alert...' });
    expect(pending).toBeDisabled();
    await user.click(pending);
    expect(api.callsTo('POST /api/deal-alerts')).toHaveLength(1);

    answer.resolve({});
    expect(await screen.findByText('Deal alert created!')).toBeVisible();
    expect(screen.queryByText(/for our e-mail and open its link/)).toBeNull();
    expect(api.callsTo('POST /api/deal-alerts')[0]?.body).not.toHaveProperty('targetPrice');
  });

  it("shows the server's refusal in a 'Failed to create alert' toast and keeps the dialog open", async () => {
    fakeApi({
      [PRICE_ROUTE]: currentPrice(),
      'POST /api/deal-alerts': {
        status: 429,
        json: { error: 'Too Many Requests', message: 'Too many alerts for this address. Try again later.' },
      },
    });
    const { dialog, user, onCreated } = await openDialog({ email: 'shopper@example.co.uk' });
    await within(dialog).findByText('£1,199.00');

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Failed to create alert')).toBeVisible();
    expect(screen.getByText('Too many alerts for this address. Try again later.')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Confirm Deal Alert' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('closes with Cancel and with Escape without creating anything', async () => {
    const api = fakeApi({ [PRICE_ROUTE]: currentPrice(), 'POST /api/deal-alerts': createdAlert(true) });
    const { dialog, user } = await openDialog({ email: 'shopper@example.co.uk' });

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Set Deal Alert' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm Deal Alert' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST /api/deal-alerts')).toHaveLength(0);
    // Each opening asks for the current price afresh (spec §7).
    expect(api.callsTo(PRICE_ROUTE)).toHaveLength(2);
  });
});
