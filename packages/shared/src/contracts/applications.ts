import { z } from 'zod';
import {
  ZApplicantApplicationView,
  ZApplicationView,
  ZConsoleApplicationDetail,
  ZConsoleApplicationList,
  ZConsoleApplicationsQuery,
  ZDecisionReason,
  ZGuardianConsentToken,
  ZGuardianConsentView,
  ZSaveApplicationDraft,
  ZSaveStepDraft,
  ZStepDraftParams,
} from '../schemas/applications.ts';
import { contract } from './contract.ts';

const ZApplicantAnswer = z.object({ application: ZApplicantApplicationView });
const ZApplicationId = z.object({ id: z.uuid('Application not found.') });
const ZDecisionAnswer = z.object({ application: ZApplicationView });

/**
 * The applicant's own application (the registration wizard), the guardian consent link, and the
 * operators' review console.
 */
export const applicationsContracts = {
  mine: contract({
    method: 'GET',
    path: '/api/applications/me',
    response: z.object({ application: ZApplicantApplicationView.nullable() }),
  }),
  saveDraft: contract({
    method: 'PUT',
    path: '/api/applications/me',
    body: ZSaveApplicationDraft,
    response: ZApplicantAnswer,
  }),
  saveStepDraft: contract({
    method: 'PUT',
    path: '/api/applications/me/drafts/:step',
    params: ZStepDraftParams,
    body: ZSaveStepDraft,
    response: ZApplicantAnswer,
  }),
  /** Takes an Idempotency-Key header (8 to 200 characters): a replay answers the same. */
  submit: contract({ method: 'POST', path: '/api/applications/me/submit', response: ZApplicantAnswer }),
  guardianConsent: contract({
    method: 'GET',
    path: '/api/applications/guardian-consent/:token',
    params: ZGuardianConsentToken,
    response: ZGuardianConsentView,
  }),
  confirmGuardianConsent: contract({
    method: 'POST',
    path: '/api/applications/guardian-consent',
    body: ZGuardianConsentToken,
    response: ZGuardianConsentView,
  }),
  consoleList: contract({
    method: 'GET',
    path: '/api/console/applications',
    query: ZConsoleApplicationsQuery,
    response: ZConsoleApplicationList,
  }),
  consoleDetail: contract({
    method: 'GET',
    path: '/api/console/applications/:id',
    params: ZApplicationId,
    response: ZConsoleApplicationDetail,
  }),
  approve: contract({
    method: 'POST',
    path: '/api/console/applications/:id/approve',
    params: ZApplicationId,
    response: ZDecisionAnswer,
  }),
  reject: contract({
    method: 'POST',
    path: '/api/console/applications/:id/reject',
    params: ZApplicationId,
    body: ZDecisionReason,
    response: ZDecisionAnswer,
  }),
  requestChanges: contract({
    method: 'POST',
    path: '/api/console/applications/:id/request-changes',
    params: ZApplicationId,
    body: ZDecisionReason,
    response: ZDecisionAnswer,
  }),
};
