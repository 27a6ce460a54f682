import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { capsSubjectLabel } from '@sekolo/shared/constants/caps-subjects';
import type { TLearnerResults } from '@sekolo/shared/schemas/assessment';
import { subjectClassTitle } from '@sekolo/shared/schemas/timetable';
import type { Database } from '../../../platform/db/client.ts';
import {
  assessmentReleases,
  guardians,
  learnerGuardians,
  learners,
  registerClasses,
  subjectClasses,
  subjectClassLearners,
  users,
} from '../../../platform/db/schema/index.ts';
import { GUARDIAN_LINKS, LINKED_LEARNER, myChildren } from '../../../platform/tenancy/guardian-children.ts';
import { listSubjectClasses } from '../timetable/list-subject-classes.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { actsSchoolWide } from './access.ts';
import { marksOf } from './gradebook.ts';
import { termMark, yearMark } from './marks.ts';
import { ensureProgramme, phaseOf, programmeTasks } from './programme.ts';

type TLearnerRow = { id: string; firstName: string; lastName: string; grade: number; registerClassId: string | null };

const learnerRow = {
  id: learners.id,
  firstName: learners.firstName,
  lastName: learners.lastName,
  grade: learners.grade,
  registerClassId: learners.registerClassId,
};

/** The subject classes a learner takes: their register class's, and the chosen groups that list them. */
export async function subjectClassesOfLearner(db: Database, organizationId: string, learner: TLearnerRow) {
  return db
    .select({
      id: subjectClasses.id,
      subject: subjectClasses.subject,
      grade: registerClasses.grade,
      teacherName: users.name,
    })
    .from(subjectClasses)
    .innerJoin(registerClasses, eq(registerClasses.id, subjectClasses.registerClassId))
    .innerJoin(users, eq(users.id, subjectClasses.teacherUserId))
    .where(
      and(
        eq(subjectClasses.organizationId, organizationId),
        or(
          learner.registerClassId
            ? and(
                eq(subjectClasses.membership, 'register_class'),
                eq(subjectClasses.registerClassId, learner.registerClassId),
              )
            : sql`false`,
          and(
            eq(subjectClasses.membership, 'chosen'),
            sql`exists (select 1 from ${subjectClassLearners} where ${subjectClassLearners.subjectClassId} = ${subjectClasses.id} and ${subjectClassLearners.learnerId} = ${learner.id})`,
          ),
        ),
      ),
    )
    .orderBy(asc(subjectClasses.subject));
}

/**
 * A learner's marks of a year as learners and parents see them: only the terms their subject
 * class's teacher has released, and the year mark through the last released term.
 */
export async function releasedResults(
  db: Database,
  organizationId: string,
  learner: TLearnerRow,
  year: number,
): Promise<TLearnerResults> {
  const classes = await subjectClassesOfLearner(db, organizationId, learner);
  const releases = classes.length
    ? await db
        .select({ subjectClassId: assessmentReleases.subjectClassId, term: assessmentReleases.term })
        .from(assessmentReleases)
        .where(
          and(
            inArray(
              assessmentReleases.subjectClassId,
              classes.map((c) => c.id),
            ),
            eq(assessmentReleases.year, year),
          ),
        )
    : [];
  const subjects = [];
  for (const subjectClass of classes) {
    const terms = releases
      .filter((r) => r.subjectClassId === subjectClass.id)
      .map((r) => r.term)
      .sort();
    const phase = phaseOf(subjectClass.grade);
    let termRows: { term: number; mark: number | null; level: number | null }[] = [];
    let year_ = { mark: null as number | null, level: null as number | null };
    if (terms.length) {
      const programmeId = await ensureProgramme(db, organizationId, year, subjectClass.grade, subjectClass.subject);
      const tasks = await programmeTasks(db, programmeId);
      const { byLearner } = await marksOf(
        db,
        tasks.map((t) => t.id),
        [learner.id],
      );
      const values = byLearner.get(learner.id) ?? new Map();
      termRows = terms.map((term) => ({ term, ...termMark(tasks, term, values) }));
      year_ = yearMark(tasks, phase, values, Math.max(...terms));
    }
    subjects.push({
      subjectClassId: subjectClass.id,
      subject: subjectClass.subject,
      subjectLabel: capsSubjectLabel(subjectClass.subject),
      teacherName: subjectClass.teacherName,
      terms: termRows,
      yearMark: year_.mark,
      yearLevel: year_.level,
    });
  }
  return {
    learnerId: learner.id,
    name: `${learner.firstName} ${learner.lastName}`,
    grade: learner.grade,
    subjects,
  };
}

/** The signed-in learner's own released results (their account is linked to a learner record). */
export async function myResults(db: Database, ctx: TSchoolContext, year: number) {
  const rows = await db
    .select(learnerRow)
    .from(learners)
    .where(
      and(
        eq(learners.organizationId, ctx.organizationId),
        eq(learners.userId, ctx.user.id),
        isNull(learners.archivedAt),
      ),
    );
  return Promise.all(rows.map((learner) => releasedResults(db, ctx.organizationId, learner, year)));
}

/** The released results of the signed-in guardian's children. */
export async function myChildrenResults(db: Database, ctx: TSchoolContext, year: number) {
  const rows = await db
    .select(learnerRow)
    .from(guardians)
    .innerJoin(learnerGuardians, GUARDIAN_LINKS)
    .innerJoin(learners, LINKED_LEARNER)
    .where(and(eq(guardians.organizationId, ctx.organizationId), myChildren(ctx.user.id)))
    .orderBy(asc(learners.firstName));
  return Promise.all(rows.map((learner) => releasedResults(db, ctx.organizationId, learner, year)));
}

/** The subject classes the caller may open in the gradebook or set work for. */
export async function markableClasses(db: Database, ctx: TSchoolContext) {
  const rows = await listSubjectClasses(
    db,
    ctx.organizationId,
    actsSchoolWide(ctx) ? undefined : eq(subjectClasses.teacherUserId, ctx.user.id),
  );
  const grades = new Map(
    (
      await db
        .select({ id: registerClasses.id, grade: registerClasses.grade })
        .from(registerClasses)
        .where(eq(registerClasses.organizationId, ctx.organizationId))
    ).map((c) => [c.id, c.grade]),
  );
  return rows.map((row) => ({
    id: row.id,
    title: subjectClassTitle(row),
    subject: row.subject,
    grade: grades.get(row.registerClassId) ?? 0,
    teacherName: row.teacherName,
    learnerCount: row.learnerCount,
  }));
}
