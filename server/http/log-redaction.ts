/**
 * What the request log may hold (issue 5; DESIGN.md §4 "no personal data in logs"): a request's
 * method, its path and query with every personal or secret value replaced, its status and timing.
 * Never the client's IP address, cookies or authorisation headers, never an e-mail address or a link
 * signature, and for errors never the message of a database error (Drizzle puts the SQL and its
 * parameters there) nor a stack trace.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters whose values are personal (an address) or secret (a signature, a token, a link time). */
export const REDACTED_QUERY_PARAMS = ['email', 'userEmail', 'sig', 't', 'token', 'visitorToken'] as const;
const REDACTED = new Set<string>(REDACTED_QUERY_PARAMS.map((p) => p.toLowerCase()));
/** What a removed value reads as in the log. */
export const REDACTION = '[redacted]';

/**
 * `url` (a request target: path and optional query) with the values of {@link REDACTED_QUERY_PARAMS}
 * and every path segment holding an '@' replaced by `[redacted]`. Keeps the rest byte for byte, so
 * logs still show which page was asked for. Never throws (a malformed target is cut to its path).
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const rawPath = q === -1 ? url : url.slice(0, q);
  const path = rawPath
    .split('/')
    .map((segment) => (safeDecode(segment).includes('@') ? REDACTION : segment))
    .join('/');
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = safeDecode(eq === -1 ? pair : pair.slice(0, eq));
      if (eq !== -1 && REDACTED.has(name.toLowerCase())) return `${pair.slice(0, eq)}=${REDACTION}`;
      return safeDecode(pair).includes('@') ? `${pair.slice(0, eq === -1 ? pair.length : eq)}=${REDACTION}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** Text that may hold SQL or its parameters (drizzle's "Failed query: … params: …"). */
const SQL_TEXT = /failed query|params:|select |insert |update |delete from/i;

/**
 * A summary of an unexpected error safe to log: its type, its code (a PostgreSQL SQLSTATE such as
 * '23505' when there is one, including on the error's `cause`) and, only for errors that are not
 * database errors, the first line of its message (at most 200 characters). An error wrapping
 * another (drizzle's failed query wraps the driver's error in `cause`) also names the cause's type
 * and, when the cause carries no SQLSTATE (a dropped connection, a timeout, not a statement the
 * database refused), the first line of its message, unless that line looks like SQL or holds an
 * address. No stack, no SQL, no parameters.
 */
export function errorSummary(error: unknown): { type: string; code?: string; message?: string; cause?: string; causeMessage?: string } {
  const e = (error ?? {}) as {
    name?: string;
    code?: unknown;
    message?: unknown;
    cause?: { name?: unknown; code?: unknown; message?: unknown };
  };
  const type = typeof e.name === 'string' ? e.name : typeof error;
  const rawCode = e.code ?? e.cause?.code;
  const code = typeof rawCode === 'string' || typeof rawCode === 'number' ? String(rawCode) : undefined;
  const message = typeof e.message === 'string' ? e.message : '';
  const fromDatabase = SQL_TEXT.test(message) || e.cause !== undefined;
  const firstLine = fromDatabase ? undefined : message.split('\n')[0]?.slice(0, 200);
  const cause = e.cause === undefined || e.cause === null ? undefined : e.cause;
  const causeType = cause === undefined ? undefined : typeof cause.name === 'string' ? cause.name : typeof cause;
  const causeText =
    cause !== undefined && cause.code === undefined && typeof cause.message === 'string' ? cause.message.split('\n')[0] : '';
  // An address is personal data: a line holding one is left out, as is SQL.
  const causeMessage = causeText && !SQL_TEXT.test(causeText) && !causeText.includes('@') ? causeText.slice(0, 200) : undefined;
  return {
    type,
    ...(code ? { code } : {}),
    ...(firstLine ? { message: firstLine } : {}),
    ...(causeType ? { cause: causeType } : {}),
    ...(causeMessage ? { causeMessage } : {}),
  };
}

/**
 * Fastify logger options (pino): the level, the destination (stdout unless `stream` is given, as
 * tests do), a request serializer that keeps only the method and
 * the redacted URL, and a response serializer that keeps only the status code.
 */
export function loggerOptions(level: string, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, url: redactUrl(request.url) }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
  };
}
