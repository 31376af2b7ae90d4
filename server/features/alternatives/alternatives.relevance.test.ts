/**
 * Genuine alternatives through HTTP (issue 28; docs/decisions/0026-search-relevance.md), on a small
 * seeded catalogue shaped like the real feed's failures: a travel kettle offered a staple tacker, a
 * descaler and a kettle barbecue; a printer offered its toner and cleaning kit; a stand mixer with
 * only its own accessories; coin cells that must be the same size. Each answer lists only products
 * of the same type, explains why, or says plainly that there is no genuine alternative. Real
 * database (PGlite, or PostgreSQL with TEST_DATABASE_URL), real app, no Amazon.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimilarItemsResponse } from '../../../common/api/alternatives.schema';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { createTestApp } from '../../test-support/test-app';
import { seedProducts, type SeedProduct } from '../products/products.test-seed';

const kitchen = { category: 'home-kitchen', categoryName: 'Small Kitchen Appliances' };
const printers = { category: 'electronics', categoryName: 'Computer Printers' };
const batteries = { category: 'electronics', categoryName: 'Household Batteries, Chargers & Accessories' };

const catalogue: Record<string, SeedProduct> = {
  travelKettle: {
    ...kitchen,
    asin: 'B0TRAVELK1',
    title: 'KitchenPerfected 1000w 0.9Ltr Corded Lightweight Travel Kettle with 2 cups - Cream',
    pricePence: 1499,
  },
  otherTravel: { ...kitchen, asin: 'B0TRAVELK2', title: 'Swan Compact 1.0 Litre Travel Kettle, White', pricePence: 1079 },
  stoveKettle: { ...kitchen, asin: 'B0STOVEK01', title: 'Le Creuset Kone Stove-Top Kettle with Whistle', pricePence: 6402 },
  descaler: {
    ...kitchen,
    asin: 'B0DESCAL01',
    title: 'KitchenCraft Kettle Descaler Ball, Stainless Steel Wire Limescale Remover',
    pricePence: 399,
  },
  kettleBbq: {
    asin: 'B0KETBBQ01',
    title: 'Landmann 43.5cm Kettle Charcoal Barbecue',
    pricePence: 4939,
    category: 'sports-outdoors',
    categoryName: 'Outdoor Cooking',
  },
  tacker: {
    asin: 'B0TACKER01',
    title: 'Draper 13960 Lightweight Staple Tacker',
    pricePence: 999,
    category: 'other',
    categoryName: 'Power & Hand Tools',
  },
  laser: { ...printers, asin: 'B0LASER001', title: 'Epson EPL N7000DT Printer - B/W - duplex - laser - A3', pricePence: 218743 },
  laser2: { ...printers, asin: 'B0LASER002', title: 'Lexmark T530N Laser Printer', pricePence: 77225 },
  toner: { ...printers, asin: 'B0TONER001', title: 'Epson Toner Cartridge for EPL N7000 Laser Printers, Black', pricePence: 5412 },
  cleaningKit: { ...printers, asin: 'B0CLEANK01', title: 'Printer Refresh Printhead Cleaning Kit for Epson Printers', pricePence: 1295 },
  mixer: { ...kitchen, asin: 'B0MIXER001', title: 'KitchenAid 5K45SSBWH Classic Stand Mixer, 4.3 Litre, White', pricePence: 29900 },
  doughHook: {
    ...kitchen,
    asin: 'B0HOOK0001',
    title: 'KitchenAid K45DH Dough Hook (Optional Accessory for KitchenAid Stand Mixers)',
    pricePence: 1899,
  },
  beater: { ...kitchen, asin: 'B0BEATER01', title: 'KitchenAid K45B Flat Beater, Accessory for Stand Mixer', pricePence: 1999 },
  cr2032: { ...batteries, asin: 'B0CR203201', title: 'Philips CR2032 3V Lithium Cell Battery', pricePence: 299 },
  cr2032b: { ...batteries, asin: 'B0CR203202', title: '1 x Renata 2032 Swiss Made Lithium Coin Cell Battery', pricePence: 249 },
  cr2025: { ...batteries, asin: 'B0CR202501', title: 'Maxell CR2025 Lithium Cell Battery', pricePence: 199 },
};

let database: Database;
let app: App;
let close: () => Promise<void>;
const nameOf: Record<string, string> = {};

beforeAll(async () => {
  ({ app, database, close } = await createTestApp());
  const names = Object.keys(catalogue);
  await seedProducts(
    database.db,
    names.map((n) => catalogue[n] as SeedProduct),
  );
  for (const n of names) nameOf[(catalogue[n] as SeedProduct).asin as string] = n;
});
afterAll(() => close?.());

async function alternatives(name: string): Promise<SimilarItemsResponse & { names: string[] }> {
  const res = await app.inject({ method: 'GET', url: `/api/amazon/similar-items/${(catalogue[name] as SeedProduct).asin}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<SimilarItemsResponse>();
  return { ...body, names: body.products.map((p) => nameOf[p.asin] as string) };
}

describe('GET /api/amazon/similar-items/{asin}: genuine alternatives only', () => {
  it('a travel kettle gets kettles, never a descaler, a kettle barbecue or a staple tacker', async () => {
    const body = await alternatives('travelKettle');
    expect(body.names).toEqual(['otherTravel']);
    expect(body.productType).toBe('kettle');
    expect(body.analysis?.rankings[0]?.explanation).toBe('Same type: travel kettle · £4.20 cheaper · 1.0 L vs 0.9 L');
  });

  it('with nothing of the type cheaper, the dearer kettles of a sensible price band, saying what they cost more', async () => {
    const body = await alternatives('otherTravel');
    expect(body.isFallback).toBe(true);
    expect(body.names).toEqual(['travelKettle']);
    expect(body.analysis?.rankings[0]?.explanation).toMatch(/^Same type: travel kettle · £4\.20 more/);
    // The £64 stove-top kettle is more than five times the price: out of the band.
    expect(body.names).not.toContain('stoveKettle');
  });

  it('a laser printer gets printers, not its toner or a cleaning kit', async () => {
    const body = await alternatives('laser');
    expect(body.names).toEqual(['laser2']);
    expect(body.analysis?.rankings[0]?.explanation).toMatch(/^Same type: (laser )?printer · £1,415\.18 cheaper/);
  });

  it('says plainly that there is no genuine alternative when only accessories are left', async () => {
    const body = await alternatives('mixer');
    expect(body).toMatchObject({ products: [], total: 0, analysis: null, productType: 'mixer' });
    expect(body.error).toBe(
      'No genuine alternative: nothing else in our catalogue is a mixer you could buy instead (accessories and spare parts are not alternatives).',
    );
    expect(body.message).toBe(body.error);
  });

  it('things that must fit need the same size: a CR2032 gets a CR2032, not a CR2025', async () => {
    const body = await alternatives('cr2032');
    expect(body.names).toEqual(['cr2032b']);
    expect((await alternatives('cr2025')).names).toEqual([]);
  });
});
