/**
 * The delivery log (issue 29; DESIGN.md §4 "E-mail": the outbox readable in the admin area): every
 * outbox message with its kind, masked recipient, state, attempts, last error and next try, and the
 * resend of a dead message. Never a full address: recipients are masked (`j***@example.com`) and any
 * address inside an error (an SMTP reply quotes the one it refuses) is masked too; errors are the
 * sender's short `code: message` lines (email/sender.service.ts `describeError`: no stack, URLs cut),
 * never SQL.
 */
import type { OutboxMessage, OutboxPage, OutboxQuery, OutboxState } from '../../../common/api/outbox.admin.schema';
import type { Db } from '../../db/client';
import { fail, ok, type Outcome } from '../../http/outcome';
import { recordAdminAction } from '../audit';
import { outboxLogPage, outboxRowById, outboxStateCounts, requeueDeadRow, type OutboxLogRow } from './outbox.admin.queries';

/** `jane@example.com` → `j***@example.com`; a value without `@` → `***`. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

const EMAIL_IN_TEXT = /[^\s<>()"',;:]+@[^\s<>()"',;:]+\.[^\s<>()"',;:]+/g;

/** An error line with every address in it masked; at most 300 characters. */
export function safeErrorText(text: string | null): string | null {
  if (text === null) return null;
  return text.replace(EMAIL_IN_TEXT, (address) => maskEmail(address)).slice(0, 300);
}

function stateOf(row: OutboxLogRow): OutboxState {
  if (row.status === 'sent' || row.status === 'written') return 'sent';
  if (row.status === 'dead') return 'dead';
  if (row.status === 'suppressed') return 'suppressed';
  if (row.status === 'pending' && row.lastError?.startsWith('delayed: ')) return 'budget';
  return row.attempts > 0 ? 'failed' : 'waiting';
}

function toMessage(row: OutboxLogRow): OutboxMessage {
  const state = stateOf(row);
  const queued = state === 'waiting' || state === 'budget' || state === 'failed';
  return {
    id: row.id,
    kind: row.kind,
    recipient: maskEmail(row.recipient),
    state,
    attempts: row.attempts,
    lastError: safeErrorText(row.lastError),
    nextTryAt: queued ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

/** One page of the delivery log, newest first. Throws only when the database fails. */
export async function outboxPage(db: Db, query: OutboxQuery): Promise<OutboxPage> {
  const { rows, total } = await outboxLogPage(db, query.state, (query.page - 1) * query.limit, query.limit);
  return { messages: rows.map(toMessage), total, page: query.page, pageSize: query.limit, counts: await outboxStateCounts(db) };
}

/**
 * Queues a dead message again (attempts from 0, due now) and records `outbox.resend` in the audit
 * log (target `outbox:{id}`, the kind's row). 404 for an unknown id, 409 unless it is dead. The sender
 * re-checks at send time that subscribed mail may still go to the recipient.
 */
export async function resendDeadMessage(
  deps: { db: Db; clock: () => Date; notifyOutbox: () => void },
  adminId: number,
  id: number,
): Promise<Outcome<{ message: OutboxMessage }>> {
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome<{ message: OutboxMessage }>> => {
    const now = deps.clock();
    const row = await requeueDeadRow(tx, id, now);
    if (!row) {
      const existing = await outboxRowById(tx, id);
      if (!existing) return fail('not-found', `id: no outbox message ${id}`);
      return fail('conflict', `id: message ${id} is ${stateOf(existing)}, only a dead message can be resent`);
    }
    await recordAdminAction(tx, { adminId, action: 'outbox.resend', target: `outbox:${id} (${row.kind})` }, now);
    return ok({ message: toMessage(row) });
  });
  if (outcome.ok) deps.notifyOutbox();
  return outcome;
}
