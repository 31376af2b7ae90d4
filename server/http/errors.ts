/**
 * Error answers (DESIGN.md §4 "Bad input"): the one schema from `common/`, and the helper that
 * builds a body naming the field and rule.
 */
import { STATUS_CODES } from 'node:http';
import { apiErrorSchema, type ApiError } from '../../common/api/error.schema';

export { apiErrorSchema, type ApiError };

/** `{ error: 'Not Found', message }` for any 4xx/5xx status; `message` should read "field: rule". */
export function errorBody(status: number, message: string): ApiError {
  return { error: STATUS_CODES[status] ?? 'Error', message };
}

/**
 * A request cut off by the server's stop (SIGTERM, server/main.ts): e.g. a keyword search still
 * waiting in its lane when the stop dropped the queue. The app's error handler answers it 503 with
 * Retry-After and logs it at info, not as an unexpected error.
 */
export class ServerStoppingError extends Error {
  readonly statusCode = 503;
  constructor() {
    super('the server is stopping');
    this.name = 'ServerStoppingError';
  }
}
