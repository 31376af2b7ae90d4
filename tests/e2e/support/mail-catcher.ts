/** A real SMTP server on loopback (smtp-server) that keeps every message, parsed with postal-mime. */
import { SMTPServer } from 'smtp-server';
import PostalMime, { type Email } from 'postal-mime';

export interface CaughtMail {
  raw: string;
  parsed: Email;
  header(name: string): string | undefined;
}

export interface MailCatcher {
  port: number;
  messages: CaughtMail[];
  /**
   * Addresses refused at RCPT TO with a permanent 550 while they are in this set (a bouncing mailbox:
   * the sender marks such a message dead at once). Add or delete addresses at any time.
   */
  refuse: Set<string>;
  /** Waits until a message matching `predicate` arrives (polls every 200 ms). */
  waitFor(predicate: (m: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const refuse = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refuse.has(address.address.toLowerCase())) return callback();
      const error = new Error('5.1.1 mailbox unavailable (refused by the test)') as Error & { responseCode: number };
      error.responseCode = 550;
      return callback(error);
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = await PostalMime.parse(raw);
        messages.push({ raw, parsed, header: (name) => parsed.headers.find((h) => h.key === name.toLowerCase())?.value });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    messages,
    refuse,
    async waitFor(predicate, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(predicate);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no matching e-mail within ${timeoutMs} ms; got: ${messages.map((m) => m.parsed.subject).join(' | ')}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
