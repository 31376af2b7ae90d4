/**
 * OAuth 2.0 client-credentials tokens for the Creators API (RFC 6749 §4.4; issue 14 part 1;
 * ../shared/reference/amazon-creators-api.md "Authentication"):
 *
 * - 3.x (Login with Amazon): JSON body `{grant_type, client_id, client_secret, scope: "creatorsapi::default"}`,
 *   header `Authorization: Bearer <token>`.
 * - 2.2 (Cognito): form body with scope `creatorsapi/default`, header `Bearer <token>, Version 2.2`.
 *
 * The token is cached and refreshed {@link REFRESH_MARGIN_MS} before it expires; concurrent callers
 * share one refresh; `invalidate(token)` drops a token the API refused (401), so the next `get()`
 * fetches a new one. The secret and the token are never logged or put in an error message.
 */
import { isLegacyVersion, type CredentialVersion } from './creators-api.config';
import { CreatorsApiError } from './creators-api-errors';
import { errorBodySchema, tokenResponseSchema } from './creators-api.schema';

/** Refresh this long before the token's expiry (the reference: "about 60 s"). */
export const REFRESH_MARGIN_MS = 60_000;

export interface TokenProviderOptions {
  tokenUrl: string;
  version: CredentialVersion;
  credentialId: string;
  credentialSecret: string;
  /** Default: global fetch. */
  fetch?: typeof fetch;
  /** Epoch ms; default Date.now. */
  now?: () => number;
  /** Per-request timeout, ms (default 15 s). */
  timeoutMs?: number;
}

export interface TokenProvider {
  /** A valid access token (cached, or fetched once for every concurrent caller). Throws CreatorsApiError. */
  get(): Promise<string>;
  /** Forgets `token` if it is the cached one (the API answered 401 to it). */
  invalidate(token: string): void;
  /** The Authorization header value for `token` in this version's format. */
  authorization(token: string): string;
  /** Tokens fetched so far (for the admin area and tests). */
  readonly fetchedCount: number;
}

/** Creates the provider. No request is made until the first `get()`. */
export function createTokenProvider(opts: TokenProviderOptions): TokenProvider {
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  const legacy = isLegacyVersion(opts.version);
  let cached: { token: string; refreshAt: number } | null = null;
  let pending: Promise<string> | null = null;
  let fetchedCount = 0;

  async function requestToken(): Promise<string> {
    const body = legacy
      ? new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: opts.credentialId,
          client_secret: opts.credentialSecret,
          scope: 'creatorsapi/default',
        }).toString()
      : JSON.stringify({
          grant_type: 'client_credentials',
          client_id: opts.credentialId,
          client_secret: opts.credentialSecret,
          scope: 'creatorsapi::default',
        });
    let res: Response;
    try {
      res = await doFetch(opts.tokenUrl, {
        method: 'POST',
        headers: {
          'content-type': legacy ? 'application/x-www-form-urlencoded' : 'application/json',
          accept: 'application/json',
        },
        body,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new CreatorsApiError(0, 'NetworkError', null, `token endpoint unreachable: ${(error as Error).name}`);
    }
    const json: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const parsed = errorBodySchema.safeParse(json);
      // OAuth errors answer {error, error_description} (RFC 6749 §5.2); never echo the request.
      const oauth = (json ?? {}) as { error?: unknown };
      const reason = typeof oauth.error === 'string' ? oauth.error : (parsed.data?.reason ?? null);
      throw new CreatorsApiError(
        res.status >= 500 ? res.status : 401,
        'UnauthorizedException',
        reason ?? 'InvalidClient',
        `the token endpoint refused the credentials (HTTP ${res.status}${reason ? `, ${reason}` : ''})`,
      );
    }
    const token = tokenResponseSchema.safeParse(json);
    if (!token.success)
      throw new CreatorsApiError(502, 'InternalServerException', null, 'the token endpoint answered without a usable token');
    fetchedCount += 1;
    const expiresInMs = token.data.expires_in * 1000;
    // A token shorter-lived than the margin is used once rather than never.
    cached = { token: token.data.access_token, refreshAt: now() + Math.max(expiresInMs - REFRESH_MARGIN_MS, expiresInMs / 2) };
    return token.data.access_token;
  }

  return {
    get() {
      if (cached && now() < cached.refreshAt) return Promise.resolve(cached.token);
      pending ??= requestToken().finally(() => {
        pending = null;
      });
      return pending;
    },
    invalidate(token) {
      if (cached?.token === token) cached = null;
    },
    authorization(token) {
      return legacy ? `Bearer ${token}, Version 2.2` : `Bearer ${token}`;
    },
    get fetchedCount() {
      return fetchedCount;
    },
  };
}
