/**
 * Errors of the Creators API client (issue 14 part 1 "Errors"; ../shared/reference/
 * amazon-creators-api.md "Errors"). Messages never hold credentials, tokens or URLs with them.
 */
import type { WireErrorBody } from './creators-api.schema';

/** An error answer of the API (or of its token endpoint), after any retries. */
export class CreatorsApiError extends Error {
  constructor(
    /** HTTP status; 0 when no answer came (network error, timeout). */
    readonly status: number,
    /** Amazon's `type`, e.g. ValidationException, ThrottleException. */
    readonly type: string,
    /** Amazon's `reason`, e.g. AssociateNotEligible, FieldValidationFailed, TokenExpired. */
    readonly reason: string | null,
    message: string,
    /** The fields a 400 FieldValidationFailed names. */
    readonly fieldList: readonly string[] = [],
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'CreatorsApiError';
  }

  /** 403 AccessDeniedException: the account may not use the API now (the catalogue takes over). */
  get accessDenied(): boolean {
    return this.status === 403;
  }

  /** Worth another attempt: throttling, a server error or no answer. */
  get retryable(): boolean {
    return this.status === 429 || this.status === 0 || this.status >= 500;
  }

  /** Builds the error from an answer's status, body and Retry-After header. */
  static fromAnswer(status: number, body: WireErrorBody | null, retryAfterHeader: string | null): CreatorsApiError {
    const headerSeconds = retryAfterSeconds(retryAfterHeader);
    const type = body?.type ?? defaultType(status);
    const message = body?.message ?? `HTTP ${status}`;
    return new CreatorsApiError(
      status,
      type,
      body?.reason ?? null,
      `${type}${body?.reason ? ` (${body.reason})` : ''}: ${message}`,
      body?.fieldList ?? [],
      body?.retryAfterSeconds ?? headerSeconds,
    );
  }
}

/** The daily quota (AMAZON_DAILY_LIMIT) is spent: no request was sent. */
export class QuotaExhaustedError extends Error {
  constructor(readonly resetsAt: Date) {
    super(`the daily Creators API quota is used up until ${resetsAt.toISOString()}`);
    this.name = 'QuotaExhaustedError';
  }
}

function defaultType(status: number): string {
  if (status === 400) return 'ValidationException';
  if (status === 401) return 'UnauthorizedException';
  if (status === 403) return 'AccessDeniedException';
  if (status === 404) return 'ResourceNotFoundException';
  if (status === 429) return 'ThrottleException';
  if (status === 0) return 'NetworkError';
  return 'InternalServerException';
}

/** Seconds of a Retry-After header (RFC 9110 §10.2.3: delay-seconds or an HTTP date), or null. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
