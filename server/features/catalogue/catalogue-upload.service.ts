/**
 * The admin's CSV uploads (issue 11 part 3; admin-area §2 "Import tab", §5, §7): Add Products
 * (`POST /api/admin/upload-csv`), Replace All Products (`POST /api/admin/replace-with-csv`), and
 * the Under £15 upload (features/budget-deals) — all through **the same importer as the CLI**
 * (`importCatalogueAndCheckAlerts`: streamed, validated row by row, one transaction, then the alerts
 * of changed prices judged), with the admin's audit entry written inside that transaction.
 *
 * Replace All keeps the products the file holds (same ids: their price history, alerts and
 * category-page places stay) and deletes every other one (archived first, so each can be restored
 * with its history for 30 days: decision 0027), in the import's transaction: with
 * `strict` and a bad row, or a malformed file, nothing changes at all; a file with no accepted row
 * deletes nothing (an empty or mistaken file must not empty the shop).
 *
 * Confirmation (issue 29): Replace All deletes only when the multipart field `confirmDeleteCount`
 * (sent before `csvFile`) equals the number of products the file would delete. Otherwise the whole
 * import rolls back and the answer is 409 with `deleteCount` and what goes with it (price
 * observations, category-page and Under £15 places; alerts keep their ASIN): the admin page's dry
 * run. A file that would delete nothing needs no confirmation. A malformed `confirmDeleteCount`
 * answers 400 naming it before the file is read.
 *
 * One upload at a time per database handle: a second one answers 409 while the first runs.
 *
 * True times (issue 27): Add Products and Replace All read the multipart field `observedAt` (sent
 * before `csvFile`; ISO 8601, when the file's prices were seen; empty or absent = now). A file's own
 * `observedAt` column wins for its rows. A bad value answers 400 naming `observedAt` and its rule,
 * before a byte of the file is imported.
 */
import type { Readable } from 'node:stream';
import { AUDIT_DETAIL_MAX_IDS } from '../../../common/api/admin-auth.admin.schema';
import {
  CONFIRM_DELETE_COUNT_FIELD,
  confirmDeleteCountTextSchema,
  OBSERVED_AT_FIELD,
  observedAtTextSchema,
  type CatalogueUploadResponse,
  type ImportReportBody,
} from '../../../common/api/catalogue-import.admin.schema';
import { observedAtRangeRule, parseObservedAt } from '../../../common/observed-at';
import type { Tx } from '../../db/client';
import { noteCatalogueWrite } from '../../catalogue-version';
import { fail, ok, type Outcome } from '../../http/outcome';
import { recordAdminAction } from '../audit';
import { archiveBeforeDelete } from '../product-archive';
import type { CatalogueRow } from './catalogue-row';
import type { ImportReport } from './catalogue-import.service';
import { asinsNotIn, deleteProductsNotIn, replaceImpact, type ReplaceImpact } from './catalogue.queries';
import { importCatalogueAndCheckAlerts, type CatalogueUpdateDeps } from './catalogue-update.service';

/** What an upload reports while it runs: bytes and data rows read, and the phase. */
export interface UploadProgress {
  phase: 'reading' | 'finishing';
  bytesRead: number;
  rowsRead: number;
}

export interface CatalogueUploadRequest {
  stream: Readable;
  /** As the browser named it; kept in the audit log (never when it looks like an e-mail address). */
  fileName: string;
  /** Any rejected row rejects the whole file. */
  strict: boolean;
  adminId: number;
  /** Text fields sent before the file (csv-upload.ts); Add Products and Replace All read `observedAt`. */
  fields?: Readonly<Record<string, readonly string[]>>;
  /** When the file's prices were seen (rows without an `observedAt` cell); default the upload's time. */
  observedAt?: Date;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * What a caller adds to a plain upload: its audit action, an extra row rule, and work inside the
 * import's transaction once the rows are in (returning figures for the answer and the audit entry).
 */
export interface UploadPlan {
  action: string;
  rowRule?: (row: CatalogueRow) => string | null;
  /** Runs only when at least one row was accepted and nothing went wrong. */
  afterRows?: (
    tx: Tx,
    acceptedAsins: readonly string[],
  ) => Promise<{ deletedCount?: number; listedCount?: number; deletedAsins?: string[] }>;
}

const running = new WeakSet<object>();

/**
 * The upload's `observedAt` field, checked against the clock `now`: absent or empty → undefined;
 * else the instant, or a failure 'invalid' naming the field and the rule it breaks (ISO 8601 date or
 * date-time with a zone, given once, not more than 5 minutes in the future, not before 1990).
 */
export function uploadObservedAt(fields: CatalogueUploadRequest['fields'], now: Date): Outcome<Date | undefined> {
  const values = fields?.[OBSERVED_AT_FIELD] ?? [];
  if (values.length > 1) return fail('invalid', `${OBSERVED_AT_FIELD}: must be given once`);
  const text = values[0]?.trim() ?? '';
  if (text === '') return ok(undefined);
  const form = observedAtTextSchema.safeParse(text);
  if (!form.success) return fail('invalid', `${OBSERVED_AT_FIELD}: ${form.error.issues[0]?.message ?? 'is not valid'}`);
  const at = parseObservedAt(form.data) as Date;
  const rule = observedAtRangeRule(at, now);
  return rule ? fail('invalid', `${OBSERVED_AT_FIELD}: ${rule}`) : ok(at);
}

/**
 * The upload's `confirmDeleteCount` field: absent or empty → undefined; else the whole number, or a
 * failure 'invalid' naming the field and its rule.
 */
export function uploadConfirmDeleteCount(fields: CatalogueUploadRequest['fields']): Outcome<number | undefined> {
  const values = fields?.[CONFIRM_DELETE_COUNT_FIELD] ?? [];
  if (values.length > 1) return fail('invalid', `${CONFIRM_DELETE_COUNT_FIELD}: must be given once`);
  const text = values[0]?.trim() ?? '';
  if (text === '') return ok(undefined);
  const form = confirmDeleteCountTextSchema.safeParse(text);
  if (!form.success) return fail('invalid', `${CONFIRM_DELETE_COUNT_FIELD}: ${form.error.issues[0]?.message ?? 'is not valid'}`);
  return ok(Number(form.data));
}

/** Thrown inside the import's transaction to roll it back when Replace All was not confirmed. */
class ReplaceNotConfirmed extends Error {
  constructor(readonly impact: ReplaceImpact) {
    super('replace not confirmed');
  }
}

/** The 409 of an unconfirmed Replace All, with the exact figures. */
function replaceRefused(impact: ReplaceImpact, confirmed: number | undefined): Outcome<never> {
  const n = impact.deleteCount;
  const said = confirmed === undefined ? 'is missing' : `was ${confirmed}`;
  return fail(
    'conflict',
    `${CONFIRM_DELETE_COUNT_FIELD}: this file would delete ${n} product${n === 1 ? '' : 's'} ` +
      `(with ${impact.priceObservationCount} price observations and ${impact.categoryPageEntryCount} category-page entries); ` +
      `send ${CONFIRM_DELETE_COUNT_FIELD}=${n} to confirm (it ${said}). Nothing was changed.`,
    { ...impact },
  );
}

/**
 * Add Products (mode 'add') or Replace All Products (mode 'replace'), the file's prices observed at
 * the request's `observedAt` field (see {@link uploadObservedAt}; a bad one fails 'invalid' and the
 * file is drained unread).
 */
export function importUploadedCatalogue(
  deps: CatalogueUpdateDeps,
  request: CatalogueUploadRequest,
  mode: 'add' | 'replace',
): Promise<Outcome<CatalogueUploadResponse>> {
  const observedAt = uploadObservedAt(request.fields, deps.clock());
  if (!observedAt.ok) {
    request.stream.resume(); // let the rest of the body drain: the answer is already decided
    return Promise.resolve(observedAt);
  }
  const confirmed = mode === 'replace' ? uploadConfirmDeleteCount(request.fields) : ok(undefined);
  if (!confirmed.ok) {
    request.stream.resume();
    return Promise.resolve(confirmed);
  }
  const plan: UploadPlan =
    mode === 'add'
      ? { action: 'catalogue.upload' }
      : {
          action: 'catalogue.replace',
          afterRows: async (tx, asins) => {
            const impact = await replaceImpact(tx, asins);
            if (impact.deleteCount > 0 && impact.deleteCount !== confirmed.value) throw new ReplaceNotConfirmed(impact);
            const deletedAsins = impact.deleteCount > 0 ? await asinsNotIn(tx, asins, AUDIT_DETAIL_MAX_IDS) : [];
            if (impact.deleteCount > 0) await archiveBeforeDelete(tx, { keepAsins: asins }, 'replace', request.adminId, deps.clock());
            const deletedCount = await deleteProductsNotIn(tx, asins);
            if (deletedCount > 0) await noteCatalogueWrite(tx);
            return { deletedCount, deletedAsins };
          },
        };
  return importUpload(deps, { ...request, observedAt: observedAt.value }, plan);
}

/**
 * Runs one upload through the importer with `plan`. Returns 409 while another upload of the same
 * database runs; otherwise the report (also when nothing was committed: see `committed`). Throws
 * what the import throws (a read error of the stream such as the upload limit, the database).
 */
export async function importUpload(
  deps: CatalogueUpdateDeps,
  request: CatalogueUploadRequest,
  plan: UploadPlan,
): Promise<Outcome<CatalogueUploadResponse>> {
  if (running.has(deps.db)) {
    request.stream.resume();
    return fail('conflict', 'csvFile: another import is running; try again when it has finished');
  }
  running.add(deps.db);
  try {
    return ok(await runUpload(deps, request, plan));
  } catch (error) {
    if (error instanceof ReplaceNotConfirmed) {
      const confirmed = uploadConfirmDeleteCount(request.fields);
      return replaceRefused(error.impact, confirmed.ok ? confirmed.value : undefined);
    }
    throw error;
  } finally {
    running.delete(deps.db);
  }
}

async function runUpload(deps: CatalogueUpdateDeps, request: CatalogueUploadRequest, plan: UploadPlan): Promise<CatalogueUploadResponse> {
  const { stream, onProgress } = request;
  // Once the file is read to its end, what remains is the last rows, the statistics and the commit.
  let ended = false;
  stream.once('end', () => {
    ended = true;
  });
  const target = /@/.test(request.fileName) ? null : request.fileName;
  let extra: { deletedCount?: number; listedCount?: number; deletedAsins?: string[] } = {};
  const { report, alerts } = await importCatalogueAndCheckAlerts(
    deps,
    { stream },
    {
      strict: request.strict,
      now: deps.clock(),
      observedAt: request.observedAt,
      rowRule: plan.rowRule,
      onProgress: (bytesRead, _total, rowsRead) => onProgress?.({ phase: ended ? 'finishing' : 'reading', bytesRead, rowsRead }),
      inTransaction: async (tx, { asins, report: counts }) => {
        if (asins.length > 0 && plan.afterRows) extra = await plan.afterRows(tx, asins);
        await recordAdminAction(
          tx,
          {
            adminId: request.adminId,
            action: plan.action,
            target,
            counts: auditCounts(counts, extra),
            // Issue 29: what a Replace All deleted, by ASIN.
            detail: extra.deletedAsins?.length ? { deleted: extra.deletedAsins, deletedTotal: extra.deletedCount ?? 0 } : null,
          },
          deps.clock(),
        );
      },
    },
  );
  const accepted = report.imported + report.updated + report.unchanged + report.historyOnly;
  const committed = !report.strictFailed && !report.fatalError && (accepted > 0 || (extra.deletedCount ?? 0) > 0);
  if (report.strictFailed || report.fatalError) {
    // Nothing was written, so the entry of the transaction rolled back too: say what was refused.
    await recordAdminAction(
      deps.db,
      {
        adminId: request.adminId,
        action: `${plan.action}.refused`,
        target,
        counts: { rows: report.totalRows, rejected: report.rejected.length },
      },
      deps.clock(),
    );
  }
  return {
    committed,
    importedCount: committed ? accepted : 0,
    ...(plan.action === 'catalogue.replace' ? { deletedCount: extra.deletedCount ?? 0 } : {}),
    ...(extra.listedCount !== undefined ? { listedCount: extra.listedCount } : {}),
    report: reportBody(report),
    ...(alerts
      ? {
          priceCheck:
            'error' in alerts
              ? { error: alerts.error }
              : { alertsChecked: alerts.alertsChecked, notificationsQueued: alerts.notificationsQueued },
        }
      : {}),
  };
}

function auditCounts(report: ImportReport, extra: { deletedCount?: number; listedCount?: number }): Record<string, number> {
  return {
    imported: report.imported,
    updated: report.updated,
    unchanged: report.unchanged,
    historyOnly: report.historyOnly,
    rejected: report.rejected.length,
    ...(extra.deletedCount !== undefined ? { deleted: extra.deletedCount } : {}),
    ...(extra.listedCount !== undefined ? { listed: extra.listedCount } : {}),
  };
}

/** The importer's report as the API sends it (the changed ASINs as a count). */
export function reportBody(report: ImportReport): ImportReportBody {
  const { changedAsins, ...rest } = report;
  return { ...rest, priceChanged: changedAsins.length };
}
