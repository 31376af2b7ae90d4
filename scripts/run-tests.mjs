// `npm test` after the build: the Vitest suite and the end-to-end specs side by side, each line of
// output prefixed with its lane's name, and a summary line per lane ("[e2e] exit 0 after 412 s").
// With TEST_DATABASE_URL set, the Vitest suite runs on that PostgreSQL server, and the server tests
// run once more on the embedded PGlite database (what users run by default) once the end-to-end
// specs have ended, so one command covers both databases. Exits 1 when any lane failed, after every
// lane has ended.
//
// Why side by side: on a 2-CPU machine the specs mostly wait (pages, timers, e-mails), so running
// them beside Vitest uses the idle CPU (figures: docs/reports/2026-11-27-ci-time.md).
import { spawn } from 'node:child_process';
import { failureLines } from './failure-summary.mjs';

/** Each lane's output lines, kept for the summary of what failed (failure-summary.mjs). */
const outputs = new Map();

/** Runs `command args` with `env`, prefixing each output line with `[name]`; resolves with its exit code. */
function run(name, command, args, env = process.env) {
  const kept = [];
  outputs.set(name, kept);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = (stream, out) => {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          out.write(`[${name}] ${line}\n`);
          kept.push(line);
        }
      });
      stream.on('end', () => {
        if (!rest) return;
        out.write(`[${name}] ${rest}\n`);
        kept.push(rest);
      });
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    child.on('close', (code) => {
      process.stdout.write(`[${name}] exit ${code} after ${Math.round((Date.now() - started) / 1000)} s\n`);
      resolve(code ?? 1);
    });
  });
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

// Without TEST_DATABASE_URL: Vitest (on PGlite) beside the end-to-end specs. With it: Vitest on
// PostgreSQL beside the end-to-end specs, and the server tests once more on the embedded database
// (only server/ tests touch a database) in the specs' lane once they have ended. In a clean CI run of
// 2026-11-28 the specs took 487 s and Vitest on PostgreSQL 543 s, then the PGlite pass 171 s after
// it: the specs' lane stood idle for the PGlite pass's whole length.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const failed = [];
const lane = async (name, args, env) => {
  if ((await run(name, npx, args, env)) !== 0) failed.push(name);
};
await Promise.all([
  lane(onPostgres ? 'vitest-postgres' : 'vitest', ['vitest', 'run']),
  (async () => {
    await lane('e2e', ['vitest', 'run', '--config', 'tests/e2e/vitest.e2e.config.ts']);
    if (onPostgres) await lane('vitest-pglite', ['vitest', 'run', 'server/'], { ...process.env, TEST_DATABASE_URL: '' });
  })(),
]);
if (failed.length > 0) {
  // What failed, again at the very end: CI shows the end of a long log (failure-summary.mjs).
  for (const name of failed) {
    const lines = failureLines(outputs.get(name) ?? []);
    console.error(`[summary] ${name} failed${lines.length > 0 ? ':' : ' (no failing test named in its output; see its lines above)'}`);
    for (const line of lines) console.error(`[summary]   ${line}`);
  }
  console.error(`Tests failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('Tests passed: Vitest and end-to-end.');
