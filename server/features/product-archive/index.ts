/**
 * The product archive's public module (docs/architecture.md "Import rules"; issue 29, decision
 * 0027): archive products inside a deletion's transaction, restore them, list them, purge old ones.
 */
export {
  archiveBeforeDelete,
  listDeletedProducts,
  purgeExpiredArchive,
  restoreProducts,
  restoreRequested,
  type DeletionScope,
} from './product-archive.service';
