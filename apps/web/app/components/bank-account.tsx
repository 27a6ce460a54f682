import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ACCOUNT_TYPES, BANKS, universalBranchCodeFor } from '@sekolo/shared/constants/enumerations';
import { formatDateOfInstant } from '@sekolo/shared/domain/sa-calendar';
import {
  ZPayoutAccountInput,
  type TPayoutAccountInput,
  type TPayoutAccountView,
} from '@sekolo/shared/schemas/school-settings';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';

/**
 * The payout bank account, as a school, a seller, a charity and a young entrepreneur's shop all
 * keep it: the confirmed account, a change waiting for its e-mailed confirmation, and the form that
 * asks for a change. The owner's feature passes its own queries and wording.
 */

const typeLabel = (id: string) => ACCOUNT_TYPES.find((t) => t.id === id)?.label ?? id;

export function AccountCard({ account, title }: { account: TPayoutAccountView; title: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm">
      <p className="font-semibold text-slate-900">{title}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-slate-600">Bank</dt>
        <dd>{account.bankName}</dd>
        <dt className="text-slate-600">Account holder</dt>
        <dd>{account.accountHolder}</dd>
        <dt className="text-slate-600">Account number</dt>
        <dd className="tabular-nums">{account.accountNumberMasked}</dd>
        <dt className="text-slate-600">Branch code</dt>
        <dd className="tabular-nums">{account.branchCode}</dd>
        <dt className="text-slate-600">Type</dt>
        <dd>{typeLabel(account.accountType)}</dd>
        <dt className="text-slate-600">{account.confirmedAt ? 'Confirmed' : 'Asked for'}</dt>
        <dd>{formatDateOfInstant(account.confirmedAt ?? account.requestedAt)}</dd>
      </dl>
    </div>
  );
}

type TCancel = {
  isPending: boolean;
  mutate: (variables: undefined, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
};

/** The account payouts go to now, and a change waiting for confirmation with a way to cancel it. */
export function CurrentBankAccount({
  headingId,
  heading,
  confirmed,
  pending,
  confirmationTo,
  none,
  cancel,
}: {
  headingId: string;
  heading: string;
  confirmed: TPayoutAccountView | null;
  pending: TPayoutAccountView | null;
  confirmationTo: string[];
  none: ReactNode;
  cancel: TCancel;
}) {
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      {confirmed ? <AccountCard account={confirmed} title="Payouts go to this account" /> : none}
      {pending && (
        <div className="space-y-2" role="status">
          <AccountCard account={pending} title="Waiting for confirmation" />
          <p className="text-sm text-slate-700">
            A confirmation link went to {confirmationTo.join(', ')}. It works until{' '}
            {formatDateOfInstant(pending.expiresAt)}.
          </p>
          <Button
            variant="secondary"
            size="sm"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: () => toast.success('The change was cancelled.'),
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          >
            Cancel the change
          </Button>
        </div>
      )}
    </section>
  );
}

const FIELDS = ['accountHolder', 'bank', 'otherBankName', 'accountNumber', 'branchCode', 'accountType'];

/**
 * Asks for a new payout account: `send` posts it and says to whom the confirmation link went; the
 * server's field errors land on their fields, anything else above the button.
 */
export function BankAccountChangeForm({
  heading,
  intro,
  send,
}: {
  heading: string;
  intro: ReactNode;
  send: (body: z.output<typeof ZPayoutAccountInput>) => Promise<string>;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<TPayoutAccountInput, unknown, z.output<typeof ZPayoutAccountInput>>({
    resolver: zodResolver(ZPayoutAccountInput),
    defaultValues: {
      accountHolder: '',
      bank: '' as never,
      otherBankName: '',
      accountNumber: '',
      branchCode: '',
      accountType: '' as never,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const bank = form.watch('bank');
  const submit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      const done = await send(body);
      form.reset();
      toast.success(done);
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, FIELDS)) setProblem(errorMessage(error));
    }
  });
  return (
    <section aria-labelledby={`${id}-change`} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id={`${id}-change`} className="text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      <p className="text-sm text-slate-600">{intro}</p>
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-label="New bank account"
        className="grid gap-3 sm:grid-cols-2"
      >
        <FormField id={`${id}-holder`} label="Account holder" error={errors.accountHolder?.message}>
          <Input {...form.register('accountHolder')} autoComplete="off" />
        </FormField>
        <FormField id={`${id}-bank`} label="Bank" error={errors.bank?.message}>
          <NativeSelect
            {...form.register('bank', {
              onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
                const code = universalBranchCodeFor(event.target.value);
                if (code) form.setValue('branchCode', code);
              },
            })}
          >
            <option value="">Choose a bank</option>
            {BANKS.map((b) => (
              <option key={b.id} value={b.id}>
                {b.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {bank === 'other' && (
          <FormField id={`${id}-other`} label="Bank name" error={errors.otherBankName?.message}>
            <Input {...form.register('otherBankName')} />
          </FormField>
        )}
        <FormField id={`${id}-number`} label="Account number" error={errors.accountNumber?.message}>
          <Input {...form.register('accountNumber')} inputMode="numeric" autoComplete="off" />
        </FormField>
        <FormField id={`${id}-branch`} label="Branch code" error={errors.branchCode?.message}>
          <Input {...form.register('branchCode')} inputMode="numeric" />
        </FormField>
        <FormField id={`${id}-type`} label="Account type" error={errors.accountType?.message}>
          <NativeSelect {...form.register('accountType')}>
            <option value="">Choose a type</option>
            {ACCOUNT_TYPES.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {problem && (
          <p role="alert" className="text-sm text-red-800 sm:col-span-2">
            {problem}
          </p>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={isSubmitting}>
            Send confirmation link
          </Button>
        </div>
      </form>
    </section>
  );
}
