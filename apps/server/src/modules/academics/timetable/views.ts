import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { TTimetableView, TTimetableViewKind } from '@sekolo/shared/schemas/timetable';
import type { DbExecutor } from '../../../platform/db/client.ts';
import {
  guardians,
  learnerGuardians,
  learners,
  registerClasses,
  subjectClassLearners,
  timetableLessons,
  timetableRooms,
} from '../../../platform/db/schema/index.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { lessonsOfLearner, selectLessons } from './lessons.ts';
import { listPeriods, teacherOfSchool } from './setup.ts';
import type { TTimetableReader } from './timetable-context.ts';

export const NO_SUCH_TIMETABLE = 'There is no such timetable in your school.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The school's name for the class, teacher or room, or null when it is not this school's. */
async function titleOf(db: DbExecutor, organizationId: string, kind: TTimetableViewKind, id: string) {
  if (kind === 'teacher') {
    return (await teacherOfSchool(db, organizationId, id))?.name ?? null;
  }
  if (!UUID.test(id)) return null;
  const table = kind === 'class' ? registerClasses : timetableRooms;
  const [row] = await db
    .select({ name: table.name })
    .from(table)
    .where(and(eq(table.id, id), eq(table.organizationId, organizationId)));
  return row?.name ?? null;
}

/** The parent's children (not archived) in the register class. */
async function childrenInClass(db: DbExecutor, organizationId: string, userId: string, classId: string) {
  const rows = await db
    .selectDistinct({ id: learners.id })
    .from(guardians)
    .innerJoin(learnerGuardians, eq(learnerGuardians.guardianId, guardians.id))
    .innerJoin(learners, eq(learners.id, learnerGuardians.learnerId))
    .where(
      and(
        eq(guardians.userId, userId),
        eq(guardians.organizationId, organizationId),
        eq(learners.organizationId, organizationId),
        eq(learners.registerClassId, classId),
        isNull(learners.archivedAt),
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * A register class's week as staff see it: the lessons of its whole-class subject classes, the
 * groups it is the home class of, and the groups that draw any of its (active) learners.
 */
function lessonsOfClass(classId: string) {
  return or(
    eq(timetableLessons.registerClassId, classId),
    sql`(not ${timetableLessons.wholeClass} and ${timetableLessons.subjectClassId} in (
      select ${subjectClassLearners.subjectClassId} from ${subjectClassLearners}
      inner join ${learners} on ${learners.id} = ${subjectClassLearners.learnerId}
      where ${learners.registerClassId} = ${classId} and ${learners.archivedAt} is null
    ))`,
  );
}

/** The weekly timetable of a register class, a teacher or a room. Anything the reader may not see is 404. */
export async function getTimetableView(
  db: DbExecutor,
  reader: TTimetableReader,
  kind: TTimetableViewKind,
  id: string,
): Promise<TTimetableView> {
  const organizationId = reader.kind === 'staff' ? reader.ctx.organizationId : reader.organizationId;
  const title = await titleOf(db, organizationId, kind, id);
  if (!title) throw notFound(NO_SUCH_TIMETABLE);
  let children: string[] = [];
  if (reader.kind === 'parent') {
    children = kind === 'class' ? await childrenInClass(db, organizationId, reader.userId, id) : [];
    if (children.length === 0) throw notFound(NO_SUCH_TIMETABLE);
  }
  // A parent sees the lessons their own children take: the class's and their children's groups.
  const filter =
    kind === 'class'
      ? reader.kind === 'parent'
        ? or(...children.map((learnerId) => lessonsOfLearner(learnerId, id)))
        : lessonsOfClass(id)
      : kind === 'teacher'
        ? eq(timetableLessons.teacherUserId, id)
        : eq(timetableLessons.roomId, id);
  const [periods, lessons] = await Promise.all([
    listPeriods(db, organizationId),
    selectLessons(db, organizationId, filter),
  ]);
  return { kind, id, title, periods, lessons };
}

/** The parent's children's register classes in this school, for the parent's class picker. */
export async function parentClasses(db: DbExecutor, organizationId: string, userId: string) {
  const rows = await db
    .selectDistinct({ id: registerClasses.id, name: registerClasses.name })
    .from(guardians)
    .innerJoin(learnerGuardians, eq(learnerGuardians.guardianId, guardians.id))
    .innerJoin(learners, eq(learners.id, learnerGuardians.learnerId))
    .innerJoin(registerClasses, eq(registerClasses.id, learners.registerClassId))
    .where(
      and(
        eq(guardians.userId, userId),
        eq(guardians.organizationId, organizationId),
        eq(learners.organizationId, organizationId),
        isNull(learners.archivedAt),
      ),
    );
  return rows;
}
