import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { decodeCsvBytes } from '@sekolo/shared/domain/csv-text';
import { formatZar } from '@sekolo/shared/domain/money';
import { FINANCE_MESSAGES, ZBankImportSchema, type TBankImport, type TBankLine } from '@sekolo/shared/schemas/finance';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { toastAction } from '~/lib/toast-action';
import {
  accountsQuery,
  bankImportQuery,
  useConfirmBankLine,
  useIgnoreBankLine,
  useImportBankStatement,
} from '../api/finance-queries';
import { formatShortDate } from '../lib/format';
import { FinancePage } from './finance-page';

const STATUS_LABELS: Record<TBankLine['status'], string> = {
  proposed: 'Match proposed',
  unmatched: 'No match',
  confirmed: 'Paid in',
  ignored: 'Ignored',
  duplicate: 'Imported before',
};

/**
 * /dashboard/school/finance/bank-import: the bank statement as CSV; each credit line is matched
 * to a family account by the reference the parent used (account or admission number). Nothing is
 * paid in until the accountant confirms the line, to the proposed account or another.
 */
export function BankImportPage() {
  const [params, setParams] = useSearchParams();
  const importId = params.get('import') ?? '';
  return (
    <FinancePage
      title="Bank statement"
      description="Import the school account’s statement and match each deposit to a family by its reference."
    >
      <UploadForm onImported={(imported) => setParams({ import: imported.id }, { replace: true })} />
      {importId && <ImportLines importId={importId} />}
    </FinancePage>
  );
}

function UploadForm({ onImported }: { onImported: (imported: TBankImport) => void }) {
  const id = useId();
  const upload = useImportBankStatement();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    const csv = file ? decodeCsvBytes(await file.arrayBuffer()).text : '';
    const parsed = ZBankImportSchema.safeParse({ fileName: file?.name, csv });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? FINANCE_MESSAGES.csvRequired);
      return;
    }
    try {
      onImported(await upload.mutateAsync(parsed.data));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Import a bank statement"
      className="flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <FormField
        id={`${id}-file`}
        label="Bank statement (CSV)"
        hint="With a Date and an Amount (or Credit) column, and the Description or Reference."
        error={problem}
        className="w-full sm:w-96"
      >
        <Input
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
        />
      </FormField>
      <Button type="submit" disabled={upload.isPending}>
        {upload.isPending ? 'Reading…' : 'Import'}
      </Button>
    </form>
  );
}

function ImportLines({ importId }: { importId: string }) {
  const imported = useQuery(bankImportQuery(importId));
  if (imported.isPending) return <LoadingSpinner className="py-6" label="Loading the statement lines..." />;
  if (imported.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(imported.error)}
      </p>
    );
  }
  const { lines } = imported.data;
  const waiting = lines.filter((l) => l.status === 'proposed' || l.status === 'unmatched').length;
  return (
    <section aria-labelledby="bank-lines" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="bank-lines" className="text-lg font-semibold text-slate-900">
          {imported.data.fileName}
        </h2>
        <p className="text-sm text-slate-700" aria-live="polite" data-testid="bank-lines-waiting">
          {waiting === 0 ? 'Every line is dealt with.' : `${waiting} of ${lines.length} lines to confirm or ignore.`}
        </p>
      </div>
      {lines.length === 0 ? (
        <p className="text-sm text-slate-600">The file has no deposits.</p>
      ) : (
        <ul
          className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm"
          data-testid="bank-lines"
        >
          {lines.map((line) => (
            <BankLineRow key={line.id} importId={importId} line={line} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BankLineRow({ importId, line }: { importId: string; line: TBankLine }) {
  const confirm = useConfirmBankLine();
  const ignore = useIgnoreBankLine();
  const [choosing, setChoosing] = useState(false);
  const open = line.status === 'proposed' || line.status === 'unmatched';
  const what = `${formatZar(line.amountCents)} on ${formatShortDate(line.date)}`;
  const confirmTo = (accountId: string, name: string) =>
    void toastAction(
      () => confirm.mutateAsync({ importId, lineId: line.id, accountId }),
      (answer) =>
        `${formatZar(answer.payment.amountCents)} paid in to ${name}, receipt ${answer.payment.receiptNumber}.`,
    ).then((done) => done && setChoosing(false));
  return (
    <li className="space-y-2 px-4 py-3" data-testid="bank-line">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {formatZar(line.amountCents)}{' '}
            <span className="font-normal text-slate-600">· {formatShortDate(line.date)}</span>
          </p>
          <p className="break-words text-slate-700">{line.description}</p>
          {line.match && (
            <p className="text-slate-700">
              {line.status === 'confirmed' ? 'Paid in to' : 'Proposed:'} <strong>{line.match.name}</strong>, account{' '}
              {line.match.accountNumber}{' '}
              <span className="text-slate-600">
                (by {line.match.by === 'account_number' ? 'account number' : 'admission number'})
              </span>
            </p>
          )}
        </div>
        <Badge variant={line.status === 'confirmed' ? 'brand' : line.status === 'proposed' ? 'accent' : 'neutral'}>
          {STATUS_LABELS[line.status]}
        </Badge>
      </div>
      {open && (
        <div className="flex flex-wrap gap-2">
          {line.match && (
            <Button
              type="button"
              size="sm"
              disabled={confirm.isPending}
              onClick={() => confirmTo(line.match!.accountId, line.match!.name)}
              aria-label={`Confirm ${what} to ${line.match.name}`}
            >
              <Check aria-hidden="true" /> Confirm
            </Button>
          )}
          <Button
            type="button"
            size="sm"
            variant="secondary"
            onClick={() => setChoosing((c) => !c)}
            aria-expanded={choosing}
            aria-label={`Choose another account for ${what}`}
          >
            {line.match ? 'Another account' : 'Choose an account'}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            disabled={ignore.isPending}
            onClick={() =>
              void toastAction(
                () => ignore.mutateAsync({ importId, lineId: line.id }),
                () => `${what} is ignored.`,
              )
            }
            aria-label={`Ignore ${what}`}
          >
            <X aria-hidden="true" /> Ignore
          </Button>
        </div>
      )}
      {open && choosing && (
        <AccountPicker label={`Account for ${what}`} onPick={confirmTo} pending={confirm.isPending} />
      )}
    </li>
  );
}

/** A search over the family accounts, to pay a deposit in to one the reference did not name. */
function AccountPicker({
  label,
  onPick,
  pending,
}: {
  label: string;
  onPick: (accountId: string, name: string) => void;
  pending: boolean;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  const search = q.trim();
  const accounts = useQuery({
    ...accountsQuery({ q: search, grade: '', arrears: false, page: 1 }),
    enabled: search.length >= 2,
  });
  return (
    <div className="space-y-2 rounded-xl bg-slate-50 p-3">
      <FormField id={`${id}-q`} label={label} hint="Type at least two letters of a name, or a number.">
        <Input type="search" value={q} onChange={(e) => setQ((e.target as HTMLInputElement).value)} />
      </FormField>
      {search.length >= 2 &&
        (accounts.isPending ? (
          <LoadingSpinner className="py-2" label="Searching..." />
        ) : accounts.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {errorMessage(accounts.error)}
          </p>
        ) : accounts.data.accounts.length === 0 ? (
          <p className="text-sm text-slate-600">No account matches.</p>
        ) : (
          <ul className="space-y-1">
            {accounts.data.accounts.slice(0, 6).map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {a.guardian.name} · {a.accountNumber}
                  <span className="block text-xs text-slate-600">{a.learners.map((l) => l.name).join(', ')}</span>
                </span>
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  disabled={pending}
                  onClick={() => onPick(a.id, a.guardian.name)}
                >
                  Pay in here
                </Button>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
