/**
 * A multipart/form-data request body for `app.inject()` (RFC 7578), as a browser's FormData sends
 * it: one part per entry, file parts with a file name and media type.
 */
import { randomBytes } from 'node:crypto';

export interface FormPart {
  name: string;
  /** Present for a file part. */
  filename?: string;
  /** Media type of a file part; default text/csv. */
  type?: string;
  content: string | Buffer;
}

/** The payload and the content-type header (with its boundary) of a form with these parts. */
export function multipartBody(parts: FormPart[]): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----deal-alerts-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `Content-Disposition: form-data; name="${part.name}"`
        : `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'text/csv'}`;
    chunks.push(Buffer.from(`--${boundary}\r\n${disposition}\r\n\r\n`), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A form with one CSV file in the part `csvFile` (the spec's field name). */
export const csvForm = (content: string | Buffer, filename = 'products.csv', type = 'text/csv') =>
  multipartBody([{ name: 'csvFile', filename, type, content }]);
