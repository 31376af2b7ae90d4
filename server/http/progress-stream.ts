/**
 * Progress of a long request as NDJSON (issue 11 part 3: "a progress bar while the file uploads
 * and while it imports"; docs/decisions/0012-under-15.md § Progress). A client that sends
 * `Accept: application/x-ndjson` gets the answer as lines: `{"type":"progress",…}` at most every
 * {@link PROGRESS_INTERVAL_MS} while the work runs, then one `{"type":"result","status":…,"body":…}`
 * with what the plain answer would have been. Any other client gets the plain JSON answer when
 * the work is done. The HTTP status of a streamed answer is 200; the result line carries the real one.
 *
 * The route must set `compress: false` (a compressor would hold the lines back).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import type { ImportProgressLine } from '../../common/api/catalogue-import.admin.schema';
import { errorBody } from './errors';
import { errorSummary } from './log-redaction';
import { FAILURE_STATUS, sendOutcome, type Outcome } from './outcome';

export const NDJSON_TYPE = 'application/x-ndjson';
/** Shortest gap between two 'reading' lines (phase changes are sent at once). */
export const PROGRESS_INTERVAL_MS = 250;

export type ProgressUpdate = Omit<Extract<ImportProgressLine, { type: 'progress' }>, 'type'>;

/** True when the client asked for the progress stream. */
export function wantsProgressStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes(NDJSON_TYPE);
}

/**
 * Runs `work` and answers its outcome, as plain JSON or as the progress stream (see above).
 * Throws what `work` throws in plain mode (the app's error handler answers 500); in stream mode an
 * unexpected error is logged by type only and sent as a 500 result line.
 */
export async function answerWithProgress<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (progress: (update: ProgressUpdate) => void) => Promise<Outcome<T>>,
): Promise<FastifyReply> {
  if (!wantsProgressStream(request)) return sendOutcome(reply, await work(() => undefined));
  const out = new PassThrough();
  void reply.header('content-type', `${NDJSON_TYPE}; charset=utf-8`).header('x-accel-buffering', 'no').send(out);
  let lastAt = 0;
  let lastPhase = '';
  const progress = (update: ProgressUpdate) => {
    const now = Date.now();
    if (update.phase === lastPhase && now - lastAt < PROGRESS_INTERVAL_MS) return;
    lastAt = now;
    lastPhase = update.phase;
    out.write(`${JSON.stringify({ type: 'progress', ...update } satisfies ImportProgressLine)}\n`);
  };
  let line: ImportProgressLine;
  try {
    const outcome = await work(progress);
    line = outcome.ok
      ? { type: 'result', status: 200, body: outcome.value as Extract<ImportProgressLine, { type: 'result' }>['body'] }
      : {
          type: 'result',
          status: FAILURE_STATUS[outcome.reason],
          body: { ...errorBody(FAILURE_STATUS[outcome.reason], outcome.message), ...outcome.details },
        };
  } catch (error) {
    request.log.error({ err: errorSummary(error) }, 'unexpected error');
    line = { type: 'result', status: 500, body: errorBody(500, 'Something went wrong on our side. Please try again.') };
  }
  out.end(`${JSON.stringify(line)}\n`);
  return reply;
}
