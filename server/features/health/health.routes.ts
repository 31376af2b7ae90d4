/**
 * GET /api/health (issue #2 part 1). Who may call: anyone (load balancers, uptime checks); it tells
 * nothing but whether the database answers, the migration counts and the version.
 */
import type { App, AppDeps } from '../../app-deps';
import { checkHealth } from './health.service';

export async function healthRoutes(app: App, deps: AppDeps): Promise<void> {
  app.get('/api/health', async (_request, reply) => {
    const { statusCode, body } = await checkHealth(deps.database, deps.version);
    return reply.status(statusCode).send(body);
  });
}
