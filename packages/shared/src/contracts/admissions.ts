import { z } from 'zod';
import {
  ADMISSION_MESSAGES as M,
  ZAddDocumentSchema,
  ZAdmissionAccountSchema,
  ZAdmissionRound,
  ZAdmissionRoundSchema,
  ZApplicationDetail,
  ZApplicationDraftSchema,
  ZApplicationSummary,
  ZApplicationsQuery,
  ZDocumentRequestSchema,
  ZEnrolSchema,
  ZNoteSchema,
  ZPublicAdmissions,
  ZSchoolApplicationDetail,
  ZStartApplicationSchema,
  ZStatusChangeSchema,
  ZWaitlistMoveSchema,
} from '../schemas/admissions.ts';
import { contract } from './contract.ts';

const ZApplicationParams = z.object({ applicationId: z.uuid({ error: M.applicationNotFound }) });
const ZRoundParams = z.object({ roundId: z.uuid({ error: M.roundNotFound }) });
const ZDocumentParams = ZApplicationParams.extend({ documentId: z.uuid({ error: M.documentNotFound }) });
const ZSlugParams = z.object({ slug: z.string().trim().min(1).max(120) });

/**
 * School admissions. Public: a school's open rounds and the guardian's sign-up. The guardian
 * (a parent account) under /api/admissions/my-applications; the school under
 * /api/school/admissions (manage_students).
 */
export const admissionsContracts = {
  publicRounds: contract({
    method: 'GET',
    path: '/api/admissions/schools/:slug',
    params: ZSlugParams,
    response: ZPublicAdmissions,
  }),
  createAccount: contract({
    method: 'POST',
    path: '/api/admissions/account',
    body: ZAdmissionAccountSchema,
    status: 201,
    response: z.object({ created: z.boolean() }),
  }),

  // The guardian
  myApplications: contract({
    method: 'GET',
    path: '/api/admissions/my-applications',
    response: z.object({ applications: z.array(ZApplicationSummary) }),
  }),
  startApplication: contract({
    method: 'POST',
    path: '/api/admissions/my-applications',
    body: ZStartApplicationSchema,
    status: 201,
    response: z.object({ application: ZApplicationDetail }),
  }),
  myApplication: contract({
    method: 'GET',
    path: '/api/admissions/my-applications/:applicationId',
    params: ZApplicationParams,
    response: z.object({ application: ZApplicationDetail }),
  }),
  saveDraft: contract({
    method: 'PUT',
    path: '/api/admissions/my-applications/:applicationId',
    params: ZApplicationParams,
    body: ZApplicationDraftSchema,
    response: z.object({ application: ZApplicationDetail }),
  }),
  deleteDraft: contract({
    method: 'DELETE',
    path: '/api/admissions/my-applications/:applicationId',
    params: ZApplicationParams,
    response: z.object({ deleted: z.boolean() }),
  }),
  addDocument: contract({
    method: 'POST',
    path: '/api/admissions/my-applications/:applicationId/documents',
    params: ZApplicationParams,
    body: ZAddDocumentSchema,
    status: 201,
    response: z.object({ application: ZApplicationDetail }),
  }),
  removeDocument: contract({
    method: 'DELETE',
    path: '/api/admissions/my-applications/:applicationId/documents/:documentId',
    params: ZDocumentParams,
    response: z.object({ application: ZApplicationDetail }),
  }),
  submit: contract({
    method: 'POST',
    path: '/api/admissions/my-applications/:applicationId/submit',
    params: ZApplicationParams,
    response: z.object({ application: ZApplicationDetail }),
  }),
  acceptOffer: contract({
    method: 'POST',
    path: '/api/admissions/my-applications/:applicationId/accept',
    params: ZApplicationParams,
    response: z.object({ application: ZApplicationDetail }),
  }),
  declineOffer: contract({
    method: 'POST',
    path: '/api/admissions/my-applications/:applicationId/decline',
    params: ZApplicationParams,
    response: z.object({ application: ZApplicationDetail }),
  }),

  // The school
  rounds: contract({
    method: 'GET',
    path: '/api/school/admissions/rounds',
    response: z.object({ rounds: z.array(ZAdmissionRound), publicPath: z.string() }),
  }),
  createRound: contract({
    method: 'POST',
    path: '/api/school/admissions/rounds',
    body: ZAdmissionRoundSchema,
    status: 201,
    response: z.object({ round: ZAdmissionRound }),
  }),
  updateRound: contract({
    method: 'PUT',
    path: '/api/school/admissions/rounds/:roundId',
    params: ZRoundParams,
    body: ZAdmissionRoundSchema,
    response: z.object({ round: ZAdmissionRound }),
  }),
  applications: contract({
    method: 'GET',
    path: '/api/school/admissions/applications',
    query: ZApplicationsQuery,
    response: z.object({ applications: z.array(ZApplicationSummary) }),
  }),
  exportApplications: contract({
    method: 'GET',
    path: '/api/school/admissions/applications.csv',
    query: ZApplicationsQuery,
    response: z.string(),
    answer: 'file',
  }),
  application: contract({
    method: 'GET',
    path: '/api/school/admissions/applications/:applicationId',
    params: ZApplicationParams,
    response: z.object({ application: ZSchoolApplicationDetail }),
  }),
  changeStatus: contract({
    method: 'POST',
    path: '/api/school/admissions/applications/status',
    body: ZStatusChangeSchema,
    response: z.object({ changed: z.number() }),
  }),
  addNote: contract({
    method: 'POST',
    path: '/api/school/admissions/applications/:applicationId/notes',
    params: ZApplicationParams,
    body: ZNoteSchema,
    status: 201,
    response: z.object({ application: ZSchoolApplicationDetail }),
  }),
  requestDocument: contract({
    method: 'POST',
    path: '/api/school/admissions/applications/:applicationId/document-requests',
    params: ZApplicationParams,
    body: ZDocumentRequestSchema,
    status: 201,
    response: z.object({ application: ZSchoolApplicationDetail }),
  }),
  moveOnWaitlist: contract({
    method: 'POST',
    path: '/api/school/admissions/applications/:applicationId/waitlist-position',
    params: ZApplicationParams,
    body: ZWaitlistMoveSchema,
    response: z.object({ application: ZSchoolApplicationDetail }),
  }),
  enrol: contract({
    method: 'POST',
    path: '/api/school/admissions/applications/:applicationId/enrol',
    params: ZApplicationParams,
    body: ZEnrolSchema,
    response: z.object({ application: ZSchoolApplicationDetail, learnerId: z.string() }),
  }),
};
