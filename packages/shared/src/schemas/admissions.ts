/**
 * School admissions: a school's rounds (year, grades, places, its questions and documents), a
 * guardian's application per child, and the school's review. One schema checks the form in the
 * browser and the request on the server, so every message lives here.
 */

import { z } from 'zod';
import { SCHOOL_GRADE_IDS, gradeLabel } from '../constants/enumerations.ts';
import { GUARDIAN_RELATIONS } from '../constants/roles.ts';
import { idsOf } from '../domain/options.ts';
import { isIsoDate } from '../domain/sa-calendar.ts';
import { formatSaPhone, isSaPhone } from '../domain/sa-phone.ts';
import { ZPasswordSchema } from './auth.ts';
import { HOME_LANGUAGE_IDS, LEARNER_GENDER_IDS, LEARNER_ID_TYPE_IDS, ZLearnerSchema } from './school.ts';

export const ADMISSION_MESSAGES = {
  roundNotFound: 'This admission round was not found.',
  applicationNotFound: 'This application was not found.',
  schoolNotFound: 'This school was not found.',
  nameRequired: 'Name the round, e.g. "Admissions for 2027".',
  yearInvalid: 'Choose a year between 2020 and 2100.',
  dateRequired: 'Choose a date.',
  closesBeforeOpens: 'The closing date must be on or after the opening date.',
  gradesRequired: 'Choose at least one grade with its number of places.',
  gradeRepeated: 'Each grade can be listed once.',
  placesInvalid: 'Places must be a whole number from 1 to 2000.',
  questionLabelRequired: 'Write the question.',
  choiceOptionsRequired: 'A choice question needs at least two options.',
  documentLabelRequired: 'Name the document.',
  offerDaysInvalid: 'Give between 1 and 60 days to accept an offer.',
  retentionDaysInvalid: 'Keep applications for between 30 and 730 days.',
  tooLong: (max: number) => `Must be ${max} characters or fewer.`,
  consentRequired: 'You must agree to the terms',
  relationRequired: 'Relation is required',
  gradeNotOffered: 'This round does not take applications for that grade.',
  roundClosed: 'This round is not open for applications.',
  notADraft: 'Only a draft can be changed. This application has been submitted.',
  alreadyApplied: 'You have already applied for this child in this round.',
  answerRequired: 'Answer this question.',
  documentRequired: 'Upload this document.',
  documentUnknown: 'This round does not ask for that document.',
  documentNotFound: 'This document was not found.',
  requestNotFound: 'This document request was not found.',
  requestClosed: 'This document request has already been answered.',
  statusNotAllowed: (from: string, to: string) => `An application that is ${from} cannot be marked ${to}.`,
  capacityReached: (grade: string, places: number) =>
    `${grade} has ${places} places and they are all offered. Decline or waitlist someone first, or add places to the round.`,
  offerExpiresRequired: 'Choose the date by which the offer must be accepted.',
  offerExpiresPast: 'The offer must be open until today or later.',
  noOffer: 'There is no open offer to answer on this application.',
  offerLapsed: 'This offer has lapsed: it was not accepted in time.',
  notAccepted: 'Only an accepted offer can be enrolled.',
  noteRequired: 'Write a note.',
  idsRequired: 'Choose at least one application.',
  parentAccountOnly:
    'Applications are made from a parent account. Sign out and sign in with your parent account, or create one on this page.',
  emailTaken: 'An account with this e-mail address already exists. Sign in instead.',
  waitlistOnly: 'Only a waitlisted application has a place on the waiting list.',
} as const;
const M = ADMISSION_MESSAGES;

// ---------------------------------------------------------------------------------------------
// Statuses

export const ADMISSION_STATUSES = [
  { id: 'draft', label: 'Draft' },
  { id: 'submitted', label: 'Submitted' },
  { id: 'documents_requested', label: 'Documents requested' },
  { id: 'under_review', label: 'Under review' },
  { id: 'offered', label: 'Offered' },
  { id: 'waitlisted', label: 'Waitlisted' },
  { id: 'declined', label: 'Declined' },
  { id: 'accepted', label: 'Accepted' },
  { id: 'enrolled', label: 'Enrolled' },
  { id: 'lapsed', label: 'Offer lapsed' },
] as const;
export const ADMISSION_STATUS_IDS = idsOf(ADMISSION_STATUSES);
export type TAdmissionStatus = (typeof ADMISSION_STATUS_IDS)[number];
export const admissionStatusLabel = (status: string) =>
  ADMISSION_STATUSES.find((s) => s.id === status)?.label ?? status;

/** The statuses a school sets itself (bulk or one by one); the others follow from acts. */
export const SCHOOL_SET_STATUSES = ['under_review', 'offered', 'waitlisted', 'declined'] as const;
export type TSchoolSetStatus = (typeof SCHOOL_SET_STATUSES)[number];

/** Which status the school may move an application to from which. */
export const SCHOOL_TRANSITIONS: Record<TSchoolSetStatus, readonly TAdmissionStatus[]> = {
  under_review: ['submitted', 'documents_requested', 'waitlisted'],
  offered: ['submitted', 'documents_requested', 'under_review', 'waitlisted', 'lapsed'],
  waitlisted: ['submitted', 'documents_requested', 'under_review', 'offered', 'lapsed'],
  declined: ['submitted', 'documents_requested', 'under_review', 'offered', 'waitlisted', 'lapsed'],
};

/** Statuses that hold one of the grade's places. */
export const PLACE_HOLDING_STATUSES = ['offered', 'accepted', 'enrolled'] as const;

// ---------------------------------------------------------------------------------------------
// Rounds

/** The documents provinces ask for; a school ticks the ones it needs and adds its own. */
export const STANDARD_ADMISSION_DOCUMENTS = [
  { id: 'birth_certificate', label: "Learner's birth certificate or ID" },
  { id: 'immunisation_card', label: 'Immunisation card (Road to Health)' },
  { id: 'proof_of_residence', label: 'Proof of residence' },
  { id: 'latest_report', label: 'Latest school report' },
  { id: 'guardian_id', label: "Parent or guardian's ID" },
] as const;
export const STANDARD_ADMISSION_DOCUMENT_IDS = idsOf(STANDARD_ADMISSION_DOCUMENTS);

export const ADMISSION_QUESTION_KINDS = [
  { id: 'text', label: 'Text' },
  { id: 'yes_no', label: 'Yes or no' },
  { id: 'choice', label: 'Choice' },
] as const;
export const ADMISSION_QUESTION_KIND_IDS = idsOf(ADMISSION_QUESTION_KINDS);

const ZKey = z
  .string()
  .trim()
  .regex(/^[a-z0-9_-]{1,40}$/);

export const ZAdmissionQuestion = z
  .object({
    id: ZKey,
    label: z.string().trim().min(1, M.questionLabelRequired).max(300, M.tooLong(300)),
    kind: z.enum(ADMISSION_QUESTION_KIND_IDS),
    options: z
      .array(z.string().trim().min(1).max(100, M.tooLong(100)))
      .max(20)
      .default([]),
    required: z.boolean().default(true),
  })
  .superRefine((q, ctx) => {
    if (q.kind === 'choice' && q.options.length < 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: M.choiceOptionsRequired });
  });
export type TAdmissionQuestion = z.output<typeof ZAdmissionQuestion>;

export const ZAdmissionDocument = z.object({
  id: ZKey,
  label: z.string().trim().min(1, M.documentLabelRequired).max(120, M.tooLong(120)),
  required: z.boolean().default(true),
});
export type TAdmissionDocument = z.output<typeof ZAdmissionDocument>;

const ZIsoDate = z
  .string({ error: M.dateRequired })
  .trim()
  .refine((value) => isIsoDate(value), M.dateRequired);

export const ZAdmissionRoundSchema = z
  .object({
    name: z.string().trim().min(1, M.nameRequired).max(120, M.tooLong(120)),
    year: z.coerce
      .number({ error: M.yearInvalid })
      .int(M.yearInvalid)
      .min(2020, M.yearInvalid)
      .max(2100, M.yearInvalid),
    opensOn: ZIsoDate,
    closesOn: ZIsoDate,
    grades: z
      .array(
        z.object({
          grade: z.enum(SCHOOL_GRADE_IDS),
          places: z.coerce
            .number({ error: M.placesInvalid })
            .int(M.placesInvalid)
            .min(1, M.placesInvalid)
            .max(2000, M.placesInvalid),
        }),
      )
      .min(1, M.gradesRequired),
    questions: z.array(ZAdmissionQuestion).max(30).default([]),
    documents: z.array(ZAdmissionDocument).max(20).default([]),
    offerDays: z.coerce
      .number({ error: M.offerDaysInvalid })
      .int(M.offerDaysInvalid)
      .min(1, M.offerDaysInvalid)
      .max(60, M.offerDaysInvalid)
      .default(14),
    retentionDays: z.coerce
      .number({ error: M.retentionDaysInvalid })
      .int(M.retentionDaysInvalid)
      .min(30, M.retentionDaysInvalid)
      .max(730, M.retentionDaysInvalid)
      .default(180),
  })
  .superRefine((value, ctx) => {
    if (isIsoDate(value.opensOn) && isIsoDate(value.closesOn) && value.closesOn < value.opensOn)
      ctx.addIssue({ code: 'custom', path: ['closesOn'], message: M.closesBeforeOpens });
    const seen = new Set<string>();
    value.grades.forEach((g, i) => {
      if (seen.has(g.grade)) ctx.addIssue({ code: 'custom', path: ['grades', i, 'grade'], message: M.gradeRepeated });
      seen.add(g.grade);
    });
  });
export type TAdmissionRoundInput = z.input<typeof ZAdmissionRoundSchema>;
export type TAdmissionRoundValues = z.output<typeof ZAdmissionRoundSchema>;

export const ZRoundGrade = z.object({
  grade: z.enum(SCHOOL_GRADE_IDS),
  places: z.number(),
  /** Places held by an open offer, an accepted offer or an enrolment. */
  held: z.number(),
  applications: z.number(),
});

const ZAdmissionQuestionView = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(ADMISSION_QUESTION_KIND_IDS),
  options: z.array(z.string()),
  required: z.boolean(),
});
const ZAdmissionDocumentView = z.object({ id: z.string(), label: z.string(), required: z.boolean() });

export const ZAdmissionRound = z.object({
  id: z.string(),
  name: z.string(),
  year: z.number(),
  opensOn: z.string(),
  closesOn: z.string(),
  open: z.boolean(),
  grades: z.array(ZRoundGrade),
  questions: z.array(ZAdmissionQuestionView),
  documents: z.array(ZAdmissionDocumentView),
  offerDays: z.number(),
  retentionDays: z.number(),
});
export type TAdmissionRound = z.output<typeof ZAdmissionRound>;

/** What anyone may read of a school's open rounds (the public admissions page). */
export const ZPublicAdmissionRound = ZAdmissionRound.omit({ retentionDays: true }).extend({
  grades: z.array(z.object({ grade: z.enum(SCHOOL_GRADE_IDS), places: z.number() })),
});
export type TPublicAdmissionRound = z.output<typeof ZPublicAdmissionRound>;

export const ZPublicAdmissions = z.object({
  school: z.object({ name: z.string(), slug: z.string() }),
  rounds: z.array(ZPublicAdmissionRound),
});

// ---------------------------------------------------------------------------------------------
// The guardian's account and application

export const ZAdmissionAccountSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100, M.tooLong(100)),
  lastName: z.string().trim().min(1, 'Last name is required').max(100, M.tooLong(100)),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Invalid email address' })),
  password: ZPasswordSchema,
  /** The school page the family signed up on: the verification link brings them back to it. */
  schoolSlug: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,120}$/)
    .optional(),
});
export type TAdmissionAccountInput = z.input<typeof ZAdmissionAccountSchema>;

export const GUARDIAN_RELATION_OPTION_IDS = idsOf(GUARDIAN_RELATIONS);

/** Starting an application: the consent comes first, before any of the child's data (D15). */
export const ZStartApplicationSchema = z.object({
  roundId: z.uuid({ error: M.roundNotFound }),
  grade: z.enum(SCHOOL_GRADE_IDS, { error: M.gradeNotOffered }),
  relation: z.enum(GUARDIAN_RELATION_OPTION_IDS, { error: M.relationRequired }),
  consent: z.literal(true, { error: M.consentRequired }),
});
export type TStartApplicationInput = z.input<typeof ZStartApplicationSchema>;

/** The consent text: it names the guardian and the school, and what the school may do with the data. */
export function admissionConsentText(guardianName: string, schoolName: string): string {
  return (
    `I, ${guardianName || 'the parent or guardian'}, am the parent or legal guardian of the child I apply for. ` +
    `I consent to ${schoolName} processing my child's personal information, and the documents I upload, ` +
    'to consider this application and, if my child is enrolled, to keep the learner record, as the privacy policy describes.'
  );
}

const draftText = (max: number) => z.string().trim().max(max, M.tooLong(max)).default('');

/** A draft as saved: everything may still be empty; submitting checks it whole. */
export const ZApplicationDraftSchema = z.object({
  child: z.object({
    firstName: draftText(100),
    lastName: draftText(100),
    preferredName: draftText(100),
    dateOfBirth: z
      .string()
      .trim()
      .refine((value) => value === '' || isIsoDate(value), 'Enter the date of birth as YYYY-MM-DD.')
      .default(''),
    gender: z.union([z.literal(''), z.enum(LEARNER_GENDER_IDS)]).default(''),
    idType: z.enum(LEARNER_ID_TYPE_IDS).default('none'),
    idNumber: draftText(20),
    homeLanguage: z.union([z.literal(''), z.enum(HOME_LANGUAGE_IDS)]).default(''),
    medicalNotes: draftText(2000),
    address: draftText(500),
    currentSchool: draftText(200),
  }),
  guardian: z.object({
    firstName: draftText(100),
    lastName: draftText(100),
    phone: z
      .string()
      .trim()
      .refine((value) => value === '' || isSaPhone(value), 'Enter a South African phone number, e.g. 082 123 4567.')
      .transform((value) => (value ? formatSaPhone(value) : ''))
      .default(''),
    relation: z.enum(GUARDIAN_RELATION_OPTION_IDS, { error: M.relationRequired }),
  }),
  answers: z.record(z.string(), z.string().trim().max(2000, M.tooLong(2000))).default({}),
});
export type TApplicationDraftInput = z.input<typeof ZApplicationDraftSchema>;
export type TApplicationDraft = z.output<typeof ZApplicationDraftSchema>;

/**
 * The problems that keep a draft from being submitted, by field path ('child.firstName',
 * 'answers.<id>', 'documents.<id>'). The child is checked by the school's learner schema, so an
 * enrolment never meets data the learner record would refuse.
 */
export function submissionProblems(
  draft: TApplicationDraft,
  grade: string,
  round: { questions: TAdmissionQuestion[]; documents: TAdmissionDocument[] },
  documentKeys: readonly string[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  const learner = ZLearnerSchema.safeParse({
    ...draft.child,
    grade,
    admissionNumber: 'APPLICANT',
    homeLanguage: draft.child.homeLanguage || null,
  });
  if (!learner.success) {
    for (const issue of learner.error.issues) {
      const key = `child.${String(issue.path[0] ?? '')}`;
      problems[key] ??= issue.message;
    }
  }
  if (!draft.guardian.firstName) problems['guardian.firstName'] = 'First name is required';
  if (!draft.guardian.lastName) problems['guardian.lastName'] = 'Last name is required';
  if (!draft.guardian.phone) problems['guardian.phone'] = 'Phone number is required';
  for (const q of round.questions) {
    const answer = draft.answers[q.id] ?? '';
    if (q.required && !answer) problems[`answers.${q.id}`] = M.answerRequired;
    else if (answer && q.kind === 'yes_no' && answer !== 'yes' && answer !== 'no')
      problems[`answers.${q.id}`] = M.answerRequired;
    else if (answer && q.kind === 'choice' && !q.options.includes(answer))
      problems[`answers.${q.id}`] = M.answerRequired;
  }
  for (const d of round.documents) {
    if (d.required && !documentKeys.includes(d.id)) problems[`documents.${d.id}`] = M.documentRequired;
  }
  return problems;
}

/** The draft as answered (the saved form's output, without the form's transforms). */
export const ZApplicationDraftView = z.object({
  child: z.object({
    firstName: z.string(),
    lastName: z.string(),
    preferredName: z.string(),
    dateOfBirth: z.string(),
    gender: z.string(),
    idType: z.string(),
    idNumber: z.string(),
    homeLanguage: z.string(),
    medicalNotes: z.string(),
    address: z.string(),
    currentSchool: z.string(),
  }),
  guardian: z.object({ firstName: z.string(), lastName: z.string(), phone: z.string(), relation: z.string() }),
  answers: z.record(z.string(), z.string()),
});

export const ZAddDocumentSchema = z.object({
  documentKey: ZKey,
  uploadId: z.uuid({ error: M.documentNotFound }),
  /** The school's request this upload answers, if any. */
  requestId: z.uuid({ error: M.requestNotFound }).nullable().optional(),
});

export const ZApplicationDocument = z.object({
  id: z.string(),
  documentKey: z.string(),
  label: z.string(),
  uploadId: z.string(),
  name: z.string(),
  size: z.number(),
  mimeType: z.string(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
});

export const ZDocumentRequest = z.object({
  id: z.string(),
  label: z.string(),
  note: z.string(),
  requestedAt: z.string(),
  fulfilledAt: z.string().nullable(),
});

export const ZStatusEvent = z.object({
  status: z.enum(ADMISSION_STATUS_IDS),
  note: z.string(),
  at: z.string(),
});

export const ZApplicationSummary = z.object({
  id: z.string(),
  reference: z.string(),
  schoolName: z.string(),
  roundId: z.string(),
  roundName: z.string(),
  year: z.number(),
  grade: z.enum(SCHOOL_GRADE_IDS),
  status: z.enum(ADMISSION_STATUS_IDS),
  childName: z.string(),
  guardianName: z.string(),
  submittedAt: z.string().nullable(),
  offerExpiresOn: z.string().nullable(),
  waitlistPosition: z.number().nullable(),
  openRequests: z.number(),
  updatedAt: z.string(),
});
export type TApplicationSummary = z.output<typeof ZApplicationSummary>;

export const ZApplicationDetail = ZApplicationSummary.extend({
  draft: ZApplicationDraftView,
  consent: z.object({ givenAt: z.string(), policyVersion: z.string(), guardianName: z.string(), text: z.string() }),
  guardianEmail: z.string(),
  round: ZPublicAdmissionRound,
  documents: z.array(ZApplicationDocument),
  requests: z.array(ZDocumentRequest),
  history: z.array(ZStatusEvent),
  learnerId: z.string().nullable(),
});
export type TApplicationDetail = z.output<typeof ZApplicationDetail>;

export const ZSchoolApplicationDetail = ZApplicationDetail.extend({
  notes: z.array(z.object({ id: z.string(), body: z.string(), author: z.string(), at: z.string() })),
  suggestedAdmissionNumber: z.string(),
});
export type TSchoolApplicationDetail = z.output<typeof ZSchoolApplicationDetail>;

// ---------------------------------------------------------------------------------------------
// The school's review

export const ZApplicationsQuery = z.object({
  roundId: z.uuid({ error: M.roundNotFound }).optional(),
  grade: z.enum(SCHOOL_GRADE_IDS).optional(),
  status: z.enum(ADMISSION_STATUS_IDS).optional(),
  search: z.string().trim().max(100).optional(),
});

export const ZStatusChangeSchema = z.object({
  ids: z.array(z.uuid()).min(1, M.idsRequired).max(200),
  status: z.enum(SCHOOL_SET_STATUSES),
  /** Required for an offer: the last day to accept. */
  offerExpiresOn: z
    .string()
    .trim()
    .refine((value) => value === '' || isIsoDate(value), M.offerExpiresRequired)
    .optional(),
  note: z.string().trim().max(1000, M.tooLong(1000)).default(''),
});
export type TStatusChangeInput = z.input<typeof ZStatusChangeSchema>;

export const ZDocumentRequestSchema = z.object({
  label: z.string().trim().min(1, M.documentLabelRequired).max(120, M.tooLong(120)),
  note: z.string().trim().min(1, M.noteRequired).max(1000, M.tooLong(1000)),
});
export type TDocumentRequestInput = z.input<typeof ZDocumentRequestSchema>;

export const ZNoteSchema = z.object({ body: z.string().trim().min(1, M.noteRequired).max(2000, M.tooLong(2000)) });

export const ZEnrolSchema = z.object({
  admissionNumber: z
    .string({ error: 'Admission number is required' })
    .trim()
    .min(1, 'Admission number is required')
    .max(20, M.tooLong(20))
    .toUpperCase()
    .regex(/^[A-Z0-9/-]+$/, 'Use letters, digits, "-" and "/" only.'),
  registerClassId: z
    .union([z.literal(''), z.uuid()])
    .nullable()
    .optional(),
});
export type TEnrolInput = z.input<typeof ZEnrolSchema>;

export const ZWaitlistMoveSchema = z.object({ position: z.coerce.number().int().min(1).max(10000) });

export const gradeName = (grade: string) => gradeLabel(grade) ?? `Grade ${grade}`;
