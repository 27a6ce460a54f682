import { queryOptions } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

/** The applicant's application as GET /api/applications/me answers it (applications contract). */
export interface IApplicationDraft {
  id: string;
  userType: string;
  status: 'draft' | 'submitted' | 'changes_requested' | 'approved' | 'rejected';
  currentStep: number;
  stepData: Record<string, Record<string, unknown>>;
  /** The unfinished steps' form values (files as { id, name, size, mimeType }), by step number. */
  stepDrafts?: Record<string, Record<string, unknown>>;
  submittedAt: string | null;
  decisionReason?: string | null;
  updatedAt: string;
}

export const applicationDraftQueryKey = ['applications', 'me'] as const;

export function getApplicationDraft(): Promise<{ application: IApplicationDraft | null }> {
  return api.get('/api/applications/me');
}

export const applicationDraftQueryOptions = queryOptions({
  queryKey: applicationDraftQueryKey,
  queryFn: getApplicationDraft,
  staleTime: 0,
  retry: 1,
});

/** PUT /api/applications/me: saves the draft after every step. */
export function saveApplicationDraft(body: {
  currentStep: number;
  stepData: Record<string, Record<string, unknown>>;
}): Promise<{ application: IApplicationDraft }> {
  return api.put('/api/applications/me', body);
}

/**
 * PUT /api/applications/me/drafts/:step: the unfinished step as it is (not validated until the
 * step is completed). It replaces the step's earlier draft, so a retry is harmless. `keepalive`
 * lets the save finish while the page unloads.
 */
export function saveStepDraft(
  step: number,
  values: Record<string, unknown>,
  options: { keepalive?: boolean } = {},
): Promise<{ application: IApplicationDraft }> {
  return api.put(`/api/applications/me/drafts/${step}`, { values }, { keepalive: options.keepalive });
}

/** POST /api/applications/me/submit; the same key on a retry returns the same result, never a second submission. */
export function submitApplication(idempotencyKey: string): Promise<{ application: IApplicationDraft }> {
  return api.post('/api/applications/me/submit', {}, { headers: { 'idempotency-key': idempotencyKey } });
}
