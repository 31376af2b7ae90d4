/**
 * Test helper: a real SMTP server (`smtp-server`) on loopback that keeps every message it accepts,
 * raw and parsed with postal-mime (DESIGN.md §6: "A real SMTP server on loopback receives the
 * e-mails that tests send"). No TLS, no authentication required.
 */
import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import PostalMime, { type Email } from 'postal-mime';

export interface CapturedMail {
  raw: string;
  /** RCPT TO addresses, lower-cased. */
  recipients: string[];
  parsed: Email;
}

export interface SmtpCapture {
  port: number;
  /** `smtp://127.0.0.1:{port}` for `SMTP_URL`. */
  url: string;
  messages: CapturedMail[];
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1 (`port` 0: any free port). */
export async function startSmtpCapture(port = 0): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        PostalMime.parse(raw)
          .then((parsed) => {
            messages.push({ raw, recipients: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), parsed });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nothing listens on (taken from the OS, then released). */
export async function unusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The value of header `name` (case-insensitive) in a parsed message, or undefined. */
export function headerOf(mail: Email, name: string): string | undefined {
  return mail.headers.find((h) => h.key.toLowerCase() === name.toLowerCase())?.value;
}
