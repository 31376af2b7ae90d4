/**
 * The project's root folder, where package.json, dist/web and server/db/migrations are, found from
 * this module's own location. The server runs both from source (`tsx server/main.ts`, this file at
 * server/project-root.ts) and built (`node dist/server/main.js`, bundled into dist/server/…), so a
 * fixed number of `..` from import.meta.url would be right in one case only: walk up to the
 * nearest folder holding package.json instead.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
