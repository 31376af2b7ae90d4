/**
 * The importer's full report in the tab (issue 11 part 3): what happened in one sentence, the
 * counts, the rejected rows with their line numbers and reasons (paged, 50 a page), the warnings,
 * and a button that downloads all of it as CSV (report-csv.ts, formula-safe).
 */
import { useState } from 'react';
import { Download } from 'lucide-react';
import type { CatalogueUploadResponse } from '../../../../../common/api/catalogue-import.admin.schema';
import { Button } from '../../../../components/ui/button';
import { Pagination } from '../../../../components/ui/pagination';
import { downloadCsv, reportToCsv } from '../report-csv';

const int = new Intl.NumberFormat('en-GB');
const PAGE_SIZE = 50;

/** The one-line verdict of an upload, as the owner should read it. */
export function reportVerdict(result: CatalogueUploadResponse): { tone: 'ok' | 'bad'; text: string } {
  const { report } = result;
  if (report.fatalError) return { tone: 'bad', text: report.fatalError };
  if (report.strictFailed) {
    return {
      tone: 'bad',
      text: `Strict import: ${int.format(report.rejected.length)} row${report.rejected.length === 1 ? ' was' : 's were'} rejected, so nothing was written. The catalogue is exactly as it was.`,
    };
  }
  if (!result.committed) return { tone: 'bad', text: 'No row was accepted, so nothing was changed.' };
  const parts = [`${int.format(result.importedCount)} products accepted`];
  if (report.historyOnly > 0) {
    parts.push(
      `${int.format(report.historyOnly)} older than the stored price${report.historyOnly === 1 ? '' : 's'}, added to the price history only`,
    );
  }
  if (result.deletedCount !== undefined) parts.push(`${int.format(result.deletedCount)} products not in the file deleted`);
  if (result.listedCount !== undefined) parts.push(`${int.format(result.listedCount)} now on the Under £15 list`);
  return { tone: 'ok', text: `${parts.join('; ')}.` };
}

export function ImportReport({ result, fileName }: { result: CatalogueUploadResponse; fileName: string }) {
  const { report } = result;
  const [page, setPage] = useState(1);
  const verdict = reportVerdict(result);
  const totalPages = Math.max(1, Math.ceil(report.rejected.length / PAGE_SIZE));
  const shown = report.rejected.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const counts: Array<[string, number]> = [
    ['Rows read', report.totalRows],
    ['New', report.imported],
    ['Updated', report.updated],
    ['Unchanged', report.unchanged],
    ['History only', report.historyOnly],
    ['Rejected', report.rejected.length],
    ['Warnings', report.warnings.length],
  ];
  if (result.deletedCount !== undefined) counts.push(['Deleted', result.deletedCount]);
  const baseName = fileName.replace(/\.csv$/i, '');

  return (
    <section aria-labelledby="import-report-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id="import-report-heading" className="text-base font-semibold [overflow-wrap:anywhere] text-slate-900">
            Import report: {fileName}
          </h3>
          <p className="text-sm text-slate-600">
            Layout {report.layout} · {(report.durationMs / 1000).toFixed(1)} s
            {report.priceChanged > 0 ? ` · ${int.format(report.priceChanged)} prices changed` : ''}
            {result.priceCheck && 'alertsChecked' in result.priceCheck
              ? ` · ${int.format(result.priceCheck.alertsChecked)} alerts checked, ${int.format(result.priceCheck.notificationsQueued)} e-mails queued`
              : ''}
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => downloadCsv(reportToCsv(report), `${baseName}-import-report.csv`)}>
          <Download className="h-4 w-4" aria-hidden="true" />
          Download report (CSV)
        </Button>
      </div>
      <p className={verdict.tone === 'ok' ? 'text-sm font-medium text-green-800' : 'text-sm font-medium text-red-700'} role="status">
        {verdict.text}
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-8">
        {counts.map(([label, value]) => (
          <div key={label} className="rounded-md bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900">{int.format(value)}</dd>
          </div>
        ))}
      </dl>
      {report.rejected.length > 0 ? (
        <div>
          <h4 className="mb-2 text-sm font-semibold text-slate-900">Rejected rows</h4>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Rejected rows with their line number in the file, ASIN and reason</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Line
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    ASIN
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Reason
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {shown.map((r) => (
                  <tr key={`${r.line}-${r.asin ?? ''}`}>
                    <td className="px-3 py-1.5 whitespace-nowrap text-slate-700 tabular-nums">{r.line}</td>
                    <td className="px-3 py-1.5 font-mono whitespace-nowrap text-slate-700">{r.asin ?? '—'}</td>
                    <td className="px-3 py-1.5 break-words text-slate-900">{r.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} totalPages={totalPages} onPageChange={setPage} label="Rejected rows pages" />
        </div>
      ) : null}
      {report.warnings.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-semibold text-slate-900">
            Warnings ({int.format(report.warnings.length)}): rows kept, a value ignored
          </summary>
          <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto text-slate-700">
            {report.warnings.slice(0, 500).map((w, i) => (
              <li key={i}>
                Line {w.line}: {w.message}
              </li>
            ))}
            {report.warnings.length > 500 ? <li>…and {int.format(report.warnings.length - 500)} more in the downloaded report.</li> : null}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
