/**
 * Streams a CSV file into records, each with the physical line where it starts (issue part 3:
 * rejections name that line). Built on csv-parse; the file is never read into memory whole.
 *
 * Line numbers: csv-parse's `info.lines` is the line where a record *ends*; a record spans one line
 * plus one per line break inside its quoted fields, so the start line is `info.lines` minus those.
 * csv-parse counts a CRLF inside quotes as two lines, so line endings are first normalised to LF.
 */
import { pipeline, Transform, type Readable } from 'node:stream';
import { parse, type Info } from 'csv-parse';

/** One CSV record: its fields as text and the 1-based physical line where it starts. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** The file is not valid CSV at `line` (e.g. a quote that never closes); nothing after it can be trusted. */
export class CsvSyntaxError extends Error {
  constructor(
    public readonly line: number,
    detail: string,
  ) {
    super(`malformed CSV: ${detail}`);
    this.name = 'CsvSyntaxError';
  }
}

const CR = 0x0d;
const LF = 0x0a;

/**
 * A byte-level transform turning CRLF and lone CR into LF. Safe on UTF-8: the bytes 0x0D and 0x0A
 * never occur inside a multi-byte character. A CR at the end of a chunk waits for the next chunk.
 */
export function lineEndingNormaliser(): Transform {
  let pendingCr = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let start = 0;
      if (pendingCr && chunk.length > 0 && chunk[0] === LF) start = 1;
      pendingCr = false;
      if (chunk.indexOf(CR, start) < 0) {
        callback(null, start === 0 ? chunk : chunk.subarray(start));
        return;
      }
      const out = Buffer.allocUnsafe(chunk.length - start);
      let n = 0;
      for (let i = start; i < chunk.length; i++) {
        const byte = chunk[i] as number;
        if (byte !== CR) {
          out[n++] = byte;
          continue;
        }
        out[n++] = LF;
        if (i + 1 < chunk.length) {
          if (chunk[i + 1] === LF) i++;
        } else {
          pendingCr = true;
        }
      }
      callback(null, out.subarray(0, n));
    },
  });
}

/** Counts bytes passing through and reports them (progress by bytes read). */
function byteCounter(onBytes: (bytesRead: number) => void): Transform {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      onBytes(bytes);
      callback(null, chunk);
    },
  });
}

function countLineBreaks(fields: readonly string[]): number {
  let n = 0;
  for (const field of fields) {
    for (let i = field.indexOf('\n'); i >= 0; i = field.indexOf('\n', i + 1)) n++;
  }
  return n;
}

/**
 * Longest record csv-parse buffers, in characters (issue 11 "Bad input": a 1 MB cell is rejected
 * row by row by the row rules; a record beyond this, e.g. a quote that never closes in a 50 MB
 * upload, stops the file as malformed instead of filling the memory).
 */
export const MAX_RECORD_CHARS = 4 * 1024 * 1024;

/**
 * Yields every record of `source` (the header included, as the first record), in file order.
 * Records whose fields are all blank (",,,," lines from spreadsheets) are skipped. Quotes inside
 * unquoted fields are kept as text (`relax_quotes`), and rows may have more or fewer fields than the
 * header (`relax_column_count`): the row rules judge them. A byte-order mark is dropped.
 *
 * Throws CsvSyntaxError when the CSV cannot be parsed further (the error names the line where the
 * broken record starts), and any read error of `source`.
 */
export async function* readCsvRecords(source: Readable, onBytes?: (bytesRead: number) => void): AsyncGenerator<CsvRecord> {
  // Where the last complete record ended, noted while parsing: on an error the stream drops the
  // records it still buffers, so the loop below cannot know how far parsing got.
  let last = { lines: 0, emptyLines: 0 };
  const parser = parse({
    info: true,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_CHARS,
    on_record: (record: string[], context: Info) => {
      last = { lines: context.lines, emptyLines: context.empty_lines };
      return record;
    },
  });
  const stages: NodeJS.ReadWriteStream[] = [];
  if (onBytes) stages.push(byteCounter(onBytes));
  stages.push(lineEndingNormaliser());
  // pipeline forwards a read error of the source to the parser, so the loop below throws it.
  pipeline([source, ...stages, parser], () => undefined);
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: Info }>) {
      const { record, info } = item;
      if (record.every((f) => f.trim() === '')) continue;
      yield { line: info.lines - countLineBreaks(record), fields: record };
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('CSV_')) {
      // The broken record starts after the last good one and any blank lines that followed it.
      const emptyLines = Number((error as { empty_lines?: unknown }).empty_lines ?? last.emptyLines);
      const line = last.lines + 1 + Math.max(0, emptyLines - last.emptyLines);
      const detail = (error as Error).message
        .replace(/ at line \d+/, '')
        .replace(/^Quote Not Closed: the parsing is finished with an opening quote$/, 'a quote opens but never closes');
      throw new CsvSyntaxError(line, `${detail} (the record starting on line ${line})`);
    }
    throw error;
  }
}
