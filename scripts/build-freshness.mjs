// When a build output is older than its sources (newest modification time of their files), shared
// by the web and server build checks that `npm start` runs before it starts the server.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(p) {
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let t = 0;
  for (const entry of readdirSync(p)) t = Math.max(t, newest(path.join(p, entry)));
  return t;
}

/** True when `output` (relative to the root) is missing or older than any file under `sources`. */
export function isStale(output, sources) {
  const built = path.join(ROOT, output);
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((source) => newest(path.join(ROOT, source)) > builtAt);
}

/** True when this module is the script node was started with (`node scripts/x.mjs`). */
export function isMain(importMetaUrl) {
  return process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(importMetaUrl);
}
