/**
 * CSV streaming with physical start lines (issue part 3: rejections name the line where the record
 * starts), whatever the line endings and however the bytes arrive.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CsvSyntaxError, readCsvRecords, type CsvRecord } from './catalogue-csv';

async function read(chunks: Array<string | Buffer>): Promise<CsvRecord[]> {
  const out: CsvRecord[] = [];
  for await (const r of readCsvRecords(Readable.from(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))))) out.push(r);
  return out;
}

const TEXT = 'a,b\n1,"multi\nline"\n\n2,x\n,,\n3,"quote ""inside"""\n4,"last"';

describe('readCsvRecords', () => {
  it('gives each record the line where it starts, skipping blank lines and blank rows', async () => {
    expect(await read([TEXT])).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', 'multi\nline'] },
      { line: 5, fields: ['2', 'x'] },
      { line: 7, fields: ['3', 'quote "inside"'] },
      { line: 8, fields: ['4', 'last'] },
    ]);
  });

  it('counts lines the same with CRLF and CR line endings', async () => {
    const lf = await read([TEXT]);
    expect(await read([TEXT.replace(/\n/g, '\r\n')])).toEqual(lf);
    expect(await read([TEXT.replace(/\n/g, '\r')])).toEqual(lf);
  });

  it('is unaffected by where the chunks split (CRLF and UTF-8 characters across chunks)', async () => {
    const bytes = Buffer.from(`\uFEFFtitle,price\r\n"Crème brûlée set, 4 × ramekins",£12.99\r\n"two\r\nlines",3\r\n`);
    const whole = await read([bytes]);
    expect(whole).toEqual([
      { line: 1, fields: ['title', 'price'] },
      { line: 2, fields: ['Crème brûlée set, 4 × ramekins', '£12.99'] },
      { line: 3, fields: ['two\nlines', '3'] },
    ]);
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 8 }), async (cuts) => {
        const sorted = [0, ...cuts.sort((x, y) => x - y), bytes.length];
        const chunks = sorted.slice(1).map((end, i) => bytes.subarray(sorted[i], end));
        expect(await read(chunks)).toEqual(whole);
      }),
      { numRuns: 50 },
    );
  });

  it('keeps stray quotes inside unquoted fields as text', async () => {
    expect(await read(['t,p\n12" screen,5\n'])).toEqual([
      { line: 1, fields: ['t', 'p'] },
      { line: 2, fields: ['12" screen', '5'] },
    ]);
  });

  it('throws CsvSyntaxError naming the line after the last good record for a quote that never closes', async () => {
    const error = await read(['a,b\n1,2\n3,"never closed\n4,5\n']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CsvSyntaxError);
    expect((error as CsvSyntaxError).line).toBe(3);
    expect((error as Error).message).toBe('malformed CSV: a quote opens but never closes (the record starting on line 3)');
  });

  it('counts blank lines before a broken record', async () => {
    const error = await read(['a,b\n1,2\n\n\n3,"never closed\n']).catch((e: unknown) => e);
    expect((error as CsvSyntaxError).line).toBe(5);
  });

  it('reports bytes read as they pass', async () => {
    const seen: number[] = [];
    for await (const _ of readCsvRecords(Readable.from([Buffer.from('a,b\n'), Buffer.from('1,2\n')]), (n) => seen.push(n))) void _;
    expect(seen).toEqual([4, 8]);
  });
});
