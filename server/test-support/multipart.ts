/**
 * multipart/form-data bodies for integration tests of the upload routes (RFC 7578), built by hand
 * so a test controls every byte: the field name, the file name, the declared type and the content.
 */
import { randomBytes } from 'node:crypto';

/** One part: a file when `fileName` is given, else a plain field. */
export interface MultipartPart {
  name: string;
  fileName?: string;
  /** Content-Type of a file part; default text/csv. */
  type?: string;
  content: string | Buffer;
}

/** The body and its Content-Type header (with the boundary). */
export function multipartBody(parts: readonly MultipartPart[]): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.fileName === undefined ? `form-data; name="${part.name}"` : `form-data; name="${part.name}"; filename="${part.fileName}"`;
    const type = part.fileName === undefined ? '' : `Content-Type: ${part.type ?? 'text/csv'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof part.content === 'string' ? Buffer.from(part.content) : part.content);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A body with one CSV file in the field `csvFile` (the admin uploads' field). */
export function csvUpload(content: string | Buffer, fileName = 'products.csv', type = 'text/csv') {
  return multipartBody([{ name: 'csvFile', fileName, type, content }]);
}
