import { PGlite } from '@electric-sql/pglite';
const t0 = performance.now();
const db = new PGlite(process.argv[2]);
await db.waitReady;
const t1 = performance.now();
await db.query('select 1');
const t2 = performance.now();
console.log('open', (t1 - t0).toFixed(0), 'first query', (t2 - t1).toFixed(0));
await db.close();
