import { and, eq, isNull, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { rowsOf, type DbExecutor } from '../../../platform/db/client.ts';
import { attendanceRecords, learners } from '../../../platform/db/schema/index.ts';

/**
 * Who a register of class `classId` on `date` is of: the learners in the class that day, and any
 * learner with a mark in it that day.
 *
 * A learner is in their class from `register_class_since` (the day they were added to it, or moved
 * into it): a register of an earlier day neither lists them nor waits for their mark, so a learner
 * who joins today does not hold up the correction of last Friday's register. A learner with a
 * mark in the class's register of the day (one who left the class, or the school, since) is on it
 * as that mark shows. The condition is on the learner's own row, read anyway through
 * learners_class_idx: no history to join.
 */
export function inClassOn(classId: SQLWrapper, organizationId: SQLWrapper, date: SQLWrapper): SQL {
  return and(eq(learners.registerClassId, classId), inTheirClassOn(organizationId, date))!;
}

/** A learner of the school, not archived, in their current class on `date` (whichever class it is). */
function inTheirClassOn(organizationId: SQLWrapper | string, date: SQLWrapper | string): SQL {
  return and(
    eq(learners.organizationId, organizationId),
    isNull(learners.archivedAt),
    lte(learners.registerClassSince, date),
  )!;
}

/**
 * How many learners each class's register of `date` is of (inClassOn, or a mark in it that day),
 * by class id; a class with none is left out. One statement for the school: the learners in a
 * class that day and the day's marks (one range of the marks' key), put together once.
 */
export async function registerSizesOn(
  db: DbExecutor,
  organizationId: string,
  date: string,
  classIds?: readonly string[],
): Promise<Map<string, number>> {
  const onlyClasses = (column: SQLWrapper) =>
    classIds ? sql`and ${column} = any(${`{${classIds.join(',')}}`}::uuid[])` : sql``;
  const result = await db.execute(sql`
    select class_id, count(*) as n from (
      select ${learners.registerClassId} as class_id, ${learners.id} as learner_id from ${learners}
      where ${inTheirClassOn(organizationId, date)} and ${learners.registerClassId} is not null
        ${onlyClasses(learners.registerClassId)}
      union
      select ${attendanceRecords.registerClassId}, ${attendanceRecords.learnerId} from ${attendanceRecords}
      where ${attendanceRecords.organizationId} = ${organizationId} and ${attendanceRecords.date} = ${date}::date
        ${onlyClasses(attendanceRecords.registerClassId)}
    ) as listed
    group by class_id`);
  return new Map(rowsOf<{ class_id: string; n: number | string }>(result).map((r) => [r.class_id, Number(r.n)]));
}
