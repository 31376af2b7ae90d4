/**
 * The Node options and malloc environment of scripts/server-node-flags.mjs (issue 7 "Memory") are
 * the ones `npm start`, `npm run demo` and `npm run import` pass: the benches and e2e specs run the
 * server with them, so a setting dropped from package.json would make them measure something users
 * do not run.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('server Node options', () => {
  it('has at least the young-generation cap', () => {
    expect(SERVER_NODE_FLAGS).toContain('--max-semi-space-size=4');
  });

  it('caps glibc malloc arenas', () => {
    expect(SERVER_MALLOC_ENV.GLIBC_TUNABLES).toContain('glibc.malloc.arena_max=1');
  });

  for (const name of ['start', 'demo', 'import']) {
    it(`npm run ${name} runs node with every one of them`, () => {
      const command = scripts[name] ?? '';
      // The node command that runs the server or the CLI (import runs the build check first).
      const nodeRun =
        command
          .split('&&')
          .map((part) => part.trim())
          .find((part) => /(start\.mjs|\.cli\.js)/.test(part)) ?? '';
      const words = nodeRun.split(/\s+/);
      for (const flag of SERVER_NODE_FLAGS) expect(words).toContain(flag);
      // `NAME=value node …`: the variables come before the node command (sh sets them for it).
      const before = words.slice(0, words.indexOf('node'));
      for (const [name, value] of Object.entries(SERVER_MALLOC_ENV)) expect(before).toContain(`${name}=${value}`);
    });
  }
});
