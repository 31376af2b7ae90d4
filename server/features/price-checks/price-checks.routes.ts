/** STUB: replaced by the price-checks feature. */
import type { App, AppDeps } from '../../app';

export async function priceChecksRoutes(_app: App, _deps: AppDeps): Promise<void> {}
