/**
 * The one way the browser talks to our API (content-and-account-pages §7 "Shared request
 * behaviour"; shopper-screens §8).
 *
 * - Requests carry credentials; a body is sent as JSON, with a JSON content type, only when present.
 * - A visitor token (DESIGN.md §4 "Visitors") travels as `Authorization: Bearer <token>`.
 * - Any non-ok answer throws an {@link ApiError} whose message is `"{status}: {body text}"`, or
 *   `"{status}: {status text}"` when the body is empty. Callers never retry (query defaults).
 */

/** A non-ok HTTP answer. `message` follows spec §8; `serverMessage` is the JSON `message`, if any. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(formatApiErrorMessage(status, statusText, body));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The `message` of our JSON error bodies (`{ error, message }`), or null for other bodies. */
  get serverMessage(): string | null {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === 'object' && 'message' in parsed) {
        const message = (parsed as { message: unknown }).message;
        return typeof message === 'string' && message.trim() !== '' ? message : null;
      }
    } catch {
      // Not JSON: the raw text is already in `message`.
    }
    return null;
  }
}

/** Spec §8: the status code, a colon and a space, then the body text (or the status text if empty). */
export function formatApiErrorMessage(status: number, statusText: string, body: string): string {
  return `${status}: ${body.trim() !== '' ? body : statusText}`;
}

/**
 * The text to show a person for a failed call: the server's own `message` when it sent one,
 * else `fallback` (the spec's catalogue wording for that action).
 */
export function messageForPeople(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}

export interface RequestOptions {
  /** Visitor token for the stored e-mail; sent as a Bearer credential. */
  token?: string | null;
  signal?: AbortSignal;
  /** Absolute origin for tests and scripts; the browser uses relative URLs. */
  baseUrl?: string;
}

/**
 * Sends one request and parses the JSON answer as `T` (no runtime validation: the shapes are the
 * common/api schemas, kept out of the bundle to respect the JS budget). A 204 or empty body gives
 * `undefined`. Throws {@link ApiError} on a non-ok status and the fetch error on network failure.
 */
export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${options.baseUrl ?? ''}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal: options.signal,
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}
