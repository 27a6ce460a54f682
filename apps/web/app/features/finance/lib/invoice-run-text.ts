import { gradeLabel } from '@sekolo/shared/constants/enumerations';
import { formatZar } from '@sekolo/shared/domain/money';
import type { TInvoiceRun } from '@sekolo/shared/schemas/finance';

/** "2026, term 2, Grade 8" or "2026, the whole year, every grade". */
export function runScope(run: Pick<TInvoiceRun, 'year' | 'term' | 'grade'>): string {
  return [
    run.year,
    run.term ? `term ${run.term}` : 'the whole year',
    run.grade ? gradeLabel(run.grade) : 'every grade',
  ].join(', ');
}

/** What the run has done, in a sentence: while it runs, when it is done (nothing new on a rerun), or failed. */
export function runStatusText(run: TInvoiceRun): string {
  if (run.status === 'queued') return 'Waiting to start...';
  if (run.status === 'running') return `Invoicing: ${run.learnersDone} of ${run.learnersTotal} learners done.`;
  if (run.status === 'failed') return 'The run stopped before it finished. Start it again: nothing is invoiced twice.';
  if (run.invoicesCreated === 0)
    return `Done. No new invoices: every learner (${run.learnersTotal}) was already invoiced for this period.`;
  return `Done. ${run.invoicesCreated} ${run.invoicesCreated === 1 ? 'invoice' : 'invoices'} created for ${run.learnersDone} ${run.learnersDone === 1 ? 'learner' : 'learners'}, ${formatZar(run.amountCents)} in all.`;
}
