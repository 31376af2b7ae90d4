/**
 * The audit feature's public module: what other features may import (docs/architecture.md "Import
 * rules": a feature imports another only through its index.ts). Admin modules log their changes
 * with `recordAdminAction` in the same transaction.
 */
export { recordAdminAction } from './audit.service';
