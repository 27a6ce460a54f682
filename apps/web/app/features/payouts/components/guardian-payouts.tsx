import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatZar } from '@sekolo/shared/domain/money';
import { PAYOUT_MESSAGES as PM, type TGuardianAccountChange } from '@sekolo/shared/schemas/payouts';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { guardianChangeQuery, guardianShopsQuery, useGuardianConfirm } from '../api/payouts-queries';
import { AccountCard, EarningsBreakdown, PayoutHistory } from './payout-parts';

/**
 * The consenting guardian's link (D23): what the learner asked for, and the button that confirms
 * it. The link alone is the proof: the guardian needs no account here.
 */
export function GuardianConfirmPanel({ token }: { token: string | null }) {
  const change = useQuery({ ...guardianChangeQuery(token ?? ''), enabled: Boolean(token) });
  const confirm = useGuardianConfirm();
  const [done, setDone] = useState<TGuardianAccountChange | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (!token)
    return (
      <p role="alert" className="text-sm text-red-800">
        {PM.linkInvalid}
      </p>
    );
  if (change.isPending) return <LoadingSpinner className="min-h-[30vh]" />;
  if (!change.data)
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(change.error)}
      </p>
    );
  const shown = done ?? change.data;
  return (
    <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Confirm {shown.shopName}’s bank account</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Bank</dt>
        <dd>{shown.bankName}</dd>
        <dt className="text-slate-600">Account holder</dt>
        <dd>{shown.accountHolder}</dd>
        <dt className="text-slate-600">Account number</dt>
        <dd className="tabular-nums">{shown.accountNumberMasked}</dd>
      </dl>
      {shown.status === 'confirmed' ? (
        <p role="status" className="rounded-xl bg-green-50 p-3 text-sm text-green-900">
          Confirmed. The shop’s payouts now go to this account; you receive a remittance advice for each payout.
        </p>
      ) : shown.status === 'expired' ? (
        <p role="alert" className="text-sm text-red-800">
          {PM.linkExpired}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {shown.guardianName}, as the guardian who consented to the shop, you decide where its earnings are paid.
            Confirm only if you agree with this account.
          </p>
          {problem && (
            <p role="alert" className="text-sm text-red-800">
              {problem}
            </p>
          )}
          <Button
            disabled={confirm.isPending}
            onClick={() =>
              confirm.mutate(token, {
                onSuccess: (answer) => setDone(answer),
                onError: (error) => setProblem(errorMessage(error)),
              })
            }
          >
            Confirm the bank account
          </Button>
        </>
      )}
    </div>
  );
}

/** A guardian's read-only view of the shops they consented to: balance, earnings, account, payouts. */
export function GuardianShopPayouts() {
  const shops = useQuery(guardianShopsQuery);
  if (!shops.data)
    return shops.isPending ? (
      <LoadingSpinner className="min-h-[40vh]" />
    ) : (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(shops.error)}
      </p>
    );
  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Your child’s shop payouts</h1>
        <p className="text-sm text-slate-600">
          The sales and payouts of the shops you consented to. Only you can confirm a change of their bank account.
        </p>
      </div>
      {shops.data.shops.length === 0 && (
        <p className="text-sm text-slate-700">No shop you consented to has been approved yet.</p>
      )}
      {shops.data.shops.map((shop) => (
        <section key={shop.organization.id} aria-label={shop.organization.name} className="space-y-4">
          <h2 className="text-xl font-semibold text-slate-900">
            {shop.organization.name}: {formatZar(shop.availableCents)} available
          </h2>
          <div className="grid gap-6 lg:grid-cols-2">
            <EarningsBreakdown earnings={shop.earnings} availableCents={shop.availableCents} />
            <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
              <h3 className="text-lg font-semibold text-slate-900">Bank account</h3>
              {shop.account.confirmed ? (
                <AccountCard account={shop.account.confirmed} title="Payouts go to this account" />
              ) : (
                <p className="text-sm text-slate-700">No confirmed account yet.</p>
              )}
              {shop.account.pending && (
                <AccountCard account={shop.account.pending} title="Waiting for your confirmation (see your e-mail)" />
              )}
            </div>
          </div>
          <PayoutHistory payouts={shop.payouts} />
        </section>
      ))}
    </div>
  );
}
