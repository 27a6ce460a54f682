import type { TApplicationView } from '@sekolo/shared/schemas/applications';
import type { applications } from '../../db/schema/index.ts';

export type TApplicationRow = typeof applications.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The applicant's view of their application (GET/PUT /api/applications/me, submit). */
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
