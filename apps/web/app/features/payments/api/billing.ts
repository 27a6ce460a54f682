import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TChangePackage, TSubscriptionView } from '@sekolo/shared/schemas/payments';
import { api } from '~/lib/api-client';

type TAnswer = { subscription: TSubscriptionView | null };
const KEY = ['payments', 'subscription'] as const;

/** GET /api/payments/subscription: the school's plan (null when it has none). */
export function useSubscription() {
  return useQuery({ queryKey: KEY, queryFn: () => api.get<TAnswer>('/api/payments/subscription') });
}

function useSubscriptionAction<TInput>(run: (input: TInput) => Promise<TAnswer>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: (answer) => client.setQueryData(KEY, answer) });
}

export const useCancelSubscription = () => useSubscriptionAction(() => api.post<TAnswer>('/api/payments/subscription/cancel'));
export const useResumeSubscription = () => useSubscriptionAction(() => api.post<TAnswer>('/api/payments/subscription/resume'));
export const useChangePackage = () =>
  useSubscriptionAction((input: TChangePackage) => api.post<TAnswer>('/api/payments/subscription/change', input));
