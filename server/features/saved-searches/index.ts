/**
 * The saved-searches feature's public module (docs/architecture.md "Import rules"; issue 30): starting
 * the saved searches a proved mailbox was waiting for, matching products against saved searches
 * after an import or a price check, and the daily/weekly saved-search digests.
 */
export { approveSavedSearches } from './saved-searches.service';
export {
  matchSavedSearches,
  matchSavedSearchesSafely,
  sendSavedSearchDigests,
  type MatchRun,
  type NewOrChanged,
} from './saved-search-matching.service';
