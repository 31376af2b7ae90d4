/**
 * The emails feature's public module (docs/architecture.md "Import rules"): the UK calendar rules of
 * scheduled digests, which the saved-search digest (issue 30) shares so both count days and weeks alike.
 */
export { DIGEST_EARLIEST_UK_HOUR, digestPeriod, ukHourOf } from './owner-email.rules';
