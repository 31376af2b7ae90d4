/**
 * Everything the app needs to talk to the Creators API, built once per process from the
 * environment (issue 14): the token provider, the shared quota limiter over the database, the
 * client, and the price source that falls back to the catalogue. `null` without credentials: the
 * catalogue stays the price source and the site works as before (DESIGN.md §2 "Amazon").
 */
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import type { PriceSource } from '../price-source';
import { creatorsApiConfig, type CreatorsApiConfig } from './creators-api.config';
import { createCreatorsApiClient, type ClientLog, type CreatorsApiClient } from './creators-api.client';
import { createCreatorsApiSource, type SourceLog } from './creators-api.source';
import { createCreatorsApiStore, type CreatorsApiStore } from './creators-api.store';
import { createTokenProvider, type TokenProvider } from './creators-api-token';
import { createQuotaLimiter, type QuotaLimiter } from './quota-limiter';

export interface CreatorsApiConnection {
  config: CreatorsApiConfig;
  tokens: TokenProvider;
  store: CreatorsApiStore;
  limiter: QuotaLimiter;
  client: CreatorsApiClient;
  /** The price source for price checks: Amazon, or the catalogue while access is denied. */
  source: PriceSource;
}

export interface ConnectOptions {
  /** The catalogue source, used while Amazon denies access. */
  fallback: PriceSource;
  fetch?: typeof fetch;
  /** Wall clock of the data (fetch times, the hourly access retry); rates and tokens use real time. */
  clock?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  /** First retry step, ms (default 1000); tests lower it. */
  baseDelayMs?: number;
  log?: ClientLog & SourceLog;
}

/** The connection, or null when AMAZON_CREDENTIAL_ID or AMAZON_CREDENTIAL_SECRET is unset. No request is made here. */
export function connectCreatorsApi(env: Env, db: Db, opts: ConnectOptions): CreatorsApiConnection | null {
  const config = creatorsApiConfig(env);
  if (!config) return null;
  // `clock` stamps data (fetch times, the access retry); rates and token expiry run on real time.
  const clock = opts.clock ?? (() => new Date());
  const store = createCreatorsApiStore(db);
  const tokens = createTokenProvider({
    tokenUrl: config.tokenUrl,
    version: config.version,
    credentialId: config.credentialId,
    credentialSecret: config.credentialSecret,
    fetch: opts.fetch,
  });
  const limiter = createQuotaLimiter({ store, ratePerSecond: config.ratePerSecond, dailyLimit: config.dailyLimit, sleep: opts.sleep });
  const client = createCreatorsApiClient({
    config,
    tokens,
    limiter,
    store,
    fetch: opts.fetch,
    clock,
    sleep: opts.sleep,
    baseDelayMs: opts.baseDelayMs,
    log: opts.log,
  });
  const source = createCreatorsApiSource({ client, store, fallback: opts.fallback, clock, log: opts.log });
  return { config, tokens, store, limiter, client, source };
}
