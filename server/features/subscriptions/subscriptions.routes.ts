/** STUB: replaced by the subscriptions feature. */
import type { App, AppDeps } from '../../app';

export async function subscriptionsRoutes(_app: App, _deps: AppDeps): Promise<void> {}
