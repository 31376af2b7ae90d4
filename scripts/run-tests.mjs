// `npm test` after the build: the end-to-end specs, then the Vitest suite, one after the other,
// each line of output prefixed with its step's name, and a summary line per step ("[e2e] exit 0
// after 262 s"). With TEST_DATABASE_URL set, the Vitest suite runs on that PostgreSQL server, then
// the server tests run once more on the embedded PGlite database (what users run by default), so one
// command covers both databases. Every step runs; exits 1 when any failed, naming what failed.
//
// Why one after the other (2026-11-28, 2-CPU machine): side by side, with lint and typecheck beside
// them in CI, the machine ran at a load of 12–27 and every step's CPU nearly doubled (a clean CI run
// used 1,806 s of CPU; its parts, each alone, add up to about 875 s). Alone, nothing else running: the specs
// 262 s (319 s of CPU: mostly waiting on pages, timers and e-mails), Vitest's server tests on
// PostgreSQL 68 s and its web tests 72 s, the PGlite pass 143 s; and in CI a browser spec ran out
// of its 300 s. The specs go first: they leave most of a CPU idle, which CI's lint and typecheck
// fill (.ci/run). Figures: docs/reports/2026-11-27-ci-time.md.
import { spawn } from 'node:child_process';
import { failureLines } from './failure-summary.mjs';

/** Each step's output lines, kept for the summary of what failed (failure-summary.mjs). */
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

// Without TEST_DATABASE_URL: the specs, then Vitest (on PGlite). With it: the specs, Vitest on
// PostgreSQL, then the server tests once more on the embedded database (only server/ tests touch a
// database).
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const failed = [];
const step = async (name, args, env) => {
  if ((await run(name, npx, args, env)) !== 0) failed.push(name);
};
await step('e2e', ['vitest', 'run', '--config', 'tests/e2e/vitest.e2e.config.ts']);
await step(onPostgres ? 'vitest-postgres' : 'vitest', ['vitest', 'run']);
if (onPostgres) await step('vitest-pglite', ['vitest', 'run', 'server/'], { ...process.env, TEST_DATABASE_URL: '' });
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
