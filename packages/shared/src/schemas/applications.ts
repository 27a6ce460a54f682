import { z } from 'zod';
import type { IOption } from '../domain/options.ts';

/**
 * Applications: the applicant's saved wizard draft, its submission and the operators'
 * review console. Shared by the API and the web app.
 */

export const APPLICATION_STATUS_OPTIONS = [
  { id: 'draft', label: 'Draft' },
  { id: 'submitted', label: 'Submitted' },
  { id: 'changes_requested', label: 'Changes requested' },
  { id: 'approved', label: 'Approved' },
  { id: 'rejected', label: 'Rejected' },
] as const satisfies readonly IOption[];
export type TApplicationStatusId = (typeof APPLICATION_STATUS_OPTIONS)[number]['id'];
export const APPLICATION_STATUS_IDS = APPLICATION_STATUS_OPTIONS.map((o) => o.id) as [
  TApplicationStatusId,
  ...TApplicationStatusId[],
];

/** The registration roles that go through review (customers are active at once). */
export const APPLICATION_TYPE_OPTIONS = [
  { id: 'school_admin', label: 'School' },
  { id: 'business_partner', label: 'Business partner' },
  { id: 'charity', label: 'Charity' },
  { id: 'young_entrepreneur', label: 'Young entrepreneur' },
] as const satisfies readonly IOption[];
export type TApplicationType = (typeof APPLICATION_TYPE_OPTIONS)[number]['id'];
export const APPLICATION_TYPE_IDS = APPLICATION_TYPE_OPTIONS.map((o) => o.id) as [
  TApplicationType,
  ...TApplicationType[],
];
export function isApplicationType(value: unknown): value is TApplicationType {
  return typeof value === 'string' && (APPLICATION_TYPE_IDS as string[]).includes(value);
}

/** Types that pay a registration fee or subscription before submitting (the others pay nothing). */
export const PAID_APPLICATION_TYPES = [
  'school_admin',
  'business_partner',
] as const satisfies readonly TApplicationType[];

export const APPLICATION_MESSAGES = {
  notApplicant: 'Only applicants waiting for approval can change an application.',
  notApplicationType: 'Your account type does not need an application.',
  noApplication: 'You have not started an application yet.',
  locked: 'Your application has been submitted and can no longer be changed.',
  idempotencyKeyRequired: 'The Idempotency-Key header is required (8 to 200 characters).',
  stepMissing: (step: number, title: string) => `Please complete step ${step} (${title}) before submitting.`,
  paymentRequired: 'Please complete the payment before submitting your application.',
  notFound: 'Application not found.',
  notSubmitted: (statusLabel: string) =>
    `This application is ${statusLabel.toLowerCase()}. Only submitted applications can be approved, rejected or sent back for changes.`,
  guardianConsentMissing:
    "The guardian has not confirmed consent yet. A young entrepreneur's application can be approved only after that.",
  reasonRequired: 'Please give a reason (at least 10 characters).',
  reasonTooLong: 'Please keep the reason under 2,000 characters.',
  consentNotFound: 'This consent link is not valid. Please use the link in the most recent e-mail.',
  consentExpired: 'This consent link has expired. Please ask the applicant to contact us for a new one.',
  draftTooLarge: 'This step is too long to save as a draft. Please shorten it or complete the step.',
  draftUnreadable: 'This draft contains characters that cannot be saved.',
} as const;

/** PUT /api/applications/me. Step keys are the step numbers ('1', '2', ...). */
export const ZSaveApplicationDraft = z.object({
  currentStep: z.number().int().min(1).max(20),
  stepData: z.record(
    z.string().regex(/^[1-9][0-9]?$/, 'Steps are numbered from 1.'),
    z.record(z.string(), z.unknown()),
  ),
});
export type TSaveApplicationDraft = z.infer<typeof ZSaveApplicationDraft>;

/** The largest unfinished step the server keeps (its JSON), e.g. a long products list. */
export const MAX_STEP_DRAFT_BYTES = 64 * 1024;

/** PUT /api/applications/me/drafts/:step (the step number in the path). */
export const ZStepDraftParams = z.object({
  step: z.coerce
    .number()
    .int('Steps are numbered from 1.')
    .min(1, 'Steps are numbered from 1.')
    .max(20, 'Steps are numbered from 1.'),
});

/**
 * PUT /api/applications/me/drafts/:step: the unfinished step's form values as they are (files as
 * { id, name, size, mimeType }). Not checked against the step's schema: that happens when the step
 * is completed (PUT /api/applications/me) and on submission.
 */
export const ZSaveStepDraft = z.object({ values: z.record(z.string(), z.unknown()) });
export type TSaveStepDraft = z.infer<typeof ZSaveStepDraft>;

export const ZIdempotencyKey = z
  .string()
  .trim()
  .min(8, APPLICATION_MESSAGES.idempotencyKeyRequired)
  .max(200, APPLICATION_MESSAGES.idempotencyKeyRequired);

/** Reject and request-changes: the reason is e-mailed to the applicant. Shared with the console form. */
export const ZDecisionReason = z.object({
  reason: z.string().trim().min(10, APPLICATION_MESSAGES.reasonRequired).max(2000, APPLICATION_MESSAGES.reasonTooLong),
});
export type TDecisionReason = z.infer<typeof ZDecisionReason>;

export const CONSOLE_PAGE_SIZE = 20;

/** GET /api/console/applications. Status 'all' lists every status. */
export const ZConsoleApplicationsQuery = z.object({
  type: z.enum(APPLICATION_TYPE_IDS).optional(),
  status: z.enum([...APPLICATION_STATUS_IDS, 'all']).default('submitted'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(CONSOLE_PAGE_SIZE),
});
export type TConsoleApplicationsQuery = z.input<typeof ZConsoleApplicationsQuery>;

export const ZGuardianConsentToken = z.object({
  token: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, APPLICATION_MESSAGES.consentNotFound),
});

// ---------------------------------------------------------------------------------------------
// Answers of the API (the web app reads these shapes).

const ZStepValues = z.record(z.string(), z.record(z.string(), z.unknown()));

export const ZApplicationView = z.object({
  id: z.string(),
  userType: z.string(),
  status: z.enum(APPLICATION_STATUS_IDS),
  currentStep: z.number(),
  stepData: ZStepValues,
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TApplicationView = z.infer<typeof ZApplicationView>;

/**
 * What the applicant reads of their own application (GET/PUT /api/applications/me...): the view
 * plus the unfinished steps' form values by step number. A step's draft goes when the step is
 * completed, and all go on submission. Never shown to anyone else (the console reads TApplicationView).
 */
export const ZApplicantApplicationView = ZApplicationView.extend({ stepDrafts: ZStepValues });
export type TApplicantApplicationView = z.infer<typeof ZApplicantApplicationView>;

const ZApplicant = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const ZConsoleApplicationListItem = z.object({
  id: z.string(),
  userType: z.string(),
  status: z.enum(APPLICATION_STATUS_IDS),
  name: z.string(),
  applicant: ZApplicant,
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type TConsoleApplicationListItem = z.infer<typeof ZConsoleApplicationListItem>;

export const ZConsoleApplicationList = z.object({
  items: z.array(ZConsoleApplicationListItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TConsoleApplicationList = z.infer<typeof ZConsoleApplicationList>;

export const ZApplicationDocument = z.object({
  step: z.number(),
  /** Dotted path inside the step, e.g. 'documentFiles.registrationCertificate'. */
  field: z.string(),
  id: z.string(),
  name: z.string(),
  size: z.number(),
  mimeType: z.string(),
  url: z.string(),
});
export type TApplicationDocument = z.infer<typeof ZApplicationDocument>;

/** Where an applicant's registration payment stands: paid, a checkout awaiting payment, or none. */
export const ZApplicationPayment = z.object({
  status: z.enum(['paid', 'pending', 'none']),
  amountCents: z.number().nullable(),
  /** When it was paid, or when the pending checkout began. */
  at: z.string().nullable(),
  reference: z.string().nullable(),
  description: z.string().nullable(),
});
export type TApplicationPayment = z.infer<typeof ZApplicationPayment>;

/** A school applicant's package subscription as the console shows it. */
export const ZApplicationSubscription = z.object({
  packageId: z.string(),
  packageName: z.string(),
  status: z.enum(['trial', 'active', 'past_due', 'cancelled']),
  amountCents: z.number(),
  nextBillingDate: z.string().nullable(),
  cancelAt: z.string().nullable(),
});
export type TApplicationSubscription = z.infer<typeof ZApplicationSubscription>;

export const ZConsoleApplicationDetail = z.object({
  application: ZApplicationView.extend({
    payment: ZApplicationPayment,
    /** School applications: the package subscription (null before one is set up). */
    subscription: ZApplicationSubscription.nullable(),
    applicant: ZApplicant.extend({ firstName: z.string(), lastName: z.string(), status: z.string() }),
    decidedBy: ZApplicant.nullable(),
    organization: z.object({ id: z.string(), name: z.string(), type: z.string() }).nullable(),
    submissionKey: z.string().nullable(),
    name: z.string(),
    steps: z.array(
      z.object({ step: z.number(), title: z.string(), data: z.record(z.string(), z.unknown()).nullable() }),
    ),
    documents: z.array(ZApplicationDocument),
    guardianConsent: z
      .object({
        guardianName: z.string(),
        guardianEmail: z.string(),
        relation: z.string(),
        requestedAt: z.string(),
        consentedAt: z.string().nullable(),
      })
      .nullable(),
  }),
});
export type TConsoleApplicationDetail = z.infer<typeof ZConsoleApplicationDetail>;

export const ZGuardianConsentView = z.object({
  status: z.enum(['pending', 'given', 'expired']),
  childName: z.string(),
  shopName: z.string(),
  guardianName: z.string(),
  consentedAt: z.string().nullable(),
});
export type TGuardianConsentView = z.infer<typeof ZGuardianConsentView>;

export function applicationStatusLabel(status: string): string {
  return APPLICATION_STATUS_OPTIONS.find((o) => o.id === status)?.label ?? status;
}

export function applicationTypeLabel(type: string): string {
  return APPLICATION_TYPE_OPTIONS.find((o) => o.id === type)?.label ?? type;
}

/** A name for the application as the queue shows it: the organisation or shop named in step 1. */
export function applicationName(stepData: Record<string, Record<string, unknown>> | null | undefined): string {
  const first = stepData?.['1'] ?? {};
  for (const key of ['displayName', 'registeredName', 'shopName', 'name']) {
    const value = first[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return '';
}
