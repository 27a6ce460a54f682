import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { formatZar } from '@sekolo/shared/domain/money';
import { PAYOUT_MESSAGES as PM, type TPayoutOverview } from '@sekolo/shared/schemas/payouts';
import { SCHOOL_SETTINGS_MESSAGES as M } from '@sekolo/shared/schemas/school-settings';
import { BankAccountChangeForm, CurrentBankAccount } from '~/components/bank-account';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import {
  payoutOverviewQuery,
  useCancelAccountChange,
  useConfirmAccount,
  usePayOutNow,
  useRequestAccountChange,
} from '../api/payouts-queries';
import { EarningsBreakdown, PayoutHistory } from './payout-parts';

/** "1 234,56", "R150", "150.5" → cents; null when it is not an amount. */
export function randsToCents(text: string): number | null {
  const cleaned = text.replace(/[R\s\u00a0]/gi, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

/**
 * The Payouts page of a business partner, charity or young entrepreneur's shop: the available
 * balance, where it came from, the bank account (a change confirmed from the e-mailed link), the
 * payouts made, and "Pay out now" with the R12 fee shown before confirming.
 */
export function PayoutsPage() {
  const overview = useQuery(payoutOverviewQuery);
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  if (!overview.data)
    return overview.isPending ? (
      <LoadingSpinner className="min-h-[40vh]" />
    ) : (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(overview.error)}
      </p>
    );
  const data = overview.data;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="space-y-1">
        <p className="text-sm font-semibold text-brand-700">{data.organization.name}</p>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Payouts</h1>
        <p className="text-sm text-slate-600">
          Your balance is paid out every Monday ({formatZar(data.fees.weeklyCents)} fee), or at once when you ask (
          {formatZar(data.fees.immediateCents)} fee). The bank pays within 7 business days.
        </p>
      </div>
      {token && data.confirmedBy === 'members' && (
        <ConfirmFromLink token={token} onDone={() => setParams({}, { replace: true })} />
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <BalanceCard data={data} />
        <EarningsBreakdown earnings={data.earnings} availableCents={data.availableCents} />
      </div>
      <BankAccount data={data} />
      <PayoutHistory payouts={data.payouts} />
    </div>
  );
}

function ConfirmFromLink({ token, onDone }: { token: string; onDone: () => void }) {
  const confirm = useConfirmAccount();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <section
      aria-labelledby="confirm-link-heading"
      className="space-y-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm"
    >
      <h2 id="confirm-link-heading" className="text-lg font-semibold text-slate-900">
        Confirm the new bank account
      </h2>
      <p className="text-slate-700">
        Confirm only if you or a colleague asked for this change. The e-mail shows the new account’s bank and last four
        digits.
      </p>
      {problem && (
        <p role="alert" className="text-red-800">
          {problem}
        </p>
      )}
      <Button
        disabled={confirm.isPending}
        onClick={() =>
          confirm.mutate(token, {
            onSuccess: (answer) => {
              toast.success(
                answer.confirmed
                  ? `Payouts now go to ${answer.confirmed.bankName} ${answer.confirmed.accountNumberMasked}.`
                  : 'Confirmed.',
              );
              onDone();
            },
            onError: (error) => setProblem(errorMessage(error)),
          })
        }
      >
        Confirm the new bank account
      </Button>
    </section>
  );
}

function BalanceCard({ data }: { data: TPayoutOverview }) {
  const id = useId();
  const payOut = usePayOutNow();
  const [amount, setAmount] = useState('');
  const [asked, setAsked] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fee = data.fees.immediateCents;
  const canPay = Boolean(data.account.confirmed) && data.availableCents > fee;
  const review = (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const cents = randsToCents(amount);
    if (cents === null) return setProblem(PM.amountRequired);
    if (cents <= fee) return setProblem(PM.moreThanFee(fee));
    if (cents > data.availableCents)
      return setProblem(`The balance is ${formatZar(data.availableCents)}; a payout cannot be more than that.`);
    setAsked(cents);
  };
  return (
    <section aria-labelledby={`${id}-balance`} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4">
      <div>
        <h2 id={`${id}-balance`} className="text-sm font-semibold text-slate-600">
          Available balance
        </h2>
        <p className="text-3xl font-bold tabular-nums text-slate-900" data-testid="available-balance">
          {formatZar(data.availableCents)}
        </p>
      </div>
      {!data.account.confirmed && (
        <p className="text-sm text-slate-700">
          Add your bank account below and confirm it from the e-mail: payouts wait until then.
        </p>
      )}
      {asked === null ? (
        <form onSubmit={review} noValidate aria-label="Pay out now" className="space-y-3">
          <FormField id={`${id}-amount`} label="Amount to pay out (R)" error={problem ?? undefined}>
            <Input
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              inputMode="decimal"
              placeholder={formatZar(data.availableCents)}
              disabled={!canPay}
            />
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={!canPay}>
              Pay out now
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={!canPay}
              onClick={() => setAmount((data.availableCents / 100).toFixed(2).replace('.', ','))}
            >
              Whole balance
            </Button>
          </div>
          <p className="text-xs text-slate-600">An immediate payout costs {formatZar(fee)}.</p>
        </form>
      ) : (
        <div role="group" aria-label="Confirm the payout" className="space-y-3 rounded-xl bg-slate-50 p-3 text-sm">
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
            <dt>Taken from your balance</dt>
            <dd className="tabular-nums">{formatZar(asked)}</dd>
            <dt>Immediate payout fee</dt>
            <dd className="tabular-nums">{formatZar(fee)}</dd>
            <dt className="font-semibold">Paid to {data.account.confirmed?.bankName}</dt>
            <dd className="tabular-nums font-semibold">{formatZar(asked - fee)}</dd>
          </dl>
          {problem && (
            <p role="alert" className="text-red-800">
              {problem}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={payOut.isPending}
              onClick={() =>
                payOut.mutate(asked, {
                  onSuccess: ({ payout }) => {
                    toast.success(`${formatZar(payout.netCents)} is on its way to your bank account.`);
                    setAsked(null);
                    setAmount('');
                  },
                  onError: (error) => setProblem(errorMessage(error)),
                })
              }
            >
              Confirm payout
            </Button>
            <Button variant="secondary" onClick={() => setAsked(null)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

function BankAccount({ data }: { data: TPayoutOverview }) {
  const cancel = useCancelAccountChange();
  const request = useRequestAccountChange();
  const { confirmed, pending, confirmationTo } = data.account;
  const guardian = data.confirmedBy === 'guardian';
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <CurrentBankAccount
        headingId="account-heading"
        heading="Bank account"
        confirmed={confirmed}
        pending={pending}
        confirmationTo={confirmationTo}
        none={<p className="text-sm text-slate-700">No confirmed account yet.</p>}
        cancel={cancel}
      />
      <BankAccountChangeForm
        heading="Add or change the bank account"
        intro={
          guardian
            ? 'The guardian who consented to your shop confirms a new account from the link we e-mail them.'
            : `A new account is used only after it is confirmed from the link we e-mail${
                confirmationTo.length > 0 ? ` to ${confirmationTo.join(', ')}` : ''
              }.`
        }
        send={async (body) => {
          const answer = await request.mutateAsync(body);
          return M.payoutConfirmationSent(answer.confirmationTo.join(', '));
        }}
      />
    </div>
  );
}
