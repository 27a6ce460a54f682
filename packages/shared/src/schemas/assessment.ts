/**
 * Assessment (CAPS): the programme of formal assessment per subject, grade and term, the gradebook
 * of a subject class, the term and year marks with the 7-point scale, and assignments. Shared by the
 * forms and the server routes (apps/server/src/modules/academics/assessment).
 */

import { z } from 'zod';
import { CAPS_SUBJECT_IDS, type TCapsPhase } from '../constants/caps-subjects.ts';

export const ASSESSMENT_MESSAGES = {
  notFound: 'There is no such item in your school’s assessment records.',
  notYourClass: 'You can only mark the subject classes you teach.',
  taskName: 'Enter the task’s name, e.g. Test 1.',
  taskType: 'Choose the task’s type.',
  weight: 'Enter a weight from 1 to 100.',
  maxMark: 'Enter the total marks, a whole number from 1 to 1 000.',
  tooManyTasks: 'A term holds at most 12 tasks.',
  taskHasMarks: 'This task already has marks. Clear its marks in the gradebook before removing it.',
  mark: 'Enter a mark from 0 to the task’s total, AB for absent or EX for exempt.',
  markAboveMax: 'The mark is above the task’s total.',
  notInClass: 'This learner is not in the subject class.',
  notATask: 'This task is not in the programme of this subject, grade and term.',
  reasonAfterRelease: 'The marks are released: give the reason for the change.',
  savedMeanwhile: 'Someone saved these marks since you opened the gradebook. Reload it and check them.',
  year: 'Choose a year.',
  term: 'Choose a term from 1 to 4.',
  grade: 'Choose a grade.',
  subject: 'Choose a subject.',
  title: 'Enter the assignment’s title.',
  instructions: 'Keep the instructions to 10 000 characters.',
  dueAt: 'Enter the due date and time.',
  totalMarks: 'Enter the total marks, a whole number from 1 to 1 000.',
  subjectClasses: 'Choose at least one of your subject classes.',
  latePolicy: 'Choose whether late work is accepted.',
  submissionText: 'Write your answer or attach a file.',
  pastDeadline: 'The deadline has passed and this assignment does not take late work.',
  alreadyReleased: 'The marks of this assignment are released.',
  notYourAssignment: 'You can only mark the assignments of the subject classes you teach.',
  noLearnerAccount: 'Your account is not linked to a learner of the school.',
} as const;

export const ASSESSMENT_TASK_TYPES = [
  { id: 'test', label: 'Test' },
  { id: 'assignment', label: 'Assignment' },
  { id: 'project', label: 'Project' },
  { id: 'practical', label: 'Practical task' },
  { id: 'examination', label: 'Examination' },
] as const;
export type TAssessmentTaskType = (typeof ASSESSMENT_TASK_TYPES)[number]['id'];
const TASK_TYPE_IDS = ASSESSMENT_TASK_TYPES.map((t) => t.id) as [TAssessmentTaskType, ...TAssessmentTaskType[]];

/**
 * The weights of school-based assessment (SBA) and the end-of-year examination per phase, in
 * percent (the National Protocol for Assessment).
 */
export const PHASE_WEIGHTS: Record<TCapsPhase, { sba: number; exam: number }> = {
  foundation: { sba: 100, exam: 0 },
  intermediate: { sba: 75, exam: 25 },
  senior: { sba: 40, exam: 60 },
  fet: { sba: 25, exam: 75 },
};

/** The 7-point scale: the lowest percentage of each level. */
export const ACHIEVEMENT_LEVELS = [
  { level: 7, label: 'Outstanding achievement', from: 80 },
  { level: 6, label: 'Meritorious achievement', from: 70 },
  { level: 5, label: 'Substantial achievement', from: 60 },
  { level: 4, label: 'Adequate achievement', from: 50 },
  { level: 3, label: 'Moderate achievement', from: 40 },
  { level: 2, label: 'Elementary achievement', from: 30 },
  { level: 1, label: 'Not achieved', from: 0 },
] as const;
export type TAchievementLevel = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The level of a percentage (rounded to a whole percent first, as report cards show it). */
export function achievementLevel(percent: number): TAchievementLevel {
  const rounded = Math.round(percent);
  return (ACHIEVEMENT_LEVELS.find((l) => rounded >= l.from)?.level ?? 1) as TAchievementLevel;
}

export const ZYear = z.coerce.number<number>({ error: ASSESSMENT_MESSAGES.year }).int().min(2020).max(2100);
export const ZTerm = z.coerce.number<number>({ error: ASSESSMENT_MESSAGES.term }).int().min(1).max(4);
/** 0 is Grade R, 1 to 12 the other grades. */
export const ZGradeNumber = z.coerce.number<number>({ error: ASSESSMENT_MESSAGES.grade }).int().min(0).max(12);
export const ZCapsSubject = z.enum(CAPS_SUBJECT_IDS, { error: ASSESSMENT_MESSAGES.subject });

/* ---------- The programme of formal assessment ---------- */

/** One task of the programme as the form edits it; `id` names a task kept from before. */
export const ZProgrammeTaskInput = z.object({
  id: z.uuid().optional(),
  name: z.string().trim().min(1, ASSESSMENT_MESSAGES.taskName).max(80, ASSESSMENT_MESSAGES.taskName),
  type: z.enum(TASK_TYPE_IDS, { error: ASSESSMENT_MESSAGES.taskType }),
  /** The task's share of the term's mark (the term's weights need not add up to 100: they are relative). */
  weight: z.coerce
    .number<number>({ error: ASSESSMENT_MESSAGES.weight })
    .int()
    .min(1, ASSESSMENT_MESSAGES.weight)
    .max(100, ASSESSMENT_MESSAGES.weight),
  maxMark: z.coerce
    .number<number>({ error: ASSESSMENT_MESSAGES.maxMark })
    .int()
    .min(1, ASSESSMENT_MESSAGES.maxMark)
    .max(1000, ASSESSMENT_MESSAGES.maxMark),
});
export type TProgrammeTaskInput = z.infer<typeof ZProgrammeTaskInput>;

/** PUT /programme: a term's tasks of one subject and grade, in order (replaces the term's list). */
export const ZProgrammeTermSave = z.object({
  year: ZYear,
  grade: ZGradeNumber,
  subject: ZCapsSubject,
  term: ZTerm,
  tasks: z.array(ZProgrammeTaskInput).max(12, ASSESSMENT_MESSAGES.tooManyTasks),
});
export type TProgrammeTermSave = z.infer<typeof ZProgrammeTermSave>;

export const ZProgrammeQuery = z.object({ year: ZYear, grade: ZGradeNumber, subject: ZCapsSubject });

export const ZAssessmentTask = z.object({
  id: z.string(),
  term: z.number(),
  position: z.number(),
  name: z.string(),
  type: z.enum(TASK_TYPE_IDS),
  weight: z.number(),
  maxMark: z.number(),
  /** The end-of-year examination (an examination of term 4): it carries the phase's exam weight. */
  isFinalExam: z.boolean(),
  /** Marks entered for it: in the school (the programme), in the class (a gradebook). */
  marks: z.number(),
});
export type TAssessmentTask = z.infer<typeof ZAssessmentTask>;

export const ZProgramme = z.object({
  year: z.number(),
  grade: z.number(),
  subject: z.string(),
  subjectLabel: z.string(),
  phase: z.string(),
  weights: z.object({ sba: z.number(), exam: z.number() }),
  tasks: z.array(ZAssessmentTask),
});
export type TProgramme = z.infer<typeof ZProgramme>;

/* ---------- The gradebook ---------- */

/** A cell's value: a mark, 'AB' (absent: counts 0), 'EX' (exempt: left out of the mark) or null (empty). */
export const ZMarkValue = z.union([z.number().min(0).max(1000), z.literal('AB'), z.literal('EX'), z.null()]);
export type TMarkValue = z.infer<typeof ZMarkValue>;

/**
 * Reads what a teacher types or pastes into a cell: "", "AB", "EX" (any case), or a number with a
 * point or a comma ("12,5"). Undefined when it reads as none of them.
 */
export function parseMarkText(text: string): TMarkValue | undefined {
  const value = text.trim().toUpperCase();
  if (value === '') return null;
  if (value === 'AB' || value === 'EX') return value;
  if (!/^\d{1,4}([.,]\d{1,2})?$/.test(value)) return undefined;
  return Number(value.replace(',', '.'));
}

export const ZGradebookQuery = z.object({ year: ZYear, term: ZTerm });

export const ZGradebookCellSave = z.object({
  learnerId: z.uuid({ error: ASSESSMENT_MESSAGES.notInClass }),
  taskId: z.uuid({ error: ASSESSMENT_MESSAGES.notATask }),
  value: ZMarkValue,
  /** What the caller saw in the cell before the change: the save refuses a cell changed since. */
  was: ZMarkValue,
});
export type TGradebookCellSave = z.infer<typeof ZGradebookCellSave>;

/**
 * PUT /gradebook: any number of cells of one term (a whole grid or a pasted block) in one request.
 * Saving the same cells again changes nothing (an autosave may repeat). After release a reason is
 * required and kept with each change.
 */
export const ZGradebookSave = z.object({
  year: ZYear,
  term: ZTerm,
  cells: z.array(ZGradebookCellSave).min(1).max(2000),
  reason: z.string().trim().max(300).optional(),
});
export type TGradebookSave = z.infer<typeof ZGradebookSave>;

export const ZGradebookCell = z.object({
  learnerId: z.string(),
  taskId: z.string(),
  value: ZMarkValue,
  updatedAt: z.string(),
});
export type TGradebookCell = z.infer<typeof ZGradebookCell>;

/** A learner's computed marks: percentages rounded to one decimal, null while nothing counts. */
export const ZLearnerMark = z.object({
  learnerId: z.string(),
  termMark: z.number().nullable(),
  termLevel: z.number().nullable(),
  /** The year so far: SBA of every term to date, weighted with the final examination when it is marked. */
  yearMark: z.number().nullable(),
  yearLevel: z.number().nullable(),
});
export type TLearnerMark = z.infer<typeof ZLearnerMark>;

export const ZGradebookLearner = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  admissionNumber: z.string(),
});

export const ZGradebook = z.object({
  subjectClass: z.object({
    id: z.string(),
    title: z.string(),
    subject: z.string(),
    subjectLabel: z.string(),
    grade: z.number(),
    teacherId: z.string(),
    teacherName: z.string(),
  }),
  year: z.number(),
  term: z.number(),
  phase: z.string(),
  weights: z.object({ sba: z.number(), exam: z.number() }),
  /** When the term's marks of this class were released to learners and parents; null before. */
  releasedAt: z.string().nullable(),
  tasks: z.array(ZAssessmentTask),
  learners: z.array(ZGradebookLearner),
  cells: z.array(ZGradebookCell),
  marks: z.array(ZLearnerMark),
});
export type TGradebook = z.infer<typeof ZGradebook>;

export const ZGradebookSaveResult = z.object({
  saved: z.number(),
  unchanged: z.number(),
  cells: z.array(ZGradebookCell),
  marks: z.array(ZLearnerMark),
});

export const ZMarkChange = z.object({
  learnerId: z.string(),
  learnerName: z.string(),
  taskId: z.string(),
  taskName: z.string(),
  oldValue: ZMarkValue,
  newValue: ZMarkValue,
  reason: z.string(),
  changedBy: z.string(),
  changedAt: z.string(),
});
export type TMarkChange = z.infer<typeof ZMarkChange>;

/** A subject class the caller may open in the gradebook. */
export const ZMarkableClass = z.object({
  id: z.string(),
  title: z.string(),
  subject: z.string(),
  grade: z.number(),
  teacherName: z.string(),
  learnerCount: z.number(),
});

/** A learner's released marks of a year, per subject (the learner's and the parent's view). */
export const ZSubjectResult = z.object({
  subjectClassId: z.string(),
  subject: z.string(),
  subjectLabel: z.string(),
  teacherName: z.string(),
  terms: z.array(z.object({ term: z.number(), mark: z.number().nullable(), level: z.number().nullable() })),
  yearMark: z.number().nullable(),
  yearLevel: z.number().nullable(),
});
export const ZLearnerResults = z.object({
  learnerId: z.string(),
  name: z.string(),
  grade: z.number(),
  subjects: z.array(ZSubjectResult),
});
export type TLearnerResults = z.infer<typeof ZLearnerResults>;

/* ---------- Assignments ---------- */

export const LATE_POLICIES = [
  { id: 'accept_late', label: 'Accept late work, marked late' },
  { id: 'refuse', label: 'Refuse work after the deadline' },
] as const;
export type TLatePolicy = (typeof LATE_POLICIES)[number]['id'];
const LATE_POLICY_IDS = LATE_POLICIES.map((p) => p.id) as [TLatePolicy, ...TLatePolicy[]];

/** POST /assignments: one assignment set for one or more of the teacher's subject classes. */
export const ZAssignmentCreate = z.object({
  subjectClassIds: z
    .array(z.uuid({ error: ASSESSMENT_MESSAGES.subjectClasses }))
    .min(1, ASSESSMENT_MESSAGES.subjectClasses)
    .max(20),
  title: z.string().trim().min(1, ASSESSMENT_MESSAGES.title).max(120, ASSESSMENT_MESSAGES.title),
  instructions: z.string().trim().max(10_000, ASSESSMENT_MESSAGES.instructions).default(''),
  /** Upload ids of the caller's files (POST /api/uploads). */
  attachmentIds: z.array(z.uuid()).max(10).default([]),
  /** ISO date-time with its offset, e.g. 2026-03-06T14:00:00+02:00. */
  dueAt: z.iso.datetime({ offset: true, error: ASSESSMENT_MESSAGES.dueAt }),
  totalMarks: z.coerce
    .number<number>({ error: ASSESSMENT_MESSAGES.totalMarks })
    .int()
    .min(1, ASSESSMENT_MESSAGES.totalMarks)
    .max(1000, ASSESSMENT_MESSAGES.totalMarks),
  /** The programme task it counts as (its mark goes to the gradebook on release), or null. */
  taskId: z.uuid().nullable().default(null),
  latePolicy: z.enum(LATE_POLICY_IDS, { error: ASSESSMENT_MESSAGES.latePolicy }),
});
export type TAssignmentCreate = z.input<typeof ZAssignmentCreate>;

export const ZAttachment = z.object({ id: z.string(), name: z.string(), mimeType: z.string(), size: z.number() });

export const ZAssignment = z.object({
  id: z.string(),
  subjectClassId: z.string(),
  subjectClassTitle: z.string(),
  teacherName: z.string(),
  title: z.string(),
  instructions: z.string(),
  attachments: z.array(ZAttachment),
  dueAt: z.string(),
  totalMarks: z.number(),
  taskId: z.string().nullable(),
  taskName: z.string().nullable(),
  latePolicy: z.enum(LATE_POLICY_IDS),
  releasedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Counts for the teacher's list. */
  learners: z.number(),
  submitted: z.number(),
  marked: z.number(),
});
export type TAssignment = z.infer<typeof ZAssignment>;

export const ZSubmission = z.object({
  text: z.string(),
  files: z.array(ZAttachment),
  submittedAt: z.string(),
  late: z.boolean(),
});

/** One learner's row of the marking view: submitted or not, marked or not. */
export const ZMarkingRow = z.object({
  learnerId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  admissionNumber: z.string(),
  hasAccount: z.boolean(),
  submission: ZSubmission.nullable(),
  mark: z.number().nullable(),
  comment: z.string(),
});
export const ZMarking = z.object({ assignment: ZAssignment, rows: z.array(ZMarkingRow) });
export type TMarking = z.infer<typeof ZMarking>;

/** PUT /assignments/:id/marks: marks and comments of any learners of the class (paper work too). */
export const ZAssignmentMarksSave = z.object({
  marks: z
    .array(
      z.object({
        learnerId: z.uuid({ error: ASSESSMENT_MESSAGES.notInClass }),
        mark: z.number({ error: ASSESSMENT_MESSAGES.mark }).min(0, ASSESSMENT_MESSAGES.mark).nullable(),
        comment: z.string().trim().max(2000).default(''),
      }),
    )
    .min(1)
    .max(500),
});
export type TAssignmentMarksSave = z.input<typeof ZAssignmentMarksSave>;

/** POST /assignments/:id/submission: the learner's answer (text, files or both), replaced until the deadline. */
export const ZSubmissionSave = z
  .object({
    text: z.string().trim().max(20_000).default(''),
    uploadIds: z.array(z.uuid()).max(5).default([]),
  })
  .refine((s) => s.text !== '' || s.uploadIds.length > 0, {
    message: ASSESSMENT_MESSAGES.submissionText,
    path: ['text'],
  });
export type TSubmissionSave = z.input<typeof ZSubmissionSave>;

/** An assignment as the learner (or their parent) sees it: their submission and, once released, the result. */
export const ZLearnerAssignment = z.object({
  id: z.string(),
  learnerId: z.string(),
  learnerName: z.string(),
  subjectLabel: z.string(),
  teacherName: z.string(),
  title: z.string(),
  instructions: z.string(),
  attachments: z.array(ZAttachment),
  dueAt: z.string(),
  totalMarks: z.number(),
  latePolicy: z.enum(LATE_POLICY_IDS),
  /** 'open', 'submitted', 'late' (submitted after the deadline), 'missing' (deadline passed, nothing in), 'released'. */
  status: z.enum(['open', 'submitted', 'late', 'missing', 'released']),
  submission: ZSubmission.nullable(),
  /** Only once the teacher releases the marks. */
  mark: z.number().nullable(),
  comment: z.string().nullable(),
});
export type TLearnerAssignment = z.infer<typeof ZLearnerAssignment>;

/* ---------- Report cards ---------- */

export const REPORT_CARD_MESSAGES = {
  whom: 'Choose a class or a learner.',
  comment: 'Keep a comment to 600 characters.',
  notFound: 'There is no such report card in your school.',
  nothingToPublish: 'Generate the report cards of this class and term before publishing them.',
  nothingToBundle: 'Generate the report cards of this class and term before downloading them.',
  runNotFound: 'There is no such report card run in your school.',
  runBusy: 'A run of this term is already under way.',
  decision: 'Choose promoted, progressed, not promoted or condoned.',
  reason: 'Say why the decision differs from the suggested one.',
  reasonLength: 'Keep the reason to 300 characters.',
  learnerNotFound: 'There is no such learner in your school.',
  classNotFound: 'There is no such class in your school.',
  notClassTeacher: 'Only the school admin or the class teacher takes year-end decisions for this class.',
} as const;

const ZComment = z.string().trim().max(600, REPORT_CARD_MESSAGES.comment);

/** POST /report-cards/generate: the term's report cards of one class or one learner (made or refreshed). */
export const ZReportCardGenerate = z
  .object({
    year: ZYear,
    term: ZTerm,
    registerClassId: z.uuid({ error: REPORT_CARD_MESSAGES.whom }).optional(),
    learnerId: z.uuid({ error: REPORT_CARD_MESSAGES.whom }).optional(),
  })
  .refine((v) => Boolean(v.registerClassId) !== Boolean(v.learnerId), {
    message: REPORT_CARD_MESSAGES.whom,
    path: ['registerClassId'],
  });
export type TReportCardGenerate = z.infer<typeof ZReportCardGenerate>;

export const ZReportCardComments = z.object({ classTeacherComment: ZComment, principalComment: ZComment });
export type TReportCardComments = z.infer<typeof ZReportCardComments>;

/** POST /report-cards/publish: a class's generated cards of the term, or (no class) the whole school's. */
export const ZReportCardPublish = z.object({
  year: ZYear,
  term: ZTerm,
  registerClassId: z.uuid({ error: REPORT_CARD_MESSAGES.whom }).optional(),
});

/** A class's generated cards as one PDF (a page or more per learner) or a zip of one PDF per learner. */
export const REPORT_CARD_BUNDLES = ['pdf', 'zip'] as const;
export const ZReportCardBundleQuery = z.object({
  year: ZYear,
  term: ZTerm,
  registerClassId: z.uuid({ error: REPORT_CARD_MESSAGES.whom }),
  format: z.enum(REPORT_CARD_BUNDLES),
});

/** POST /report-cards/runs: the whole school's cards of a term, made by a background job. */
export const ZReportCardRunStart = z.object({ year: ZYear, term: ZTerm });
export const REPORT_CARD_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const ZReportCardRun = z.object({
  id: z.string(),
  year: z.number(),
  term: z.number(),
  status: z.enum(REPORT_CARD_RUN_STATUSES),
  learnersTotal: z.number(),
  learnersDone: z.number(),
  cardsCreated: z.number(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TReportCardRun = z.infer<typeof ZReportCardRun>;

/**
 * The year-end decision (National Policy Pertaining to the Programme and Promotion Requirements):
 * promoted (the phase's requirements met), condoned (met once a mark or two is raised by at most
 * 2 points), progressed (moved on without meeting them, having already been retained in the phase),
 * not promoted (repeats the grade).
 */
export const PROMOTION_DECISIONS = [
  { id: 'promoted', label: 'Promoted' },
  { id: 'condoned', label: 'Condoned' },
  { id: 'progressed', label: 'Progressed' },
  { id: 'not_promoted', label: 'Not promoted' },
] as const;
export const PROMOTION_DECISION_IDS = PROMOTION_DECISIONS.map((d) => d.id) as [
  'promoted',
  'condoned',
  'progressed',
  'not_promoted',
];
export type TPromotionDecision = (typeof PROMOTION_DECISION_IDS)[number];
export const promotionDecisionLabel = (id: string) => PROMOTION_DECISIONS.find((d) => d.id === id)?.label ?? id;

export const ZPromotionQuery = z.object({ year: ZYear, registerClassId: z.uuid({ error: REPORT_CARD_MESSAGES.whom }) });

/** PUT /report-cards/promotions/:learnerId: the decision, with a reason when it is not the suggested one. */
export const ZPromotionDecide = z.object({
  year: ZYear,
  decision: z.enum(PROMOTION_DECISION_IDS, { error: REPORT_CARD_MESSAGES.decision }),
  reason: z.string().trim().max(300, REPORT_CARD_MESSAGES.reasonLength).default(''),
});
export type TPromotionDecide = z.infer<typeof ZPromotionDecide>;

export const ZPromotion = z.object({
  learnerId: z.string(),
  learnerName: z.string(),
  admissionNumber: z.string(),
  grade: z.number(),
  suggested: z.enum(PROMOTION_DECISION_IDS),
  /** The requirements not met, in words (empty when all are). */
  unmet: z.array(z.string()),
  decision: z.enum(PROMOTION_DECISION_IDS).nullable(),
  reason: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type TPromotion = z.infer<typeof ZPromotion>;

export const ZReportCardQuery = z.object({ year: ZYear, term: ZTerm, registerClassId: z.uuid().optional() });

export const ZReportCard = z.object({
  id: z.string(),
  learnerId: z.string(),
  learnerName: z.string(),
  admissionNumber: z.string(),
  className: z.string(),
  year: z.number(),
  term: z.number(),
  classTeacherComment: z.string(),
  principalComment: z.string(),
  generatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type TReportCard = z.infer<typeof ZReportCard>;

/* ---------- Reports ---------- */

export const ZMarkReportQuery = z.object({ year: ZYear, term: ZTerm });

/** A subject class's term marks at a glance: how many learners at each level, the average, those at risk. */
export const ZClassDistribution = z.object({
  subjectClassId: z.string(),
  title: z.string(),
  subject: z.string(),
  subjectLabel: z.string(),
  grade: z.number(),
  learners: z.number(),
  marked: z.number(),
  average: z.number().nullable(),
  /** Learners per level, index 0 is level 1 ... index 6 level 7. */
  levels: z.array(z.number()),
  atRisk: z.number(),
});
export type TClassDistribution = z.infer<typeof ZClassDistribution>;

/** A learner below the pass level (under 50 %, level 3 or lower) in a subject this term. */
export const ZAtRiskLearner = z.object({
  learnerId: z.string(),
  name: z.string(),
  admissionNumber: z.string(),
  subjectClassId: z.string(),
  subjectClassTitle: z.string(),
  mark: z.number(),
  level: z.number(),
});
export type TAtRiskLearner = z.infer<typeof ZAtRiskLearner>;

/** The pass level of the reports: a term mark under 50 % (level 3 or lower). */
export const AT_RISK_BELOW = 50;
