import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOnlineConsentInput, TPaperConsentValues } from '@sekolo/shared/schemas/learner-consent';
import { peopleContracts } from '@sekolo/shared/contracts/people';
import { call } from '~/lib/api-client';
import { SCHOOL_KEY } from './school-queries';

/** Guardians' consents to processing a learner's data, under /api/school. */

export function useLearnerConsents(learnerId: string) {
  return useQuery({
    queryKey: [...SCHOOL_KEY, 'learner', learnerId, 'consents'],
    queryFn: () => call(peopleContracts.learnerConsents, { params: { learnerId } }),
  });
}

/** Every school query refreshes after a write: the learner's status shows in the list and the overview too. */
function useConsentMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: SCHOOL_KEY }) });
}

export function useRecordPaperConsent(learnerId: string) {
  return useConsentMutation((input: TPaperConsentValues) =>
    call(peopleContracts.recordPaperConsent, { params: { learnerId }, body: input }),
  );
}

export function useWithdrawLearnerConsent(learnerId: string) {
  return useConsentMutation((consentId: string) =>
    call(peopleContracts.withdrawLearnerConsent, { params: { learnerId, consentId } }),
  );
}

export const MY_CHILDREN_CONSENTS_KEY = [...SCHOOL_KEY, 'my-children', 'consents'] as const;

export function useMyChildrenConsents() {
  return useQuery({
    queryKey: MY_CHILDREN_CONSENTS_KEY,
    queryFn: () => call(peopleContracts.myChildrenConsents),
  });
}

export function useGiveConsent() {
  return useConsentMutation((input: { learnerId: string } & TOnlineConsentInput) =>
    call(peopleContracts.giveOnlineConsent, {
      params: { learnerId: input.learnerId },
      body: { policyVersion: input.policyVersion, agreed: input.agreed },
    }),
  );
}

export function useWithdrawOwnConsent() {
  return useConsentMutation((learnerId: string) => call(peopleContracts.withdrawOwnConsent, { params: { learnerId } }));
}
