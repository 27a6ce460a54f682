import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { capsSubjectLabel } from '@sekolo/shared/constants/caps-subjects';
import type { TSubjectClass, TSubjectClassMembership } from '@sekolo/shared/schemas/timetable';
import type { DbExecutor } from '../../../platform/db/client.ts';
import {
  learners,
  registerClasses,
  subjectClasses,
  subjectClassLearners,
  timetableLessons,
  users,
} from '../../../platform/db/schema/index.ts';

const learnerCount = sql<number>`case when ${subjectClasses.membership} = 'chosen'
  then (select count(*) from ${subjectClassLearners} inner join ${learners} on ${learners.id} = ${subjectClassLearners.learnerId}
        where ${subjectClassLearners.subjectClassId} = ${subjectClasses.id} and ${learners.archivedAt} is null)
  else (select count(*) from ${learners}
        where ${learners.registerClassId} = ${subjectClasses.registerClassId} and ${learners.archivedAt} is null)
  end`;

/** The school's subject classes (or those matching `where`), by grade, class, subject and group. */
export async function listSubjectClasses(
  db: DbExecutor,
  organizationId: string,
  where?: SQL,
): Promise<TSubjectClass[]> {
  const rows = await db
    .select({
      id: subjectClasses.id,
      subject: subjectClasses.subject,
      teacherId: subjectClasses.teacherUserId,
      teacherName: users.name,
      registerClassId: subjectClasses.registerClassId,
      registerClassName: registerClasses.name,
      membership: subjectClasses.membership,
      groupName: subjectClasses.groupName,
      learnerCount,
      lessons: sql<number>`(select count(*) from ${timetableLessons} where ${timetableLessons.subjectClassId} = ${subjectClasses.id})`,
    })
    .from(subjectClasses)
    .innerJoin(users, eq(users.id, subjectClasses.teacherUserId))
    .innerJoin(registerClasses, eq(registerClasses.id, subjectClasses.registerClassId))
    .where(and(eq(subjectClasses.organizationId, organizationId), where))
    .orderBy(
      asc(registerClasses.grade),
      asc(registerClasses.name),
      asc(subjectClasses.subject),
      asc(subjectClasses.groupName),
    );
  return rows.map((row) => ({
    ...row,
    membership: row.membership as TSubjectClassMembership,
    learnerCount: Number(row.learnerCount),
    lessons: Number(row.lessons),
    subjectLabel: capsSubjectLabel(row.subject),
  }));
}
