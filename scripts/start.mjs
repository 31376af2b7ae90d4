// `npm start` / `npm run demo`: builds the web app and the server when missing or older than their
// sources, then runs the built server (dist/server/main.js) in this same process, with source
// maps on so stack traces name the TypeScript lines. Arguments (`--demo`) reach server/main.ts.
import module from 'node:module';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { ROOT } from './build-freshness.mjs';
import { ensureWebBuild } from './ensure-web-build.mjs';
import { ensureServerBuild } from './ensure-server-build.mjs';

// Node ≥ 22.1 keeps the compiled code of every module on disk between starts; older Node has no
// such cache and skips this.
module.enableCompileCache?.();
ensureWebBuild();
await ensureServerBuild();
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(ROOT, 'dist/server/main.js')).href);
