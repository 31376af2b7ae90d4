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
