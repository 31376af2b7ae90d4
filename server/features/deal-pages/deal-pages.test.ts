/**
 * The deal landing pages' facts through HTTP on a fresh database (issue 27;
 * docs/decisions/0023-landing-pages-facts.md):
 * - `POST /api/admin/deal-links`: an owner signs a link (201, audited); nobody else may (no session,
 *   a shopper's visitor token, another site's Origin); bad claims answer 400 naming the field.
 * - `GET /api/deal-pages/verify-link`: the owners' link is `valid` with its claims; the same link with
 *   a claim changed, the signature changed, a link signed with another key, or one past its expiry
 *   carries no claims; an unsigned query is `unsigned`.
 * - `GET /api/deal-pages/top-saving`: a preset's percentage comes only from a product of its scope
 *   with a verified saving (here a labelled list price); none → null.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealLinkCreated } from '../../../common/api/deal-links.admin.schema';
import type { DealLinkVerification, TopSavingResponse } from '../../../common/api/deal-links.schema';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { testEnv } from '../../env';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import { createTestApp } from '../../test-support/test-app';
import { auditLogPage } from '../audit/audit.service';
import { seedProducts } from '../products/products.test-seed';
import { issueVisitorToken } from '../visitors/visitors.service';
import { signDealLink } from './deal-links.rules';

const PUBLIC_URL = 'https://deals.example';
const DAY_MS = 24 * 60 * 60 * 1000;
const env = testEnv({ PUBLIC_URL });
/** The app's clock: tests move it to see a link expire. */
let now = new Date();
let app: App;
let database: Database;
let close: () => Promise<void>;
let admin: AdminHeaders;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env, clock: () => now }));
  admin = await signInAsAdmin(app, database, PUBLIC_URL);
});
afterAll(() => close?.());

async function createLink(body: Record<string, unknown>): Promise<DealLinkCreated> {
  const res = await app.inject({ method: 'POST', url: '/api/admin/deal-links', headers: admin, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<DealLinkCreated>();
}

/** Checks a landing page's query (what follows `/deal?`) as the page does. */
async function verify(query: string): Promise<DealLinkVerification> {
  const res = await app.inject({ url: `/api/deal-pages/verify-link?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-cache');
  return res.json<DealLinkVerification>();
}

const queryOf = (link: { path: string }) => link.path.slice(link.path.indexOf('?') + 1);

describe('POST /api/admin/deal-links (signed-in admins only)', () => {
  it('signs the claims into a /deal link under PUBLIC_URL, valid for the days asked, and records it in the audit log', async () => {
    const link = await createLink({
      title: 'Garden chairs for the summer',
      discount: 45,
      urgencyText: 'Offer ends Sunday',
      features: ['Folds flat', 'Weatherproof'],
      search: 'garden chairs',
      validDays: 3,
    });
    expect(link.path).toMatch(/^\/deal\?title=Garden\+chairs\+for\+the\+summer&discount=45&urgency=/);
    expect(link.path).toMatch(/&exp=\d+&sig=[A-Za-z0-9_-]{43}$/);
    expect(link.url).toBe(`${PUBLIC_URL}${link.path}`);
    expect(new Date(link.expiresAt).getTime()).toBeCloseTo(now.getTime() + 3 * DAY_MS, -4);
    expect(link.productFound).toBeNull();
    const entry = (await auditLogPage(database.db, 10)).find((e) => e.action === 'deal-links.create');
    expect(entry).toMatchObject({ action: 'deal-links.create', target: 'generic', counts: { validDays: 3, discount: 45 } });
  });

  it('says whether the named ASIN is in the catalogue', async () => {
    await seedProducts(database.db, [{ asin: 'B0LINKED01', title: 'Folding chair', pricePence: 2500, category: 'home-kitchen' }]);
    expect((await createLink({ asin: 'b0linked01', discount: 10 })).productFound).toBe(true);
    expect((await createLink({ asin: 'B0NOTHERE1', title: 'Gone' })).productFound).toBe(false);
  });

  it('answers 400 naming the field and rule for claims it will not sign', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ discount: 150 }, 'discount: must be a whole percent from 1 to 99'],
      [{ title: 'Chairs', url: 'https://evil.example/chairs' }, 'url: must be an Amazon UK link'],
      [{ search: 'chairs' }, 'title: must state at least one claim'],
      [{ title: 'Chairs', validDays: 0 }, 'validDays: must be at least 1'],
      [{ title: 'Chairs', rating: 4.55 }, 'rating: must have at most one decimal place'],
      [{ title: 'Chairs', url: 'https://www.amazon.co.uk/s?k=chairs', search: 'chairs' }, 'search: give either url or search'],
      [{ title: 'Chairs', features: ['a', 'b', 'c', 'd', 'e'] }, 'features'],
    ];
    for (const [payload, message] of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/admin/deal-links', headers: admin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
  });

  it('refuses anyone else: no session, a shopper’s visitor token (401), another site’s Origin (403)', async () => {
    const payload = { title: 'Chairs', discount: 45 };
    const url = '/api/admin/deal-links';
    expect((await app.inject({ method: 'POST', url, payload })).statusCode).toBe(401);
    const visitor = (await issueVisitorToken(database.db, { email: 'ann@example.co.uk', proof: 'mailbox', now })).token;
    const origin = new URL(PUBLIC_URL).origin;
    for (const headers of [
      { authorization: `Bearer ${visitor}`, origin },
      { 'x-visitor-token': visitor, origin },
    ]) {
      expect((await app.inject({ method: 'POST', url, payload, headers })).statusCode).toBe(401);
    }
    const foreign = await app.inject({ method: 'POST', url, payload, headers: { cookie: admin.cookie, origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('GET /api/deal-pages/verify-link (anyone; signs nothing)', () => {
  it('shows the claims of a link the owners signed', async () => {
    const link = await createLink({ title: 'Garden chairs', discount: 45, rating: 4.5, reviewCount: '1,200+', search: 'garden chairs' });
    expect(await verify(queryOf(link))).toEqual({
      status: 'valid',
      claims: { title: 'Garden chairs', discount: 45, rating: 4.5, reviewCount: '1,200+', search: 'garden chairs' },
      expiresAt: link.expiresAt,
    });
    // Other parameters of the landing URL (a campaign) change nothing.
    expect((await verify(`${queryOf(link)}&utm_source=newsletter`)).status).toBe('valid');
  });

  it('shows no claim of a tampered, re-signed, forged or unsigned link', async () => {
    const link = await createLink({ title: 'Garden chairs', discount: 45 });
    const query = queryOf(link);
    const tampered = query.replace('discount=45', 'discount=75');
    expect(tampered).not.toBe(query);
    expect(await verify(tampered)).toEqual({ status: 'invalid', claims: null, expiresAt: null });
    // A claim added to a signed link.
    expect((await verify(`urgency=Ends+tonight&${query}`)).status).toBe('invalid');
    // The signature itself changed (one character).
    const sig = new URLSearchParams(query).get('sig')!;
    const flipped = query.replace(`sig=${sig}`, `sig=${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    expect(await verify(flipped)).toEqual({ status: 'invalid', claims: null, expiresAt: null });
    // The expiry pushed out.
    const exp = new URLSearchParams(query).get('exp')!;
    expect((await verify(query.replace(`exp=${exp}`, `exp=${Number(exp) + DAY_MS / 1000}`))).status).toBe('invalid');
    // Signed with a key that is not this site's.
    const forged = signDealLink(
      'another-secret-key-'.padEnd(48, 'y'),
      { title: 'Garden chairs', discount: 45 },
      new Date(now.getTime() + DAY_MS),
    );
    expect((await verify(forged.query)).status).toBe('invalid');
    expect(await verify('title=Garden+chairs&discount=45')).toEqual({ status: 'unsigned', claims: null, expiresAt: null });
  });

  it('shows no claim once the link has expired', async () => {
    const link = await createLink({ title: 'Garden chairs', discount: 45, validDays: 1 });
    const started = now;
    try {
      now = new Date(started.getTime() + DAY_MS - 60_000);
      expect((await verify(queryOf(link))).status).toBe('valid');
      now = new Date(started.getTime() + DAY_MS + 1000);
      expect(await verify(queryOf(link))).toEqual({ status: 'expired', claims: null, expiresAt: link.expiresAt });
    } finally {
      now = started;
    }
  });

  it('answers 400 naming the parameter for a repeated or overlong one', async () => {
    const repeated = await app.inject({ url: '/api/deal-pages/verify-link?title=a&title=b&sig=abc&exp=1' });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json<{ message: string }>().message).toMatch(/^title: /);
    const long = await app.inject({ url: `/api/deal-pages/verify-link?discount=${'9'.repeat(10)}&sig=abc&exp=1` });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toContain('discount: must be at most 3 characters');
  });
});

describe('GET /api/deal-pages/top-saving (anyone)', () => {
  beforeAll(async () => {
    await seedProducts(database.db, [
      { asin: 'B0PEELER01', title: 'Vegetable peeler, stainless steel', pricePence: 600, listPricePence: 1000, category: 'home-kitchen' },
      { asin: 'B0KETTLE01', title: 'Glass kettle 1.7 litre', pricePence: 2000, listPricePence: 2500, category: 'home-kitchen' },
      { asin: 'B0PAN00001', title: 'Frying pan 28 cm', pricePence: 1500, observedHigh30dPence: null, category: 'home-kitchen' },
      { asin: 'B0RADIO001', title: 'DAB radio', pricePence: 4000, listPricePence: 4500, category: 'electronics' },
      { asin: 'B0FRYER001', title: 'Air fryer 4 litre', pricePence: 5999, category: 'home-kitchen' },
    ]);
  });

  async function topSaving(preset?: string): Promise<TopSavingResponse> {
    const res = await app.inject({ url: `/api/deal-pages/top-saving${preset ? `?preset=${preset}` : ''}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TopSavingResponse>();
  }

  it("takes a category preset's percentage from its product with the largest verified saving", async () => {
    const kitchen = await topSaving('home-kitchen');
    expect(kitchen.product).toMatchObject({ asin: 'B0PEELER01', price: '6.00', originalPrice: '10.00', discountPercent: 40 });
    expect(kitchen.product?.savingBasisLabel).toBeTruthy();
    expect(kitchen.withSaving).toBe(2);
    expect((await topSaving('electronics')).product).toMatchObject({ asin: 'B0RADIO001', discountPercent: 11 });
    expect((await topSaving()).product?.asin).toBe('B0PEELER01');
  });

  it("keeps to the preset's words: a peeler is a kitchen gadget, a kettle is not", async () => {
    expect(await topSaving('kitchen-gadgets')).toMatchObject({ product: { asin: 'B0PEELER01' }, withSaving: 1 });
  });

  it('answers no product when none in scope has a verified saving (the air fryer has no was price)', async () => {
    expect(await topSaving('air-fryer')).toEqual({ product: null, withSaving: 0 });
    expect(await topSaving('luggage')).toEqual({ product: null, withSaving: 0 });
  });

  it('answers 400 for a slug that is not a preset', async () => {
    const res = await app.inject({ url: '/api/deal-pages/top-saving?preset=garden-gnomes' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('preset: must be one of the eight preset slugs');
  });
});
