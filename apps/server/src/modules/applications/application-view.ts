import type { TApplicantApplicationView, TApplicationView } from '@sekolo/shared/schemas/applications';
import type { applications } from '../../platform/db/schema/index.ts';

export type TApplicationRow = typeof applications.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An application as the API answers it (the console's decisions; the applicant's view adds the drafts). */
export function toApplicationView(row: TApplicationRow): TApplicationView {
  return {
    id: row.id,
    userType: row.userType,
    status: row.status,
    currentStep: row.currentStep,
    stepData: row.stepData,
    submittedAt: iso(row.submittedAt),
    decidedAt: iso(row.decidedAt),
    decisionReason: row.decisionReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The applicant's own view: with the drafts of the steps they have not completed yet. */
export function toApplicantView(row: TApplicationRow): TApplicantApplicationView {
  return { ...toApplicationView(row), stepDrafts: row.stepDrafts };
}
