/**
 * The Node options and malloc environment of server/db/embedded/server-node-flags.mjs (issue 7
 * "Memory", decisions 0015 and 0018) are the ones `npm start`, `npm run demo` and `npm run import`
 * run with: each runs node through scripts/server-node.sh, which this test runs for real with a
 * probe script in place of the server. The benches and e2e specs start the server with the same
 * list, so a setting lost on the way would make them measure something users do not run.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { launchWords, SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } from '../../server/db/embedded/server-node-flags.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LAUNCHER = 'scripts/server-node.sh';
const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** What the node that the launcher starts reports: its options, its malloc environment and its arguments. */
const PROBE =
  'console.log(JSON.stringify({ execArgv: process.execArgv, tunables: process.env.GLIBC_TUNABLES, argv: process.argv.slice(1), pid: process.pid }))';

interface Probed {
  execArgv: string[];
  tunables: string | undefined;
  argv: string[];
  pid: number;
}

/** Runs `sh scripts/server-node.sh <nodeOptions…> -e PROBE <args…>` as package.json does, in a clean environment. */
function launch(nodeOptions: string[], args: string[]): Probed {
  const out = execFileSync('sh', [LAUNCHER, ...nodeOptions, '-e', PROBE, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '' },
    encoding: 'utf8',
  });
  return JSON.parse(out) as Probed;
}

describe('server Node options', () => {
  it('has at least the young-generation cap and one malloc arena', () => {
    expect(SERVER_NODE_FLAGS).toContain('--max-semi-space-size=4');
    expect(SERVER_MALLOC_ENV.GLIBC_TUNABLES).toContain('glibc.malloc.arena_max=1');
  });

  it('are handed to the shell as words it neither splits nor expands', () => {
    const words = launchWords();
    expect(words).toEqual([...Object.entries(SERVER_MALLOC_ENV).map(([name, value]) => `${name}=${value}`), 'node', ...SERVER_NODE_FLAGS]);
    for (const word of words) expect(word).not.toMatch(/[\s*?[\]$'"`\\]/);
  });

  it('reach the node that the launcher starts, before its own options and arguments, with no process in between', async () => {
    const probed = launch(['--enable-source-maps'], ['a file.csv', '--demo']);
    expect(probed.execArgv.slice(0, SERVER_NODE_FLAGS.length)).toEqual([...SERVER_NODE_FLAGS]);
    expect(probed.execArgv).toContain('--enable-source-maps');
    expect(probed.tunables).toBe(SERVER_MALLOC_ENV.GLIBC_TUNABLES);
    expect(probed.argv).toEqual(['a file.csv', '--demo']);

    // The shell execs node: the process npm started is the server itself (signals reach it directly).
    const child = spawn('sh', [LAUNCHER, '-e', PROBE], { cwd: ROOT, env: { PATH: process.env.PATH ?? '' } });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    await new Promise((resolve) => child.on('close', resolve));
    expect((JSON.parse(out) as Probed).pid).toBe(child.pid);
  });

  for (const name of ['start', 'demo', 'import']) {
    it(`npm run ${name} runs its node through the launcher`, () => {
      const command = scripts[name] ?? '';
      // The part that runs the server or the CLI (import runs the build check first).
      const run = command
        .split('&&')
        .map((part) => part.trim())
        .find((part) => /(start\.mjs|\.cli\.js)/.test(part));
      expect(run, `no server or CLI run in "${command}"`).toBeDefined();
      const words = run!.split(/\s+/);
      expect(words.slice(0, 2)).toEqual(['sh', LAUNCHER]);
      // Nothing of the list spelled out again beside the launcher.
      expect(command).not.toMatch(/GLIBC_TUNABLES|--max-semi-space-size|--optimize-for-size/);
    });
  }
});
