/**
 * The admin Import tab's price-history upload (issue 30): the received file through the same
 * importer as `npm run import:history`, one upload at a time per database, audited as
 * `price-history.upload` with the counts (the file name kept unless it looks like an e-mail address).
 */
import type { HistoryUploadResponse } from '../../../common/api/price-history.admin.schema';
import type { Db } from '../../db/client';
import type { ReceivedCsvUpload } from '../../http/csv-upload';
import { fail, ok, type Outcome } from '../../http/outcome';
import { recordAdminAction } from '../audit';
import { importHistoryStream } from './price-history.service';

const running = new WeakSet<object>();

/** Imports the uploaded history; 409 while another history upload of this database runs. Throws what the import throws. */
export async function importUploadedHistory(
  deps: { db: Db; clock: () => Date },
  upload: Pick<ReceivedCsvUpload, 'stream' | 'fileName' | 'adminId' | 'onProgress'>,
): Promise<Outcome<HistoryUploadResponse>> {
  if (running.has(deps.db)) {
    upload.stream.resume();
    return fail('conflict', 'csvFile: another price-history import is running; try again when it has finished');
  }
  running.add(deps.db);
  try {
    let ended = false;
    upload.stream.once('end', () => (ended = true));
    const report = await importHistoryStream(deps.db, upload.stream, {
      now: deps.clock(),
      onProgress: (bytesRead, rowsRead) => upload.onProgress({ phase: ended ? 'finishing' : 'reading', bytesRead, rowsRead }),
    });
    await recordAdminAction(
      deps.db,
      {
        adminId: upload.adminId,
        action: 'price-history.upload',
        target: /@/.test(upload.fileName) ? null : upload.fileName,
        counts: {
          rows: report.totalRows,
          observationsAdded: report.observationsAdded,
          alreadyRecorded: report.alreadyRecorded,
          unknownAsins: report.unknownAsins.length,
          rejected: report.rejectedCount,
        },
      },
      deps.clock(),
    );
    return ok({ committed: report.observationsAdded > 0, report });
  } finally {
    running.delete(deps.db);
  }
}
