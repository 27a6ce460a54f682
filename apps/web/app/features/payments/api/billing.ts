import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TChangePackage, TSubscriptionView } from '@sekolo/shared/schemas/payments';
import { paymentsContracts } from '@sekolo/shared/contracts/payments';
import { call } from '~/lib/api-client';

type TAnswer = { subscription: TSubscriptionView | null };
const KEY = ['payments', 'subscription'] as const;

/** GET /api/payments/subscription: the school's plan (null when it has none). */
export function useSubscription() {
  return useQuery({ queryKey: KEY, queryFn: () => call(paymentsContracts.subscription) });
}

function useSubscriptionAction<TInput>(run: (input: TInput) => Promise<TAnswer>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: (answer) => client.setQueryData(KEY, answer) });
}

export const useCancelSubscription = () => useSubscriptionAction(() => call(paymentsContracts.cancelSubscription));
export const useResumeSubscription = () => useSubscriptionAction(() => call(paymentsContracts.resumeSubscription));
export const useChangePackage = () =>
  useSubscriptionAction((input: TChangePackage) => call(paymentsContracts.changeSubscription, { body: input }));
