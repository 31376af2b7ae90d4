/**
 * What the outbox sender logs about failed deliveries (issue 25 "SMTP failures logged"; DESIGN.md §4
 * "no personal data in logs"). A failed attempt is one `warn` line and a message given up on is one
 * `error` line, each naming the outbox row, the attempt, the error's type and codes and, for a
 * retry, when it will be tried again. Never the recipient, the subject or body, nor the error's
 * message or the server's reply text: an SMTP reply quotes the address it refuses
 * ("550 5.1.1 <someone@example.com> unknown").
 */
import { hostname } from 'node:os';

/**
 * The part of a pino logger the sender uses (`app.log` is one): `fields` first, then the message,
 * as pino takes them.
 */
export interface MailLogger {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/**
 * A transport error as it may be logged: `type` (the error's name), `code` (nodemailer's:
 * ESOCKET, ECONNECTION, ETIMEDOUT, EENVELOPE, EAUTH, EMESSAGE…), `originalCode` (the socket's,
 * e.g. ECONNREFUSED, when nodemailer wrapped one), `responseCode` (the SMTP reply code, RFC 5321
 * §4.2: 4yz try again later, 5yz refused for good) and `command` (the SMTP step: CONN, RCPT TO,
 * DATA…). Values that do not look like codes are left out, so no text can slip through.
 */
export interface MailErrorFields {
  type: string;
  code?: string;
  originalCode?: string;
  responseCode?: number;
  command?: string;
}

const CODE = /^[A-Z][A-Z0-9_]{1,31}$/;
const COMMAND = /^[A-Z][A-Z ]{1,15}$/;

/** The loggable fields of a transport error ({@link MailErrorFields}); never its message. */
export function mailErrorFields(error: unknown): MailErrorFields {
  const e = (error ?? {}) as { name?: unknown; code?: unknown; originalCode?: unknown; responseCode?: unknown; command?: unknown };
  const type = typeof e.name === 'string' && /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(e.name) ? e.name : typeof error;
  const fields: MailErrorFields = { type };
  if (typeof e.code === 'string' && CODE.test(e.code)) fields.code = e.code;
  if (typeof e.originalCode === 'string' && CODE.test(e.originalCode)) fields.originalCode = e.originalCode;
  if (typeof e.responseCode === 'number' && Number.isInteger(e.responseCode) && e.responseCode >= 100 && e.responseCode < 600)
    fields.responseCode = e.responseCode;
  if (typeof e.command === 'string' && COMMAND.test(e.command)) fields.command = e.command;
  return fields;
}

/** The codes of a {@link MailErrorFields} for a message: "ESOCKET ECONNREFUSED", "EENVELOPE 550". */
export function mailErrorCodes(fields: MailErrorFields): string {
  return [fields.code ?? fields.type, fields.originalCode, fields.responseCode].filter((v) => v !== undefined).join(' ');
}

/** pino's level numbers (the app's logger writes the same). */
const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

/**
 * The sender's logger when its caller gives none: one JSON line per entry on stdout, shaped as
 * pino writes the app's (`level` 40 warn / 50 error, `time` in ms since the epoch, `pid`,
 * `hostname`, the fields, `msg`), so log collectors read both alike. Entries below `level`
 * (LOG_LEVEL: trace, debug, info, warn, error, fatal or silent) are dropped.
 */
export function jsonLineMailLogger(level: string, write: (line: string) => void = (line) => void process.stdout.write(line)): MailLogger {
  const threshold = LEVELS[level] ?? Number.POSITIVE_INFINITY;
  const host = hostname();
  const entry = (at: number) => (fields: object, message: string) => {
    if (at < threshold) return;
    write(`${JSON.stringify({ level: at, time: Date.now(), pid: process.pid, hostname: host, ...fields, msg: message })}\n`);
  };
  return { warn: entry(LEVELS.warn as number), error: entry(LEVELS.error as number) };
}

/** Which attempt of which outbox row failed: the row's id and kind, attempt n (1-based) of `maxAttempts`. */
export interface FailedAttempt {
  id: number;
  kind: string;
  attempt: number;
  maxAttempts: number;
}

/**
 * One `warn` line for a failed attempt that will be retried: `outboxId`, `kind`, `attempt`,
 * `maxAttempts`, `error` ({@link MailErrorFields}) and `nextAttemptAt` (ISO 8601, UTC).
 */
export function logFailedAttempt(logger: MailLogger, failed: FailedAttempt, error: unknown, nextAttemptAt: Date): void {
  const fields = mailErrorFields(error);
  const retryAt = nextAttemptAt.toISOString();
  logger.warn(
    {
      outboxId: failed.id,
      kind: failed.kind,
      attempt: failed.attempt,
      maxAttempts: failed.maxAttempts,
      error: fields,
      nextAttemptAt: retryAt,
    },
    `e-mail delivery attempt ${failed.attempt} of ${failed.maxAttempts} failed (${mailErrorCodes(fields)}); next attempt at ${retryAt}`,
  );
}

/** One `error` line for a message given up on ('dead'): as {@link logFailedAttempt}, with `reason` instead of a retry time. */
export function logDeadMessage(logger: MailLogger, failed: FailedAttempt, error: unknown, reason: string): void {
  const fields = mailErrorFields(error);
  logger.error(
    { outboxId: failed.id, kind: failed.kind, attempt: failed.attempt, maxAttempts: failed.maxAttempts, error: fields, reason },
    `e-mail not delivered, given up after attempt ${failed.attempt} (${mailErrorCodes(fields)}): ${reason}`,
  );
}
