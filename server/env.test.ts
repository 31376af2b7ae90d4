import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from './test-support/scratch-dir';
import { EnvError, environmentWithDotEnv, loadEnv } from './env';

describe('loadEnv', () => {
  it('starts with no variables at all, generating and keeping a secret key in DATA_DIR', () => {
    const dir = scratchDir('env-');
    const env = loadEnv({ DATA_DIR: dir });
    expect(env.PORT).toBe(3000);
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.PRICE_CHECK_CRON).toBe('0 */6 * * *');
    expect(env.SECRET_KEY).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, 'secret-key'), 'utf8').trim()).toBe(env.SECRET_KEY);
    expect(loadEnv({ DATA_DIR: dir }).SECRET_KEY).toBe(env.SECRET_KEY);
  });

  it('treats empty strings as unset', () => {
    const env = loadEnv({ PORT: '', SMTP_URL: '', DATABASE_URL: '', SECRET_KEY: 'k'.repeat(40) });
    expect(env.PORT).toBe(3000);
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('lists every bad variable with its rule', () => {
    let caught: unknown;
    try {
      loadEnv({ PORT: 'eighty', SMTP_URL: 'http://mail', AFFILIATE_TAG: 'bad tag!', PRICE_CHECK_CRON: 'hourly', SECRET_KEY: 'short' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const message = (caught as EnvError).message;
    for (const name of ['PORT', 'SMTP_URL', 'AFFILIATE_TAG', 'PRICE_CHECK_CRON', 'SECRET_KEY']) expect(message).toContain(name);
    expect(message).toContain('must be an smtp:// or smtps:// URL');
    expect(message).toContain('PORT: must be a port number 0–65535');
    expect((caught as EnvError).problems).toHaveLength(5);
  });

  it('trims the C heap every 10 seconds unless MALLOC_TRIM_INTERVAL_SECONDS says otherwise (0: off)', () => {
    const secret = { SECRET_KEY: 'k'.repeat(40) };
    expect(loadEnv(secret).MALLOC_TRIM_INTERVAL_SECONDS).toBe(10);
    expect(loadEnv({ ...secret, MALLOC_TRIM_INTERVAL_SECONDS: '0' }).MALLOC_TRIM_INTERVAL_SECONDS).toBe(0);
    expect(loadEnv({ ...secret, MALLOC_TRIM_INTERVAL_SECONDS: '60' }).MALLOC_TRIM_INTERVAL_SECONDS).toBe(60);
    for (const [value, rule] of [
      ['-1', 'must be 0 (off) or more'],
      ['2.5', 'must be a whole number of seconds'],
      ['often', 'must be a whole number of seconds'],
      ['7200', 'must be at most 3600'],
    ]) {
      expect(() => loadEnv({ ...secret, MALLOC_TRIM_INTERVAL_SECONDS: value }), value).toThrow(`MALLOC_TRIM_INTERVAL_SECONDS: ${rule}`);
    }
  });

  it('keeps a feed price current for 7 days unless FEED_PRICE_MAX_AGE_DAYS says otherwise (whole days 1–3650)', () => {
    const secret = { SECRET_KEY: 'k'.repeat(40) };
    expect(loadEnv(secret).FEED_PRICE_MAX_AGE_DAYS).toBe(7);
    expect(loadEnv({ ...secret, FEED_PRICE_MAX_AGE_DAYS: '' }).FEED_PRICE_MAX_AGE_DAYS).toBe(7);
    expect(loadEnv({ ...secret, FEED_PRICE_MAX_AGE_DAYS: '1' }).FEED_PRICE_MAX_AGE_DAYS).toBe(1);
    expect(loadEnv({ ...secret, FEED_PRICE_MAX_AGE_DAYS: ' 3650 ' }).FEED_PRICE_MAX_AGE_DAYS).toBe(3650);
    for (const [value, rule] of [
      ['0', 'must be at least 1'],
      ['-7', 'must be at least 1'],
      ['1.5', 'must be a whole number of days'],
      ['a week', 'must be a whole number of days'],
      ['3651', 'must be at most 3650'],
    ]) {
      expect(() => loadEnv({ ...secret, FEED_PRICE_MAX_AGE_DAYS: value }), value).toThrow(`FEED_PRICE_MAX_AGE_DAYS: ${rule}`);
    }
  });

  it('keeps rate limits in the database unless REDIS_URL names a redis:// or rediss:// server', () => {
    const secret = { SECRET_KEY: 'k'.repeat(40) };
    expect(loadEnv(secret).REDIS_URL).toBeUndefined();
    expect(loadEnv({ ...secret, REDIS_URL: '' }).REDIS_URL).toBeUndefined();
    expect(loadEnv({ ...secret, REDIS_URL: 'redis://127.0.0.1:6379' }).REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(loadEnv({ ...secret, REDIS_URL: 'rediss://user:pw@cache.example:6380/2' }).REDIS_URL).toBe(
      'rediss://user:pw@cache.example:6380/2',
    );
    for (const value of ['http://127.0.0.1:6379', '127.0.0.1:6379']) {
      expect(() => loadEnv({ ...secret, REDIS_URL: value }), value).toThrow('REDIS_URL: must be a redis:// or rediss:// URL');
    }
  });

  it('strips a trailing slash from PUBLIC_URL', () => {
    expect(loadEnv({ PUBLIC_URL: 'https://deals.example.co.uk/', SECRET_KEY: 'k'.repeat(40) }).PUBLIC_URL).toBe(
      'https://deals.example.co.uk',
    );
  });
});

describe('environmentWithDotEnv (.env.example: "Copy to .env")', () => {
  it('reads a .env file in the folder under the real environment, which wins', () => {
    const dir = scratchDir('dotenv-');
    writeFileSync(path.join(dir, '.env'), 'PORT=4100\nAFFILIATE_TAG=fromfile-21\n# a comment\n');
    const env = loadEnv(environmentWithDotEnv(dir, { AFFILIATE_TAG: 'real-21', SECRET_KEY: 'k'.repeat(48) }), { persistSecret: false });
    expect(env.PORT).toBe(4100);
    expect(env.AFFILIATE_TAG).toBe('real-21');
  });

  it('is the real environment alone without a .env file', () => {
    const dir = scratchDir('dotenv-');
    const real = { PORT: '4200' };
    expect(environmentWithDotEnv(dir, real)).toBe(real);
  });
});
