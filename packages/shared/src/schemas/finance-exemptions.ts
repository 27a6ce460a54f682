/**
 * Exemption from school fees at a public school (South African Schools Act, s39 and s41, and the
 * Exemption of Parents from Payment of School Fees Regulations): a parent's application with income
 * details and supporting documents, the school's decision, and the automatic exemptions for the
 * categories the regulations name (no income test).
 */
import { z } from 'zod';
import { SCHOOL_GRADE_IDS } from '../constants/enumerations.ts';
import { ZBps, ZCents, ZFinanceYear } from './finance.ts';

export const EXEMPTION_MESSAGES = {
  applicationNotFound: 'This exemption application was not found.',
  notPublicSchool: 'Fee exemptions under the Schools Act apply to public schools only.',
  notYourLearner: 'Choose one of your own children.',
  documentsRequired: 'Attach at least one supporting document (a payslip, an affidavit or proof of a grant).',
  incomeRequired: 'Enter the combined yearly income of the parents (R0 if none).',
  dependantsRange: 'Enter the number of dependants, from 1 to 30.',
  alreadyPending: 'An application for this learner and year is already waiting for the school’s decision.',
  alreadyDecided: 'This application was already decided.',
  reasonRequired: 'Give the reason for the decision (the parent reads it).',
  partialRequired: 'For a partial exemption, give a percentage or an amount.',
  noFeesForYear: 'This learner’s grade has no compulsory fees set up for that year.',
  notAutomatic: 'Choose one of the categories the regulations exempt automatically.',
} as const;
const M = EXEMPTION_MESSAGES;

/** The regulations' automatic exemptions: full, no income test, with proof of the circumstance. */
export const AUTOMATIC_EXEMPTION_CATEGORIES = [
  { id: 'foster_care', label: 'In foster care, or placed in the care of a foster parent (foster child grant)' },
  { id: 'care_centre', label: 'In a youth care centre or place of safety' },
  { id: 'orphan', label: 'An orphan, or without visible means of support' },
  { id: 'social_grant', label: 'The parent receives a child support grant for the learner' },
] as const;
export const AUTOMATIC_EXEMPTION_CATEGORY_IDS = ['foster_care', 'care_centre', 'orphan', 'social_grant'] as const;
export type TAutomaticExemptionCategory = (typeof AUTOMATIC_EXEMPTION_CATEGORY_IDS)[number];

export const EXEMPTION_APPLICATION_STATUSES = ['pending', 'granted', 'declined'] as const;
export type TExemptionApplicationStatus = (typeof EXEMPTION_APPLICATION_STATUSES)[number];

const ZUploadIds = z.array(z.uuid({ error: M.documentsRequired })).max(10);

/** What a parent sends (the parent dashboard's form). */
export const ZExemptionApplicationSchema = z.object({
  learnerId: z.uuid({ error: M.notYourLearner }),
  year: ZFinanceYear,
  requestedExtent: z.enum(['full', 'partial']),
  /** The combined gross yearly income of both parents, in cents (0 for none). */
  annualIncomeCents: z
    .number({ error: M.incomeRequired })
    .int({ error: M.incomeRequired })
    .min(0, { error: M.incomeRequired })
    .max(100_000_000_00, { error: M.incomeRequired }),
  dependants: z
    .number({ error: M.dependantsRange })
    .int({ error: M.dependantsRange })
    .min(1, { error: M.dependantsRange })
    .max(30, { error: M.dependantsRange }),
  notes: z.string().trim().max(2000).default(''),
  documentIds: ZUploadIds.min(1, { error: M.documentsRequired }),
});
export type TExemptionApplicationInput = z.input<typeof ZExemptionApplicationSchema>;

/** The school's decision: granted in full, or partly (a percentage or an amount of the year's compulsory fees), or declined. */
export const ZExemptionDecisionSchema = z
  .object({
    decision: z.enum(['granted', 'declined']),
    extent: z.enum(['full', 'partial']).default('full'),
    percentBps: ZBps.optional(),
    amountCents: ZCents.optional(),
    reason: z.string({ error: M.reasonRequired }).trim().min(1, { error: M.reasonRequired }).max(2000),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'granted' && v.extent === 'partial' && v.percentBps === undefined && v.amountCents === undefined)
      ctx.addIssue({ code: 'custom', path: ['percentBps'], message: M.partialRequired });
  });
export type TExemptionDecisionInput = z.input<typeof ZExemptionDecisionSchema>;

export const ZAutomaticExemptionSchema = z.object({
  year: ZFinanceYear,
  category: z.enum(AUTOMATIC_EXEMPTION_CATEGORY_IDS, { error: M.notAutomatic }),
  /** Proof: a court order, a grant letter, a death certificate, a placement letter. */
  documentIds: ZUploadIds.min(1, { error: M.documentsRequired }),
  notes: z.string().trim().max(2000).default(''),
});
export type TAutomaticExemptionInput = z.input<typeof ZAutomaticExemptionSchema>;

export const ZExemptionDocument = z.object({ id: z.string(), name: z.string(), mimeType: z.string() });

export const ZExemptionApplication = z.object({
  id: z.string(),
  year: z.number(),
  learner: z.object({
    id: z.string(),
    name: z.string(),
    grade: z.enum(SCHOOL_GRADE_IDS),
    admissionNumber: z.string(),
  }),
  applicantName: z.string(),
  requestedExtent: z.enum(['full', 'partial']),
  annualIncomeCents: z.number(),
  /** The learner's yearly compulsory fees when the parent applied. */
  annualFeesCents: z.number(),
  /** Fees as a share of income, in basis points (null when there is no income): the regulations' test. */
  feesToIncomeBps: z.number().nullable(),
  dependants: z.number(),
  notes: z.string(),
  documents: z.array(ZExemptionDocument),
  status: z.enum(EXEMPTION_APPLICATION_STATUSES),
  decision: z
    .object({
      extent: z.enum(['full', 'partial']).nullable(),
      percentBps: z.number().nullable(),
      amountCents: z.number().nullable(),
      reason: z.string(),
      decidedAt: z.string(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type TExemptionApplication = z.infer<typeof ZExemptionApplication>;

export const ZExemptionApplicationsQuery = z.object({
  status: z.enum(['pending', 'decided', 'all']).optional().default('pending'),
});

/** What the parent's form needs: whether the school is public, and the children one may apply for. */
export const ZMyExemptions = z.object({
  publicSchool: z.boolean(),
  learners: z.array(z.object({ id: z.string(), name: z.string(), annualFeesCents: z.number() })),
  applications: z.array(ZExemptionApplication),
});
export type TMyExemptions = z.infer<typeof ZMyExemptions>;
