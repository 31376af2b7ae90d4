/**
 * Creators API configuration from the parsed environment (issue 14 part 1;
 * ../shared/reference/amazon-creators-api.md "Authentication"). The token endpoint, body format and
 * Authorization header depend on the credential's version:
 *
 * | Version | Token URL | Body | Authorization |
 * |---|---|---|---|
 * | 3.1 / 3.2 / 3.3 | api.amazon.com / api.amazon.co.uk / api.amazon.co.jp `/auth/o2/token` | JSON, scope `creatorsapi::default` | `Bearer <token>` |
 * | 2.2 | Cognito `creatorsapi.auth.eu-south-2.amazoncognito.com/oauth2/token` | form, scope `creatorsapi/default` | `Bearer <token>, Version 2.2` |
 */
import type { Env } from '../../env';

export type CredentialVersion = '2.2' | '3.1' | '3.2' | '3.3';

/** Default token endpoint of each credential version (the reference table). */
export const TOKEN_URLS: Readonly<Record<CredentialVersion, string>> = {
  '2.2': 'https://creatorsapi.auth.eu-south-2.amazoncognito.com/oauth2/token',
  '3.1': 'https://api.amazon.com/auth/o2/token',
  '3.2': 'https://api.amazon.co.uk/auth/o2/token',
  '3.3': 'https://api.amazon.co.jp/auth/o2/token',
};

export interface CreatorsApiConfig {
  credentialId: string;
  credentialSecret: string;
  version: CredentialVersion;
  partnerTag: string;
  /** e.g. `www.amazon.co.uk`: the `x-marketplace` header and the body's `marketplace`. */
  marketplace: string;
  /** API base without a trailing slash, e.g. `https://creatorsapi.amazon`. */
  apiUrl: string;
  tokenUrl: string;
  /** Requests per second for every caller together. */
  ratePerSecond: number;
  /** Requests per UTC day for every caller together. */
  dailyLimit: number;
}

/** The configuration, or null when the credential id or secret is missing (the catalogue stays the source). */
export function creatorsApiConfig(env: Env): CreatorsApiConfig | null {
  if (!env.AMAZON_CREDENTIAL_ID || !env.AMAZON_CREDENTIAL_SECRET) return null;
  return {
    credentialId: env.AMAZON_CREDENTIAL_ID,
    credentialSecret: env.AMAZON_CREDENTIAL_SECRET,
    version: env.AMAZON_CREDENTIAL_VERSION,
    partnerTag: env.AMAZON_PARTNER_TAG,
    marketplace: env.AMAZON_MARKETPLACE,
    apiUrl: env.AMAZON_API_URL.replace(/\/+$/, ''),
    tokenUrl: env.AMAZON_TOKEN_URL ?? TOKEN_URLS[env.AMAZON_CREDENTIAL_VERSION],
    ratePerSecond: env.AMAZON_RATE_PER_SECOND,
    dailyLimit: env.AMAZON_DAILY_LIMIT,
  };
}

/** True for the legacy Cognito credentials (form body, `Version 2.2` in the Authorization header). */
export const isLegacyVersion = (version: CredentialVersion) => version === '2.2';
