/**
 * Where outgoing mail goes (DESIGN.md §2 "E-mail"): through `SMTP_URL` with nodemailer (any SMTP
 * server, SendGrid's relay included), or — without it — into `DATA_DIR/outbox/*.eml` files built by
 * nodemailer's stream transport, so they are real RFC 5322 MIME messages with the same headers.
 */
import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';

/** One message as the sender hands it over. */
export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post, …). */
  headers: Record<string, string>;
  /** The deterministic Message-ID, with angle brackets (RFC 5322 §3.6.4). */
  messageId: string;
  /** The outbox dedupe key; names the .eml file so writing it again replaces it. */
  dedupeKey: string;
}

export interface Delivery {
  messageId: string;
  /** 'smtp' (accepted by the server) or 'file' (written to disk). */
  kind: 'smtp' | 'file';
  /** The .eml file's path for 'file'; the server's reply for 'smtp'. */
  location: string;
}

export interface Transport {
  readonly kind: 'smtp' | 'file';
  /**
   * Delivers one message. Throws the transport's error (nodemailer's carries `code` such as
   * ECONNECTION/ETIMEDOUT/EENVELOPE and, for SMTP replies, `responseCode`).
   */
  send(message: MailMessage): Promise<Delivery>;
  /** Closes pooled connections. */
  close(): void;
}

/** Limits so a dead or black-holed server fails in seconds, not nodemailer's default two minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/** SMTP when `SMTP_URL` is set, else .eml files in `DATA_DIR/outbox`. */
export function createTransport(env: { SMTP_URL?: string; DATA_DIR: string }, opts: { pool?: boolean } = {}): Transport {
  return env.SMTP_URL ? createSmtpTransport(env.SMTP_URL, opts) : createFileTransport(outboxDir(env.DATA_DIR));
}

/** The folder of .eml files: `DATA_DIR/outbox`. */
export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/**
 * nodemailer over SMTP (`smtp://` or `smtps://`, credentials in the URL). With `pool`, connections
 * are reused across messages (the scheduler keeps one transport); close it when done.
 */
export function createSmtpTransport(url: string, opts: { pool?: boolean } = {}): Transport {
  const mailer = nodemailer.createTransport({ url, pool: opts.pool ?? false, maxConnections: 2, ...SMTP_TIMEOUTS });
  return {
    kind: 'smtp',
    async send(message) {
      const info = await mailer.sendMail(toMailOptions(message));
      return { kind: 'smtp', messageId: info.messageId || message.messageId, location: String(info.response ?? '') };
    },
    close: () => mailer.close(),
  };
}

/**
 * Writes each message as `{dir}/{name}.eml` (CRLF line ends, RFC 5322). The name comes from the
 * dedupe key, so delivering the same message twice (a crash between writing and marking it)
 * replaces the file instead of making a second one. Written to a temporary name, then renamed.
 */
export function createFileTransport(dir: string): Transport {
  const mailer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'file',
    async send(message) {
      const info = await mailer.sendMail(toMailOptions(message));
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${emlFileName(message.dedupeKey)}.eml`);
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, info.message as Buffer);
      await rename(temporary, file);
      return { kind: 'file', messageId: path.basename(file), location: file };
    },
    close: () => mailer.close(),
  };
}

/**
 * A safe, readable file name for a dedupe key: `price-drop-12-345-1a2b3c4d`. An e-mail address in
 * the key (`confirm:{email}:{time}`) reads `address`, since the file's path is logged (issue 25: no
 * address in logs); the hash of the whole key keeps names apart.
 */
export function emlFileName(dedupeKey: string): string {
  const readable = dedupeKey
    .replace(/[^\s:]+@[^\s:]+/g, 'address')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  const hash = createHash('sha256').update(dedupeKey).digest('hex').slice(0, 8);
  return `${readable || 'message'}-${hash}`;
}

function toMailOptions(message: MailMessage): SendMailOptions {
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    headers: message.headers,
    messageId: message.messageId,
  };
}
