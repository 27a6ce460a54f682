import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ArrowLeft, Download } from 'lucide-react';
import type { z } from 'zod';
import { gradeLabel } from '@sekolo/shared/constants/enumerations';
import { formatZar } from '@sekolo/shared/domain/money';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import {
  PAYMENT_METHODS,
  RECORDED_PAYMENT_METHOD_IDS,
  ZCreditNoteSchema,
  ZRecordPaymentSchema,
  type TFamilyAccount,
  type TInvoiceSummary,
} from '@sekolo/shared/schemas/finance';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { paths } from '~/config/paths';
import { ApiError } from '~/lib/api-client';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import {
  accountPaymentsQuery,
  accountQuery,
  receiptPdfUrl,
  statementPdfUrl,
  statementQuery,
  useIssueCreditNote,
  useRecordPayment,
} from '../api/finance-queries';
import { convertingResolver } from '../lib/converting-resolver';
import { invoicePdfUrl } from '../api/exemption-queries';
import { balanceText, formatShortDate, paymentMethodLabel } from '../lib/format';
import { centsToRandInput, randToCents } from '../lib/money-input';
import { EmptyState, FinancePage } from './finance-page';
import { LearnerFees } from './learner-fees';
import { StatementTable } from './statement-table';

const downloadClass =
  'inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * /dashboard/school/finance/accounts/:accountId: one family's account: what it owes, its
 * statement (and the PDF the family gets), its open invoices with credit notes, and its payments;
 * the accountant records a payment received by EFT, cash, card machine or debit order.
 */
export function FamilyAccountPage({ accountId, canWrite }: { accountId: string; canWrite: boolean }) {
  const account = useQuery(accountQuery(accountId));
  if (account.isPending) return <LoadingSpinner label="Loading the account..." />;
  if (account.isError) {
    const missing =
      account.error instanceof ApiError &&
      (account.error.code === 'NOT_FOUND' || account.error.code === 'VALIDATION_ERROR');
    return (
      <FinancePage title={missing ? 'Account not found' : 'Family account'}>
        <p role="alert" className="text-sm text-red-800">
          {missing ? 'This family account was not found.' : errorMessage(account.error)}
        </p>
        <BackToAccounts />
      </FinancePage>
    );
  }
  const { account: a, openInvoices } = account.data;
  return (
    <FinancePage
      title={a.guardian.name}
      description={`Account ${a.accountNumber}${a.guardian.email ? ` · ${a.guardian.email}` : ''}`}
      actions={
        <a href={statementPdfUrl(a.id)} download className={downloadClass}>
          <Download className="size-4" aria-hidden="true" /> Statement PDF
        </a>
      }
    >
      <BackToAccounts />
      <AccountSummary account={a} />
      {canWrite && <RecordPayment accountId={a.id} />}
      <OpenInvoices invoices={openInvoices} canWrite={canWrite} />
      <section aria-labelledby="account-learners" className="space-y-3">
        <h2 id="account-learners" className="text-lg font-semibold text-slate-900">
          Learners’ fees
        </h2>
        {a.learners.map((learner) => (
          <details key={learner.id} className="rounded-xl border border-slate-200 bg-white p-4">
            <summary className="cursor-pointer font-medium text-slate-900">
              {learner.name} ({gradeLabel(learner.grade)}): optional items, bursaries and exemptions
            </summary>
            <div className="mt-3">
              <LearnerFees learnerId={learner.id} name={learner.name} canWrite={canWrite} />
            </div>
          </details>
        ))}
      </section>
      <section aria-labelledby="account-statement" className="space-y-3">
        <h2 id="account-statement" className="text-lg font-semibold text-slate-900">
          Statement
        </h2>
        <Statement accountId={a.id} />
      </section>
      <Payments accountId={a.id} />
    </FinancePage>
  );
}

function BackToAccounts() {
  return (
    <Link
      to={paths.finance.accounts}
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" /> All family accounts
    </Link>
  );
}

function AccountSummary({ account }: { account: TFamilyAccount }) {
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-3">
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">Balance</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums text-slate-900" data-testid="account-balance">
            {balanceText(account.balanceCents)}
          </dd>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">Overdue</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{formatZar(account.overdueCents)}</dd>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">Next due</dt>
          <dd className="mt-1 text-lg font-semibold text-slate-900">
            {account.nextDue
              ? `${formatZar(account.nextDue.amountCents)} on ${formatShortDate(account.nextDue.dueOn)}`
              : 'Nothing due'}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-slate-700">
        Learners:{' '}
        {account.learners
          .map((l) => `${l.name} (${gradeLabel(l.grade)}, admission no. ${l.admissionNumber})`)
          .join('; ') || 'none'}
      </p>
    </div>
  );
}

type TPaymentForm = {
  method: (typeof RECORDED_PAYMENT_METHOD_IDS)[number];
  amountCents: string;
  reference: string;
  receivedOn: string;
};

function RecordPayment({ accountId }: { accountId: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const record = useRecordPayment();
  const [problem, setProblem] = useState<string | null>(null);
  const blank: TPaymentForm = { method: 'eft', amountCents: '', reference: '', receivedOn: todayInSouthAfrica() };
  const form = useForm<TPaymentForm, unknown, z.output<typeof ZRecordPaymentSchema>>({
    resolver: convertingResolver(ZRecordPaymentSchema, (values: TPaymentForm) => ({
      accountId,
      method: values.method,
      amountCents: randToCents(values.amountCents) ?? Number.NaN,
      reference: values.reference,
      receivedOn: values.receivedOn,
    })),
    defaultValues: blank,
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      const payment = await record.mutateAsync(body);
      toast.success(
        `Payment of ${formatZar(payment.amountCents)} recorded, receipt ${payment.receiptNumber}.` +
          (payment.unallocatedCents > 0
            ? ` ${formatZar(payment.unallocatedCents)} stays on the account as credit.`
            : ''),
      );
      form.reset(blank);
      setOpen(false);
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ['method', 'amountCents', 'reference', 'receivedOn']))
        setProblem(errorMessage(error));
    }
  });
  if (!open) {
    return (
      <Button type="button" onClick={() => setOpen(true)}>
        Record a payment
      </Button>
    );
  }
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Record a payment"
      className="grid gap-3 rounded-2xl border border-brand-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <h2 className="text-base font-semibold text-slate-900 sm:col-span-2 lg:col-span-4">Record a payment</h2>
      <FormField id={`${id}-method`} label="Method" error={errors.method?.message}>
        <NativeSelect {...form.register('method')}>
          {PAYMENT_METHODS.filter((m) => (RECORDED_PAYMENT_METHOD_IDS as readonly string[]).includes(m.id)).map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={`${id}-amount`} label="Amount (R)" error={errors.amountCents?.message}>
        <Input {...form.register('amountCents')} inputMode="decimal" autoComplete="off" />
      </FormField>
      <FormField
        id={`${id}-reference`}
        label="Reference"
        hint="The bank’s or the slip’s reference"
        error={errors.reference?.message}
      >
        <Input {...form.register('reference')} autoComplete="off" />
      </FormField>
      <FormField id={`${id}-date`} label="Received on" error={errors.receivedOn?.message}>
        <Input type="date" max={todayInSouthAfrica()} {...form.register('receivedOn')} />
      </FormField>
      {problem && (
        <p role="alert" className="text-sm text-red-800 sm:col-span-2 lg:col-span-4">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit" disabled={isSubmitting}>
          Record payment
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function OpenInvoices({ invoices, canWrite }: { invoices: readonly TInvoiceSummary[]; canWrite: boolean }) {
  const [crediting, setCrediting] = useState<string | null>(null);
  return (
    <section aria-labelledby="account-open-invoices" className="space-y-3">
      <h2 id="account-open-invoices" className="text-lg font-semibold text-slate-900">
        Open invoices
      </h2>
      {invoices.length === 0 ? (
        <p className="text-sm text-slate-600">No invoice is waiting to be paid.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
          {invoices.map((invoice) => (
            <li key={invoice.id} className="space-y-3 px-4 py-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <div>
                  <p className="font-medium text-slate-900">
                    {invoice.number} · {invoice.learner.name}
                  </p>
                  <p className="text-slate-600">
                    Due {formatShortDate(invoice.dueOn)} · {formatZar(invoice.totalCents)}
                    {invoice.creditedCents > 0 && ` · ${formatZar(invoice.creditedCents)} credited`}
                    {invoice.paidCents > 0 && ` · ${formatZar(invoice.paidCents)} paid`}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <span className="font-semibold tabular-nums text-slate-900">{formatZar(invoice.openCents)} open</span>
                  <a
                    href={invoicePdfUrl(invoice.id)}
                    download
                    className="text-sm font-semibold text-brand-700 hover:underline"
                    aria-label={`Download invoice ${invoice.number} (PDF)`}
                  >
                    PDF
                  </a>
                  {canWrite && crediting !== invoice.id && (
                    <Button
                      type="button"
                      variant="secondary"
                      size="sm"
                      onClick={() => setCrediting(invoice.id)}
                      aria-label={`Credit note on ${invoice.number}`}
                    >
                      Credit note
                    </Button>
                  )}
                </div>
              </div>
              {crediting === invoice.id && <CreditNoteForm invoice={invoice} onDone={() => setCrediting(null)} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type TCreditForm = { amountCents: string; reason: string };

function CreditNoteForm({ invoice, onDone }: { invoice: TInvoiceSummary; onDone: () => void }) {
  const id = useId();
  const issue = useIssueCreditNote();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<TCreditForm, unknown, z.output<typeof ZCreditNoteSchema>>({
    resolver: convertingResolver(ZCreditNoteSchema, (values: TCreditForm) => ({
      amountCents: randToCents(values.amountCents) ?? Number.NaN,
      reason: values.reason,
    })),
    defaultValues: { amountCents: centsToRandInput(invoice.totalCents - invoice.creditedCents), reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      const answer = await issue.mutateAsync({ invoiceId: invoice.id, body });
      toast.success(
        `Credit note ${answer.creditNote.number} of ${formatZar(answer.creditNote.amountCents)} issued on ${invoice.number}.`,
      );
      onDone();
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ['amountCents', 'reason'])) setProblem(errorMessage(error));
    }
  });
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={`Credit note on ${invoice.number}`}
      className="grid gap-3 rounded-xl bg-slate-50 p-3 sm:grid-cols-[10rem_1fr_auto]"
    >
      <FormField id={`${id}-amount`} label="Amount (R)" error={errors.amountCents?.message}>
        <Input {...form.register('amountCents')} inputMode="decimal" autoComplete="off" />
      </FormField>
      <FormField id={`${id}-reason`} label="Reason" error={errors.reason?.message}>
        <Input {...form.register('reason')} />
      </FormField>
      <div className="flex items-end gap-2">
        <Button type="submit" size="sm" disabled={isSubmitting}>
          Issue credit note
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-800 sm:col-span-3">
          {problem}
        </p>
      )}
    </form>
  );
}

function Statement({ accountId }: { accountId: string }) {
  const statement = useQuery(statementQuery(accountId));
  if (statement.isPending) return <LoadingSpinner className="py-6" label="Loading the statement..." />;
  if (statement.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(statement.error)}
      </p>
    );
  }
  if (statement.data.lines.length === 0 && statement.data.openingBalanceCents === 0)
    return (
      <EmptyState title="Nothing on the statement yet">
        Invoices and payments appear here as they are issued and received.
      </EmptyState>
    );
  return <StatementTable statement={statement.data} />;
}

function Payments({ accountId }: { accountId: string }) {
  const payments = useQuery(accountPaymentsQuery(accountId));
  return (
    <section aria-labelledby="account-payments" className="space-y-3">
      <h2 id="account-payments" className="text-lg font-semibold text-slate-900">
        Payments and receipts
      </h2>
      {payments.isPending ? (
        <LoadingSpinner className="py-6" />
      ) : payments.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(payments.error)}
        </p>
      ) : payments.data.payments.length === 0 ? (
        <p className="text-sm text-slate-600">No payments received yet.</p>
      ) : (
        <ul
          className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm"
          data-testid="account-payments"
        >
          {payments.data.payments.map((p) => (
            <li key={p.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3">
              <div>
                <p className="font-medium text-slate-900">
                  {formatZar(p.amountCents)} · {paymentMethodLabel(p.method)}
                </p>
                <p className="text-slate-600">
                  {formatShortDate(p.receivedOn)} · {p.reference} · receipt {p.receiptNumber}
                  {p.unallocatedCents > 0 && ` · ${formatZar(p.unallocatedCents)} as credit`}
                </p>
              </div>
              <a
                href={receiptPdfUrl(p.id)}
                download
                className="text-sm font-medium text-brand-700 hover:underline"
                aria-label={`Receipt ${p.receiptNumber} (PDF)`}
              >
                Receipt PDF
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
