/**
 * Cheaper alternatives through HTTP (shopper-screens §2, §3, §4, §7; DESIGN.md §4): ranked from our
 * catalogue by the value score with explanations, the fallback, 'No Alternatives Found', the
 * analysis call, bad input, and the optional language model against a fake server on loopback.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { testEnv } from '../../env';
import { createTestApp } from '../../test-support/test-app';
import { seedProducts } from '../products/products.test-seed';

let database: Database;
let app: App;
let close: () => Promise<void>;

const kettle = (asin: string, title: string, pricePence: number, more: Record<string, unknown> = {}) => ({
  asin,
  title,
  pricePence,
  category: 'home-kitchen',
  ...more,
});

beforeAll(async () => {
  ({ app, database, close } = await createTestApp());
  await seedProducts(database.db, [
    kettle('B0SOURCE01', 'Russell Hobbs Glass Electric Kettle 1.7 Litre Blue Illumination', 3999, {
      brand: 'Russell Hobbs',
      rating: 4.2,
      reviewCount: 800,
    }),
    kettle('B0CHEAP001', 'Russell Hobbs Electric Kettle 1.7 Litre Stainless Steel', 3579, {
      brand: 'Russell Hobbs',
      rating: 4.6,
      reviewCount: 1203,
    }),
    kettle('B0CHEAP002', 'Glass Electric Kettle 1.7 Litre LED Illumination', 1999, {
      brand: 'Acme',
      listPricePence: 2999,
      savingBasisType: 'LIST_PRICE',
    }),
    kettle('B0DEAR0001', 'Smeg Electric Kettle 1.7 Litre Glass', 12999, { brand: 'Smeg', rating: 4.8, reviewCount: 50 }),
    kettle('B0OTHER001', 'Non-stick Frying Pan 28 cm', 999),
    kettle('B0TOPSRC01', 'Dualit Architect Electric Kettle 1.5 Litre', 1500, { brand: 'Dualit', rating: 4.0, reviewCount: 20 }),
    kettle('B0BETTER01', 'Morphy Richards Electric Kettle 1.5 Litre', 2500, { brand: 'Morphy', rating: 4.7, reviewCount: 300 }),
    kettle('B0LONELY01', 'Zyxwv Quux Gizmo', 500),
  ]);
});
afterAll(() => close?.());

const similar = (asin: string, a = app) => a.inject({ method: 'GET', url: `/api/amazon/similar-items/${asin}` });

describe('GET /api/amazon/similar-items/{asin}', () => {
  it('ranks only cheaper products of the same type, each with rank and a plain-English explanation', async () => {
    const res = await similar('B0SOURCE01');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ sourceAsin: 'B0SOURCE01', isFallback: false, error: null, total: 4 });
    expect(body.originalProduct.asin).toBe('B0SOURCE01');
    const asins = body.products.map((p: { asin: string }) => p.asin);
    expect(new Set(asins)).toEqual(new Set(['B0CHEAP001', 'B0CHEAP002', 'B0TOPSRC01', 'B0BETTER01']));
    // Issue 28: the same kind of kettle from the same maker, rated higher, comes first; the frying pan
    // and the gizmo are no kettles, and the dearer Smeg is left out while cheaper ones exist.
    expect(asins[0]).toBe('B0CHEAP001');
    expect(asins).not.toContain('B0DEAR0001');
    expect(asins).not.toContain('B0OTHER001');
    const explanations = Object.fromEntries(
      body.analysis.rankings.map((r: { productIndex: number; explanation: string }) => [body.products[r.productIndex].asin, r.explanation]),
    );
    expect(explanations.B0CHEAP001).toBe(
      'Same type: electric kettle · £4.20 cheaper · same brand · 4.6★ from 1,203 reviews · rated higher',
    );
    expect(explanations.B0CHEAP002).toBe('Same type: electric kettle · £20.00 cheaper · 33% off RRP');
    expect(explanations.B0BETTER01).toBe(
      'Same type: electric kettle · £14.99 cheaper · 1.5 L vs 1.7 L · 4.7★ from 300 reviews · rated higher',
    );
    expect(body.analysis.rankings.map((r: { rank: number }) => r.rank)).toEqual([1, 2, 3, 4]);
  });

  it('falls back to better-rated products when nothing similar is cheaper', async () => {
    const body = (await similar('B0TOPSRC01')).json();
    expect(body.isFallback).toBe(true);
    expect(body.message).toBe("We didn't find cheaper but this might be better.");
    const asins = body.products.map((p: { asin: string }) => p.asin);
    expect(asins).toContain('B0BETTER01');
    expect(asins).not.toContain('B0LONELY01');
    const better = body.analysis.rankings.find((r: { productIndex: number }) => asins[r.productIndex] === 'B0BETTER01');
    expect(better.explanation).toBe('Same type: electric kettle · £10.00 more · 4.7★ from 300 reviews · rated higher');
  });

  it("answers with the error text when nothing is similar ('No Alternatives Found')", async () => {
    const body = (await similar('B0LONELY01')).json();
    expect(body).toMatchObject({ products: [], total: 0, isFallback: false, analysis: null });
    expect(body.error).toBe(
      'No genuine alternative: nothing else in our catalogue is a gizmo you could buy instead (accessories and spare parts are not alternatives).',
    );
    expect(body.productType).toBe('gizmo');
  });

  it('400 for an ASIN of the wrong form, 404 for one we do not hold', async () => {
    const bad = await similar('B0-BAD');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('asin: must be a 10-character ASIN');
    expect((await similar('B0NOTHELD1')).statusCode).toBe(404);
  });
});

describe('POST /api/amazon/analyze-products', () => {
  it('ranks the products sent, indexes referring to the list as sent', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/amazon/analyze-products',
      payload: {
        originalProduct: { title: 'Electric Kettle 1.7 Litre', price: '39.99' },
        similarProducts: [
          { title: 'Electric Kettle Glass', price: '£49.99' },
          { title: 'Electric Kettle 1.7 Litre Steel', price: '29.99', rating: 4.5, reviewCount: 10 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().analysis.rankings).toEqual([
      {
        productIndex: 1,
        rank: 1,
        title: 'Electric Kettle 1.7 Litre Steel',
        explanation: 'Same type: electric kettle · £10.00 cheaper · 4.5★ from 10 reviews',
      },
    ]);
  });

  it('400 naming the field for a bad price, a missing title or too many products', async () => {
    const cases: Array<[unknown, string]> = [
      [{ originalProduct: { title: 'A', price: 'free' }, similarProducts: [] }, 'originalProduct.price'],
      [{ originalProduct: { title: 'A', price: '1' }, similarProducts: [{ title: 'B', price: 'x' }] }, 'similarProducts.0.price'],
      [{ originalProduct: { title: '', price: '1' }, similarProducts: [] }, 'originalProduct.title'],
      [{ originalProduct: { title: 'A', price: '1' }, similarProducts: Array(51).fill({ title: 'B', price: '1' }) }, 'similarProducts'],
    ];
    for (const [payload, field] of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/amazon/analyze-products', payload: payload as object });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(`${field}: `);
    }
  });
});

describe('optional language model (OpenAI-compatible, fake server on loopback)', () => {
  let server: Server;
  let reply: (body: { messages: Array<{ content: string }> }) => unknown;
  let seen: Array<{ auth?: string; model?: string }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw);
        seen.push({ auth: req.headers.authorization, model: body.model });
        const answer = reply(body);
        if (answer === 500) {
          res.writeHead(500).end('boom');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { content: answer } }] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function withLlm<T>(fn: (a: App) => Promise<T>): Promise<T> {
    const port = (server.address() as AddressInfo).port;
    const env = testEnv({
      ALTERNATIVES_LLM_URL: `http://127.0.0.1:${port}/v1`,
      ALTERNATIVES_LLM_KEY: 'sk-test',
      ALTERNATIVES_LLM_MODEL: 'tiny',
    });
    const second = await createTestApp({ env, database });
    try {
      return await fn(second.app);
    } finally {
      await second.close();
    }
  }

  it('rewrites the explanations when the model answers well', async () => {
    seen = [];
    reply = (body) =>
      JSON.stringify(JSON.parse(body.messages[1]?.content ?? '[]').map((i: { explanation: string }) => `Nice: ${i.explanation}`));
    const body = (await withLlm((a) => similar('B0SOURCE01', a))).json();
    expect(body.analysis.rankings.every((r: { explanation: string }) => r.explanation.startsWith('Nice: '))).toBe(true);
    expect(seen).toEqual([{ auth: 'Bearer sk-test', model: 'tiny' }]);
  });

  it('keeps the rules-based text when the model fails or answers nonsense', async () => {
    for (const answer of [500, 'not json', JSON.stringify(['only one'])]) {
      reply = () => answer;
      const body = (await withLlm((a) => similar('B0SOURCE01', a))).json();
      expect(body.analysis.rankings.map((r: { explanation: string }) => r.explanation)).toContain(
        'Same type: electric kettle · £20.00 cheaper · 33% off RRP',
      );
    }
  });
});
