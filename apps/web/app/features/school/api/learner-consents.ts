import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TLearnerConsents,
  TMyChildrenConsents,
  TOnlineConsentInput,
  TPaperConsentValues,
} from '@sekolo/shared/schemas/learner-consent';
import { api } from '~/lib/api-client';
import { SCHOOL_KEY } from './school-queries';

/** Guardians' consents to processing a learner's data (D15), under /api/school. */

export function useLearnerConsents(learnerId: string) {
  return useQuery({
    queryKey: [...SCHOOL_KEY, 'learner', learnerId, 'consents'],
    queryFn: () => api.get<TLearnerConsents>(`/api/school/learners/${learnerId}/consents`),
  });
}

/** Every school query refreshes after a write: the learner's status shows in the list and the overview too. */
function useConsentMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: SCHOOL_KEY }) });
}

export function useRecordPaperConsent(learnerId: string) {
  return useConsentMutation((input: TPaperConsentValues) =>
    api.post<TLearnerConsents>(`/api/school/learners/${learnerId}/consents`, input),
  );
}

export function useWithdrawLearnerConsent(learnerId: string) {
  return useConsentMutation((consentId: string) =>
    api.post<TLearnerConsents>(`/api/school/learners/${learnerId}/consents/${consentId}/withdraw`),
  );
}

export const MY_CHILDREN_CONSENTS_KEY = [...SCHOOL_KEY, 'my-children', 'consents'] as const;

export function useMyChildrenConsents() {
  return useQuery({
    queryKey: MY_CHILDREN_CONSENTS_KEY,
    queryFn: () => api.get<TMyChildrenConsents>('/api/school/my-children/consents'),
  });
}

export function useGiveConsent() {
  return useConsentMutation((input: { learnerId: string } & TOnlineConsentInput) =>
    api.post<TMyChildrenConsents>(`/api/school/my-children/${input.learnerId}/consent`, {
      policyVersion: input.policyVersion,
      agreed: input.agreed,
    }),
  );
}

export function useWithdrawOwnConsent() {
  return useConsentMutation((learnerId: string) =>
    api.post<TMyChildrenConsents>(`/api/school/my-children/${learnerId}/consent/withdraw`),
  );
}
