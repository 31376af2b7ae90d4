/** STUB: replaced by the alerts feature. */
import type { App, AppDeps } from '../../app';

export async function alertsRoutes(_app: App, _deps: AppDeps): Promise<void> {}
