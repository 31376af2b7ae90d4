/**
 * The outbox sender (DESIGN.md §2 "E-mail", §4 "E-mail": written in the same transaction as its
 * cause, sent at most once, retried with backoff until delivered or dead).
 *
 * Each run releases expired leases, then repeatedly **claims** a few due rows — one conditional
 * UPDATE 'pending' → 'sending' over `FOR UPDATE SKIP LOCKED`, with a lease written into
 * `next_attempt_at` — so two senders (two app instances on one PostgreSQL) never take the same row.
 * For each claimed row it re-checks that subscribed mail may still go to the recipient (else
 * 'suppressed'), then delivers it:
 * - with `SMTP_URL`: 'sent' with `sent_at` and `message_id`; on failure `attempts + 1`, a short
 *   `last_error`, and `next_attempt_at = now + 30 s × 2^(attempts − 1)` (at most 1 h); after
 *   {@link MAX_ATTEMPTS} attempts, or a permanent 5xx refusal, 'dead' (kept for the admin);
 * - without: an .eml file in `DATA_DIR/outbox`, row 'written' (it stays in the table).
 * Each failed attempt logs one `warn` line (outbox id, attempt, error type and codes, the retry time
 * in ISO 8601) and a row going 'dead' one `error` line (delivery-log.ts), never the recipient, the
 * message or the server's reply text (issue 25: a two-minute SMTP outage used to log nothing).
 * A deferred row (only a `payload`) is composed right before it is sent (deferred-email.ts): a
 * price-drop alert with the owner's default template, from its sender, when one is chosen (issue 29),
 * else the built-in e-mail; one that cannot be composed is 'dead' at once.
 *
 * A dead SMTP server loses nothing (rows stay pending and are retried) and duplicates nothing (a row
 * is marked right after the server accepts it; the Message-ID is derived from the dedupe key, so in
 * the one unavoidable gap — a crash between the server's "250 OK" and our UPDATE — the repeat carries
 * the same Message-ID and receiving systems can discard it).
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema/email.schema';
import type { Env } from '../env';
import { mailableEmails } from './mailability';
import { createTransport, type Transport } from './transport';
import { composeDeferred, isPriceDropKind, type ComposedParts } from './deferred-email';
import { emailTemplates } from '../db/schema/email.schema';
import { senderFromHeader, SENDER_LOCAL_PARTS, type SenderLocalPart } from '../../common/email-templates';
import { jsonLineMailLogger, logDeadMessage, logFailedAttempt, type MailLogger } from './delivery-log';

/** Attempts before a row is 'dead'. */
export const MAX_ATTEMPTS = 8;
/** First retry delay; doubles per attempt. */
export const BASE_BACKOFF_MS = 30_000;
export const MAX_BACKOFF_MS = 60 * 60 * 1000;
/**
 * How long a claimed row may stay 'sending' before another run takes it back. Renewed right before
 * each hand-over to SMTP, and longer than one hand-over can take (transport.ts SMTP timeouts: 10 s
 * connect + 10 s greeting + 30 s idle socket), so a row is handed to SMTP at most once per lease.
 * After a crash mid-send the message is retried when its lease ends, within this time (issue 5).
 */
export const LEASE_MS = 60 * 1000;
/** `last_error` of a row handed back untried because the server was unreachable (it then waits for its retry time). */
const UNREACHABLE = 'not tried: the mail server was unreachable';
/** Rows claimed per round: a small batch keeps leases short and the mailable check fresh. */
const CLAIM_BATCH = 20;

/**
 * Kinds that go to addresses which have not (or not yet) confirmed: the confirmation (and sign-in)
 * link, the unsubscribe link asked for on the unsubscribe page, and contact-form messages to the
 * owners' own CONTACT_EMAIL (issue 10), which never subscribes to anything, and an owner's test of a
 * template (issue 12: sent to the address the owner typed, from the Templates tab).
 * Every other kind is subscribed mail and needs a confirmed, subscribed recipient at send time.
 */
export const UNGATED_KINDS: ReadonlySet<string> = new Set(['confirmation', 'unsubscribe-link', 'contact-message', 'template-test']);

export interface SenderDeps {
  db: Db;
  env: Env;
  clock: () => Date;
  /** Default: created from env (SMTP_URL or .eml files) for this run and closed after it. */
  transport?: Transport;
  /** Where to say which .eml file was written. Default: console.info unless LOG_LEVEL is silent. */
  log?: (message: string) => void;
  /**
   * Where failed attempts (warn) and dead messages (error) are logged: the app's pino logger, or by
   * default JSON lines on stdout at LOG_LEVEL (delivery-log.ts `jsonLineMailLogger`).
   */
  logger?: MailLogger;
}

export interface DeliveryCounts {
  sent: number;
  /** Failed attempts that will be retried. */
  failed: number;
  dead: number;
  written: number;
  suppressed: number;
}

/** Retry delay after `attempts` failed attempts (1-based), ms: 30 s, 60 s, 120 s … capped at 1 h. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

/** The Message-ID of an outbox row: the same for every attempt, unique per site and dedupe key. */
export function messageIdFor(publicUrl: string, dedupeKey: string): string {
  const hash = createHash('sha256').update(`${publicUrl}\n${dedupeKey}`).digest('hex').slice(0, 32);
  let host = 'dealalerts';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // keep the fallback
  }
  return `<${hash}@${host}>`;
}

/**
 * Delivers due outbox rows, oldest first: 'pending' rows whose `next_attempt_at` ≤ now, and fresh
 * ones (no attempt, no error: due at once, whatever the caller's clock says — `next_attempt_at`
 * defaults to the database's time at insert). At most `limit` (default 100) rows per run. Never
 * throws for a failing message (see the counts); throws when the database fails.
 */
export async function deliverDueEmails(deps: SenderDeps, opts: { limit?: number } = {}): Promise<DeliveryCounts> {
  const limit = opts.limit ?? 100;
  const counts: DeliveryCounts = { sent: 0, failed: 0, dead: 0, written: 0, suppressed: 0 };
  const log = deps.log ?? ((m: string) => (deps.env.LOG_LEVEL === 'silent' ? undefined : console.info(m)));
  const logger = deps.logger ?? jsonLineMailLogger(deps.env.LOG_LEVEL);
  const transport = deps.transport ?? createTransport(deps.env, { pool: true });
  try {
    await releaseExpiredLeases(deps.db, deps.clock());
    let remaining = limit;
    let retryAllAt: Date | null = null;
    // The owner's default template, read once per run on the first price-drop row (issue 29).
    let ownerTemplate: OwnerDefaultTemplate | null | undefined;
    const templateFor = async (row: OutboxRow) => {
      if (row.subject !== null || !isPriceDropKind(row.kind)) return null;
      if (ownerTemplate === undefined) ownerTemplate = await ownerDefaultTemplate(deps.db);
      return ownerTemplate;
    };
    while (remaining > 0 && retryAllAt === null) {
      const now = deps.clock();
      const rows = await claimDue(deps.db, now, Math.min(remaining, CLAIM_BATCH));
      if (rows.length === 0) break;
      remaining -= rows.length;
      const gated = rows.filter((r) => !UNGATED_KINDS.has(r.kind));
      const mailable = await mailableEmails(
        deps.db,
        gated.map((r) => r.recipient),
      );
      for (const row of rows) {
        if (retryAllAt !== null) {
          // The server is unreachable: hand the rest back untried (no attempt used up).
          await finish(deps.db, row.id, { status: 'pending', nextAttemptAt: retryAllAt, lastError: UNREACHABLE });
          continue;
        }
        if (!UNGATED_KINDS.has(row.kind) && !mailable.has(row.recipient)) {
          await finish(deps.db, row.id, { status: 'suppressed', lastError: 'recipient is not confirmed or has unsubscribed' });
          counts.suppressed += 1;
          continue;
        }
        // Our lease may have run out while earlier rows were sent: then another sender may hold it.
        if (!(await renewLease(deps.db, row.id, deps.clock()))) continue;
        let parts: ComposedParts;
        let from = row.sender ?? deps.env.MAIL_FROM;
        try {
          const template = await templateFor(row);
          parts = await partsOf(deps.env, row, template);
          if (template && row.sender === null) from = ownerSender(template.sender, deps.env);
        } catch (error) {
          await finish(deps.db, row.id, { status: 'dead', attempts: row.attempts + 1, lastError: describeError(error) });
          logDeadMessage(
            logger,
            { id: row.id, kind: row.kind, attempt: row.attempts + 1, maxAttempts: MAX_ATTEMPTS },
            error,
            'its message could not be composed',
          );
          counts.dead += 1;
          continue;
        }
        try {
          const delivery = await transport.send({
            from,
            to: row.recipient,
            subject: parts.subject,
            html: parts.html,
            text: parts.text,
            headers: parts.headers,
            messageId: messageIdFor(deps.env.PUBLIC_URL, row.dedupeKey),
            dedupeKey: row.dedupeKey,
          });
          const at = deps.clock();
          if (delivery.kind === 'file') {
            await finish(deps.db, row.id, { status: 'written', sentAt: at, messageId: delivery.messageId, lastError: null });
            counts.written += 1;
            // The file's name comes from the dedupe key; the address stays out of the log.
            log(`E-mail ${row.kind} (outbox ${row.id}) written to ${delivery.location}`);
          } else {
            await finish(deps.db, row.id, { status: 'sent', sentAt: at, messageId: delivery.messageId, lastError: null });
            counts.sent += 1;
          }
        } catch (error) {
          const attempts = row.attempts + 1;
          const at = deps.clock();
          const dead = attempts >= MAX_ATTEMPTS || isPermanent(error);
          const nextAttemptAt = new Date(at.getTime() + backoffMs(attempts));
          await finish(deps.db, row.id, { status: dead ? 'dead' : 'pending', attempts, lastError: describeError(error), nextAttemptAt });
          if (dead) {
            const reason = isPermanent(error) ? 'the mail server refused it for good' : 'its attempts are used up';
            logDeadMessage(logger, { id: row.id, kind: row.kind, attempt: attempts, maxAttempts: MAX_ATTEMPTS }, error, reason);
            counts.dead += 1;
          } else {
            logFailedAttempt(logger, { id: row.id, kind: row.kind, attempt: attempts, maxAttempts: MAX_ATTEMPTS }, error, nextAttemptAt);
            counts.failed += 1;
          }
          if (!dead && isConnectionFailure(error)) retryAllAt = nextAttemptAt;
        }
      }
    }
  } finally {
    if (!deps.transport) transport.close();
  }
  return counts;
}

type OutboxRow = typeof emailOutbox.$inferSelect;

/** The row's message: as queued, or composed now from its payload (deferred-email.ts), with the owner's template when given. */
async function partsOf(env: Env, row: OutboxRow, template: OwnerDefaultTemplate | null): Promise<ComposedParts> {
  if (row.subject !== null && row.html !== null && row.text !== null) {
    return { subject: row.subject, html: row.html, text: row.text, headers: row.headers };
  }
  return composeDeferred(env, row, template);
}

type OwnerDefaultTemplate = Pick<typeof emailTemplates.$inferSelect, 'subject' | 'htmlContent' | 'sender'>;

/**
 * The template an owner marked "Use for deal alert notifications" (`email_templates.is_default`), or
 * null: automatic price-drop alerts are composed with it at send time (issue 29).
 */
async function ownerDefaultTemplate(db: Db): Promise<OwnerDefaultTemplate | null> {
  const [row] = await db
    .select({ subject: emailTemplates.subject, htmlContent: emailTemplates.htmlContent, sender: emailTemplates.sender })
    .from(emailTemplates)
    .where(sql`${emailTemplates.isDefault}`)
    .limit(1);
  return row ?? null;
}

/** The From header of the template's sender on MAIL_DOMAIN (admin-area §5), 'alerts' when it names none of the six. */
function ownerSender(sender: string, env: Env): string {
  const local = (SENDER_LOCAL_PARTS as readonly string[]).includes(sender) ? (sender as SenderLocalPart) : 'alerts';
  return senderFromHeader(local, env.MAIL_DOMAIN);
}

/** 'sending' rows whose lease ran out (a sender died mid-run) go back to 'pending'. */
async function releaseExpiredLeases(db: Db, now: Date): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'pending' })
    .where(sql`${emailOutbox.status} = 'sending' and ${emailOutbox.nextAttemptAt} <= ${now.toISOString()}::timestamptz`);
}

/** Claims up to `n` due rows, oldest first, leasing them until now + LEASE_MS. */
async function claimDue(db: Db, now: Date, n: number): Promise<OutboxRow[]> {
  const lease = new Date(now.getTime() + LEASE_MS).toISOString();
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'sending', nextAttemptAt: sql`${lease}::timestamptz` })
    .where(
      sql`${emailOutbox.id} in (
        select id from email_outbox
        where status = 'pending' and (next_attempt_at <= ${now.toISOString()}::timestamptz or (attempts = 0 and last_error is null))
        order by created_at, id
        limit ${n}
        for update skip locked)`,
    )
    .returning();
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
}

/**
 * Extends the lease of a row we claimed to now + LEASE_MS, if it has not run out; false when it
 * has (the row is then left for whoever releases or claims it next).
 */
async function renewLease(db: Db, id: number, now: Date): Promise<boolean> {
  const lease = new Date(now.getTime() + LEASE_MS).toISOString();
  const rows = await db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`${lease}::timestamptz` })
    .where(
      sql`${emailOutbox.id} = ${id} and ${emailOutbox.status} = 'sending' and ${emailOutbox.nextAttemptAt} > ${now.toISOString()}::timestamptz`,
    )
    .returning({ id: emailOutbox.id });
  return rows.length === 1;
}

/**
 * When the outbox next needs the sender: the earliest `next_attempt_at` of a 'pending' row (a retry)
 * or a 'sending' row (a lease, possibly of a process that died), or null when nothing is waiting.
 */
export async function nextOutboxDueAt(db: Db): Promise<Date | null> {
  const rows = await db
    .select({ at: sql<string | null>`min(${emailOutbox.nextAttemptAt})` })
    .from(emailOutbox)
    .where(sql`${emailOutbox.status} in ('pending', 'sending')`);
  const at = rows[0]?.at;
  return at ? new Date(at) : null;
}

/** Settles a claimed row; only while it is still ours ('sending'). */
async function finish(
  db: Db,
  id: number,
  set: Partial<Pick<OutboxRow, 'status' | 'attempts' | 'lastError' | 'nextAttemptAt' | 'sentAt' | 'messageId'>>,
): Promise<void> {
  await db
    .update(emailOutbox)
    .set(set)
    .where(sql`${emailOutbox.id} = ${id} and ${emailOutbox.status} = 'sending'`);
}

type MailError = { code?: string; responseCode?: number; command?: string; message?: string; name?: string };

/** The server refused for good (RFC 5321 5yz reply to the envelope or data): retrying cannot help. */
function isPermanent(error: unknown): boolean {
  const e = error as MailError;
  return typeof e?.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600 && e.code !== 'EAUTH';
}

/** The server could not be reached or dropped the connection: the next messages would fail the same way. */
function isConnectionFailure(error: unknown): boolean {
  const code = (error as MailError)?.code ?? '';
  return ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EAUTH', 'ETLS', 'EPROTOCOL'].includes(code);
}

/** A short error for `last_error`: code, SMTP reply code and message, without URLs or credentials. */
export function describeError(error: unknown): string {
  const e = (error ?? {}) as MailError;
  const head = [e.code ?? e.name ?? 'Error', e.responseCode ? String(e.responseCode) : ''].filter(Boolean).join(' ');
  const message = String(e.message ?? error)
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '<url>')
    .replace(/\s+/g, ' ')
    .trim();
  return `${head}: ${message}`.slice(0, 300);
}
