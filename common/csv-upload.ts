/**
 * What counts as a CSV file for the admin uploads (admin-area §5 "CSV upload: the file type must be
 * text/csv, else 'Invalid file' / 'Please select a CSV file'"), shared by the server's check of the
 * multipart part and the browser's check before uploading. No zod here: the browser imports it.
 *
 * Departure, knowingly: besides `text/csv` we accept the types browsers really send for a `.csv`
 * file (Windows with Excel installed says `application/vnd.ms-excel`; some systems say
 * `text/plain`, `application/csv` or nothing), but only for a file whose name ends in `.csv`.
 */

/** The multipart field that carries the file (admin-area §7). */
export const CSV_FILE_FIELD = 'csvFile';

/** Media types browsers send for a `.csv` file; '' is "unknown" (the type is then judged by the name). */
export const CSV_MEDIA_TYPES: readonly string[] = [
  'text/csv',
  'application/csv',
  'text/comma-separated-values',
  'application/vnd.ms-excel',
  'text/plain',
  'application/octet-stream',
  '',
];

/** The spec's wording (admin-area §5), title and description of the refusal. */
export const INVALID_FILE_TITLE = 'Invalid file';
export const INVALID_FILE_MESSAGE = 'Please select a CSV file';

/** True when a file named `fileName` of media type `mediaType` is a CSV file we accept. */
export function isCsvFile(fileName: string, mediaType: string): boolean {
  const type = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  return /\.csv$/i.test(fileName.trim()) && CSV_MEDIA_TYPES.includes(type);
}

/**
 * Neutralises a cell for a CSV that people open in a spreadsheet (OWASP "CSV Injection"): text
 * starting with = + - @, tab or carriage return gets a leading apostrophe, so it stays text.
 */
export function neutraliseCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
