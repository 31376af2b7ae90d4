/**
 * The embedded PGlite runs with the smaller memory settings of pglite-settings.ts
 * (docs/decisions/0015-pglite-memory.md), in a worker on disk and in this thread in memory, and
 * leaves the postgresql.conf initdb wrote (time zone, locales) as it was.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../client';

async function settings(database: Awaited<ReturnType<typeof openDatabase>>) {
  const { rows } = await database.query<Record<string, string>>(
    `select current_setting('shared_buffers') as shared_buffers, current_setting('maintenance_work_mem') as maintenance_work_mem,
            current_setting('min_wal_size') as min_wal_size, current_setting('max_wal_size') as max_wal_size, current_setting('TimeZone') as time_zone`,
  );
  return rows[0];
}

describe('PGlite memory settings', () => {
  it('apply on disk through the worker, on a new data directory and when it is reopened', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pglite-settings-'));
    try {
      for (const round of ['new', 'reopened']) {
        const database = await openDatabase({ dataDir: path.join(dir, 'db') });
        try {
          expect(await settings(database), round).toEqual({
            shared_buffers: '16MB',
            maintenance_work_mem: '16MB',
            min_wal_size: '32MB',
            max_wal_size: '32MB',
            time_zone: 'UTC',
          });
        } finally {
          await database.close();
        }
      }
      const conf = readFileSync(path.join(dir, 'db', 'postgresql.conf'), 'utf8');
      expect(conf).toMatch(/^timezone = UTC/m);
      expect(conf).toMatch(/^lc_messages = C/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('apply in memory, on the same thread', async () => {
    const database = await openDatabase({});
    try {
      expect((await settings(database))?.shared_buffers).toBe('16MB');
    } finally {
      await database.close();
    }
  });
});
