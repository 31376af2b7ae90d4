/** GET /api/health: database reachable, migrations applied, version (issue #2 part 1). */
import { sql } from 'drizzle-orm';
import type { App, AppDeps } from '../../app';
import { readMigrationState } from './health.service';

export async function healthRoutes(app: App, deps: AppDeps): Promise<void> {
  app.get('/api/health', async (_request, reply) => {
    try {
      await deps.database.db.execute(sql`select 1`);
      const migrations = await readMigrationState(deps.database);
      const ok = migrations.pending === 0;
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'migrations pending',
        database: { reachable: true, kind: deps.database.kind },
        migrations,
        version: deps.version ?? '0.0.0',
      });
    } catch {
      return reply.status(503).send({
        status: 'database unreachable',
        database: { reachable: false, kind: deps.database.kind },
        version: deps.version ?? '0.0.0',
      });
    }
  });
}
