/**
 * The environment, parsed once with zod (DESIGN.md §4 "Configuration"). Nothing else reads
 * `process.env`. Every variable is listed and commented in `.env.example`.
 *
 * `loadEnv()` throws {@link EnvError} listing **every** bad variable with its rule.
 */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseDotEnv } from 'dotenv';
import { z } from 'zod';
import { AFFILIATE_TAG_PATTERN } from '../common/affiliate';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalUrl = (protocols: RegExp, rule: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => {
        try {
          return protocols.test(new URL(v).protocol);
        } catch {
          return false;
        }
      }, rule)
      .optional(),
  );

/** A five-field cron expression (minute hour day month weekday); checked loosely here, strictly by pg-boss. */
const cronSchema = z
  .string()
  .refine((v) => v.trim().split(/\s+/).length === 5, 'must be a five-field cron expression such as "0 */6 * * *"');

/** TRUST_PROXY: a hop count 1–10, or a list of IPv4/IPv6 addresses or CIDR ranges (see envSchema). */
const trustProxySchema = z
  .string()
  .trim()
  .refine(
    (v) => !/^(true|yes|on|all)$/i.test(v),
    'must not be "true": name the proxy (a hop count or its addresses), or any client could forge its IP',
  )
  .refine(
    (v) => /^([1-9]|10)$/.test(v) || v.split(',').every((part) => isAddressOrRange(part.trim())),
    'must be a hop count 1–10 or a comma-separated list of proxy IP addresses or CIDR ranges',
  )
  .transform((v): number | string[] => (/^\d+$/.test(v) ? Number(v) : v.split(',').map((part) => part.trim())));

function safeProtocol(value: string): string {
  try {
    return new URL(value).protocol;
  } catch {
    return '';
  }
}

function isAddressOrRange(value: string): boolean {
  const [address, bits, ...rest] = value.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** Shortest admin password accepted (NIST SP 800-63B asks for at least 8; owners get 12). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

export const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a port number 0–65535' })
      .int('must be a whole number')
      .min(0)
      .max(65535, 'must be a port number 0–65535')
      .default(3000),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:$/, 'must be a postgres:// or postgresql:// URL'),
  PUBLIC_URL: optionalUrl(/^https?:$/, 'must be an http:// or https:// URL'),
  SMTP_URL: optionalUrl(/^smtps?:$/, 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Deal Alerts UK <alerts@dealalerts.localhost>')),
  /**
   * The domain of the six sender addresses of owner-sent mail (admin-area §5: noreply, info, deals,
   * support, alerts, notifications @ MAIL_DOMAIN; each must be a verified sender at the provider).
   * Unset: the domain of MAIL_FROM's address.
   */
  MAIL_DOMAIN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/, 'must be a domain name such as dealalerts.co.uk')
      .optional(),
  ),
  AFFILIATE_TAG: z.preprocess(
    emptyToUndefined,
    z.string().regex(AFFILIATE_TAG_PATTERN, 'must be an Associates tag: letters, digits, - or _').default('dealalertsuk-21'),
  ),
  AFFILIATE_TAG_NEW_USER: z.preprocess(
    emptyToUndefined,
    z.string().regex(AFFILIATE_TAG_PATTERN, 'must be an Associates tag: letters, digits, - or _').default('dealalertsnew-21'),
  ),
  PRICE_CHECK_CRON: z.preprocess(emptyToUndefined, cronSchema.default('0 */6 * * *')),
  /** Price-source calls allowed per second (Amazon's default is 1 request per second). */
  PRICE_SOURCE_RATE_PER_SECOND: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a number of calls per second' }).positive('must be above 0').max(100).default(1),
  ),
  /**
   * Amazon Creators API (issue 14; ../shared/reference/amazon-creators-api.md). Without both the
   * credential id and secret the catalogue stays the price source and the site works as before.
   */
  AMAZON_CREDENTIAL_ID: z.preprocess(emptyToUndefined, z.string().trim().max(500, 'must be at most 500 characters').optional()),
  AMAZON_CREDENTIAL_SECRET: z.preprocess(emptyToUndefined, z.string().trim().max(2000, 'must be at most 2000 characters').optional()),
  /** The credential's version, as Amazon's Associates Central shows it: 2.2 (EU legacy), 3.1, 3.2 (UK/EU) or 3.3. */
  AMAZON_CREDENTIAL_VERSION: z.preprocess(
    emptyToUndefined,
    z.enum(['2.2', '3.1', '3.2', '3.3'], { error: 'must be one of 2.2, 3.1, 3.2, 3.3 (as Associates Central shows it)' }).default('3.2'),
  ),
  /** Partner (tracking) tag sent with every call; defaults to AFFILIATE_TAG (see loadEnv). */
  AMAZON_PARTNER_TAG: z.preprocess(
    emptyToUndefined,
    z.string().regex(AFFILIATE_TAG_PATTERN, 'must be an Associates tag: letters, digits, - or _').optional(),
  ),
  AMAZON_MARKETPLACE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^www\.amazon\.[a-z.]{2,10}$/, 'must be a marketplace host such as www.amazon.co.uk')
      .default('www.amazon.co.uk'),
  ),
  AMAZON_API_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => /^https?:$/.test(safeProtocol(v)), 'must be an http:// or https:// URL')
      .default('https://creatorsapi.amazon'),
  ),
  /** Token endpoint; default: the one for AMAZON_CREDENTIAL_VERSION (server/sources/creators-api/creators-api.config.ts). */
  AMAZON_TOKEN_URL: optionalUrl(/^https?:$/, 'must be an http:// or https:// URL'),
  /** Creators API requests per second, for every caller together (Amazon starts accounts at 1). */
  AMAZON_RATE_PER_SECOND: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a number of requests per second' }).positive('must be above 0').max(100).default(1),
  ),
  /** Creators API requests per UTC day, for every caller together (PA-API 5's entry limit was 8,640). */
  AMAZON_DAILY_LIMIT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of requests per day' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(10_000_000)
      .default(8640),
  ),
  /** Confirmation, sign-in and unsubscribe-link e-mails per hour, site-wide; more wait for a later hour (issue 5). */
  MAX_CONFIRMATIONS_PER_HOUR: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of e-mails per hour' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .default(200),
  ),
  /**
   * Which proxies may set X-Forwarded-For (issue 5): unset when the server listens directly (the
   * default: no header is believed), a hop count such as "1" behind one proxy, or a comma-separated
   * list of proxy addresses or CIDR ranges. "true" is refused: it lets any client forge its address
   * and so lift every per-IP limit.
   */
  TRUST_PROXY: z.preprocess(emptyToUndefined, trustProxySchema.optional()),
  /**
   * Redis for the rate-limit counters (issue 25, server/http/rate-limit-store.ts), e.g.
   * redis://127.0.0.1:6379; unset: they live in the database (DATABASE_URL or PGlite), which every
   * instance on it shares too.
   */
  REDIS_URL: optionalUrl(/^rediss?:$/, 'must be a redis:// or rediss:// URL'),
  SECRET_KEY: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  /** Optional OpenAI-compatible API that rewrites alternative explanations (off when unset). */
  ALTERNATIVES_LLM_URL: optionalUrl(/^https?:$/, 'must be an http:// or https:// URL'),
  ALTERNATIVES_LLM_KEY: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
  ALTERNATIVES_LLM_MODEL: z.preprocess(emptyToUndefined, z.string().max(200).default('gpt-4o-mini')),
  /** Company details shown on the About, legal and contact pages (issue 10); neutral defaults. */
  COMPANY_NAME: z.preprocess(emptyToUndefined, z.string().trim().max(200, 'must be at most 200 characters').default('Deal Alerts UK')),
  COMPANY_ADDRESS: z.preprocess(emptyToUndefined, z.string().trim().max(500, 'must be at most 500 characters').default('United Kingdom')),
  /** Where contact-form messages are e-mailed (issue 10; DESIGN.md §5), also shown on the legal pages. */
  CONTACT_EMAIL: z.preprocess(
    emptyToUndefined,
    z.email({ message: 'must be an e-mail address such as hello@example.co.uk' }).default('contact@dealalerts.localhost'),
  ),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  /**
   * The first admin account (issue 11): created on start when no admin exists yet; ignored once
   * one does (change passwords with `npm run admin:create`). `npm run admin:create` also reads
   * ADMIN_PASSWORD, so the password may be set alone.
   */
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email({ message: 'must be an e-mail address' }).max(254).optional()),
  ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(ADMIN_PASSWORD_MIN_LENGTH, `must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`).max(1024).optional(),
  ),
  /**
   * Largest CSV the admin upload accepts, in MiB (issue 11 part 3): bigger uploads answer 413. The
   * upload is streamed into the importer, so this bounds the request, not the server's memory.
   */
  MAX_UPLOAD_MB: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of MiB' })
      .int('must be a whole number of MiB')
      .min(1, 'must be at least 1')
      .max(4096, 'must be at most 4096')
      .default(50),
  ),
  /**
   * Days a feed's price stays current after it was observed (issue 27 "True times"): an imported
   * price observed longer ago shows as "last seen £X on {date}" with a link to check today's price,
   * never as the current price. Whole days 1–3650, default 7. Read by the pricing rule
   * (server/features/prices).
   */
  FEED_PRICE_MAX_AGE_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of days' })
      .int('must be a whole number of days')
      .min(1, 'must be at least 1')
      .max(3650, 'must be at most 3650')
      .default(7),
  ),
  /**
   * Seconds between two `malloc_trim(0)` calls that give the C heap's free pages back to the
   * operating system (server/db/embedded/malloc-trim.ts, decision 0018); 0 turns it off. glibc on Linux only.
   */
  MALLOC_TRIM_INTERVAL_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of seconds' })
      .int('must be a whole number of seconds')
      .min(0, 'must be 0 (off) or more')
      .max(3600, 'must be at most 3600')
      .default(10),
  ),
});

export type RawEnv = z.infer<typeof envSchema>;
/**
 * The parsed configuration; `SECRET_KEY` is always set, `PUBLIC_URL` and `MAIL_DOMAIN` always have
 * a value and `AMAZON_PARTNER_TAG` defaults to `AFFILIATE_TAG`.
 */
export type Env = Omit<RawEnv, 'SECRET_KEY' | 'PUBLIC_URL' | 'AMAZON_PARTNER_TAG' | 'MAIL_DOMAIN'> & {
  SECRET_KEY: string;
  PUBLIC_URL: string;
  AMAZON_PARTNER_TAG: string;
  MAIL_DOMAIN: string;
};

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee .env.example for every variable and its rule.`);
    this.name = 'EnvError';
  }
}

/**
 * Parses `source` (default `process.env`). When `SECRET_KEY` is unset, reads it from
 * `DATA_DIR/secret-key`, generating and storing 32 random bytes (hex) on first start.
 * `PUBLIC_URL` defaults to `http://localhost:{PORT}`, `AMAZON_PARTNER_TAG` to `AFFILIATE_TAG`. Throws EnvError naming each bad variable.
 */
/**
 * The environment the app reads: the variables of a `.env` file in `cwd` (the project folder, when
 * `npm start` runs there), when there is one, under the process's own environment, which wins
 * (.env.example: "Copy to .env or export them"). Parsed with `dotenv`; nothing is written to
 * `process.env`.
 */
export function environmentWithDotEnv(
  cwd: string = process.cwd(),
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string | undefined> {
  const file = path.join(cwd, '.env');
  if (!existsSync(file)) return env;
  return { ...parseDotEnv(readFileSync(file)), ...env };
}

export function loadEnv(source: Record<string, string | undefined> = environmentWithDotEnv(), opts: { persistSecret?: boolean } = {}): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((i) => `${i.path.join('.') || '(environment)'}: ${i.message}`));
  }
  const raw = parsed.data;
  const secret = raw.SECRET_KEY ?? (opts.persistSecret === false ? randomBytes(32).toString('hex') : readOrCreateSecret(raw.DATA_DIR));
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, '');
  return {
    ...raw,
    SECRET_KEY: secret,
    PUBLIC_URL: publicUrl,
    MAIL_DOMAIN: raw.MAIL_DOMAIN ?? mailDomainOf(raw.MAIL_FROM),
    AMAZON_PARTNER_TAG: raw.AMAZON_PARTNER_TAG ?? raw.AFFILIATE_TAG,
  };
}

/** The domain of the address in MAIL_FROM ("Name <a@b.c>" or "a@b.c"), lower-cased; 'dealalerts.localhost' when none. */
export function mailDomainOf(mailFrom: string): string {
  const match = /@([^\s<>@]+?)>?\s*$/.exec(mailFrom.trim());
  return match?.[1]?.toLowerCase() ?? 'dealalerts.localhost';
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * For the command-line entry points (server/main.ts, server/cli/*): loads the environment, or
 * prints every bad variable to stderr and returns null, so the caller exits with code 1.
 * Other errors are rethrown.
 */
export function loadEnvOrReport(source: Record<string, string | undefined> = environmentWithDotEnv()): Env | null {
  try {
    return loadEnv(source);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    return null;
  }
}

/** A complete Env for tests and tools: defaults plus `overrides`, never touching the disk. */
export function testEnv(overrides: Partial<Record<keyof RawEnv, string>> = {}): Env {
  return loadEnv(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', SECRET_KEY: 'test-secret-key-'.padEnd(48, 'x'), ...overrides },
    { persistSecret: false },
  );
}
