import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLearnerAccount, TLearnerAccountInviteInput, TLearnerOverview } from '@sekolo/shared/schemas/family';
import { api } from '~/lib/api-client';
import { SCHOOL_KEY } from './school-queries';

/** Learner accounts and the family dashboards (issue 6), under the school API's keys. */

function learnerAccountKey(learnerId: string) {
  return [...SCHOOL_KEY, 'learner', learnerId, 'account'] as const;
}

export function useLearnerAccount(learnerId: string) {
  return useQuery({
    queryKey: learnerAccountKey(learnerId),
    queryFn: () =>
      api.get<{ account: TLearnerAccount | null }>(`/api/school/learners/${learnerId}/account`).then((a) => a.account),
  });
}

function useAccountMutation<TInput, TOutput extends TLearnerAccount | null>(
  learnerId: string,
  mutationFn: (input: TInput) => Promise<TOutput>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (account) => queryClient.setQueryData(learnerAccountKey(learnerId), account),
  });
}

export function useInviteLearner(learnerId: string) {
  return useAccountMutation(learnerId, (input: TLearnerAccountInviteInput) =>
    api.post<{ account: TLearnerAccount }>(`/api/school/learners/${learnerId}/account`, input).then((a) => a.account),
  );
}

export function useRevokeLearnerAccount(learnerId: string) {
  return useAccountMutation(learnerId, () =>
    api.delete<{ account: null }>(`/api/school/learners/${learnerId}/account`).then((a) => a.account),
  );
}

/** A parent's child: class, week and attendance (404 for anyone not theirs). */
export function useChildOverview(learnerId: string) {
  return useQuery({
    queryKey: [...SCHOOL_KEY, 'my-children', learnerId, 'overview'],
    queryFn: () =>
      api.get<{ overview: TLearnerOverview }>(`/api/school/my-children/${learnerId}/overview`).then((a) => a.overview),
  });
}

/** The signed-in learner's own record, or null when the school has not linked one. */
export const myLearnerQuery = queryOptions({
  queryKey: [...SCHOOL_KEY, 'my-learner'],
  queryFn: () => api.get<{ overview: TLearnerOverview | null }>('/api/school/my-learner').then((a) => a.overview),
});
