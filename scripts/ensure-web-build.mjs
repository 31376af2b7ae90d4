// Builds the web app (vite build → dist/web) when it is missing or older than its sources, so
// `npm install && npm start` works on a fresh clone without a separate build step.
import { existsSync, statSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const built = path.join(root, 'dist/web/index.html');

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = Math.max(newest(path.join(root, 'web')), newest(path.join(root, 'common')), statSync(path.join(root, 'index.html')).mtimeMs);
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log('Building the web app (first start or changed sources)…');
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
}
