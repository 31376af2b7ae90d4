/**
 * Outcomes → replies (DESIGN.md §3 "Rules of the house"): services never see a request or a reply;
 * they return an {@link Outcome}, and a route hands it to {@link sendOutcome}. One mapper, so every
 * endpoint answers the same status and body shape for the same failure.
 *
 * Usage in a route: `return sendOutcome(reply, await deleteAlert(db, id, visitor), 200);`
 */
import type { FastifyReply } from 'fastify';
import { errorBody } from './errors';

/** Why a service could not do what was asked, each with its one HTTP status. */
export const FAILURE_STATUS = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  'too-large': 413,
  'rate-limited': 429,
  unavailable: 503,
} as const;

export type FailureReason = keyof typeof FAILURE_STATUS;

/** A failed outcome: the reason (→ status) and a message naming the field and rule. */
export interface Failure {
  ok: false;
  reason: FailureReason;
  message: string;
  /** Figures the answer carries beside `error` and `message` (e.g. a 409's `deleteCount`). */
  details?: Readonly<Record<string, number>>;
}

/** A successful outcome with its value. */
export interface Success<T> {
  ok: true;
  value: T;
}

export type Outcome<T> = Success<T> | Failure;

export const ok = <T>(value: T): Success<T> => ({ ok: true, value });
export const fail = (reason: FailureReason, message: string, details?: Readonly<Record<string, number>>): Failure =>
  details ? { ok: false, reason, message, details } : { ok: false, reason, message };

/**
 * Sends `outcome`: the value with `successStatus` (default 200), or the failure's status with
 * `{ error, message }` (server/http/errors.ts).
 */
export function sendOutcome<T>(reply: FastifyReply, outcome: Outcome<T>, successStatus = 200): FastifyReply {
  if (outcome.ok) return reply.status(successStatus).send(outcome.value);
  const status = FAILURE_STATUS[outcome.reason];
  return reply.status(status).send({ ...errorBody(status, outcome.message), ...outcome.details });
}
