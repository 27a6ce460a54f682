import { z } from 'zod';
import { ZAttendanceDate } from '../schemas/attendance.ts';
import { ZLearnerAccount, ZLearnerAccountInviteSchema, ZLearnerOverview, ZMyChild } from '../schemas/family.ts';
import {
  CONSENT_MESSAGES,
  ZLearnerConsents,
  ZMyChildrenConsents,
  ZOnlineConsentSchema,
  ZPaperConsentSchema,
} from '../schemas/learner-consent.ts';
import {
  SCHOOL_MESSAGES,
  ZGuardianLinkRequestView,
  ZGuardianLinkTokenSchema,
  ZGuardianSchema,
  ZLearner,
  ZLearnerEditRequestSchema,
  ZLearnerGuardian,
  ZLearnerImportLine,
  ZLearnerImportSchema,
  ZLearnerListPage,
  ZLearnerListQuerySchema,
  ZLearnerRecord,
  ZLearnerRestoreSchema,
  ZLearnerSchema,
  ZRegisterClass,
  ZRegisterClassSchema,
  ZSchoolOverview,
  ZStaffInviteSchema,
  ZStaffMember,
  ZStaffRemoval,
  ZStaffRoleSchema,
} from '../schemas/school.ts';
import { contract } from './contract.ts';

const ZClassIdParams = z.object({ classId: z.uuid({ error: SCHOOL_MESSAGES.classNotFound }) });
const ZLearnerIdParams = z.object({ learnerId: z.uuid({ error: SCHOOL_MESSAGES.learnerNotFound }) });
const ZGuardianParams = ZLearnerIdParams.extend({
  guardianId: z.uuid({ error: 'This guardian is not linked to the learner.' }),
});
const ZConsentParams = ZLearnerIdParams.extend({ consentId: z.uuid({ error: CONSENT_MESSAGES.consentNotFound }) });
const ZChildParams = z.object({ learnerId: z.uuid({ error: CONSENT_MESSAGES.childNotFound }) });
const ZStaffParams = z.object({ userId: z.string().min(1).max(100) });

/** The export is what the list shows: its filters, search and sort, without its pages. */
const ZLearnerExportQuerySchema = ZLearnerListQuerySchema.pick({
  q: true,
  status: true,
  grade: true,
  classId: true,
  consent: true,
  sort: true,
  dir: true,
});

const ZLearnerAnswer = z.object({ learner: ZLearner });
const ZGuardiansAnswer = z.object({ guardians: z.array(ZLearnerGuardian) });
const ZClassAnswer = z.object({ class: ZRegisterClass });
const ZMemberAnswer = z.object({ member: ZStaffMember });
const ZSchoolNameAnswer = z.object({ schoolName: z.string() });

/**
 * The people of a school (prefix /api/school): its overview, register classes, learners with their
 * guardians, consents and accounts, its staff, and the family dashboards; and the account holder's
 * side of a school's request to link their account to a learner (/api/guardian-links).
 */
export const peopleContracts = {
  overview: contract({
    method: 'GET',
    path: '/api/school/overview',
    query: z.object({ date: ZAttendanceDate.optional() }),
    response: ZSchoolOverview,
  }),

  listClasses: contract({
    method: 'GET',
    path: '/api/school/classes',
    response: z.object({ classes: z.array(ZRegisterClass) }),
  }),
  createClass: contract({
    method: 'POST',
    path: '/api/school/classes',
    body: ZRegisterClassSchema,
    status: 201,
    response: ZClassAnswer,
  }),
  updateClass: contract({
    method: 'PUT',
    path: '/api/school/classes/:classId',
    params: ZClassIdParams,
    body: ZRegisterClassSchema,
    response: ZClassAnswer,
  }),
  deleteClass: contract({
    method: 'DELETE',
    path: '/api/school/classes/:classId',
    params: ZClassIdParams,
    response: z.object({ deleted: z.boolean() }),
  }),

  listLearners: contract({
    method: 'GET',
    path: '/api/school/learners',
    query: ZLearnerListQuerySchema,
    response: ZLearnerListPage,
  }),
  createLearner: contract({
    method: 'POST',
    path: '/api/school/learners',
    body: ZLearnerSchema,
    status: 201,
    response: ZLearnerAnswer,
  }),
  /** A CSV file of the learners the list shows (with a byte order mark, for spreadsheets). */
  exportLearners: contract({
    method: 'GET',
    path: '/api/school/learners/export.csv',
    query: ZLearnerExportQuerySchema,
    response: z.string(),
    answer: 'file',
  }),
  /**
   * Checks (then imports) a CSV file. Asked for LEARNER_IMPORT_PROGRESS_TYPE, it answers a line at
   * a time (each a ZLearnerImportLine); asked for JSON, `{ report }` once done.
   */
  importLearners: contract({
    method: 'POST',
    path: '/api/school/learners/import',
    body: ZLearnerImportSchema,
    response: ZLearnerImportLine,
    answer: 'ndjson',
  }),
  getLearner: contract({
    method: 'GET',
    path: '/api/school/learners/:learnerId',
    params: ZLearnerIdParams,
    response: z.object({ learner: ZLearnerRecord }),
  }),
  /** Sent with If-Match: the record's updatedAt as the form read it. */
  updateLearner: contract({
    method: 'PUT',
    path: '/api/school/learners/:learnerId',
    params: ZLearnerIdParams,
    body: ZLearnerEditRequestSchema,
    response: ZLearnerAnswer,
  }),
  archiveLearner: contract({
    method: 'POST',
    path: '/api/school/learners/:learnerId/archive',
    params: ZLearnerIdParams,
    response: ZLearnerAnswer,
  }),
  /** No body (or no day): back in the class from today. */
  restoreLearner: contract({
    method: 'POST',
    path: '/api/school/learners/:learnerId/restore',
    params: ZLearnerIdParams,
    body: ZLearnerRestoreSchema.nullish(),
    response: ZLearnerAnswer,
  }),

  listGuardians: contract({
    method: 'GET',
    path: '/api/school/learners/:learnerId/guardians',
    params: ZLearnerIdParams,
    response: ZGuardiansAnswer,
  }),
  linkGuardian: contract({
    method: 'POST',
    path: '/api/school/learners/:learnerId/guardians',
    params: ZLearnerIdParams,
    body: ZGuardianSchema,
    status: 201,
    response: ZGuardiansAnswer,
  }),
  /**
   * Sent with If-Match: the guardian's updatedAt as the form read it. `invitationWithdrawn`: the
   * link mailed to the old address of an invitation nobody took up stops working.
   */
  updateGuardian: contract({
    method: 'PUT',
    path: '/api/school/learners/:learnerId/guardians/:guardianId',
    params: ZGuardianParams,
    body: ZGuardianSchema,
    response: ZGuardiansAnswer.extend({ invitationWithdrawn: z.boolean() }),
  }),
  unlinkGuardian: contract({
    method: 'DELETE',
    path: '/api/school/learners/:learnerId/guardians/:guardianId',
    params: ZGuardianParams,
    response: ZGuardiansAnswer,
  }),
  inviteGuardian: contract({
    method: 'POST',
    path: '/api/school/learners/:learnerId/guardians/:guardianId/invite',
    params: ZGuardianParams,
    response: z.object({ email: z.string() }),
  }),

  learnerConsents: contract({
    method: 'GET',
    path: '/api/school/learners/:learnerId/consents',
    params: ZLearnerIdParams,
    response: ZLearnerConsents,
  }),
  recordPaperConsent: contract({
    method: 'POST',
    path: '/api/school/learners/:learnerId/consents',
    params: ZLearnerIdParams,
    body: ZPaperConsentSchema,
    status: 201,
    response: ZLearnerConsents,
  }),
  withdrawLearnerConsent: contract({
    method: 'POST',
    path: '/api/school/learners/:learnerId/consents/:consentId/withdraw',
    params: ZConsentParams,
    response: ZLearnerConsents,
  }),
  myChildrenConsents: contract({
    method: 'GET',
    path: '/api/school/my-children/consents',
    response: ZMyChildrenConsents,
  }),
  giveOnlineConsent: contract({
    method: 'POST',
    path: '/api/school/my-children/:learnerId/consent',
    params: ZChildParams,
    body: ZOnlineConsentSchema,
    response: ZMyChildrenConsents,
  }),
  withdrawOwnConsent: contract({
    method: 'POST',
    path: '/api/school/my-children/:learnerId/consent/withdraw',
    params: ZChildParams,
    response: ZMyChildrenConsents,
  }),

  myChildren: contract({
    method: 'GET',
    path: '/api/school/my-children',
    response: z.object({ children: z.array(ZMyChild) }),
  }),
  learnerAccount: contract({
    method: 'GET',
    path: '/api/school/learners/:learnerId/account',
    params: ZLearnerIdParams,
    response: z.object({ account: ZLearnerAccount.nullable() }),
  }),
  inviteLearner: contract({
    method: 'POST',
    path: '/api/school/learners/:learnerId/account',
    params: ZLearnerIdParams,
    body: ZLearnerAccountInviteSchema,
    response: z.object({ account: ZLearnerAccount }),
  }),
  revokeLearnerAccount: contract({
    method: 'DELETE',
    path: '/api/school/learners/:learnerId/account',
    params: ZLearnerIdParams,
    response: z.object({ account: z.null() }),
  }),
  myChildOverview: contract({
    method: 'GET',
    path: '/api/school/my-children/:learnerId/overview',
    params: ZLearnerIdParams,
    response: z.object({ overview: ZLearnerOverview }),
  }),
  myLearnerOverview: contract({
    method: 'GET',
    path: '/api/school/my-learner',
    response: z.object({ overview: ZLearnerOverview.nullable() }),
  }),

  listStaff: contract({
    method: 'GET',
    path: '/api/school/staff',
    response: z.object({ staff: z.array(ZStaffMember) }),
  }),
  inviteStaff: contract({
    method: 'POST',
    path: '/api/school/staff',
    body: ZStaffInviteSchema,
    status: 201,
    response: ZMemberAnswer,
  }),
  reinviteStaff: contract({
    method: 'POST',
    path: '/api/school/staff/:userId/invitation',
    params: ZStaffParams,
    response: ZMemberAnswer,
  }),
  /** `clearedClasses`: the classes whose class teacher the new role cannot be (they have none now). */
  changeStaffRole: contract({
    method: 'PUT',
    path: '/api/school/staff/:userId/role',
    params: ZStaffParams,
    body: ZStaffRoleSchema,
    response: ZMemberAnswer.extend({ clearedClasses: z.array(z.string()) }),
  }),
  removeStaff: contract({
    method: 'DELETE',
    path: '/api/school/staff/:userId',
    params: ZStaffParams,
    response: z.object({ removed: ZStaffRemoval }),
  }),

  openGuardianLink: contract({
    method: 'POST',
    path: '/api/guardian-links/open',
    body: ZGuardianLinkTokenSchema,
    response: z.object({ request: ZGuardianLinkRequestView }),
  }),
  acceptGuardianLink: contract({
    method: 'POST',
    path: '/api/guardian-links/accept',
    body: ZGuardianLinkTokenSchema,
    response: ZSchoolNameAnswer,
  }),
  declineGuardianLink: contract({
    method: 'POST',
    path: '/api/guardian-links/decline',
    body: ZGuardianLinkTokenSchema,
    response: ZSchoolNameAnswer,
  }),
};
