// `npm test` after the build: the Vitest suite and the end-to-end specs side by side, each line of
// output prefixed with its lane's name, and a summary line per lane ("[e2e] exit 0 after 412 s").
// With TEST_DATABASE_URL set, the Vitest lane runs the suite on that PostgreSQL server and then the
// server tests once more on the embedded PGlite database (what users run by default), so one
// command covers both databases. Exits 1 when any lane failed, after every lane has ended.
//
// Why side by side: on a 2-CPU machine the specs mostly wait (pages, timers, e-mails), so running
// them beside Vitest uses the idle CPU (figures: docs/reports/2026-11-27-ci-time.md).
import { spawn } from 'node:child_process';

/** Runs `command args` with `env`, prefixing each output line with `[name]`; resolves with its exit code. */
function run(name, command, args, env = process.env) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = (stream, out) => {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`[${name}] ${line}\n`);
      });
      stream.on('end', () => rest && out.write(`[${name}] ${rest}\n`));
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

async function vitestLane() {
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
  const first = await run(onPostgres ? 'vitest-postgres' : 'vitest', npx, ['vitest', 'run']);
  if (!onPostgres) return first;
  // The server tests once more on the embedded database (only server/ tests touch a database).
  const second = await run('vitest-pglite', npx, ['vitest', 'run', 'server/'], { ...process.env, TEST_DATABASE_URL: '' });
  return first || second;
}

const [vitest, e2e] = await Promise.all([vitestLane(), run('e2e', npx, ['vitest', 'run', '--config', 'tests/e2e/vitest.e2e.config.ts'])]);
if (vitest || e2e) {
  console.error(`Tests failed:${vitest ? ' vitest' : ''}${e2e ? ' e2e' : ''}`);
  process.exit(1);
}
console.log('Tests passed: Vitest and end-to-end.');
