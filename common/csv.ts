/**
 * Spreadsheet-safe CSV cells (OWASP "CSV Injection"): a cell that a spreadsheet would read as a
 * formula (starting with `=`, `+`, `-`, `@`, tab or carriage return) is prefixed with a single
 * quote, so opening an export never runs what a shopper typed (an e-mail, a referrer, a reason).
 * Isomorphic: the server's exports (csv-stringify) and the browser's (admin-area §2 "Export CSV
 * built in the browser") use the same rule.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** `value` as a cell: null/undefined → '', numbers as they are, formula-like text prefixed with `'`. */
export function csvSafeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = value instanceof Date ? value.toISOString() : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}
