/**
 * Saved searches through HTTP on a fresh database (issue 30 "Keyword and category alerts"), with the
 * e-mails delivered to a real SMTP server on loopback: double opt-in as for alerts, matches found at
 * import and at a price check and e-mailed once each (instantly or in the daily digest), and who may
 * read or delete a search.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSavedSearchResponseSchema, savedSearchListSchema } from '../../../common/api/saved-searches.schema';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { products } from '../../db/schema/catalogue.schema';
import { emailOutbox } from '../../db/schema/email.schema';
import { savedSearches, savedSearchMatches, savedSearchTerms } from '../../db/schema/saved-searches.schema';
import { testEnv, type Env } from '../../env';
import { deliverDueEmails } from '../../email/sender.service';
import { startSmtpCapture, type SmtpCapture } from '../../email/smtp-capture.test-support';
import { createCatalogueSource } from '../../sources/catalogue.source';
import { createTestApp } from '../../test-support/test-app';
import { importCatalogueAndCheckAlerts } from '../catalogue/catalogue-update.service';
import { runPriceCheck } from '../price-checks';
import { importNewPrice, seedAlerts, seedSubscriber, visitorToken } from '../price-checks/price-check.test-support';
import { sendSavedSearchDigests } from './saved-search-matching.service';

let smtp: SmtpCapture;
let env: Env;
let app: App;
let database: Database;
let close: () => Promise<void>;
let dir: string;
// Monday 23 November 2026, 09:15 in London.
let now = new Date('2026-11-23T09:15:00Z');
const HOUR = 3_600_000;

const HEADER = 'asin,title,price,originalPrice,category,brand,savingBasisType';
const DYSON = 'B0DYSONV81';
const SHARK = 'B0SHARKCV1';
const KETTLE = 'B0KETTLE77';
const FRYER = 'B0AIRFRY01';

beforeAll(async () => {
  smtp = await startSmtpCapture();
  env = testEnv({ PUBLIC_URL: 'https://deals.example', SMTP_URL: smtp.url });
  ({ app, database, close } = await createTestApp({ env, clock: () => now }));
  dir = await mkdtemp(path.join(tmpdir(), 'saved-searches-'));
});
afterAll(async () => {
  await close?.();
  await smtp?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const save = (payload: Record<string, unknown>, token?: string) =>
  app.inject({ method: 'POST', url: '/api/saved-searches', payload, ...(token ? { headers: bearer(token) } : {}) });
const deliver = () => deliverDueEmails({ db: database.db, env, clock: () => now });
const mailTo = (email: string) => smtp.messages.filter((m) => m.recipients[0] === email);

/** Imports CSV rows (product layout) through the importer the CLI and admin upload use. */
async function importRows(rows: string[]) {
  const file = path.join(dir, `feed-${Date.now()}-${Math.random()}.csv`);
  await writeFile(file, [HEADER, ...rows].join('\n'));
  return importCatalogueAndCheckAlerts({ db: database.db, env, clock: () => now }, { filePath: file }, { now, observedAt: now });
}

/** Opens the confirmation link of the newest confirmation e-mail to `email` in the browser holding `token`. */
async function openConfirmation(email: string, token: string): Promise<string> {
  const [row] = await database.db
    .select({ html: emailOutbox.html })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.recipient, email), eq(emailOutbox.kind, 'confirmation')));
  const match = /href="([^"]*\/confirm-email\?[^"]*)"/.exec(row?.html ?? '');
  const link = new URL(match![1]!.replace(/&amp;/g, '&'));
  const res = await app.inject({
    method: 'POST',
    url: '/api/subscribers/confirm',
    headers: bearer(token),
    payload: { email, t: link.searchParams.get('t'), sig: link.searchParams.get('sig') },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { visitorToken: string }).visitorToken;
}

let bobMailbox = '';
let carolDevice = '';
let bobSearchId = 0;

describe('POST /api/saved-searches', () => {
  it('refuses bad input with a 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ userEmail: 'not-an-address', keywords: 'kettle', frequency: 'instant' }, 'userEmail'],
      [{ userEmail: 'a@example.com', keywords: 'kettle', frequency: 'hourly' }, 'frequency'],
      [{ userEmail: 'a@example.com', keywords: '  ', frequency: 'daily' }, 'keywords'],
      [{ userEmail: 'a@example.com', keywords: 'kettle', maxPrice: 'cheap', frequency: 'daily' }, 'maxPrice'],
      [{ userEmail: 'a@example.com', keywords: 'kettle', minSavingPercent: 95, frequency: 'daily' }, 'minSavingPercent'],
      [{ userEmail: 'a@example.com', keywords: 'kettle', category: 'garden-gnomes', frequency: 'daily' }, 'category'],
    ];
    for (const [payload, field] of cases) {
      const res = await save(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(new RegExp(`^${field}: `));
    }
  });

  it("waits for the mailbox's owner: the confirmation e-mail lists it and opening the link starts it", async () => {
    const res = await save({ userEmail: 'Bob@Example.com', keywords: 'cordless hoover', minSavingPercent: 20, frequency: 'instant' });
    expect(res.statusCode).toBe(201);
    const body = createSavedSearchResponseSchema.parse(res.json());
    expect(body).toMatchObject({
      userEmail: 'bob@example.com',
      keywords: 'cordless hoover',
      minSavingPercent: 20,
      maxPrice: null,
      isActive: false,
      awaitingConfirmation: true,
      emailConfirmed: false,
    });
    bobSearchId = body.id;
    // Filed under its rarest term's stems only (the term table), not under every word.
    const keys = await database.db.select().from(savedSearchTerms).where(eq(savedSearchTerms.savedSearchId, body.id));
    expect(keys.length).toBeGreaterThan(0);

    await deliver();
    const confirmation = mailTo('bob@example.com')[0]!;
    expect(confirmation.parsed.text).toContain('Saved search: “cordless hoover”, at least 20% off');

    bobMailbox = await openConfirmation('bob@example.com', body.visitorToken);
    const list = await app.inject({ method: 'GET', url: '/api/saved-searches', headers: bearer(bobMailbox) });
    expect(savedSearchListSchema.parse(list.json())).toMatchObject([{ id: body.id, isActive: true, awaitingConfirmation: false }]);
  });

  it('starts at once with the mailbox token, and sends no e-mail', async () => {
    const before = smtp.messages.length;
    const res = await save({ userEmail: 'bob@example.com', keywords: 'dyson', maxPrice: '£150', frequency: 'instant' }, bobMailbox);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ isActive: true, awaitingConfirmation: false, maxPrice: '150.00', emailConfirmed: true });
    await deliver();
    expect(smtp.messages.length).toBe(before);
  });
});

describe('the per-address limit', () => {
  it('answers 409 naming keywords at 50 searches, but strangers’ waiting searches never lock the owner out', async () => {
    const waiting = Array.from({ length: 50 }, (_, i) => ({
      userEmail: 'dora@example.com',
      keywords: `thing ${i}`,
      frequency: 'daily' as const,
      isActive: false,
      awaitingProof: true,
      createdAt: now,
    }));
    await database.db.insert(savedSearches).values(waiting);
    const stranger = await save({ userEmail: 'dora@example.com', keywords: 'kettle', frequency: 'daily' });
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json().message).toMatch(/^keywords: this address already has 50 saved searches/);
    const owner = await save(
      { userEmail: 'dora@example.com', keywords: 'kettle', frequency: 'daily' },
      await visitorToken(database.db, 'dora@example.com', now),
    );
    expect(owner.statusCode).toBe(201);
  });
});

describe('matching', () => {
  it('e-mails the new matches of an import once, to a real SMTP server, with synonyms, saving and cap applied', async () => {
    const before = mailTo('bob@example.com').length;
    const rows = [
      `${DYSON},Dyson V8 Cordless Vacuum Cleaner,199.00,299.00,home-kitchen,Dyson,LIST_PRICE`,
      `${SHARK},Shark Cordless Stick Vacuum,150.00,,home-kitchen,Shark,`,
      `${KETTLE},Breville Stainless Kettle 1.7L,25.00,,home-kitchen,Breville,`,
    ];
    await importRows(rows);
    await deliver();
    const mails = mailTo('bob@example.com').slice(before);
    // "cordless hoover" with 20 % verified saving: the Dyson (33 % off list), not the Shark (no saving).
    // "dyson" up to £150: nothing yet (£199).
    expect(mails).toHaveLength(1);
    expect(mails[0]!.parsed.subject).toBe('New match for “cordless hoover”: 1 product');
    expect(mails[0]!.parsed.html).toContain('Dyson V8 Cordless Vacuum Cleaner');
    expect(mails[0]!.parsed.html).not.toContain('Shark');
    expect(mails[0]!.parsed.html).toContain(`/deals/${DYSON}`);

    // The same file again, an hour later: nothing new is sent, not even to a search saved since for a
    // product that was already there, unchanged (the shopper saw it when they searched).
    const later = await save({ userEmail: 'bob@example.com', keywords: 'breville kettle', frequency: 'instant' }, bobMailbox);
    expect(later.statusCode).toBe(201);
    now = new Date(now.getTime() + HOUR);
    await importRows(rows);
    await deliver();
    expect(mailTo('bob@example.com').slice(before)).toHaveLength(1);
  });

  it('matches when a later import brings the price under the cap', async () => {
    const before = mailTo('bob@example.com').length;
    now = new Date(now.getTime() + HOUR);
    await importRows([`${DYSON},Dyson V8 Cordless Vacuum Cleaner,149.00,299.00,home-kitchen,Dyson,LIST_PRICE`]);
    await deliver();
    const mails = mailTo('bob@example.com').slice(before);
    expect(mails.map((m) => m.parsed.subject)).toEqual(['New match for “dyson”: 1 product']);
    expect(mails[0]!.parsed.html).toContain('£149.00');
  });

  it('matches at a price check the products it checked', async () => {
    await importRows([`${FRYER},Ninja Air Fryer 5.2L,120.00,,home-kitchen,Ninja,`]);
    const res = await save({ userEmail: 'bob@example.com', keywords: 'air fryer', maxPrice: 100, frequency: 'instant' }, bobMailbox);
    expect(res.statusCode).toBe(201);
    await seedSubscriber(database.db, 'watcher@example.com', 'confirmed', now);
    await seedAlerts(database.db, [{ email: 'watcher@example.com', asin: FRYER, currentPricePence: 12000 }]);
    const before = mailTo('bob@example.com').length;
    now = new Date(now.getTime() + HOUR);
    await importNewPrice(database.db, FRYER, 9900, now);
    await runPriceCheck(
      { db: database.db, source: createCatalogueSource(database.db), clock: () => now, env },
      { trigger: 'cron', results: false },
    );
    await deliver();
    const mails = mailTo('bob@example.com').slice(before);
    expect(mails.map((m) => m.parsed.subject)).toEqual(['New match for “air fryer”: 1 product']);
  });

  it('keeps a daily search’s matches for its digest: from 08:00 UK time, once a day', async () => {
    const res = await save({ userEmail: 'bob@example.com', keywords: 'kettles', category: 'home-kitchen', frequency: 'daily' }, bobMailbox);
    const id = res.json().id as number;
    const before = mailTo('bob@example.com').length;
    now = new Date('2026-11-24T06:30:00Z');
    await importRows([`${KETTLE},Breville Stainless Kettle 1.7L,24.00,,home-kitchen,Breville,`]);
    await deliver();
    // Repriced, so news: the instant "breville kettle" search hears at once; the daily one waits.
    expect(
      mailTo('bob@example.com')
        .slice(before)
        .map((m) => m.parsed.subject),
    ).toEqual(['New match for “breville kettle”: 1 product']);
    const [match] = await database.db.select().from(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, id));
    expect(match).toMatchObject({ asin: KETTLE, pricePence: 2400, notifiedAt: null });

    expect(await sendSavedSearchDigests({ db: database.db }, now)).toEqual({ queued: 0, tooEarly: true });
    now = new Date('2026-11-24T09:00:00Z');
    expect(await sendSavedSearchDigests({ db: database.db }, now)).toEqual({ queued: 1, tooEarly: false });
    expect(await sendSavedSearchDigests({ db: database.db }, new Date(now.getTime() + HOUR))).toEqual({ queued: 0, tooEarly: false });
    await deliver();
    const mails = mailTo('bob@example.com').slice(before);
    expect(mails.map((m) => m.parsed.subject)).toEqual([
      'New match for “breville kettle”: 1 product',
      "Today's match for “kettles”: 1 product",
    ]);
    expect(mails[1]!.parsed.html).toContain('Breville Stainless Kettle');
  });

  it('lists the 10 largest savings of many matches in one e-mail, counts the rest, and records all as sent', async () => {
    const res = await save({ userEmail: 'bob@example.com', keywords: 'toaster', frequency: 'instant' }, bobMailbox);
    const id = res.json().id as number;
    const before = mailTo('bob@example.com').length;
    now = new Date(now.getTime() + HOUR);
    // 35 toasters at £20.00: T00 without a saving, then list prices £21…£54 (T34 has the largest).
    const code = (i: number) => String(i).padStart(2, '0');
    const rows = Array.from(
      { length: 35 },
      (_, i) =>
        `B0TOAST0${code(i)},Toastmaster 2-Slice Toaster Model T${code(i)},20.00,${i === 0 ? '' : `${20 + i}.00`},home-kitchen,Toastmaster,${i === 0 ? '' : 'LIST_PRICE'}`,
    );
    await importRows(rows);
    await deliver();
    const mails = mailTo('bob@example.com').slice(before);
    expect(mails.map((m) => m.parsed.subject)).toEqual(['New matches for “toaster”: 35 products']);
    const { text } = mails[0]!.parsed;
    const html = mails[0]!.parsed.html || '';
    expect(text).toContain('The 10 with the largest verified saving are below, and 25 more');
    expect(html.indexOf('Model T34')).toBeGreaterThan(-1);
    expect(html.indexOf('Model T34')).toBeLessThan(html.indexOf('Model T33'));
    expect(html).toContain('Model T25');
    for (const left of ['T00', 'T01', 'T24']) expect(html).not.toContain(`Model ${left}`);
    const recorded = await database.db.select().from(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, id));
    expect(recorded).toHaveLength(35);
    expect(recorded.every((m) => m.notifiedAt !== null)).toBe(true);

    // The same file again: nothing is news, nothing is sent.
    now = new Date(now.getTime() + HOUR);
    await importRows(rows);
    await deliver();
    expect(mailTo('bob@example.com').slice(before)).toHaveLength(1);
  });

  it('an import with some matches already sent e-mails only the new ones', async () => {
    await save({ userEmail: 'bob@example.com', keywords: 'waffle maker', frequency: 'instant' }, bobMailbox);
    const before = mailTo('bob@example.com').length;
    now = new Date(now.getTime() + HOUR);
    await importRows([
      'B0WAFFLE01,Cuisinart Waffle Maker W1,30.00,,home-kitchen,Cuisinart,',
      'B0WAFFLE02,Tefal Waffle Maker W2,35.00,,home-kitchen,Tefal,',
    ]);
    now = new Date(now.getTime() + HOUR);
    // W1 repriced (news, but already sent to this search), W3 new.
    await importRows([
      'B0WAFFLE01,Cuisinart Waffle Maker W1,25.00,,home-kitchen,Cuisinart,',
      'B0WAFFLE03,Salter Waffle Maker W3,20.00,,home-kitchen,Salter,',
    ]);
    await deliver();
    const mails = mailTo('bob@example.com').slice(before);
    expect(mails.map((m) => m.parsed.subject)).toEqual([
      'New matches for “waffle maker”: 2 products',
      'New match for “waffle maker”: 1 product',
    ]);
    const html = mails[1]!.parsed.html || '';
    expect(html).toContain('Salter Waffle Maker W3');
    expect(html).not.toContain('W1');
  });

  it('a digest lists its products as the catalogue shows them when it is sent; one deleted since is left out, and all are marked sent', async () => {
    const blender = (await save({ userEmail: 'bob@example.com', keywords: 'blender', frequency: 'weekly' }, bobMailbox)).json()
      .id as number;
    const juicer = (await save({ userEmail: 'bob@example.com', keywords: 'juicer', frequency: 'weekly' }, bobMailbox)).json().id as number;
    const before = mailTo('bob@example.com').length;
    now = new Date(now.getTime() + HOUR);
    await importRows([
      'B0BLEND001,Vitamix Blender A,50.00,80.00,home-kitchen,Vitamix,LIST_PRICE',
      'B0BLEND002,Ninja Blender B,40.00,,home-kitchen,Ninja,',
      'B0BLEND003,Kenwood Blender C,30.00,,home-kitchen,Kenwood,',
      'B0JUICE001,Philips Juicer J,60.00,,home-kitchen,Philips,',
    ]);
    // A match row is narrow (migration 0027): what makes it a match and what it was matched at.
    const [row] = await database.db.select().from(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, blender));
    expect(Object.keys(row!).sort()).toEqual(['asin', 'matchedAt', 'notifiedAt', 'pricePence', 'savedSearchId', 'savingPercent']);
    // After matching: one product renamed and given a new image, two deleted (the juicer search's only one).
    await database.db
      .update(products)
      .set({ title: 'Vitamix Blender A Pro', imageUrl: 'https://m.media-amazon.com/images/I/vitamix-pro.jpg' })
      .where(eq(products.asin, 'B0BLEND001'));
    await database.db.delete(products).where(inArray(products.asin, ['B0BLEND003', 'B0JUICE001']));

    expect(await sendSavedSearchDigests({ db: database.db }, now)).toEqual({ queued: 1, tooEarly: false });
    await deliver();
    const mails = mailTo('bob@example.com').slice(before);
    expect(mails.map((m) => m.parsed.subject)).toEqual(["This week's matches for “blender”: 2 products"]);
    const html = mails[0]!.parsed.html || '';
    expect(html).toContain('Vitamix Blender A Pro');
    expect(html).toContain('vitamix-pro.jpg');
    expect(html).toContain('£50.00');
    expect(html).toContain('Ninja Blender B');
    expect(html).not.toContain('Kenwood');
    // The largest verified saving first.
    expect(html.indexOf('Vitamix')).toBeLessThan(html.indexOf('Ninja Blender B'));
    const recorded = await database.db
      .select()
      .from(savedSearchMatches)
      .where(inArray(savedSearchMatches.savedSearchId, [blender, juicer]));
    expect(recorded.map((m) => m.asin).sort()).toEqual(['B0BLEND001', 'B0BLEND002', 'B0BLEND003', 'B0JUICE001']);
    expect(recorded.every((m) => m.notifiedAt !== null)).toBe(true);
    // Nothing waits: the next hour's run sends nothing.
    expect(await sendSavedSearchDigests({ db: database.db }, new Date(now.getTime() + HOUR))).toEqual({ queued: 0, tooEarly: false });
  });
});

describe('who may read and delete', () => {
  it('needs the token: 401 without, nothing of another address, 404 for another’s search', async () => {
    const carol = await save({ userEmail: 'carol@example.com', keywords: 'toaster', frequency: 'weekly' });
    carolDevice = carol.json().visitorToken as string;
    expect((await app.inject({ method: 'GET', url: '/api/saved-searches' })).statusCode).toBe(401);
    const theirs = await app.inject({ method: 'GET', url: '/api/saved-searches', headers: bearer(carolDevice) });
    expect(theirs.json().map((s: { keywords: string }) => s.keywords)).toEqual(['toaster']);
    expect((await app.inject({ method: 'DELETE', url: `/api/saved-searches/${bobSearchId}` })).statusCode).toBe(401);
    const stranger = await app.inject({ method: 'DELETE', url: `/api/saved-searches/${bobSearchId}`, headers: bearer(carolDevice) });
    expect(stranger.statusCode).toBe(404);
    const matchesOf = (id: number) => database.db.select().from(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, id));
    expect((await matchesOf(bobSearchId)).length).toBeGreaterThan(0);
    const own = await app.inject({ method: 'DELETE', url: `/api/saved-searches/${bobSearchId}`, headers: bearer(bobMailbox) });
    expect(own.json()).toEqual({ success: true });
    // Its matches go with it (migration 0027's trigger, in place of a foreign key).
    expect(await matchesOf(bobSearchId)).toEqual([]);
    const after = await app.inject({ method: 'GET', url: '/api/saved-searches', headers: bearer(bobMailbox) });
    expect(after.json().map((s: { id: number }) => s.id)).not.toContain(bobSearchId);
  });
});

describe('the shopper’s own record', () => {
  it('"Sent to you" lists each alert e-mail with its date and prices, to the token’s holder only', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/alert-emails' })).statusCode).toBe(401);
    const res = await app.inject({ method: 'GET', url: '/api/alert-emails', headers: bearer(bobMailbox) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const sent = res.json() as Array<{ kind: string; subject: string; sentAt: string; items: Array<{ asin: string; price: string }> }>;
    expect(sent.map((e) => e.subject)).toContain('New match for “dyson”: 1 product');
    const dyson = sent.find((e) => e.subject === 'New match for “dyson”: 1 product')!;
    expect(dyson).toMatchObject({ kind: 'saved-search', items: [{ asin: DYSON, price: '149.00' }] });
    expect(Date.parse(dyson.sentAt)).not.toBeNaN();
    const carols = await app.inject({ method: 'GET', url: '/api/alert-emails', headers: bearer(carolDevice) });
    expect(carols.json()).toEqual([]);
  });

  it('a private feed: Atom and RSS for its token, revocable (the old URL then answers 404) and re-creatable', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/alert-feed' })).statusCode).toBe(401);
    const made = await app.inject({ method: 'POST', url: '/api/alert-feed', headers: bearer(bobMailbox) });
    expect(made.statusCode).toBe(201);
    const { atomUrl, rssUrl } = made.json() as { atomUrl: string; rssUrl: string };
    expect(atomUrl).toMatch(/^https:\/\/deals\.example\/feeds\/alerts\/[A-Za-z0-9_-]{43}\.atom$/);
    const atom = await app.inject({ method: 'GET', url: new URL(atomUrl).pathname });
    expect(atom.statusCode).toBe(200);
    expect(atom.headers['content-type']).toContain('application/atom+xml');
    expect(atom.body).toContain('New match for “dyson”: 1 product');
    const rss = await app.inject({ method: 'GET', url: new URL(rssUrl).pathname });
    expect(rss.statusCode).toBe(200);
    expect(rss.body).toContain('<rss');
    expect(rss.body).toContain('Dyson V8 Cordless Vacuum Cleaner: £149.00');
    expect((await app.inject({ method: 'GET', url: '/api/alert-feed', headers: bearer(bobMailbox) })).json()).toMatchObject({
      active: true,
    });

    expect((await app.inject({ method: 'DELETE', url: '/api/alert-feed', headers: bearer(carolDevice) })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: new URL(atomUrl).pathname })).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: '/api/alert-feed', headers: bearer(bobMailbox) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: new URL(atomUrl).pathname })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: new URL(rssUrl).pathname })).statusCode).toBe(404);

    const again = await app.inject({ method: 'POST', url: '/api/alert-feed', headers: bearer(bobMailbox) });
    const fresh = new URL((again.json() as { rssUrl: string }).rssUrl).pathname;
    expect((await app.inject({ method: 'GET', url: fresh })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: new URL(rssUrl).pathname })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/feeds/alerts/not-a-token.atom' })).statusCode).toBe(404);
  });
});
