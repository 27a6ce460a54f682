import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLearnerAccount, TLearnerAccountInviteInput } from '@sekolo/shared/schemas/family';
import { peopleContracts } from '@sekolo/shared/contracts/people';
import { call } from '~/lib/api-client';
import { SCHOOL_KEY } from './school-queries';

/** Learner accounts and the family dashboards, under the school API's keys. */

function learnerAccountKey(learnerId: string) {
  return [...SCHOOL_KEY, 'learner', learnerId, 'account'] as const;
}

export function useLearnerAccount(learnerId: string) {
  return useQuery({
    queryKey: learnerAccountKey(learnerId),
    queryFn: () => call(peopleContracts.learnerAccount, { params: { learnerId } }).then((a) => a.account),
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
    call(peopleContracts.inviteLearner, { params: { learnerId }, body: input }).then((a) => a.account),
  );
}

export function useRevokeLearnerAccount(learnerId: string) {
  return useAccountMutation(learnerId, () =>
    call(peopleContracts.revokeLearnerAccount, { params: { learnerId } }).then((a) => a.account),
  );
}

/** A parent's child: class, week and attendance (404 for anyone not theirs). */
export function useChildOverview(learnerId: string) {
  return useQuery({
    queryKey: [...SCHOOL_KEY, 'my-children', learnerId, 'overview'],
    queryFn: () => call(peopleContracts.myChildOverview, { params: { learnerId } }).then((a) => a.overview),
  });
}

/** The signed-in learner's own record, or null when the school has not linked one. */
export const myLearnerQuery = queryOptions({
  queryKey: [...SCHOOL_KEY, 'my-learner'],
  queryFn: () => call(peopleContracts.myLearnerOverview).then((a) => a.overview),
});
