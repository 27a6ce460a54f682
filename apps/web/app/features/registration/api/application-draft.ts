import { queryOptions } from '@tanstack/react-query';
import { applicationsContracts } from '@sekolo/shared/contracts/applications';
import type { TApplicantApplicationView, TSaveApplicationDraft } from '@sekolo/shared/schemas/applications';
import { call } from '~/lib/api-client';

/** The applicant's application as GET /api/applications/me answers it (applications contract). */
export type IApplicationDraft = TApplicantApplicationView;

export const applicationDraftQueryKey = ['applications', 'me'] as const;

export function getApplicationDraft() {
  return call(applicationsContracts.mine);
}

export const applicationDraftQueryOptions = queryOptions({
  queryKey: applicationDraftQueryKey,
  queryFn: getApplicationDraft,
  staleTime: 0,
  retry: 1,
});

/** PUT /api/applications/me: saves the draft after every step. */
export function saveApplicationDraft(body: TSaveApplicationDraft) {
  return call(applicationsContracts.saveDraft, { body });
}

/**
 * PUT /api/applications/me/drafts/:step: the unfinished step as it is (not validated until the
 * step is completed). It replaces the step's earlier draft, so a retry is harmless. `keepalive`
 * lets the save finish while the page unloads.
 */
export function saveStepDraft(step: number, values: Record<string, unknown>, options: { keepalive?: boolean } = {}) {
  return call(
    applicationsContracts.saveStepDraft,
    { params: { step }, body: { values } },
    { keepalive: options.keepalive },
  );
}

/** POST /api/applications/me/submit; the same key on a retry returns the same result, never a second submission. */
export function submitApplication(idempotencyKey: string) {
  return call(applicationsContracts.submit, {}, { headers: { 'idempotency-key': idempotencyKey } });
}
