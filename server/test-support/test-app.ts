/**
 * The app over a fresh, migrated test database (DESIGN.md §6), for integration tests that call
 * `app.inject()`: one call instead of `createTestDatabase()` + `buildApp({...})` + closing both.
 */
import { buildApp, type App, type AppDeps } from '../app';
import type { Database } from '../db/client';
import { testEnv } from '../env';
import { createCatalogueSource } from '../sources/catalogue.source';
import { createTestDatabase } from './test-db';

/**
 * What to build the test app from; every field is optional. `database` reuses a database the
 * caller already holds (e.g. a second app with other settings over the same data) instead of
 * creating one, and is then left open by {@link TestApp.close}.
 */
export type TestAppOptions = Partial<AppDeps>;

/** A built test app and its database. */
export interface TestApp {
  app: App;
  database: Database;
  /**
   * Closes the app, then the database when {@link createTestApp} created it. A plain function
   * (no `this`), so it may be destructured and handed to `afterAll`.
   */
  close: () => Promise<void>;
}

/**
 * Builds the app (without `listen()`) on a fresh test database from {@link createTestDatabase},
 * or on `options.database` when given. Defaults for what is not passed: `env` = `testEnv()`,
 * `clock` = the real clock (pass `() => now` for a fixed or test-driven time), `priceSource` = the
 * catalogue source over the same database, `notifyOutbox` = a no-op. Every other option goes to
 * {@link buildApp} as is. Closes the database it created if building the app throws.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const owned = options.database === undefined;
  const database = options.database ?? (await createTestDatabase());
  let app: App;
  try {
    app = await buildApp({
      ...options,
      database,
      env: options.env ?? testEnv(),
      clock: options.clock ?? (() => new Date()),
      priceSource: options.priceSource ?? createCatalogueSource(database.db),
      notifyOutbox: options.notifyOutbox ?? (() => {}),
    });
  } catch (error) {
    if (owned) await database.close();
    throw error;
  }
  return {
    app,
    database,
    close: async () => {
      await app.close();
      if (owned) await database.close();
    },
  };
}
