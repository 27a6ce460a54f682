import { z } from 'zod';
import {
  ASSESSMENT_MESSAGES,
  ZAssignment,
  ZAtRiskLearner,
  ZClassDistribution,
  ZMarkReportQuery,
  ZAssignmentCreate,
  ZAssignmentMarksSave,
  ZGradebook,
  ZGradebookQuery,
  ZGradebookSave,
  ZGradebookSaveResult,
  ZLearnerAssignment,
  ZLearnerResults,
  ZMarkableClass,
  ZMarkChange,
  ZMarking,
  ZProgramme,
  ZProgrammeQuery,
  ZProgrammeTermSave,
  ZReportCard,
  ZReportCardComments,
  ZReportCardGenerate,
  ZReportCardPublish,
  ZReportCardQuery,
  ZReportCardBundleQuery,
  ZReportCardRun,
  ZReportCardRunStart,
  ZPromotion,
  ZPromotionDecide,
  ZPromotionQuery,
  REPORT_CARD_MESSAGES,
  ZSubmissionSave,
  ZYear,
} from '../schemas/assessment.ts';
import { contract } from './contract.ts';

const ZIdParams = z.object({ id: z.uuid({ error: ASSESSMENT_MESSAGES.notFound }) });

/**
 * Assessment, prefix /api/school/assessment: the programme of formal assessment (CAPS defaults,
 * edited with manage_curriculum), the gradebook of a subject class (its teacher, or a school admin
 * with manage_curriculum), and the released results learners and parents read.
 */
export const assessmentContracts = {
  /** The programme of a subject and grade for a year, every term; CAPS defaults until the school edits it. */
  programme: contract({
    method: 'GET',
    path: '/api/school/assessment/programme',
    query: ZProgrammeQuery,
    response: z.object({ programme: ZProgramme }),
  }),
  /** Replaces one term's tasks; a task with marks cannot be removed (409 CONFLICT). */
  saveProgrammeTerm: contract({
    method: 'PUT',
    path: '/api/school/assessment/programme',
    body: ZProgrammeTermSave,
    response: z.object({ programme: ZProgramme }),
  }),
  /** The subject classes the caller may open: a teacher's own, every one for a school admin. */
  markableClasses: contract({
    method: 'GET',
    path: '/api/school/assessment/subject-classes',
    response: z.object({ subjectClasses: z.array(ZMarkableClass) }),
  }),
  gradebook: contract({
    method: 'GET',
    path: '/api/school/assessment/subject-classes/:id/gradebook',
    params: ZIdParams,
    query: ZGradebookQuery,
    response: z.object({ gradebook: ZGradebook }),
  }),
  /**
   * Saves any cells of the term's grid in one request. 409 SAVED_MEANWHILE (nothing saved) when a
   * cell's `was` is not what is stored and the new value differs; its `fields` name the cells as
   * "learnerId:taskId". After release a `reason` is required (400) and each change is kept.
   */
  saveMarks: contract({
    method: 'PUT',
    path: '/api/school/assessment/subject-classes/:id/gradebook',
    params: ZIdParams,
    body: ZGradebookSave,
    response: ZGradebookSaveResult,
  }),
  /** Releases the term's marks of the class to its learners and their parents (idempotent). */
  releaseMarks: contract({
    method: 'POST',
    path: '/api/school/assessment/subject-classes/:id/gradebook/release',
    params: ZIdParams,
    body: ZGradebookQuery,
    response: z.object({ releasedAt: z.string() }),
  }),
  /** Every change made to the term's marks after release: who, when, old, new, why. */
  markChanges: contract({
    method: 'GET',
    path: '/api/school/assessment/subject-classes/:id/gradebook/changes',
    params: ZIdParams,
    query: ZGradebookQuery,
    response: z.object({ changes: z.array(ZMarkChange) }),
  }),
  /** Reports (view_reports): each subject class's distribution of the term's marks over the 7 levels. */
  markDistributions: contract({
    method: 'GET',
    path: '/api/school/assessment/reports/distributions',
    query: ZMarkReportQuery,
    response: z.object({ classes: z.array(ZClassDistribution) }),
  }),
  /** Reports (view_reports): learners under 50 % in a subject this term, lowest first. */
  atRisk: contract({
    method: 'GET',
    path: '/api/school/assessment/reports/at-risk',
    query: ZMarkReportQuery,
    response: z.object({ learners: z.array(ZAtRiskLearner) }),
  }),
  /** The class's mark schedule of the term as CSV: a row per learner, a column per task, the term mark and level. */
  markSchedule: contract({
    method: 'GET',
    path: '/api/school/assessment/subject-classes/:id/mark-schedule.csv',
    params: ZIdParams,
    query: ZGradebookQuery,
    response: z.string(),
    answer: 'file',
  }),
  /** The signed-in learner's released marks of a year (view_grades). */
  myResults: contract({
    method: 'GET',
    path: '/api/school/assessment/my-results',
    query: z.object({ year: ZYear }),
    response: z.object({ results: z.array(ZLearnerResults) }),
  }),
  /** A parent's children's released marks of a year (view_child_grades). */
  myChildrenResults: contract({
    method: 'GET',
    path: '/api/school/assessment/my-children/results',
    query: z.object({ year: ZYear }),
    response: z.object({ results: z.array(ZLearnerResults) }),
  }),
};

/**
 * Assignments, prefix /api/school/assignments: a teacher (create_assignments) sets one for their
 * subject classes, marks and releases; learners submit; parents read their children's.
 */
export const assignmentContracts = {
  /** The caller's assignments (a teacher's own classes; a school admin every class), newest due first. */
  list: contract({
    method: 'GET',
    path: '/api/school/assignments',
    query: z.object({ subjectClassId: z.uuid().optional() }),
    response: z.object({ assignments: z.array(ZAssignment) }),
  }),
  /** One assignment per chosen subject class. */
  create: contract({
    method: 'POST',
    path: '/api/school/assignments',
    body: ZAssignmentCreate,
    status: 201,
    response: z.object({ assignments: z.array(ZAssignment) }),
  }),
  /** The marking view: every learner of the class, submitted or not. */
  marking: contract({
    method: 'GET',
    path: '/api/school/assignments/:id/marking',
    params: ZIdParams,
    response: ZMarking,
  }),
  saveMarks: contract({
    method: 'PUT',
    path: '/api/school/assignments/:id/marks',
    params: ZIdParams,
    body: ZAssignmentMarksSave,
    response: ZMarking,
  }),
  /** Releases every mark and comment at once; a formal task's marks go to the gradebook. */
  release: contract({
    method: 'POST',
    path: '/api/school/assignments/:id/release',
    params: ZIdParams,
    response: ZMarking,
  }),
  /** The signed-in learner's assignments (view_grades). */
  mine: contract({
    method: 'GET',
    path: '/api/school/assignments/mine',
    response: z.object({ assignments: z.array(ZLearnerAssignment) }),
  }),
  /** The learner's submission; replaced until the deadline, after it per the late policy. */
  submit: contract({
    method: 'PUT',
    path: '/api/school/assignments/:id/submission',
    params: ZIdParams,
    body: ZSubmissionSave,
    response: z.object({ assignment: ZLearnerAssignment }),
  }),
  /** A parent's children's assignments and released results (view_child_grades). */
  myChildren: contract({
    method: 'GET',
    path: '/api/school/assignments/my-children',
    response: z.object({ assignments: z.array(ZLearnerAssignment) }),
  }),
};

/**
 * Report cards, prefix /api/school/report-cards: the school admin (manage_curriculum) generates a
 * term's report cards for a class or a learner, writes the comments and publishes them to the
 * guardians (who get an e-mail); guardians (view_child_grades) list and download their children's
 * published cards, learners (view_grades) their own.
 */
export const reportCardContracts = {
  list: contract({
    method: 'GET',
    path: '/api/school/report-cards',
    query: ZReportCardQuery,
    response: z.object({ cards: z.array(ZReportCard) }),
  }),
  /** Makes (or refreshes) the term's cards of a class or a learner; comments already written stay. */
  generate: contract({
    method: 'POST',
    path: '/api/school/report-cards/generate',
    body: ZReportCardGenerate,
    response: z.object({ cards: z.array(ZReportCard) }),
  }),
  saveComments: contract({
    method: 'PUT',
    path: '/api/school/report-cards/:id/comments',
    params: z.object({ id: z.uuid({ error: REPORT_CARD_MESSAGES.notFound }) }),
    body: ZReportCardComments,
    response: z.object({ card: ZReportCard }),
  }),
  /** Publishes the class's generated cards of the term and e-mails each guardian with an account once. */
  publish: contract({
    method: 'POST',
    path: '/api/school/report-cards/publish',
    body: ZReportCardPublish,
    response: z.object({ published: z.number(), mailed: z.number() }),
  }),
  /** The card as a PDF: the admin any of the school's; a guardian or the learner a published one of theirs. */
  pdf: contract({
    method: 'GET',
    path: '/api/school/report-cards/:id/pdf',
    params: z.object({ id: z.uuid({ error: REPORT_CARD_MESSAGES.notFound }) }),
    response: z.string(),
    answer: 'file',
  }),
  myChildren: contract({
    method: 'GET',
    path: '/api/school/report-cards/my-children',
    response: z.object({ cards: z.array(ZReportCard) }),
  }),
  mine: contract({
    method: 'GET',
    path: '/api/school/report-cards/mine',
    response: z.object({ cards: z.array(ZReportCard) }),
  }),
  /** A class's generated cards of the term as one PDF or a zip of one PDF per learner. */
  bundle: contract({
    method: 'GET',
    path: '/api/school/report-cards/bundle',
    query: ZReportCardBundleQuery,
    response: z.string(),
    answer: 'file',
  }),
  /** Queues the whole school's cards of a term as a job; the screen polls the run for its progress. */
  startRun: contract({
    method: 'POST',
    path: '/api/school/report-cards/runs',
    body: ZReportCardRunStart,
    status: 202,
    response: z.object({ run: ZReportCardRun }),
  }),
  listRuns: contract({
    method: 'GET',
    path: '/api/school/report-cards/runs',
    response: z.object({ runs: z.array(ZReportCardRun) }),
  }),
  getRun: contract({
    method: 'GET',
    path: '/api/school/report-cards/runs/:runId',
    params: z.object({ runId: z.uuid({ error: REPORT_CARD_MESSAGES.runNotFound }) }),
    response: z.object({ run: ZReportCardRun }),
  }),
  /** A class's year-end decisions: each learner's suggested one from the year marks, and the one taken. */
  promotions: contract({
    method: 'GET',
    path: '/api/school/report-cards/promotions',
    query: ZPromotionQuery,
    response: z.object({ promotions: z.array(ZPromotion) }),
  }),
  decidePromotion: contract({
    method: 'PUT',
    path: '/api/school/report-cards/promotions/:learnerId',
    params: z.object({ learnerId: z.uuid({ error: REPORT_CARD_MESSAGES.learnerNotFound }) }),
    body: ZPromotionDecide,
    response: z.object({ promotion: ZPromotion }),
  }),
};
