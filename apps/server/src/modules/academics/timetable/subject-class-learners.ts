import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { gradeFromNumber } from '@sekolo/shared/schemas/school';
import {
  learnerArchivedMessage,
  dayLabel,
  learnerNotInGradeMessage,
  MAX_SUBJECT_CLASS_LEARNERS,
  subjectClassTitle,
  TIMETABLE_MESSAGES,
  type TEligibleLearners,
  type TSubjectClassLearner,
  type TSubjectClassLearners,
} from '@sekolo/shared/schemas/timetable';
import type { Database, DbExecutor } from '../../../platform/db/client.ts';
import {
  learners,
  registerClasses,
  subjectClasses,
  subjectClassLearners,
  timetableLessons,
  timetablePeriods,
} from '../../../platform/db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../../platform/http/errors.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { audited } from './audited.ts';
import {
  learnerClashMessage,
  learnerTakes,
  lessonsOfLearner,
  lockSubjectClass,
  lockSlots,
  selectLessons,
} from './lessons.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { listSubjectClasses } from './list-subject-classes.ts';

/**
 * The learners of a subject class. A 'register_class' subject class takes every active
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

/** "Thandi Mokoena would have two lessons in Period 1 on Monday: 11B English and 11A Physical Sciences (Elective). …" */
export function learnerMoveClashMessage(
  learner: { firstName: string; lastName: string },
  lessons: [Parameters<typeof subjectClassTitle>[0], Parameters<typeof subjectClassTitle>[0]],
  periodName: string,
  day: number,
) {
  return (
    `${learner.firstName} ${learner.lastName} would have two lessons in ${periodName} on ${dayLabel(day)}: ` +
    `${subjectClassTitle(lessons[0])} and ${subjectClassTitle(lessons[1])}. Change their groups or the timetable first.`
  );
}

/**
 * Keeps a learner's groups true to an edit of their record (school/update-learner.ts), inside its
 * transaction and after the new grade and register class are written:
 * - a learner now in another grade leaves the groups of chosen learners of other grades (each
 *   removal audited, as the admin's own removals are);
 * - the lessons the learner now takes (their new register class's whole-class lessons and their
 *   groups') must not meet in one slot: 409 TIMETABLE_CLASH naming the slot and both lessons, and
 *   the edit is undone with the transaction. The slots are locked as createLesson locks them.
 */
export async function reconcileLearnerGroups(
  tx: DbExecutor,
  ctx: TSchoolContext,
  learner: { id: string; firstName: string; lastName: string; grade: number; registerClassId: string | null },
): Promise<void> {
  const otherGrades = tx
    .select({ id: subjectClasses.id })
    .from(subjectClasses)
    .innerJoin(registerClasses, eq(registerClasses.id, subjectClasses.registerClassId))
    .where(and(eq(subjectClasses.organizationId, ctx.organizationId), ne(registerClasses.grade, learner.grade)));
  const left = await tx
    .delete(subjectClassLearners)
    .where(
      and(
        eq(subjectClassLearners.organizationId, ctx.organizationId),
        eq(subjectClassLearners.learnerId, learner.id),
        inArray(subjectClassLearners.subjectClassId, otherGrades),
      ),
    )
    .returning({ subjectClassId: subjectClassLearners.subjectClassId });
  for (const { subjectClassId } of left) {
    await recordAudit(tx, {
      action: 'timetable.subject_class_learner_removed',
      actorUserId: ctx.user.id,
      target: `subject_class:${subjectClassId}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, learnerId: learner.id, removed: true, reason: 'grade_changed' },
    });
  }

  const taken = () =>
    tx
      .select({ id: timetableLessons.id, day: timetableLessons.day, periodId: timetableLessons.periodId })
      .from(timetableLessons)
      .where(
        and(
          eq(timetableLessons.organizationId, ctx.organizationId),
          lessonsOfLearner(learner.id, learner.registerClassId),
        ),
      )
      .orderBy(
        asc(timetableLessons.day),
        asc(timetableLessons.periodId),
        desc(timetableLessons.wholeClass),
        asc(timetableLessons.id),
      );
  const before = await taken();
  if (before.length < 2) return;
  await lockSlots(tx, ctx.organizationId, before);
  const lessons = await taken();
  const twice = lessons.findIndex(
    (l, i) => i > 0 && l.day === lessons[i - 1]!.day && l.periodId === lessons[i - 1]!.periodId,
  );
  if (twice < 0) return;
  const pair = [lessons[twice - 1]!, lessons[twice]!];
  const shown = await selectLessons(
    tx,
    ctx.organizationId,
    inArray(
      timetableLessons.id,
      pair.map((l) => l.id),
    ),
  );
  const [period] = await tx
    .select({ name: timetablePeriods.name })
    .from(timetablePeriods)
    .where(eq(timetablePeriods.id, pair[0]!.periodId));
  const [a, b] = pair.map((l) => shown.find((s) => s.id === l.id)!);
  throw new AppError(409, 'TIMETABLE_CLASH', learnerMoveClashMessage(learner, [a!, b!], period!.name, pair[0]!.day));
}
