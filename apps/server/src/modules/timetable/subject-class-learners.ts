import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { gradeFromNumber } from '@sekolo/shared/schemas/school';
import {
  learnerArchivedMessage,
  learnerNotInGradeMessage,
  MAX_SUBJECT_CLASS_LEARNERS,
  TIMETABLE_MESSAGES,
  type TEligibleLearners,
  type TSubjectClassLearner,
  type TSubjectClassLearners,
} from '@sekolo/shared/schemas/timetable';
import type { Database, DbExecutor } from '../../db/client.ts';
import {
  learners,
  registerClasses,
  subjectClasses,
  subjectClassLearners,
  timetableLessons,
  timetablePeriods,
} from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { TSchoolContext } from '../school/school-context.ts';
import { audited } from './audited.ts';
import { learnerClashMessage, learnerTakes, lockSubjectClass, lockSlots, selectLessons } from './lessons.ts';
import { listSubjectClasses } from './setup.ts';

/**
 * The learners of a subject class (issue 6). A 'register_class' subject class takes every active
 * learner of its register class; a 'chosen' one the learners listed in subject_class_learners,
 * who must be active learners of the school in its register class's grade (any register class of
 * that grade: electives draw from several). Every id is checked against the caller's school: any
 * other is 404.
 */

const gradeName = (grade: number) => `Grade ${gradeFromNumber(grade)}`;

const learnerColumns = {
  id: learners.id,
  firstName: learners.firstName,
  lastName: learners.lastName,
  preferredName: learners.preferredName,
  admissionNumber: learners.admissionNumber,
  registerClassId: learners.registerClassId,
  registerClassName: registerClasses.name,
};

/** The subject class of this school with its register class's grade; 404 for any other id. */
async function subjectClassOf(db: DbExecutor, organizationId: string, id: string) {
  const [row] = await db
    .select({
      id: subjectClasses.id,
      membership: subjectClasses.membership,
      registerClassId: subjectClasses.registerClassId,
      grade: registerClasses.grade,
    })
    .from(subjectClasses)
    .innerJoin(registerClasses, eq(registerClasses.id, subjectClasses.registerClassId))
    .where(and(eq(subjectClasses.id, id), eq(subjectClasses.organizationId, organizationId)));
  if (!row) throw notFound(TIMETABLE_MESSAGES.notFound);
  return row;
}

async function chosenSubjectClass(db: DbExecutor, organizationId: string, id: string) {
  const row = await subjectClassOf(db, organizationId, id);
  if (row.membership !== 'chosen') throw conflict(TIMETABLE_MESSAGES.notChosen);
  return row;
}

/**
 * Refuses any learner who may not join a subject class of the grade: not of this school (404),
 * archived, or in another grade (400, naming the learner).
 */
export async function checkLearners(db: DbExecutor, organizationId: string, grade: number, learnerIds: string[]) {
  if (learnerIds.length === 0) return;
  const rows = await db
    .select({
      id: learners.id,
      firstName: learners.firstName,
      lastName: learners.lastName,
      grade: learners.grade,
      archivedAt: learners.archivedAt,
    })
    .from(learners)
    .where(and(eq(learners.organizationId, organizationId), inArray(learners.id, learnerIds)));
  if (rows.length !== new Set(learnerIds).size) throw notFound(TIMETABLE_MESSAGES.noSuchLearner);
  for (const row of rows) {
    const name = `${row.firstName} ${row.lastName}`;
    if (row.archivedAt) {
      const message = learnerArchivedMessage(name);
      throw badRequest(message, { learnerIds: message });
    }
    if (row.grade !== grade) {
      const message = learnerNotInGradeMessage(name, gradeName(row.grade), gradeName(grade));
      throw badRequest(message, { learnerIds: message });
    }
  }
}

/**
 * Refuses learners about to join the subject class who already have a lesson, through another
 * subject class, in a slot where it has one: "Thandi Mokoena already has 11A Life Sciences in
 * Period 3 on Monday." Runs under the locks of the subject class and of its lessons' slots, the
 * locks createLesson takes, so a lesson placed at the same time cannot slip past.
 */
async function refuseLearnerClashes(tx: DbExecutor, organizationId: string, subjectClassId: string, ids: string[]) {
  if (ids.length === 0) return;
  await lockSubjectClass(tx, organizationId, subjectClassId);
  const mine = alias(timetableLessons, 'own_lesson');
  const slots = await tx
    .select({ day: mine.day, periodId: mine.periodId })
    .from(mine)
    .where(and(eq(mine.organizationId, organizationId), eq(mine.subjectClassId, subjectClassId)));
  if (slots.length === 0) return;
  await lockSlots(tx, organizationId, slots);
  const [hit] = await tx
    .select({
      firstName: learners.firstName,
      lastName: learners.lastName,
      lessonId: timetableLessons.id,
      day: mine.day,
      periodName: timetablePeriods.name,
    })
    .from(mine)
    .innerJoin(
      timetableLessons,
      and(
        eq(timetableLessons.organizationId, mine.organizationId),
        eq(timetableLessons.day, mine.day),
        eq(timetableLessons.periodId, mine.periodId),
        ne(timetableLessons.subjectClassId, subjectClassId),
      ),
    )
    .innerJoin(subjectClasses, eq(subjectClasses.id, timetableLessons.subjectClassId))
    .innerJoin(timetablePeriods, eq(timetablePeriods.id, mine.periodId))
    .innerJoin(learners, and(eq(learners.organizationId, organizationId), inArray(learners.id, ids)))
    .where(
      and(
        eq(mine.organizationId, organizationId),
        eq(mine.subjectClassId, subjectClassId),
        learnerTakes(subjectClasses),
      ),
    )
    .orderBy(asc(mine.day), asc(timetablePeriods.startsAt), asc(learners.lastName), asc(learners.firstName))
    .limit(1);
  if (!hit) return;
  const [lesson] = await selectLessons(tx, organizationId, eq(timetableLessons.id, hit.lessonId));
  throw new AppError(409, 'TIMETABLE_CLASH', learnerClashMessage(hit, lesson!, hit.periodName, hit.day));
}

/** Adds learners (already checked) to a chosen subject class; adding one already in it changes nothing. */
export async function addMembers(tx: DbExecutor, ctx: TSchoolContext, subjectClassId: string, ids: string[]) {
  if (ids.length === 0) return 0;
  const added = await tx
    .insert(subjectClassLearners)
    .values(
      ids.map((learnerId) => ({
        organizationId: ctx.organizationId,
        subjectClassId,
        learnerId,
        addedBy: ctx.user.id,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: subjectClassLearners.id });
  return added.length;
}

async function memberIds(tx: DbExecutor, subjectClassId: string) {
  const rows = await tx
    .select({ learnerId: subjectClassLearners.learnerId })
    .from(subjectClassLearners)
    .where(eq(subjectClassLearners.subjectClassId, subjectClassId));
  return new Set(rows.map((row) => row.learnerId));
}

/** Who is in the subject class: its register class's active learners, or its chosen active learners. */
export async function getSubjectClassLearners(
  db: DbExecutor,
  organizationId: string,
  id: string,
): Promise<TSubjectClassLearners> {
  const subjectClass = await subjectClassOf(db, organizationId, id);
  const [described] = await listSubjectClasses(db, organizationId, eq(subjectClasses.id, id));
  const rows = await db
    .select(learnerColumns)
    .from(learners)
    .leftJoin(registerClasses, eq(registerClasses.id, learners.registerClassId))
    .where(and(eq(learners.organizationId, organizationId), learnerTakes(subjectClass)))
    .orderBy(asc(learners.lastName), asc(learners.firstName), asc(learners.id))
    .limit(MAX_SUBJECT_CLASS_LEARNERS);
  return { subjectClass: described!, learners: rows };
}

/**
 * The learners who may be chosen for a subject class of the register class: the school's active
 * learners of its grade, by surname, matching the search (name or admission number), a page at a time.
 */
export async function listEligibleLearners(
  db: DbExecutor,
  organizationId: string,
  query: { registerClassId: string; search: string; offset: number; limit: number },
): Promise<TEligibleLearners> {
  const [klass] = await db
    .select({ grade: registerClasses.grade })
    .from(registerClasses)
    .where(and(eq(registerClasses.id, query.registerClassId), eq(registerClasses.organizationId, organizationId)));
  if (!klass) throw notFound(TIMETABLE_MESSAGES.notFound);
  const term = query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = and(
    eq(learners.organizationId, organizationId),
    eq(learners.grade, klass.grade),
    sql`${learners.archivedAt} is null`,
    term
      ? sql`lower(${learners.firstName} || ' ' || ${learners.lastName} || ' ' || ${learners.preferredName} || ' ' || ${learners.lastName} || ' ' || ${learners.admissionNumber}) like ${`%${term}%`}`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(learnerColumns)
      .from(learners)
      .leftJoin(registerClasses, eq(registerClasses.id, learners.registerClassId))
      .where(where)
      .orderBy(asc(learners.lastName), asc(learners.firstName), asc(learners.id))
      .offset(query.offset)
      .limit(query.limit),
    db.select({ n: count() }).from(learners).where(where),
  ]);
  return {
    grade: gradeFromNumber(klass.grade),
    total: Number(total?.n ?? 0),
    offset: query.offset,
    learners: rows satisfies TSubjectClassLearner[],
  };
}

const tooMany = () =>
  badRequest(TIMETABLE_MESSAGES.tooManyLearners, { learnerIds: TIMETABLE_MESSAGES.tooManyLearners });

/** PUT: the chosen subject class holds exactly these learners. */
export function setSubjectClassLearners(db: Database, ctx: TSchoolContext, id: string, learnerIds: string[]) {
  return audited(db, ctx, 'timetable.subject_class_learners_set', null, async (tx) => {
    const subjectClass = await chosenSubjectClass(tx, ctx.organizationId, id);
    const wanted = [...new Set(learnerIds)];
    await checkLearners(tx, ctx.organizationId, subjectClass.grade, wanted);
    const current = await memberIds(tx, id);
    const toAdd = wanted.filter((learnerId) => !current.has(learnerId));
    const toRemove = [...current].filter((learnerId) => !wanted.includes(learnerId));
    await refuseLearnerClashes(tx, ctx.organizationId, id, toAdd);
    if (toRemove.length > 0) {
      await tx
        .delete(subjectClassLearners)
        .where(and(eq(subjectClassLearners.subjectClassId, id), inArray(subjectClassLearners.learnerId, toRemove)));
    }
    const added = await addMembers(tx, ctx, id, toAdd);
    return {
      result: { ...(await getSubjectClassLearners(tx, ctx.organizationId, id)), added, removed: toRemove.length },
      target: `subject_class:${id}`,
      details: { added, removed: toRemove.length },
    };
  });
}

/** POST: adds learners to the chosen subject class (those already in it stay, once). */
export function addSubjectClassLearners(db: Database, ctx: TSchoolContext, id: string, learnerIds: string[]) {
  return audited(db, ctx, 'timetable.subject_class_learners_added', null, async (tx) => {
    const subjectClass = await chosenSubjectClass(tx, ctx.organizationId, id);
    const wanted = [...new Set(learnerIds)];
    await checkLearners(tx, ctx.organizationId, subjectClass.grade, wanted);
    const current = await memberIds(tx, id);
    const toAdd = wanted.filter((learnerId) => !current.has(learnerId));
    if (current.size + toAdd.length > MAX_SUBJECT_CLASS_LEARNERS) throw tooMany();
    await refuseLearnerClashes(tx, ctx.organizationId, id, toAdd);
    const added = await addMembers(tx, ctx, id, toAdd);
    return {
      result: { ...(await getSubjectClassLearners(tx, ctx.organizationId, id)), added, removed: 0 },
      target: `subject_class:${id}`,
      details: { added },
    };
  });
}

/** DELETE: takes one learner of the school out of the chosen subject class (fine if not in it). */
export function removeSubjectClassLearner(db: Database, ctx: TSchoolContext, id: string, learnerId: string) {
  return audited(db, ctx, 'timetable.subject_class_learner_removed', null, async (tx) => {
    await chosenSubjectClass(tx, ctx.organizationId, id);
    const [learner] = await tx
      .select({ id: learners.id })
      .from(learners)
      .where(and(eq(learners.id, learnerId), eq(learners.organizationId, ctx.organizationId)));
    if (!learner) throw notFound(TIMETABLE_MESSAGES.noSuchLearner);
    const removed = await tx
      .delete(subjectClassLearners)
      .where(and(eq(subjectClassLearners.subjectClassId, id), eq(subjectClassLearners.learnerId, learnerId)))
      .returning({ id: subjectClassLearners.id });
    return {
      result: { removed: removed.length > 0 },
      target: `subject_class:${id}`,
      details: { learnerId, removed: removed.length > 0 },
    };
  });
}
