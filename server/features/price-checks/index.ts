/**
 * The price-checks feature's public module (docs/architecture.md "Import rules"): a price check over
 * the alerts (judge, queue e-mail, log), and writing what a remote source reported.
 */
export { runPriceCheck } from './price-check.service';
export { refreshPrices } from './price-refresh.service';
