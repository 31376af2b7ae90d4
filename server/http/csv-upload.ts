/**
 * Receiving a CSV upload (issue 11 part 3; admin-area §5, §7 "multipart field csvFile"): the HTTP
 * half of every CSV upload route. The file is handed on as the stream @fastify/multipart gives,
 * never buffered: the importer reads it as it arrives, so memory does not grow with the file.
 *
 * - Over `MAX_UPLOAD_MB`: 413, at once when `Content-Length` already says so, else when the
 *   stream passes the limit (the stream then fails with {@link UploadTooLargeError}, the import's
 *   transaction rolls back, and {@link withUploadLimit} turns it into the 413 outcome).
 * - Not multipart, no file, another field name, or not a CSV file (common/csv-upload.ts): 400
 *   naming `csvFile` with the spec's 'Please select a CSV file'.
 * - The client closing the connection mid-file (Cancel): the import rolls back and the request is
 *   logged as cancelled (info), not as an unexpected error.
 *
 * Usage: `await registerCsvUploads(scope)` once in the module's own scope, then in a handler
 * `const upload = await receiveCsvUpload(request, env.MAX_UPLOAD_MB)`.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import {
  catalogueUploadResponseSchema,
  csvFilePartSchema,
  csvUploadQuerySchema,
  type CsvUploadQuery,
} from '../../common/api/catalogue-import.admin.schema';
import { CSV_FILE_FIELD, INVALID_FILE_MESSAGE } from '../../common/csv-upload';
import { apiErrorSchema } from './errors';
import { fail, ok, sendOutcome, type Outcome } from './outcome';
import { answerWithProgress, type ProgressUpdate } from './progress-stream';

const MIB = 1024 * 1024;
/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The upload passed MAX_UPLOAD_MB while it was being read. */
export class UploadTooLargeError extends Error {
  constructor(readonly maxMb: number) {
    super(`csvFile: the file is larger than ${maxMb} MB`);
    this.name = 'UploadTooLargeError';
  }
}

/**
 * A received upload: the file's bytes as they arrive, its name as the browser gave it, and the text
 * fields sent **before** the file (name → every value given; a route checks those it reads, e.g.
 * the catalogue upload's `observedAt`). Fields after the file arrive too late and are not seen.
 */
export interface CsvUpload {
  stream: Readable;
  fileName: string;
  fields: Readonly<Record<string, readonly string[]>>;
}

/**
 * Registers @fastify/multipart in `scope` (call it in the route module's own encapsulated scope, so
 * other modules can register it in theirs). No field is buffered: one file part, tiny text parts.
 */
export async function registerCsvUploads(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, { throwFileSizeLimit: false, limits: { files: 1, fields: 4, fieldSize: 1024, parts: 5 } });
}

const tooLarge = (maxMb: number) =>
  fail(
    'too-large',
    `${CSV_FILE_FIELD}: the file must be at most ${maxMb} MB (MAX_UPLOAD_MB); split it or ask the operator to raise the limit`,
  );

/**
 * Checks the request and its file part, before a byte of the file is read. On success the caller
 * must read `stream` to its end or destroy it. Text fields sent before the file come back in
 * `fields`, unchecked.
 */
export async function receiveCsvUpload(request: FastifyRequest, maxMb: number): Promise<Outcome<CsvUpload>> {
  const maxBytes = maxMb * MIB;
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length > maxBytes + MULTIPART_OVERHEAD_BYTES) return tooLarge(maxMb);
  const choose = fail(
    'invalid',
    `${CSV_FILE_FIELD}: ${INVALID_FILE_MESSAGE} (send multipart/form-data with the file in the field ${CSV_FILE_FIELD})`,
  );
  if (!request.isMultipart()) return choose;
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: maxBytes } });
  } catch {
    return fail('invalid', `${CSV_FILE_FIELD}: the upload is not valid multipart/form-data`);
  }
  if (!part) return choose;
  const checked = csvFilePartSchema.safeParse({ fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype });
  if (!checked.success) {
    part.file.resume(); // let the rest of the body drain: the answer is already decided
    const issue = checked.error.issues[0];
    const field = issue?.path[0] === 'fieldname' ? `the file must be sent in the field ${CSV_FILE_FIELD}` : INVALID_FILE_MESSAGE;
    return fail('invalid', `${CSV_FILE_FIELD}: ${field}`);
  }
  const file = part.file;
  file.on('limit', () => file.destroy(new UploadTooLargeError(maxMb)));
  return ok({ stream: file, fileName: checked.data.filename, fields: textFieldsOf(part.fields) });
}

/** The text fields among `fields` (the parts received so far), name → values. */
function textFieldsOf(fields: Record<string, unknown>): Record<string, string[]> {
  const out = Object.create(null) as Record<string, string[]>; // no prototype: a field named __proto__ stays a field
  for (const [name, entry] of Object.entries(fields)) {
    for (const part of Array.isArray(entry) ? entry : [entry]) {
      const p = part as { type?: unknown; value?: unknown } | undefined;
      if (p?.type === 'field' && typeof p.value === 'string') (out[name] ??= []).push(p.value);
    }
  }
  return out;
}

/**
 * Whether the client stopped sending the request before its body was complete (the connection
 * closed mid-upload), as opposed to a failure of our own.
 */
export function uploadCancelled(request: FastifyRequest): boolean {
  return !request.raw.complete && (request.raw.destroyed || request.socket.destroyed);
}

/** Runs `work` (which reads an upload); an {@link UploadTooLargeError} on the way becomes the 413 outcome. */
export async function withUploadLimit<T>(work: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UploadTooLargeError) return tooLarge(error.maxMb);
    throw error;
  }
}

/** Route options of an admin CSV upload: `?strict=`, the answers, and no compression (progress lines must flow). */
export const CSV_UPLOAD_ROUTE_OPTIONS = {
  compress: false as const,
  schema: {
    consumes: ['multipart/form-data'],
    querystring: csvUploadQuerySchema,
    response: {
      200: catalogueUploadResponseSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      403: apiErrorSchema,
      409: apiErrorSchema,
      413: apiErrorSchema,
    },
  },
};

/** What an upload handler's work receives: the file, `?strict`, the signed-in admin and a progress callback. */
export interface ReceivedCsvUpload extends CsvUpload {
  strict: boolean;
  adminId: number;
  onProgress: (update: ProgressUpdate) => void;
}

/**
 * The handler of an admin CSV upload route (behind the admin guard, which set `request.admin`):
 * receives the file, then answers `work`'s outcome as JSON or as the progress stream, with the
 * upload limit turned into 413.
 */
export function csvUploadHandler<T>(maxMb: number, work: (upload: ReceivedCsvUpload) => Promise<Outcome<T>>) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const upload = await receiveCsvUpload(request, maxMb);
    if (!upload.ok) return sendOutcome(reply, upload);
    const { strict } = request.query as CsvUploadQuery;
    const adminId = request.admin?.id as number;
    return answerWithProgress(request, reply, (onProgress) =>
      withUploadLimit(() => work({ ...upload.value, strict, adminId, onProgress })).catch((error: unknown) => {
        if (!uploadCancelled(request)) throw error;
        // The browser went away mid-file (Cancel, a closed tab): the import rolled back. Nobody
        // reads this answer; it is an outcome, not an unexpected error.
        request.log.info('upload cancelled by the client before the file arrived whole; nothing was imported');
        return fail('invalid', `${CSV_FILE_FIELD}: the upload stopped before the whole file arrived; nothing was imported`);
      }),
    );
  };
}
