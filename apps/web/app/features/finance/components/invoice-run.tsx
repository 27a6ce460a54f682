import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SCHOOL_GRADES, type TSchoolGrade } from '@sekolo/shared/constants/enumerations';
import { formatZar } from '@sekolo/shared/domain/money';
import { formatDateOfInstant, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { ZInvoiceRunSchema, type TInvoiceRun } from '@sekolo/shared/schemas/finance';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import {
  invoiceRunQuery,
  invoiceRunsQuery,
  isRunning,
  structuresQuery,
  useStartInvoiceRun,
} from '../api/finance-queries';
import { convertingResolver } from '../lib/converting-resolver';
import { FinancePage } from './finance-page';
import { runScope, runStatusText } from '../lib/invoice-run-text';

type TRunForm = { year: string; term: string; grade: TSchoolGrade | '' };

/**
 * /dashboard/school/finance/invoice-run: invoices every enrolled learner for a year or a term.
 * The run works in the background; the page follows it (its id in the address, so a reload or
 * another tab follows the same run). Running it again for the same period creates nothing twice.
 */
export function InvoiceRunPage({ canRun }: { canRun: boolean }) {
  const [params, setParams] = useSearchParams();
  const runId = params.get('run') ?? '';
  const runs = useQuery(invoiceRunsQuery);
  return (
    <FinancePage
      title="Invoice run"
      description="Invoice every enrolled learner for the year or a term, from the grade’s fee structure."
    >
      {canRun && <RunForm onStarted={(run) => setParams({ run: run.id }, { replace: true })} />}
      {runId && <RunProgress runId={runId} />}
      <section aria-labelledby="invoice-runs-heading" className="space-y-3">
        <h2 id="invoice-runs-heading" className="text-lg font-semibold text-slate-900">
          Earlier runs
        </h2>
        {runs.isPending ? (
          <LoadingSpinner className="py-6" />
        ) : runs.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {errorMessage(runs.error)}
          </p>
        ) : runs.data.length === 0 ? (
          <p className="text-sm text-slate-600">No invoices have been run yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
            {runs.data.map((run) => (
              <li key={run.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3">
                <div>
                  <p className="font-medium text-slate-900">{runScope(run)}</p>
                  <p className="text-slate-600">
                    {formatDateOfInstant(run.createdAt)} · {run.invoicesCreated} invoices · {formatZar(run.amountCents)}
                    {run.status === 'failed' && ' · failed'}
                    {isRunning(run) && ' · running'}
                  </p>
                </div>
                {run.id !== runId && (
                  <Button
                    type="button"
                    variant="link"
                    size="sm"
                    onClick={() => setParams({ run: run.id }, { replace: true })}
                    aria-label={`Show the run of ${runScope(run)}`}
                  >
                    Show
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </FinancePage>
  );
}

function RunForm({ onStarted }: { onStarted: (run: TInvoiceRun) => void }) {
  const id = useId();
  const start = useStartInvoiceRun();
  const [problem, setProblem] = useState<string | null>(null);
  const year = Number(todayInSouthAfrica().slice(0, 4));
  // Last year, this year and the next, and any later year the school has set fees up for.
  const withFees = useQuery(structuresQuery(year)).data?.years ?? [];
  const years = [...new Set([year - 1, year, year + 1, ...withFees.filter((y) => y > year)])].sort((a, b) => a - b);
  const form = useForm<TRunForm, unknown, z.output<typeof ZInvoiceRunSchema>>({
    resolver: convertingResolver(ZInvoiceRunSchema, (values: TRunForm) => ({
      year: Number(values.year),
      term: values.term ? Number(values.term) : undefined,
      grade: values.grade || undefined,
    })),
    defaultValues: { year: String(year), term: '', grade: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      onStarted(await start.mutateAsync(body));
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ['year', 'term', 'grade'])) setProblem(errorMessage(error));
    }
  });
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Start an invoice run"
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <FormField id={`${id}-year`} label="Year" error={errors.year?.message}>
        <NativeSelect {...form.register('year')}>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={`${id}-term`} label="Period" error={errors.term?.message}>
        <NativeSelect {...form.register('term')}>
          <option value="">The whole year</option>
          {[1, 2, 3, 4].map((term) => (
            <option key={term} value={term}>
              Term {term}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={`${id}-grade`} label="Grades" error={errors.grade?.message}>
        <NativeSelect {...form.register('grade')}>
          <option value="">Every grade</option>
          {SCHOOL_GRADES.map((g) => (
            <option key={g.id} value={g.id}>
              {g.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="flex items-end">
        <Button type="submit" disabled={isSubmitting}>
          Start the invoice run
        </Button>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-800 sm:col-span-2 lg:col-span-4">
          {problem}
        </p>
      )}
    </form>
  );
}

function RunProgress({ runId }: { runId: string }) {
  const run = useQuery(invoiceRunQuery(runId));
  if (run.isPending) return <LoadingSpinner className="py-6" label="Loading the run..." />;
  if (run.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(run.error)}
      </p>
    );
  }
  const r = run.data;
  const percent = r.learnersTotal > 0 ? Math.round((r.learnersDone / r.learnersTotal) * 100) : isRunning(r) ? 0 : 100;
  return (
    <section
      aria-labelledby="invoice-run-progress"
      className="space-y-3 rounded-2xl border border-brand-200 bg-white p-4"
      data-testid="invoice-run"
    >
      <h2 id="invoice-run-progress" className="font-semibold text-slate-900">
        Invoice run: {runScope(r)}
      </h2>
      <div
        role="progressbar"
        aria-label="Learners invoiced"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${r.learnersDone} of ${r.learnersTotal} learners`}
        className="h-3 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-3 rounded-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-700" aria-live="polite" data-testid="invoice-run-status">
        {runStatusText(r)}
      </p>
      {r.skipped.length > 0 && !isRunning(r) && (
        <details className="text-sm">
          <summary className="cursor-pointer text-brand-700">
            {r.skipped.length} {r.skipped.length === 1 ? 'learner was' : 'learners were'} not invoiced
          </summary>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
            {r.skipped.map((s) => (
              <li key={s.learnerId}>
                {s.name}: {s.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
