/**
 * An admin upload the browser cancels mid-file (issue 11 part 3, "Bad input: nothing is lost"):
 * the import rolls back, and the server logs a cancelled upload, not an unexpected error. Real
 * HTTP on loopback, since only a real socket can be closed halfway through a body.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { products } from '../db/schema/catalogue.schema';
import { testEnv } from '../env';
import { signInAsAdmin } from '../test-support/admin-session';
import { createTestApp, type TestApp } from '../test-support/test-app';

const PUBLIC_URL = 'http://localhost:3000';
const HEADER = 'asin,title,price,original_price,category\r\n';
const row = (n: number) => `B0${String(n).padStart(8, '0')},Cancelled upload test product ${n},9.99,19.99,Electronics\r\n`;

describe('a cancelled admin upload', () => {
  let test: TestApp;
  const lines: string[] = [];
  let port: number;

  beforeAll(async () => {
    test = await createTestApp({
      env: testEnv({ LOG_LEVEL: 'info', PUBLIC_URL }),
      logStream: { write: (line: string) => void lines.push(line) },
    });
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    port = (test.app.server.address() as { port: number }).port;
  });
  afterAll(() => test.close());

  it('imports nothing and is logged as cancelled, not as an unexpected error', async () => {
    const admin = await signInAsAdmin(test.app, test.database, PUBLIC_URL);
    const boundary = '----cancelled-upload-test';
    const opening = `--${boundary}\r\nContent-Disposition: form-data; name="csvFile"; filename="products.csv"\r\nContent-Type: text/csv\r\n\r\n${HEADER}`;
    const firstRows = Array.from({ length: 200 }, (_, i) => row(i + 1)).join('');
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      [
        `POST /api/admin/upload-csv HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        `Cookie: ${admin.cookie}`,
        `Origin: ${admin.origin}`,
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        // Promises a much longer body than is ever sent.
        `Content-Length: ${1024 * 1024}`,
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(opening + firstRows);
    // Let the server start reading the rows, then go away, as a browser does on Cancel.
    await new Promise((resolve) => setTimeout(resolve, 500));
    socket.destroy();

    const deadline = Date.now() + 30_000;
    while (!lines.some((l) => l.includes('upload cancelled')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const log = lines.join('');
    expect(log).toContain('upload cancelled by the client');
    expect(log).not.toContain('unexpected error');
    const [stored] = await test.database.db.select({ n: count() }).from(products);
    expect(stored?.n).toBe(0);

    // The import lock is free again: a whole upload afterwards is accepted.
    const again = await test.app.inject({
      method: 'POST',
      url: '/api/admin/upload-csv',
      headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${opening}${row(1)}\r\n--${boundary}--\r\n`,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ importedCount: 1 });
  });
});
