/**
 * Runs the real server and the import CLI as child processes for the end-to-end specs, on a
 * temporary DATA_DIR (or DATABASE_URL) and a free port. By default they run the built JavaScript
 * in dist/server, as `npm start` and `npm run import` do (the e2e global set-up builds it when
 * stale); the cold-start bench also runs them from source with tsx and through `npm start`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } from '../../../server/db/embedded/server-node-flags.mjs';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

/**
 * How the server is run: `built` = `node <SERVER_NODE_FLAGS> --enable-source-maps dist/server/main.js`
 * (what `npm start` runs, with the same Node options: server/db/embedded/server-node-flags.mjs); `npm-start` = the whole `npm start` (build checks included); `tsx` = `tsx server/main.ts`.
 */
export type ServerRunner = 'built' | 'npm-start' | 'tsx';

function serverCommand(runner: ServerRunner, args: string[]): [string, string[]] {
  if (runner === 'tsx') return [TSX, ['server/main.ts', ...args]];
  if (runner === 'npm-start') return ['npm', ['start', '--silent', ...(args.length ? ['--', ...args] : [])]];
  return [process.execPath, [...SERVER_NODE_FLAGS, '--enable-source-maps', 'dist/server/main.js', ...args]];
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Ports tried by {@link freePort}: below Linux's ephemeral range (ip_local_port_range, 32768–60999). */
const PORT_RANGE = { from: 20_000, to: 32_000 } as const;

/** Whether a server can listen on 127.0.0.1:`port` now (it is closed again before answering). */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * A free TCP port on 127.0.0.1, drawn at random below the ephemeral range. A port the kernel hands
 * out (`listen(0)`) lies in that range, where any outgoing connection may take it as its local port
 * before the server binds it: the a11y spec's server once exited with EADDRINUSE seconds after its
 * port was chosen (CI, 27 November 2026). Throws after 50 ports that are all in use.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.to - PORT_RANGE.from));
    if (await canListen(port)) return port;
  }
  throw new Error(`freePort: 50 ports between ${PORT_RANGE.from} and ${PORT_RANGE.to} were all in use`);
}

export interface RunningServer {
  url: string;
  /** The spawned process, leader of its own process group (node, tsx or npm). */
  pid: number;
  output: () => string;
  /** SIGTERM, then waits for a clean exit (graceful shutdown). Resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL to the whole process group (tsx and the node process it runs): a crash, no shutdown. */
  kill(): Promise<void>;
}

/**
 * MALLOC_TRIM_INTERVAL_SECONDS of this process, when set, for the server (benches compare the server
 * with and without malloc_trim, decision 0018); `env` still wins.
 */
const MALLOC_TRIM_ENV = process.env.MALLOC_TRIM_INTERVAL_SECONDS
  ? { MALLOC_TRIM_INTERVAL_SECONDS: process.env.MALLOC_TRIM_INTERVAL_SECONDS }
  : {};

/**
 * Starts the server with `env` added to a minimal environment (and MALLOC_TRIM_INTERVAL_SECONDS
 * when this process has it) and waits until /api/health answers 200.
 * `opts.logFile`: the server's stdout and stderr are appended to that file (as `npm start > file`
 * would) instead of being collected in this process, for long runs at LOG_LEVEL info (the load
 * bench); `output()` then answers the file's last 20,000 characters.
 */
export async function startServer(
  env: Record<string, string>,
  args: string[] = [],
  opts: { runner?: ServerRunner; pollMs?: number; logFile?: string } = {},
): Promise<RunningServer> {
  const port = Number(env.PORT);
  const [command, commandArgs] = serverCommand(opts.runner ?? 'built', args);
  const logFd = opts.logFile === undefined ? undefined : openSync(opts.logFile, 'a');
  const child: ChildProcess = spawn(command, commandArgs, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      ...SERVER_MALLOC_ENV,
      ...MALLOC_TRIM_ENV,
      ...env,
    },
    stdio: logFd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
    // Its own process group, so kill() reaches the node process tsx or npm starts, as a crash would.
    detached: true,
  });
  if (logFd !== undefined) closeSync(logFd); // the child has its own copy
  let collected = '';
  child.stdout?.on('data', (d) => (collected += String(d)));
  child.stderr?.on('data', (d) => (collected += String(d)));
  const logFile = opts.logFile;
  const output = () => (logFile === undefined ? collected : readFileSync(logFile, 'utf8').slice(-20_000));
  const url = `http://127.0.0.1:${port}`;
  // 240 s: a start takes 1.7 s on a migrated DATA_DIR on an idle machine, but the official CI of
  // 28 November 2026 (load about 12 on 2 CPUs, every spec on a new, unmigrated folder) saw seven
  // servers miss 60 s, and on 29 November (a machine about 3× slower than the day before: the same
  // typecheck took 274–470 s against 80 s, load about 15) email-after-crash's restart of a killed
  // server missed 120 s. How fast the server starts is the cold-start bench's business.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy in 240 s:\n${output()}`);
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 200));
  }
  return {
    url,
    pid: child.pid as number,
    output,
    stop: async () => {
      const exited = new Promise<number | null>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
      });
      // `npm start` is npm → sh → node: signal the whole group, then wait until every one has gone
      // (the server holds the data-directory lock until it has closed the database).
      if (opts.runner === 'npm-start') process.kill(-(child.pid as number), 'SIGTERM');
      else child.kill('SIGTERM');
      const code = await exited;
      while (groupAlive(child.pid as number)) await new Promise((r) => setTimeout(r, 20));
      return code;
    },
    kill: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        process.kill(-(child.pid as number), 'SIGKILL');
      }),
  };
}

/**
 * Runs `node dist/server/cli/import.cli.js <file>` (`npm run import`); resolves with its exit code and
 * output. `onSpawn` is called with the process id as soon as it is spawned (the load bench samples
 * its memory from /proc).
 */
export function runImport(
  file: string,
  env: Record<string, string>,
  extraArgs: string[] = [],
  onSpawn?: (pid: number) => void,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [...SERVER_NODE_FLAGS, '--enable-source-maps', 'dist/server/cli/import.cli.js', file, ...extraArgs],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn', ...SERVER_MALLOC_ENV, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    if (child.pid !== undefined) onSpawn?.(child.pid);
    let output = '';
    child.stdout.on('data', (d) => (output += String(d)));
    child.stderr.on('data', (d) => (output += String(d)));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const FEED = 'shared/data/amazon-uk-2023/underpriced_and_overpriced_products.csv';
/**
 * The real Amazon UK feed (3,870 products), read from `../shared/data` (DESIGN.md §6; never copied
 * into the project). A worktree one level deeper finds it at `../../shared`.
 */
export const REAL_CATALOGUE =
  [path.resolve(ROOT, '..', FEED), path.resolve(ROOT, '../..', FEED)].find((p) => existsSync(p)) ?? path.resolve(ROOT, '..', FEED);
