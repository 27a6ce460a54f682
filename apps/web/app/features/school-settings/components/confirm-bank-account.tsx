import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { TPayoutAccounts } from '@sekolo/shared/schemas/school-settings';
import { SCHOOL_SETTINGS_MESSAGES as M } from '@sekolo/shared/schemas/school-settings';
import { Button } from '~/components/ui/button';
import { paths } from '~/config/paths';
import { errorMessage } from '~/lib/server-field-errors';
import { useConfirmPayoutAccount } from '../api/settings-queries';

/** The e-mailed link's page: the signed-in school admin confirms the new payout account. */
export function ConfirmBankAccount() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmPayoutAccount();
  const [done, setDone] = useState<TPayoutAccounts | null>(null);
  const [problem, setProblem] = useState<string | null>(token ? null : M.payoutLinkInvalid);
  if (done?.confirmed)
    return (
      <div role="status" className="space-y-3 rounded-2xl border border-green-200 bg-green-50 p-4 text-sm">
        <p className="font-semibold text-green-900">The new bank account is confirmed.</p>
        <p>
          Payouts now go to {done.confirmed.bankName} {done.confirmed.accountNumberMasked}. Every school admin was told
          by e-mail.
        </p>
        <Link to={paths.settings.bankAccount} className="font-medium text-brand-700 underline">
          Back to the bank account settings
        </Link>
      </div>
    );
  return (
    <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-700">
        Confirm only if you or a colleague asked for this change. The e-mail shows the new account’s bank and last four
        digits.
      </p>
      {problem && (
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      )}
      <Button
        disabled={!token || confirm.isPending}
        onClick={() =>
          confirm.mutate(token, {
            onSuccess: (answer) => setDone(answer),
            onError: (error) => setProblem(errorMessage(error)),
          })
        }
      >
        Confirm the new bank account
      </Button>
    </div>
  );
}
