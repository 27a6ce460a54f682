import { useQuery } from '@tanstack/react-query';
import { SCHOOL_SETTINGS_MESSAGES as M } from '@sekolo/shared/schemas/school-settings';
import { BankAccountChangeForm, CurrentBankAccount } from '~/components/bank-account';
import { payoutAccountQuery, useCancelPayoutAccount, useRequestPayoutAccount } from '../api/settings-queries';
import { QueryState } from './settings-page';

/**
 * The account the school's online collections are paid out to. A change waits for a school admin
 * to confirm it from the e-mailed link; payouts keep going to the confirmed account until then.
 */
export function BankAccountSettings() {
  const accounts = useQuery(payoutAccountQuery);
  const cancel = useCancelPayoutAccount();
  const request = useRequestPayoutAccount();
  if (!accounts.data) return <QueryState pending={accounts.isPending} error={accounts.error} />;
  const { confirmed, pending, confirmationTo } = accounts.data;
  return (
    <div className="space-y-6">
      <CurrentBankAccount
        headingId="payout-current"
        heading="Payout account"
        confirmed={confirmed}
        pending={pending}
        confirmationTo={confirmationTo}
        none={
          <p className="text-sm text-slate-700">
            No confirmed account yet: online fee payments are held until the school’s bank account is added and
            confirmed.
          </p>
        }
        cancel={cancel}
      />
      <BankAccountChangeForm
        heading="Change the bank account"
        intro="For the school’s safety, a new account is used only after a school admin confirms it from the link we e-mail them. The change is recorded in the audit log."
        send={async (body) => {
          await request.mutateAsync(body);
          return M.payoutConfirmationSent(confirmationTo.join(', '));
        }}
      />
    </div>
  );
}
