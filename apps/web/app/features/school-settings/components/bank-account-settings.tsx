import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ACCOUNT_TYPES, BANKS, universalBranchCodeFor } from '@sekolo/shared/constants/enumerations';
import { formatDateOfInstant } from '@sekolo/shared/domain/sa-calendar';
import {
  SCHOOL_SETTINGS_MESSAGES as M,
  ZPayoutAccountInput,
  type TPayoutAccountInput,
  type TPayoutAccountView,
} from '@sekolo/shared/schemas/school-settings';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import { payoutAccountQuery, useCancelPayoutAccount, useRequestPayoutAccount } from '../api/settings-queries';
import { QueryState } from './settings-page';

const typeLabel = (id: string) => ACCOUNT_TYPES.find((t) => t.id === id)?.label ?? id;

function AccountCard({ account, title }: { account: TPayoutAccountView; title: string }) {
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

/**
 * The account the school's online collections are paid out to. A change waits for a school admin
 * to confirm it from the e-mailed link; payouts keep going to the confirmed account until then.
 */
export function BankAccountSettings() {
  const accounts = useQuery(payoutAccountQuery);
  const cancel = useCancelPayoutAccount();
  if (!accounts.data) return <QueryState pending={accounts.isPending} error={accounts.error} />;
  const { confirmed, pending, confirmationTo } = accounts.data;
  return (
    <div className="space-y-6">
      <section aria-labelledby="payout-current" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
        <h2 id="payout-current" className="text-lg font-semibold text-slate-900">
          Payout account
        </h2>
        {confirmed ? (
          <AccountCard account={confirmed} title="Payouts go to this account" />
        ) : (
          <p className="text-sm text-slate-700">
            No confirmed account yet: online fee payments are held until the school’s bank account is added and
            confirmed.
          </p>
        )}
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
      <ChangeForm confirmationTo={confirmationTo} />
    </div>
  );
}

const FIELDS = ['accountHolder', 'bank', 'otherBankName', 'accountNumber', 'branchCode', 'accountType'];

function ChangeForm({ confirmationTo }: { confirmationTo: string[] }) {
  const id = useId();
  const request = useRequestPayoutAccount();
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
      await request.mutateAsync(body);
      form.reset();
      toast.success(M.payoutConfirmationSent(confirmationTo.join(', ')));
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, FIELDS)) setProblem(errorMessage(error));
    }
  });
  return (
    <section aria-labelledby={`${id}-change`} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id={`${id}-change`} className="text-lg font-semibold text-slate-900">
        Change the bank account
      </h2>
      <p className="text-sm text-slate-600">
        For the school’s safety, a new account is used only after a school admin confirms it from the link we e-mail
        them. The change is recorded in the audit log.
      </p>
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
