import { useId, useState } from 'react';
import { libraryContracts as api } from '@sekolo/shared/contracts/library';
import type { TImportReport } from '@sekolo/shared/schemas/library';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { urlOf } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { useImport } from '../api/library-queries';

const ACTION_LABEL: Record<string, string> = {
  create: 'New title',
  add_copies: 'Copies added',
  unchanged: 'Already in the catalogue',
  refused: 'Refused',
};

/**
 * CSV import: the file is checked first and each row shown with what it will do or why it is
 * refused; nothing is imported until the librarian confirms (all rows, or only the valid ones).
 */
export function ImportPanel() {
  const id = useId();
  const run = useImport();
  const [csv, setCsv] = useState<string | null>(null);
  const [report, setReport] = useState<TImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (text: string, mode: 'check' | 'all' | 'valid_only') => {
    setProblem(null);
    try {
      setReport(await run.mutateAsync({ csv: text, mode }));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  const pick = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setReport(null);
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    await send(text, 'check');
  };
  return (
    <div className="space-y-4">
      <p className="text-slate-700">
        One row per title with its ISBN and how many copies the library holds. A title already in the catalogue gets
        only the copies it lacks, so importing the same file again adds nothing.{' '}
        <a className="font-semibold text-brand-700 underline" href={urlOf(api.importTemplate)} download>
          Download the template (CSV)
        </a>
      </p>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-file`}>CSV file</Label>
        <input id={`${id}-file`} type="file" accept=".csv,text/csv" onChange={pick} className="block text-sm" />
      </div>
      {run.isPending ? <p className="text-slate-600">Checking…</p> : null}
      {problem ? (
        <p role="alert" className="text-red-700">
          {problem}
        </p>
      ) : null}
      {report ? (
        <section aria-label="Import preview" className="space-y-3">
          {report.fileError ? (
            <p role="alert" className="text-red-700">
              {report.fileError}
            </p>
          ) : report.imported ? (
            <p role="status" className="text-green-800">
              Imported: {report.titlesCreated} new title{report.titlesCreated === 1 ? '' : 's'}, {report.copiesCreated}{' '}
              new cop{report.copiesCreated === 1 ? 'y' : 'ies'}.
            </p>
          ) : (
            <p role="status" className="text-slate-800">
              {report.validRows} of {report.totalRows} rows can be imported
              {report.invalidRows ? `; ${report.invalidRows} are refused (see why below)` : ''}.
            </p>
          )}
          {report.rows.length > 0 ? (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-slate-200">
                    <th scope="col" className="p-2">
                      Row
                    </th>
                    <th scope="col" className="p-2">
                      Title
                    </th>
                    <th scope="col" className="p-2">
                      ISBN
                    </th>
                    <th scope="col" className="p-2">
                      Result
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.rows.map((row) => (
                    <tr key={row.row} className="border-b border-slate-100 align-top">
                      <td className="p-2">{row.row}</td>
                      <td className="p-2">{row.title}</td>
                      <td className="p-2">{row.isbn}</td>
                      <td className={row.action === 'refused' ? 'p-2 text-red-700' : 'p-2'}>
                        {ACTION_LABEL[row.action]}
                        {row.copiesToAdd ? ` (${row.copiesToAdd} cop${row.copiesToAdd === 1 ? 'y' : 'ies'})` : ''}
                        {row.errors.map((e) => (
                          <span key={e.field} className="block">
                            {e.field}: {e.message}
                          </span>
                        ))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {!report.imported && !report.fileError && csv ? (
            report.invalidRows === 0 ? (
              <Button onClick={() => send(csv, 'all')} disabled={run.isPending}>
                Import {report.validRows} rows
              </Button>
            ) : report.validRows > 0 ? (
              <Button onClick={() => send(csv, 'valid_only')} disabled={run.isPending}>
                Import only the {report.validRows} valid rows
              </Button>
            ) : null
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
