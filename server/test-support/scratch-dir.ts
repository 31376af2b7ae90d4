/**
 * Temporary folders for server tests that remove themselves: one CI machine runs the suite many
 * times, and folders left in the system's temporary folder add up.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * A new, empty folder `{tmpdir}/{prefix}XXXXXX`, removed with everything in it when the current test
 * ends, passed or failed (Vitest's `onTestFinished`). Call it inside a test, not in a hook or at
 * module level: Vitest throws there, as no test is running.
 */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
