/**
 * The admin CSV upload at its limit (issue 11 "Bad input": "a 50 MB file must import with the
 * server under 300 MB RSS"; DESIGN.md §7 "an import of 100k rows ≤ 500 MB, ≥ 2,000 rows/s").
 *
 * Measured as an owner runs it: the built server (`node dist/server/main.js`, as `npm start`) on
 * on-disk PGlite in a fresh DATA_DIR; a ~50 MB CSV generated from the real rows of
 * `amazon-uk-2023/underpriced_and_overpriced_products.csv`, repeated with new ASINs; signed in as an
 * admin through `POST /api/admin/login`; the file streamed through HTTP to
 * `POST /api/admin/upload-csv` as multipart (the bench never holds it in memory either).
 *
 * Prints: file size and rows, the server's RSS before, its peak RSS while the upload runs (the
 * kernel's VmHWM of the server process, which covers the PGlite worker thread, reset through
 * /proc/<pid>/clear_refs just before the upload) against the 300 MB budget, the peak minus the RSS
 * before (what the upload added), the peak of the whole run (start-up and the argon2id sign-in
 * included, for reference), the RSS 12 s after the answer (one malloc_trim later, decision 0018),
 * wall time of the request and rows/s, and the machine's load average. Asserts nothing.
 */
import { createReadStream, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { freePort, startServer } from '../tests/e2e/support/server-process';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE = path.resolve(ROOT, '../shared/data/amazon-uk-2023/underpriced_and_overpriced_products.csv');
const TARGET_BYTES = 50_000_000; // 50 MB, under the default MAX_UPLOAD_MB=50 (MiB)
const BUDGET_RSS_MB = 300;
const BUDGET_ROWS_PER_S = 2_000;
const ADMIN_EMAIL = 'bench-owner@dealalerts.example';
const ADMIN_PASSWORD = 'bench admin password 1';
const MB = 1024 * 1024;

/** The real rows (without the header), each as its line text, and the header. */
function realRows(): { header: string; rows: string[] } {
  const [header, ...rows] = readFileSync(SOURCE, 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  return { header: header as string, rows };
}

/** A new ASIN for copy `n` (B + 9 base-36 digits, upper case): never one of the real ones. */
const asinOf = (n: number) => `B${n.toString(36).toUpperCase().padStart(9, '0')}`;

/** Writes the real rows again and again, each with a new ASIN, until the file reaches TARGET_BYTES. */
async function writeBigCsv(file: string): Promise<{ rows: number; bytes: number }> {
  const { header, rows } = realRows();
  const out = createWriteStream(file);
  out.write(`${header}\n`);
  let bytes = header.length + 1;
  let n = 0;
  while (bytes < TARGET_BYTES) {
    for (const row of rows) {
      // Every line starts with the quoted ASIN ("B0002AGH0K",…): swap in the new one.
      const line = `"${asinOf(n++)}"${row.slice(row.indexOf(','))}\n`;
      bytes += Buffer.byteLength(line);
      if (!out.write(line)) await once(out, 'drain');
      if (bytes >= TARGET_BYTES) break;
    }
  }
  out.end();
  await once(out, 'finish');
  return { rows: n, bytes: statSync(file).size };
}

/** A figure of /proc/<pid>/status in MB (VmRSS now, VmHWM the peak so far). */
function procMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
}

/**
 * Resets the process's VmHWM to its current RSS (proc(5), clear_refs "5"); answers the peak it had.
 * Throws when /proc/<pid>/clear_refs cannot be written (another user's process).
 */
function resetPeak(pid: number): number {
  const peak = procMb(pid, 'VmHWM');
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  return peak;
}

/** Streams `file` as the multipart field csvFile; resolves with the status and the JSON answer. */
function uploadFile(url: string, file: string, cookie: string, origin: string): Promise<{ status: number; body: unknown }> {
  const boundary = `----bench${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="csvFile"; filename="${path.basename(file)}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(file).size + tail.length;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length, cookie, origin },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : null }));
      },
    );
    req.on('error', reject);
    req.write(head);
    const stream = createReadStream(file);
    stream.on('error', reject);
    stream.on('end', () => req.end(tail));
    stream.pipe(req, { end: false });
  });
}

export async function run(): Promise<void> {
  if (!existsSync(SOURCE)) return void console.log(`  skipped: real data not found at ${SOURCE}`);
  if (!existsSync(path.join(ROOT, 'dist/server/main.js'))) return void console.log('  skipped: dist/server not built (npm run build)');
  const scratch = mkdtempSync(path.join(tmpdir(), 'bench-admin-upload-'));
  const file = path.join(scratch, 'catalogue-50mb.csv');
  const { rows, bytes } = await writeBigCsv(file);
  console.log(
    `  machine: ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} (1 / 5 / 15 min)`,
  );
  console.log(
    `  file: ${(bytes / 1_000_000).toFixed(1)} MB, ${rows.toLocaleString('en-GB')} rows (the real 3,870 repeated with new ASINs)`,
  );

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer({
    PORT: String(port),
    DATA_DIR: path.join(scratch, 'data'),
    PUBLIC_URL: origin,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
  });
  try {
    const login = await fetch(`${origin}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    if (login.status !== 204 || !cookie) throw new Error(`sign-in failed: ${login.status}`);
    const startPeak = resetPeak(server.pid);
    const rssBefore = procMb(server.pid, 'VmRSS');
    const started = performance.now();
    const answer = await uploadFile(`${origin}/api/admin/upload-csv`, file, cookie, origin);
    const seconds = (performance.now() - started) / 1000;
    const peak = procMb(server.pid, 'VmHWM');
    if (answer.status !== 200) throw new Error(`upload answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    const rssAfter = procMb(server.pid, 'VmRSS');
    const report = (answer.body as { report: { totalRows: number; imported: number; rejected: unknown[] } }).report;
    console.log(`  server: node dist/server/main.js, on-disk PGlite (worker thread), fresh DATA_DIR`);
    console.log(
      `  answer: ${report.imported.toLocaleString('en-GB')} imported, ${report.rejected.length} rejected of ${report.totalRows.toLocaleString('en-GB')} rows`,
    );
    console.log(`  server RSS before the upload: ${rssBefore.toFixed(0)} MB`);
    console.log(
      `  server peak RSS during the upload (VmHWM reset as it began): ${peak.toFixed(0)} MB (budget ≤ ${BUDGET_RSS_MB} MB) ${peak <= BUDGET_RSS_MB ? 'PASS' : 'MISS'}`,
    );
    console.log(`  peak minus the RSS before the upload: ${(peak - rssBefore).toFixed(0)} MB (what streaming the file added)`);
    console.log(
      `  server peak RSS of the whole run (start-up and the argon2id sign-in included): ${Math.max(startPeak, peak).toFixed(0)} MB (before the upload: ${startPeak.toFixed(0)} MB)`,
    );
    console.log(`  server RSS 12 s after the answer: ${rssAfter.toFixed(0)} MB`);
    const rate = report.totalRows / seconds;
    console.log(
      `  upload + import: ${seconds.toFixed(1)} s, ${Math.round(rate).toLocaleString('en-GB')} rows/s, ${(bytes / MB / seconds).toFixed(2)} MiB/s (budget ≥ ${BUDGET_ROWS_PER_S.toLocaleString('en-GB')} rows/s) ${rate >= BUDGET_ROWS_PER_S ? 'PASS' : 'MISS'}`,
    );
  } finally {
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}
