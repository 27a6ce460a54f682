import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { TCheckoutRedirect } from '@sekolo/shared/schemas/payments';
import { formatZar } from '@sekolo/shared/domain/money';
import { schoolPaymentBreakdown } from '@sekolo/shared/domain/fee-calculator';
import { MIN_ONLINE_PAYMENT_CENTS, ZPayNowSchema, type TMyFamilyAccount } from '@sekolo/shared/schemas/finance';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import { usePayNow } from '../api/finance-queries';
import { convertingResolver } from '../lib/converting-resolver';
import { centsToRandInput, randToCents } from '../lib/money-input';
import { PayBreakdown } from './pay-breakdown';
import { suggestedPayment } from '../lib/pay-now';

type TPayForm = { amountCents: string };

/**
 * "Pay now" on a family account: any amount (the balance, part of it, or more as credit), with
 * what it costs and what the school receives shown before the parent leaves for the payment page.
 * `followRedirect` sends the browser to the provider (the sandbox's page or PayFast).
 */
export function PayNowForm({
  account,
  followRedirect,
  onCancel,
}: {
  account: TMyFamilyAccount;
  followRedirect: (redirect: TCheckoutRedirect) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const pay = usePayNow(account.id);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<TPayForm, unknown, z.output<typeof ZPayNowSchema>>({
    resolver: convertingResolver(ZPayNowSchema, (values: TPayForm) => ({
      amountCents: randToCents(values.amountCents) ?? Number.NaN,
    })),
    defaultValues: { amountCents: centsToRandInput(suggestedPayment(account.balanceCents)) },
  });
  const typed = useWatch({ control: form.control, name: 'amountCents' });
  const amount = randToCents(typed ?? '');
  const shown = amount !== null && amount >= MIN_ONLINE_PAYMENT_CENTS ? amount : null;
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      const answer = await pay.mutateAsync(body);
      followRedirect(answer.redirect);
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ['amountCents'])) setProblem(errorMessage(error));
    }
  });
  const over =
    shown !== null && account.balanceCents > 0 && shown > account.balanceCents ? shown - account.balanceCents : 0;
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={`Pay towards account ${account.accountNumber}`}
      className="space-y-3 rounded-xl border border-brand-200 bg-white p-4"
    >
      <FormField
        id={`${id}-amount`}
        label="Amount towards the account (R)"
        hint={
          over > 0
            ? `${formatZar(over)} more than the balance stays on the account as credit.`
            : 'Any amount: the balance, part of it, or more to keep as credit.'
        }
        error={errors.amountCents?.message}
        className="max-w-xs"
      >
        <Input {...form.register('amountCents')} inputMode="decimal" autoComplete="off" />
      </FormField>
      {shown !== null && <PayBreakdown amountCents={shown} schoolName={account.schoolName} />}
      {problem && (
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting || pay.isPending}>
          {shown !== null ? `Pay ${formatZar(schoolPaymentBreakdown(shown).parentPaysCents)}` : 'Pay'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
