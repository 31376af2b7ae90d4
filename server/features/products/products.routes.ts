/** STUB: replaced by the products feature. */
import type { App, AppDeps } from '../../app';

export async function productsRoutes(_app: App, _deps: AppDeps): Promise<void> {}
