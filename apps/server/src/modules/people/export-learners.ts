import { eq } from 'drizzle-orm';
import {
  gradeFromNumber,
  LEARNER_CSV_COLUMNS,
  schoolYearStart,
  type TLearnerSort,
} from '@sekolo/shared/schemas/school';
import type { DbExecutor } from '../../platform/db/client.ts';
import { learners, registerClasses } from '../../platform/db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { toCsv } from '../../platform/lib/csv.ts';
import { listedLearnersCondition, listedLearnersOrder, type TListedLearners } from './list-learners.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';

/** What the export takes: the list's filters and search (TListedLearners), and its sort. */
export type TLearnerExportQuery = TListedLearners & { sort: TLearnerSort; dir: 'asc' | 'desc' };

/**
 * The learners the list shows (its status, grade and class filters and its search, in its order;
 * by default every active learner by name) as CSV in the import's columns, so an export can be
 * edited and imported into another school. One statement, as before the filters: at 50 000 learners
 * the whole school is one pass over the learners and their classes. Cells that a spreadsheet would
 * run as a formula are escaped. Exports of children's data are audited, with the filters. `reads`:
 * where the rows are read (a replica); the audit is written to `db`.
 */
export async function exportLearners(
  db: DbExecutor,
  ctx: TSchoolContext,
  query: TLearnerExportQuery,
  reads: DbExecutor = db,
): Promise<string> {
  const rows = await reads
    .select({ learner: learners, className: registerClasses.name })
    .from(learners)
    .leftJoin(registerClasses, eq(registerClasses.id, learners.registerClassId))
    .where(listedLearnersCondition(ctx.organizationId, query))
    .orderBy(...listedLearnersOrder(query.sort, query.dir));
  const yearStart = schoolYearStart();
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
    // In the class since a day of this school year: the import takes it back (an earlier one it refuses).
    className && learner.registerClassSince >= yearStart ? learner.registerClassSince : '',
  ]);
  const filters = Object.fromEntries(
    (['q', 'status', 'grade', 'classId', 'consent'] as const)
      .filter((key) => query[key])
      .map((key) => [key, query[key]]),
  );
  await recordAudit(db, {
    action: 'learners.exported',
    actorUserId: ctx.user.id,
    target: `organization:${ctx.organizationId}`,
    ip: ctx.ip,
    details: { organizationId: ctx.organizationId, rows: data.length, filters },
  });
  return toCsv(LEARNER_CSV_COLUMNS, data);
}
