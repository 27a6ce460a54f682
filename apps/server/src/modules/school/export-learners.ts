import { and, asc, eq, isNull } from 'drizzle-orm';
import { gradeFromNumber, LEARNER_CSV_COLUMNS } from '@sekolo/shared/schemas/school';
import type { DbExecutor } from '../../db/client.ts';
import { learners, registerClasses } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { toCsv } from '../../lib/csv.ts';
import type { TSchoolContext } from './school-context.ts';

/**
 * Every active learner as CSV in the import's columns (so an export can be edited and imported
 * into another school). Cells that a spreadsheet would run as a formula are escaped. Exports of
 * children's data are audited (D15).
 */
export async function exportLearners(db: DbExecutor, ctx: TSchoolContext): Promise<string> {
  const rows = await db
    .select({ learner: learners, className: registerClasses.name })
    .from(learners)
    .leftJoin(registerClasses, eq(registerClasses.id, learners.registerClassId))
    .where(and(eq(learners.organizationId, ctx.organizationId), isNull(learners.archivedAt)))
    .orderBy(asc(learners.lastName), asc(learners.firstName), asc(learners.id));
  const data = rows.map(({ learner, className }) => [
    learner.firstName,
    learner.lastName,
    learner.preferredName,
    learner.dateOfBirth,
    learner.gender,
    gradeFromNumber(learner.grade),
    className ?? '',
    learner.admissionNumber,
    learner.idType,
    learner.idNumber ?? '',
    learner.homeLanguage ?? '',
    learner.medicalNotes,
    learner.address,
  ]);
  await recordAudit(db, {
    action: 'learners.exported',
    actorUserId: ctx.user.id,
    target: `organization:${ctx.organizationId}`,
    ip: ctx.ip,
    details: { organizationId: ctx.organizationId, rows: data.length },
  });
  return toCsv(LEARNER_CSV_COLUMNS, data);
}
