/**
 * The two ways of queueing a price drop (issue 7): `deferredPriceDrop` through enqueueEmails (one
 * message at a time) and `priceDropInsertSql` (the price check's set-based INSERT … SELECT) must
 * write the same outbox row, and the sender must compose it. Runs on the test database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { emailOutbox } from '../db/schema/email.schema';
import { testEnv } from '../env';
import { createTestDatabase } from '../test-support/test-db';
import { composeDeferred, deferredPriceDrop, priceDropInsertSql } from './deferred-email';
import { enqueueEmails } from './outbox';
import type { PriceDropInput } from './templates/price-drop.email';

let database: Database;
const now = new Date('2026-05-04T10:11:12.345Z');

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const inputs: PriceDropInput[] = [
  {
    alertId: 41,
    observationId: 9001,
    recipient: 'ann@example.com',
    asin: 'B0PAYLOAD1',
    productTitle: 'Kettle "Edge" 1.7 L — stainless, 50% off \\ today',
    productImageUrl: 'https://m.media-amazon.com/images/I/kettle.jpg',
    oldPricePence: 1599,
    newPricePence: 1299,
    targetPricePence: null,
    asOf: new Date('2026-05-04T08:30:00.007Z'),
  },
  {
    alertId: 42,
    observationId: 9002,
    recipient: 'bob@example.com',
    asin: 'B0PAYLOAD2',
    productTitle: 'Air fryer',
    productImageUrl: null,
    oldPricePence: 2000,
    newPricePence: 1999,
    targetPricePence: 2000,
    asOf: new Date('2025-12-31T23:59:59.999Z'),
  },
];

/** The comparable part of an outbox row. */
async function stored(dedupeKey: string) {
  const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, dedupeKey));
  if (!row) throw new Error(`no outbox row ${dedupeKey}`);
  const { id: _id, nextAttemptAt: _next, ...rest } = row;
  return rest;
}

describe('a price drop queued in SQL', () => {
  it('is the row deferredPriceDrop would write, answers its alert ids, and skips a key that exists', async () => {
    const expected = [];
    for (const input of inputs) {
      const message = deferredPriceDrop(input, now);
      await enqueueEmails(database.db, [message]);
      expected.push(await stored(message.dedupeKey));
      await database.db.delete(emailOutbox).where(eq(emailOutbox.dedupeKey, message.dedupeKey));
    }

    const source = sql`from (values ${sql.join(
      inputs.map(
        (i) =>
          sql`(${i.alertId}::bigint, ${i.observationId}::bigint, ${i.recipient}::text, ${i.asin}::text, ${i.productTitle}::text,
            ${i.productImageUrl}::text, ${i.oldPricePence}::int, ${i.newPricePence}::int, ${i.targetPricePence}::int, ${i.asOf.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    )}) as v("alertId", "observationId", recipient, asin, "productTitle", "productImageUrl", "oldPricePence", "newPricePence", "targetPricePence", "asOf")`;
    const column = (name: keyof PriceDropInput) => sql.raw(`v."${name}"`);
    const insert = priceDropInsertSql(
      {
        alertId: column('alertId'),
        observationId: column('observationId'),
        recipient: column('recipient'),
        asin: column('asin'),
        productTitle: column('productTitle'),
        productImageUrl: column('productImageUrl'),
        oldPricePence: column('oldPricePence'),
        newPricePence: column('newPricePence'),
        targetPricePence: column('targetPricePence'),
        asOf: column('asOf'),
      },
      source,
      now,
    );
    const first = rowsOf<{ alert_id: number | string }>(await database.db.execute(insert));
    expect(first.map((r) => Number(r.alert_id)).sort()).toEqual([41, 42]);
    for (const [i, input] of inputs.entries()) {
      const row = await stored(deferredPriceDrop(input, now).dedupeKey);
      expect(row).toEqual(expected[i]);
      // The sender composes it.
      const composed = await composeDeferred(testEnv({ PUBLIC_URL: 'https://deals.example' }), row);
      expect(composed.subject).toContain(`now £${(input.newPricePence / 100).toFixed(2)}`);
    }

    // The same keys again: nothing inserted, nothing answered.
    const again = rowsOf(await database.db.execute(insert));
    expect(again).toEqual([]);
  });
});
