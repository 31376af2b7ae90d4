/**
 * Test helper for the fake Creators API (issue 14 part 4): the environment that points the app at
 * a running fake, and a connection built from it. No test reaches the internet.
 */
import type { Db } from '../../db/client';
import { testEnv, type Env, type RawEnv } from '../../env';
import { createCatalogueSource } from '../catalogue.source';
import { connectCreatorsApi, type ConnectOptions, type CreatorsApiConnection } from './creators-api.connection';
import type { FakeCreatorsApi } from './fake-creators-api';

export { startFakeCreatorsApi, type FakeCreatorsApi, type FakeProduct } from './fake-creators-api';

/** Env overrides that point the client at `fake` (3.2 credentials unless `version` says 2.2). */
export function fakeAmazonEnvVars(
  fake: FakeCreatorsApi,
  opts: { ratePerSecond?: number; dailyLimit?: number; version?: '2.2' | '3.2' } = {},
): Partial<Record<keyof RawEnv, string>> {
  return {
    AMAZON_CREDENTIAL_ID: fake.credentialId,
    AMAZON_CREDENTIAL_SECRET: fake.credentialSecret,
    AMAZON_CREDENTIAL_VERSION: opts.version ?? '3.2',
    AMAZON_API_URL: fake.url,
    AMAZON_TOKEN_URL: opts.version === '2.2' ? fake.legacyTokenUrl : fake.tokenUrl,
    AMAZON_RATE_PER_SECOND: String(opts.ratePerSecond ?? 1),
    AMAZON_DAILY_LIMIT: String(opts.dailyLimit ?? 8640),
  };
}

/** What the client logged (warn/info), for assertions. */
export interface CapturedLog {
  lines: Array<{ level: 'warn' | 'info'; message: string; details: Record<string, unknown> }>;
  warn(details: Record<string, unknown>, message: string): void;
  info(details: Record<string, unknown>, message: string): void;
}

export function captureLog(): CapturedLog {
  const lines: CapturedLog['lines'] = [];
  return {
    lines,
    warn: (details, message) => void lines.push({ level: 'warn', message, details }),
    info: (details, message) => void lines.push({ level: 'info', message, details }),
  };
}

/**
 * A connection to `fake` over `db` with fast retries (`baseDelayMs` 5), the catalogue as fallback,
 * and the given env overrides. Throws when the env does not configure the API.
 */
export function connectToFake(
  fake: FakeCreatorsApi,
  db: Db,
  opts: {
    env?: Partial<Record<keyof RawEnv, string>>;
    ratePerSecond?: number;
    dailyLimit?: number;
    version?: '2.2' | '3.2';
  } & Partial<ConnectOptions> = {},
): { connection: CreatorsApiConnection; env: Env } {
  const env = testEnv({ ...fakeAmazonEnvVars(fake, opts), ...opts.env });
  const connection = connectCreatorsApi(env, db, { fallback: createCatalogueSource(db), baseDelayMs: 5, ...opts });
  if (!connection) throw new Error('the fake Creators API env did not configure the client');
  return { connection, env };
}

/** Largest number of `entries` (arrival times, ms) inside any window of `windowMs`. */
export function maxInWindow(times: readonly number[], windowMs = 1000): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; j < sorted.length; j += 1) {
    while (sorted[j]! - sorted[i]! >= windowMs) i += 1;
    best = Math.max(best, j - i + 1);
  }
  return best;
}
