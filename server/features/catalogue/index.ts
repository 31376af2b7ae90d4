/**
 * The catalogue feature's public module (docs/architecture.md "Import rules"): importing an uploaded
 * CSV through the one importer, and the CSV reader it uses.
 */
export { type CatalogueUpdateDeps } from './catalogue-update.service';
export { importUpload, type CatalogueUploadRequest } from './catalogue-upload.service';
export { CsvSyntaxError, readCsvRecords, type CsvRecord } from './catalogue-csv';
