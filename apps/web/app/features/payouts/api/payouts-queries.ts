import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { payoutsContracts as payouts } from '@sekolo/shared/contracts/payouts';
import type { TPayoutAccountInput } from '@sekolo/shared/schemas/school-settings';
import { call } from '~/lib/api-client';

/** The payouts API (/api/payouts): the payee's overview, its bank account, a payout now. */
export const PAYOUTS_KEY = ['payouts'] as const;

export const payoutOverviewQuery = queryOptions({
  queryKey: [...PAYOUTS_KEY, 'overview'],
  queryFn: () => call(payouts.overview),
});

export const guardianShopsQuery = queryOptions({
  queryKey: [...PAYOUTS_KEY, 'guardian'],
  queryFn: () => call(payouts.guardianShops),
});

export const guardianChangeQuery = (token: string) =>
  queryOptions({
    queryKey: [...PAYOUTS_KEY, 'guardian-change', token],
    queryFn: () => call(payouts.guardianAccountChange, { query: { token } }),
    retry: false,
  });

function usePayoutsMutation<TInput, TOutput>(run: (input: TInput) => Promise<TOutput>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: PAYOUTS_KEY });
    },
  });
}

export const usePayOutNow = () =>
  usePayoutsMutation((amountCents: number) => call(payouts.payOutNow, { body: { amountCents } }));
export const useRequestAccountChange = () =>
  usePayoutsMutation((body: TPayoutAccountInput) => call(payouts.requestAccountChange, { body }));
export const useCancelAccountChange = () => usePayoutsMutation(() => call(payouts.cancelAccountChange));
export const useConfirmAccount = () =>
  usePayoutsMutation((token: string) => call(payouts.confirmAccount, { body: { token } }));
export const useGuardianConfirm = () =>
  usePayoutsMutation((token: string) => call(payouts.guardianConfirmAccount, { body: { token } }));
