import { useId, useState } from 'react';
import { AlertCircle, CheckCircle2, FileDown } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  birthDateForGrade,
  LEARNER_CSV_COLUMNS,
  LEARNER_CSV_REQUIRED_COLUMNS,
  SCHOOL_MESSAGES,
  type TLearnerImportProgress,
  type TLearnerImportReport,
} from '@sekolo/shared/schemas/school';
import { countOf } from '@sekolo/shared/domain/count';
import { decodeCsvBytes } from '@sekolo/shared/domain/csv-text';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { errorMessage } from '~/lib/server-field-errors';
import { useSingleFlight } from '~/lib/use-single-flight';
import { useImportLearners } from '../api/school-queries';
import { paths } from '~/config/paths';

/**
 * The CSV template to download: the columns and an example row, a Grade 8 learner of this year's
 * usual age (birthDateForGrade), so that the template imports as it is in any year.
 */
export function learnerCsvTemplate(): string {
  return (
    LEARNER_CSV_COLUMNS.join(',') +
    `\r\nThandiwe,Mokoena,Thandi,${birthDateForGrade('8', { monthDay: '04-18' })},female,8,8A,ADM-0001,none,,isizulu,Peanut allergy,"12 Jacaranda Street, Pretoria",\r\n`
  );
}

/**
 * CSV import: the file is checked row by row first and nothing is imported until it is
 * clean; with errors the admin may fix the file, or import only the valid rows.
 */
export function LearnerImport() {
  const id = useId();
  const importer = useImportLearners();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [report, setReport] = useState<TLearnerImportReport | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<TLearnerImportProgress | null>(null);
  // One import at a time, claimed before its request starts: the two clicks of a double click both
  // reach the handler before the re-render that disables the button, and the second import then
  // found the rows already there and reported "Nothing was imported" beside the first one's success.
  const once = useSingleFlight();

  const run = async (mode: 'check' | 'all' | 'valid_only', text = csv) => {
    if (!text) return;
    if (mode === 'check') await send(mode, text);
    else await once(() => send(mode, text));
  };

  const send = async (mode: 'check' | 'all' | 'valid_only', text: string) => {
    setProblem(null);
    setProgress(null);
    try {
      const answer = await importer.mutateAsync({ csv: text, mode, onProgress: setProgress });
      // A report that imported nothing never replaces one that imported learners (a new file starts
      // with no report).
      setReport((shown) => (shown && shown.imported > 0 && answer.imported === 0 ? shown : answer));
      if (answer.imported > 0) {
        setDone(answer.imported);
        toast.success(`${countOf(answer.imported, 'learner')} imported`);
      }
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setProgress(null);
    }
  };

  const onFile = async (file: File | undefined) => {
    setReport(null);
    setDone(null);
    if (!file) return;
    setFileName(file.name);
    // Not file.text(): that reads every file as UTF-8 and turns the é of a Windows-1252 file (Excel's
    // "CSV (Comma delimited)") into U+FFFD for good. decodeCsvBytes tells the two apart.
    const { text } = decodeCsvBytes(await file.arrayBuffer());
    setCsv(text);
    await run('check', text);
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Import learners from CSV</h1>
        <p className="mt-1 text-sm text-slate-600">
          One row per learner under a header row. Required columns: {LEARNER_CSV_REQUIRED_COLUMNS.join(', ')}. Optional:{' '}
          {LEARNER_CSV_COLUMNS.filter((c) => !(LEARNER_CSV_REQUIRED_COLUMNS as readonly string[]).includes(c)).join(
            ', ',
          )}
          . Dates as YYYY-MM-DD; grade R or 1 to 12; class by its name.
        </p>
        <p className="mt-1 text-sm text-slate-600" data-testid="import-class-since">
          in_class_since is the day the learner joined their class, a day of this school year: the class’s registers
          list them from it, so you can capture its earlier registers. Leave it blank for the day of the import.
        </p>
        <a
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(learnerCsvTemplate())}`}
          download="learners-template.csv"
          className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
        >
          <FileDown className="size-4" aria-hidden="true" />
          Download the template
        </a>
      </div>

      <FormField
        id={`${id}-file`}
        label="CSV file"
        hint="The file is checked first; nothing is imported until you confirm."
      >
        <Input
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
      </FormField>

      {importer.isPending && <ImportProgress fileName={fileName} progress={progress} />}
      {/* A failure never shows over an import that went through. */}
      {problem && done === null && (
        <Alert variant="destructive" role="alert">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>The file was not imported.</AlertTitle>
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      )}

      {report && <ImportReport report={report} />}

      {done !== null ? (
        <Alert variant="success" role="status">
          <CheckCircle2 aria-hidden="true" />
          <AlertTitle>{countOf(done, 'learner')} imported.</AlertTitle>
          <AlertDescription>
            <Link to={paths.school.learners} className="font-semibold underline">
              Go to the learner list
            </Link>
          </AlertDescription>
        </Alert>
      ) : (
        report &&
        !report.fileError && (
          <div className="flex flex-wrap gap-3">
            {report.invalidRows === 0 ? (
              <Button onClick={() => void run('all')} disabled={importer.isPending}>
                Import {countOf(report.validRows, 'learner')}
              </Button>
            ) : (
              report.validRows > 0 && (
                <Button variant="secondary" onClick={() => void run('valid_only')} disabled={importer.isPending}>
                  Import only the {countOf(report.validRows, 'valid row')}
                </Button>
              )
            )}
          </div>
        )
      )}
    </div>
  );
}

/** "2 400": a count as the school reads it, thousands apart by a space (en-ZA). */
const rowCount = new Intl.NumberFormat('en-ZA');

/** What the progress of a check or an import says: "Checked 2 400 of 5 000 rows". */
export function importProgressText(progress: TLearnerImportProgress): string {
  const done = rowCount.format(progress.done);
  const total = rowCount.format(progress.total);
  return progress.phase === 'check'
    ? `Checked ${done} of ${total} rows`
    : `Imported ${done} of ${total} ${progress.total === 1 ? 'learner' : 'learners'}`;
}

/**
 * The quarter a progress has reached (0 to 4), all a screen reader announces: a line every 200 rows
 * would talk over itself, where "Checked 2 500 of 5 000 rows" once in a while tells enough.
 */
export function progressQuarter(progress: TLearnerImportProgress): number {
  return progress.total > 0 ? Math.floor((progress.done / progress.total) * 4) : 0;
}

/**
 * The check (or import) under way: a bar and how many rows are done, from the lines the server sends
 * as it goes. Before the first line (the file still on its way on a slow connection) the bar waits.
 */
function ImportProgress({ fileName, progress }: { fileName: string; progress: TLearnerImportProgress | null }) {
  const [announced, setAnnounced] = useState<{ phase: string; quarter: number; text: string } | null>(null);
  if (progress) {
    const quarter = progressQuarter(progress);
    if (!announced || announced.phase !== progress.phase || announced.quarter !== quarter) {
      setAnnounced({ phase: progress.phase, quarter, text: importProgressText(progress) });
    }
  }
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  const title = progress?.phase === 'import' ? `Importing ${fileName}` : `Checking ${fileName}`;
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4" data-testid="import-progress">
      <p className="text-sm font-medium text-slate-900">{title}...</p>
      <p className="text-xs text-slate-600" aria-hidden="true">
        {progress ? importProgressText(progress) : 'Sending the file...'}
      </p>
      <p role="status" aria-live="polite" className="sr-only">
        {announced ? `${title}: ${announced.text}` : `${title}...`}
      </p>
      <div
        role="progressbar"
        aria-label={title}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={progress ? importProgressText(progress) : 'Sending the file'}
        className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-700 transition-[width] duration-200"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

/**
 * What to do about a checked file with errors that imported nothing: fix it, or import its valid
 * rows, the latter only when there are some.
 */
export function importAdvice(report: TLearnerImportReport): string | null {
  if (report.invalidRows === 0 || report.imported > 0) return null;
  return report.validRows > 0 ? SCHOOL_MESSAGES.csvHasErrors : SCHOOL_MESSAGES.csvNoValidRows;
}

function ImportReport({ report }: { report: TLearnerImportReport }) {
  if (report.fileError) {
    return (
      <Alert variant="destructive" role="alert">
        <AlertCircle aria-hidden="true" />
        <AlertTitle>The file cannot be imported.</AlertTitle>
        <AlertDescription>{report.fileError}</AlertDescription>
      </Alert>
    );
  }
  return (
    <section aria-labelledby="import-report-heading" className="space-y-3" data-testid="import-report">
      <h2 id="import-report-heading" className="text-lg font-semibold text-slate-900">
        Check of the file
      </h2>
      <p className="text-sm text-slate-700">
        {countOf(report.totalRows, 'row')}: {report.validRows} valid, {report.invalidRows} with errors.
        {importAdvice(report) && ` ${importAdvice(report)}`}
      </p>
      {report.errors.length > 0 && (
        <div className="overflow-x-auto rounded-xl border border-red-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Rows with errors</caption>
            <thead className="border-b border-red-200 bg-red-50 text-xs font-semibold text-red-900 uppercase">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Row
                </th>
                <th scope="col" className="hidden px-4 py-2 sm:table-cell">
                  Admission no.
                </th>
                <th scope="col" className="hidden px-4 py-2 sm:table-cell">
                  Column
                </th>
                <th scope="col" className="px-4 py-2">
                  Problem
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {report.errors.flatMap((rowError) =>
                rowError.errors.map((e, i) => (
                  <tr key={`${rowError.row}-${e.field}`}>
                    <td className="px-4 py-2 align-top font-mono">{i === 0 ? rowError.row : ''}</td>
                    <td className="hidden px-4 py-2 font-mono sm:table-cell">
                      {i === 0 ? rowError.admissionNumber : ''}
                    </td>
                    <td className="hidden px-4 py-2 font-mono sm:table-cell">{e.field}</td>
                    <td className="px-4 py-2 text-red-800">
                      {/* On a phone the problem comes first, with its column and admission number above it. */}
                      <span className="block font-mono text-xs text-slate-600 sm:hidden">
                        {e.field}
                        {rowError.admissionNumber ? ` · ${rowError.admissionNumber}` : ''}
                      </span>
                      {e.message}
                    </td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
