/**
 * The two ways owners put products on a category page (admin-area §2 "CSV upload (accepts .csv)";
 * §5 "the file type must be text/csv, else 'Invalid file' / 'Please select a CSV file'. A file
 * must be chosen for upload"; §4 the file is cleared after a successful upload; §8 'Upload Error'):
 * a CSV file of ASINs, with the server's report (rows taken, rows refused with their line), and a
 * field for a few ASINs typed or pasted.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { FileUp, Plus } from 'lucide-react';
import type { CategoryPageCsvReport } from '../../../../../common/api/category-pages.admin.schema';
import { Button } from '../../../../components/ui/button';
import { Input, Label } from '../../../../components/ui/input';
import { toast } from '../../../../components/ui/toast.store';
import { messageForPeople } from '../../../../lib/http.client';
import type { CategoryPageWrites } from '../api';

/** A .csv name, or a CSV media type (browsers differ: Windows reports Excel's type for .csv). */
const isCsv = (file: File) => /\.csv$/i.test(file.name) || file.type === 'text/csv';

export function CsvUploadForm({ slug, writes }: { slug: string; writes: CategoryPageWrites }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<CategoryPageCsvReport | null>(null);
  const uploading = writes.uploadCsv.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return toast({ title: 'No file chosen', description: 'Please select a CSV file', variant: 'destructive' });
    if (!isCsv(file)) return toast({ title: 'Invalid file', description: 'Please select a CSV file', variant: 'destructive' });
    setReport(null);
    writes.uploadCsv.mutate(
      { slug, file },
      {
        onSuccess: (answer) => {
          setReport(answer);
          setFile(null);
          if (input.current) input.current.value = '';
          toast({
            title: 'CSV uploaded',
            description: `${answer.added} product${answer.added === 1 ? '' : 's'} added${newInCatalogue(answer) ? ` (${newInCatalogue(answer)} new in the catalogue)` : ''}${answer.rejectedCount ? `, ${answer.rejectedCount} row${answer.rejectedCount === 1 ? '' : 's'} not taken` : ''}.`,
          });
        },
        onError: (e) => toast({ title: 'Upload Error', description: messageForPeople(e, 'Failed to upload CSV'), variant: 'destructive' }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="rounded-md border border-slate-200 p-3">
      <Label htmlFor={`${id}-file`}>Upload products CSV</Label>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept=".csv,text/csv"
        aria-describedby={`${id}-hint`}
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-slate-100"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        A header row with an ASIN column, or one ASIN per line. Products the catalogue lacks are fetched from Amazon when the Amazon API is
        set up, else created from their row (asin, title and price columns, as the catalogue import reads them).
      </p>
      <Button type="submit" size="sm" className="mt-2" disabled={uploading}>
        <FileUp className="h-3.5 w-3.5" aria-hidden="true" />
        {uploading ? 'Uploading…' : 'Upload CSV'}
      </Button>
      {uploading ? (
        <div role="status" className="mt-2">
          <span className="sr-only">Uploading {file?.name}…</span>
          <div className="h-1.5 w-full overflow-hidden rounded bg-slate-200" aria-hidden="true">
            <div className="h-full w-1/3 animate-pulse rounded bg-blue-600" />
          </div>
        </div>
      ) : null}
      {report ? <UploadReport report={report} /> : null}
    </form>
  );
}

/** Products the upload added to the catalogue (issue 29: ASINs it lacked). */
const newInCatalogue = (report: CategoryPageCsvReport) => report.fetchedFromAmazon + report.createdFromFile;

function UploadReport({ report }: { report: CategoryPageCsvReport }) {
  return (
    <div role="status" className="mt-3 rounded-md bg-slate-50 p-3 text-sm text-slate-800">
      <p className="font-medium break-all">{report.fileName}</p>
      <p>
        {report.rowsRead.toLocaleString('en-GB')} rows read: {report.added} added, {report.alreadyOnPage} already on the page,{' '}
        {report.rejectedCount} not taken. The page now shows {report.productCount} products.
        {newInCatalogue(report) > 0
          ? ` New in the catalogue: ${report.fetchedFromAmazon} fetched from Amazon, ${report.createdFromFile} created from this file.`
          : ''}
      </p>
      {report.created.length > 0 ? (
        <details className="mt-2" open={report.created.length <= 5}>
          <summary className="cursor-pointer font-medium text-emerald-800">New in the catalogue ({newInCatalogue(report)})</summary>
          <ul className="mt-1 max-h-48 list-none overflow-y-auto">
            {report.created.map((r) => (
              <li key={r.asin} className="py-0.5">
                <span className="font-medium">Line {r.line}:</span> {r.asin}{' '}
                {r.source === 'creators-api' ? 'fetched from Amazon' : 'created from this file'}
                {r.note ? ` (${r.note})` : ''}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {report.rejected.length > 0 ? (
        <details className="mt-2" open={report.rejected.length <= 5}>
          <summary className="cursor-pointer font-medium text-red-800">Rows not taken ({report.rejectedCount})</summary>
          <ul className="mt-1 max-h-48 list-none overflow-y-auto">
            {report.rejected.map((r) => (
              <li key={`${r.line}-${r.reason}`} className="py-0.5">
                <span className="font-medium">Line {r.line}:</span> {r.reason}
              </li>
            ))}
          </ul>
          {report.rejectedCount > report.rejected.length ? (
            <p className="mt-1 text-xs text-slate-600">The first {report.rejected.length} are listed.</p>
          ) : null}
        </details>
      ) : null}
    </div>
  );
}

/** ASINs typed or pasted: separated by spaces, commas or new lines; upper-cased. */
const asinsIn = (text: string) => [
  ...new Set(
    text
      .toUpperCase()
      .split(/[\s,;]+/)
      .filter(Boolean),
  ),
];

export function AddProductsForm({ slug, writes }: { slug: string; writes: CategoryPageWrites }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const adding = writes.addProducts.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const asins = asinsIn(text);
    const bad = asins.filter((a) => !/^[A-Z0-9]{10}$/.test(a));
    if (asins.length === 0) return setError('Enter at least one ASIN.');
    if (bad.length > 0) return setError(`Not an ASIN (10 letters or digits): ${bad.slice(0, 3).join(', ')}`);
    setError(null);
    writes.addProducts.mutate(
      { slug, asins },
      {
        onSuccess: (answer) => {
          setText('');
          const missing = answer.notInCatalogue.length ? ` Not in the catalogue: ${answer.notInCatalogue.join(', ')}.` : '';
          const full = answer.overLimit.length ? ` ${answer.overLimit.length} left out: a page holds at most 1,000 products.` : '';
          toast({
            title: 'Products added',
            description: `${answer.added} added, ${answer.alreadyOnPage} already on the page.${missing}${full}`,
            variant: answer.notInCatalogue.length || answer.overLimit.length ? 'destructive' : 'default',
          });
        },
        onError: (e) =>
          toast({ title: 'Products not added', description: messageForPeople(e, 'Failed to add products'), variant: 'destructive' }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="rounded-md border border-slate-200 p-3">
      <Label htmlFor={`${id}-asins`}>Add products by ASIN</Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-asins`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="B0… B0…"
          invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          autoComplete="off"
          spellCheck={false}
          className="h-9"
        />
        <Button type="submit" size="sm" className="h-9" disabled={adding}>
          <Plus className="h-3.5 w-3.5" aria-hidden="true" />
          {adding ? 'Adding…' : 'Add'}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          Separate several with spaces or commas.
        </p>
      )}
    </form>
  );
}
