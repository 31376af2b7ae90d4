/**
 * The catalogue feature's public module (docs/architecture.md "Import rules"): importing an uploaded
 * CSV through the one importer, and the CSV reader it uses.
 */
export { type CatalogueUpdateDeps } from './catalogue-update.service';
export { importUpload, type CatalogueUploadRequest } from './catalogue-upload.service';
export { CsvSyntaxError, readCsvRecords, type CsvRecord } from './catalogue-csv';
// Issue 29: a category page's CSV creates the products the catalogue lacks from its rows, through the one importer.
export { importCatalogueRecords, type ImportReport } from './catalogue-import.service';
export { detectLayout } from './catalogue-layout';
