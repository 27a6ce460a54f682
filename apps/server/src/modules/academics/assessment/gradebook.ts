import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TCapsPhase } from '@sekolo/shared/constants/caps-subjects';
import {
  ASSESSMENT_MESSAGES,
  PHASE_WEIGHTS,
  type TAssessmentTask,
  type TGradebook,
  type TGradebookCell,
  type TGradebookSave,
  type TLearnerMark,
  type TMarkChange,
  type TMarkValue,
} from '@sekolo/shared/schemas/assessment';
import type { Database, DbExecutor } from '../../../platform/db/client.ts';
import {
  assessmentMarkChanges,
  assessmentMarks,
  assessmentReleases,
  assessmentTasks,
  learners,
  users,
} from '../../../platform/db/schema/index.ts';
import { lockForTransaction, transaction } from '../../../platform/db/transaction.ts';
import { AppError, badRequest } from '../../../platform/http/errors.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { learnerTakes } from '../timetable/lessons.ts';
import { markedClassOf, type TMarkedClass } from './access.ts';
import { termMark, yearMark } from './marks.ts';
import { notifySubjectClassFamilies } from './notify-families.ts';
import type { JobQueue } from '../../../platform/jobs/queue.ts';
import { capsSubjectLabel } from '@sekolo/shared/constants/caps-subjects';
import { ensureProgramme, phaseOf, programmeTasks } from './programme.ts';

/** A stored mark row as a cell value. */
export function cellValue(row: { mark: number | null; code: string | null }): TMarkValue {
  if (row.code === 'AB' || row.code === 'EX') return row.code;
  return row.mark === null ? null : Number(row.mark);
}
/** A value as the change history keeps it: '' for an empty cell. */
const asText = (value: TMarkValue) => (value === null ? '' : String(value));
const fromText = (text: string): TMarkValue =>
  text === '' ? null : text === 'AB' || text === 'EX' ? text : Number(text);

/** The learners of a subject class (active, by surname). */
export async function classLearners(db: DbExecutor, organizationId: string, subjectClass: TMarkedClass) {
  return db
    .select({
      id: learners.id,
      firstName: learners.firstName,
      lastName: learners.lastName,
      admissionNumber: learners.admissionNumber,
      userId: learners.userId,
    })
    .from(learners)
    .where(and(eq(learners.organizationId, organizationId), learnerTakes(subjectClass)))
    .orderBy(asc(learners.lastName), asc(learners.firstName), asc(learners.id));
}

/** Every mark of these learners in these tasks, as a map per learner. */
export async function marksOf(db: DbExecutor, taskIds: string[], learnerIds: string[]) {
  const byLearner = new Map<string, Map<string, TMarkValue>>();
  const cells: TGradebookCell[] = [];
  if (!taskIds.length || !learnerIds.length) return { byLearner, cells };
  const rows = await db
    .select({
      taskId: assessmentMarks.taskId,
      learnerId: assessmentMarks.learnerId,
      mark: assessmentMarks.mark,
      code: assessmentMarks.code,
      updatedAt: assessmentMarks.updatedAt,
    })
    .from(assessmentMarks)
    .where(and(inArray(assessmentMarks.taskId, taskIds), inArray(assessmentMarks.learnerId, learnerIds)));
  for (const row of rows) {
    const value = cellValue(row);
    if (!byLearner.has(row.learnerId)) byLearner.set(row.learnerId, new Map());
    byLearner.get(row.learnerId)!.set(row.taskId, value);
    cells.push({ learnerId: row.learnerId, taskId: row.taskId, value, updatedAt: row.updatedAt.toISOString() });
  }
  return { byLearner, cells };
}

/** Each learner's term mark and year mark so far (through `term`). */
export function learnerMarks(
  learnerIds: string[],
  tasks: TAssessmentTask[],
  phase: TCapsPhase,
  term: number,
  byLearner: Map<string, Map<string, TMarkValue>>,
): TLearnerMark[] {
  return learnerIds.map((learnerId) => {
    const values = byLearner.get(learnerId) ?? new Map<string, TMarkValue>();
    const termOutcome = termMark(tasks, term, values);
    const yearOutcome = yearMark(tasks, phase, values, term);
    return {
      learnerId,
      termMark: termOutcome.mark,
      termLevel: termOutcome.level,
      yearMark: yearOutcome.mark,
      yearLevel: yearOutcome.level,
    };
  });
}

async function releaseOf(db: DbExecutor, subjectClassId: string, year: number, term: number) {
  const [row] = await db
    .select({ releasedAt: assessmentReleases.releasedAt })
    .from(assessmentReleases)
    .where(
      and(
        eq(assessmentReleases.subjectClassId, subjectClassId),
        eq(assessmentReleases.year, year),
        eq(assessmentReleases.term, term),
      ),
    );
  return row?.releasedAt ?? null;
}

/** The grid of a subject class's learners × the term's tasks, with the computed marks. */
export async function getGradebook(
  db: Database,
  ctx: TSchoolContext,
  id: string,
  year: number,
  term: number,
): Promise<TGradebook> {
  const subjectClass = await markedClassOf(db, ctx, id);
  const programmeId = await ensureProgramme(db, ctx.organizationId, year, subjectClass.grade, subjectClass.subject);
  const phase = phaseOf(subjectClass.grade);
  const [tasks, people, releasedAt] = await Promise.all([
    programmeTasks(db, programmeId),
    classLearners(db, ctx.organizationId, subjectClass),
    releaseOf(db, id, year, term),
  ]);
  const learnerIds = people.map((l) => l.id);
  const { byLearner, cells } = await marksOf(
    db,
    tasks.map((t) => t.id),
    learnerIds,
  );
  const termTasks = tasks.filter((t) => t.term === term);
  const termTaskIds = new Set(termTasks.map((t) => t.id));
  return {
    subjectClass: {
      id: subjectClass.id,
      title: subjectClass.title,
      subject: subjectClass.subject,
      subjectLabel: subjectClass.subjectLabel,
      grade: subjectClass.grade,
      teacherId: subjectClass.teacherId,
      teacherName: subjectClass.teacherName,
    },
    year,
    term,
    phase,
    weights: PHASE_WEIGHTS[phase],
    releasedAt: releasedAt?.toISOString() ?? null,
    tasks: termTasks,
    learners: people,
    cells: cells.filter((c) => termTaskIds.has(c.taskId)),
    marks: learnerMarks(learnerIds, tasks, phase, term, byLearner),
  };
}

const cellKey = (c: { learnerId: string; taskId: string }) => `${c.learnerId}:${c.taskId}`;

/**
 * Saves cells of a term's grid in one transaction under the class's lock. A cell already holding
 * the new value is left alone (an autosave may repeat); a cell whose stored value is neither the
 * caller's `was` nor the new value holds someone else's change, and the whole save is refused.
 */
export async function saveMarks(db: Database, ctx: TSchoolContext, id: string, input: TGradebookSave) {
  const subjectClass = await markedClassOf(db, ctx, id);
  const programmeId = await ensureProgramme(
    db,
    ctx.organizationId,
    input.year,
    subjectClass.grade,
    subjectClass.subject,
  );
  const result = await transaction(db, async (tx) => {
    await lockForTransaction(tx, `gradebook:${id}`);
    const tasks = await tx
      .select({ id: assessmentTasks.id, maxMark: assessmentTasks.maxMark })
      .from(assessmentTasks)
      .where(and(eq(assessmentTasks.programmeId, programmeId), eq(assessmentTasks.term, input.term)));
    const maxOf = new Map(tasks.map((t) => [t.id, t.maxMark]));
    const inClass = new Set((await classLearners(tx, ctx.organizationId, subjectClass)).map((l) => l.id));
    const fields: Record<string, string> = {};
    input.cells.forEach((cell, i) => {
      if (!inClass.has(cell.learnerId)) fields[`cells.${i}.learnerId`] = ASSESSMENT_MESSAGES.notInClass;
      else if (!maxOf.has(cell.taskId)) fields[`cells.${i}.taskId`] = ASSESSMENT_MESSAGES.notATask;
      else if (typeof cell.value === 'number' && cell.value > maxOf.get(cell.taskId)!)
        fields[`cells.${i}.value`] = ASSESSMENT_MESSAGES.markAboveMax;
    });
    if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0]!, fields);

    const stored = (await marksOf(tx, [...maxOf.keys()], [...new Set(input.cells.map((c) => c.learnerId))])).byLearner;
    const current = (c: { learnerId: string; taskId: string }) => stored.get(c.learnerId)?.get(c.taskId) ?? null;
    // The last value given for a cell wins within one request (a pasted block may overlap a typed cell).
    const latest = new Map(input.cells.map((c) => [cellKey(c), c]));
    const changes = [...latest.values()].filter((c) => current(c) !== c.value);
    const stale = changes.filter((c) => current(c) !== c.was);
    if (stale.length)
      throw new AppError(
        409,
        'SAVED_MEANWHILE',
        ASSESSMENT_MESSAGES.savedMeanwhile,
        Object.fromEntries(stale.map((c) => [cellKey(c), ASSESSMENT_MESSAGES.savedMeanwhile])),
      );
    const released = await releaseOf(tx, id, input.year, input.term);
    const reason = input.reason?.trim() ?? '';
    if (released && changes.length && !reason)
      throw badRequest(ASSESSMENT_MESSAGES.reasonAfterRelease, { reason: ASSESSMENT_MESSAGES.reasonAfterRelease });

    for (const cell of changes) {
      if (cell.value === null) {
        await tx
          .delete(assessmentMarks)
          .where(and(eq(assessmentMarks.taskId, cell.taskId), eq(assessmentMarks.learnerId, cell.learnerId)));
        continue;
      }
      const values =
        typeof cell.value === 'number' ? { mark: cell.value, code: null } : { mark: null, code: cell.value };
      await tx
        .insert(assessmentMarks)
        .values({
          organizationId: ctx.organizationId,
          taskId: cell.taskId,
          learnerId: cell.learnerId,
          ...values,
          updatedBy: ctx.user.id,
        })
        .onConflictDoUpdate({
          target: [assessmentMarks.taskId, assessmentMarks.learnerId],
          set: { ...values, updatedBy: ctx.user.id, updatedAt: sql`now()` },
        });
    }
    if (released && changes.length)
      await tx.insert(assessmentMarkChanges).values(
        changes.map((cell) => ({
          organizationId: ctx.organizationId,
          subjectClassId: id,
          taskId: cell.taskId,
          learnerId: cell.learnerId,
          oldValue: asText(current(cell)),
          newValue: asText(cell.value),
          reason,
          changedBy: ctx.user.id,
        })),
      );
    if (changes.length)
      await recordAudit(tx, {
        action: released ? 'assessment.released_marks_changed' : 'assessment.marks_saved',
        actorUserId: ctx.user.id,
        target: `subject_classes:${id}`,
        ip: ctx.ip,
        details: { organizationId: ctx.organizationId, year: input.year, term: input.term, cells: changes.length },
      });
    return { saved: changes.length, unchanged: latest.size - changes.length, touched: [...latest.values()] };
  });
  const gradebook = await getGradebook(db, ctx, id, input.year, input.term);
  const touched = new Set(result.touched.map(cellKey));
  return {
    saved: result.saved,
    unchanged: result.unchanged,
    cells: gradebook.cells.filter((c) => touched.has(cellKey(c))),
    marks: gradebook.marks,
  };
}

/** Releases the term's marks of the class (the first release stands; releasing again changes nothing). */
export async function releaseMarks(
  db: Database,
  ctx: TSchoolContext,
  id: string,
  year: number,
  term: number,
  jobs?: JobQueue,
) {
  const subjectClass = await markedClassOf(db, ctx, id);
  return transaction(db, async (tx) => {
    const [made] = await tx
      .insert(assessmentReleases)
      .values({ organizationId: ctx.organizationId, subjectClassId: id, year, term, releasedBy: ctx.user.id })
      .onConflictDoNothing()
      .returning({ releasedAt: assessmentReleases.releasedAt });
    if (made)
      await recordAudit(tx, {
        action: 'assessment.marks_released',
        actorUserId: ctx.user.id,
        target: `subject_classes:${id}`,
        ip: ctx.ip,
        details: { organizationId: ctx.organizationId, year, term },
      });
    if (made)
      await notifySubjectClassFamilies(tx, jobs, {
        organizationId: ctx.organizationId,
        subjectClassIds: [id],
        kind: 'marks',
        eventKey: `marks:${id}:${year}:${term}`,
        title: `Term ${term} marks released: ${capsSubjectLabel(subjectClass.subject)}`,
        body: `The Term ${term} ${year} marks of ${capsSubjectLabel(subjectClass.subject)} are out.`,
        learnerLink: '/dashboard/student',
      });
    const releasedAt = made?.releasedAt ?? (await releaseOf(tx, id, year, term))!;
    return { releasedAt: releasedAt.toISOString() };
  });
}

/** The changes made to the term's released marks, newest first. */
export async function markChanges(
  db: Database,
  ctx: TSchoolContext,
  id: string,
  year: number,
  term: number,
): Promise<TMarkChange[]> {
  const subjectClass = await markedClassOf(db, ctx, id);
  const programmeId = await ensureProgramme(db, ctx.organizationId, year, subjectClass.grade, subjectClass.subject);
  const changer = alias(users, 'changer');
  const rows = await db
    .select({
      learnerId: assessmentMarkChanges.learnerId,
      firstName: learners.firstName,
      lastName: learners.lastName,
      taskId: assessmentMarkChanges.taskId,
      taskName: assessmentTasks.name,
      oldValue: assessmentMarkChanges.oldValue,
      newValue: assessmentMarkChanges.newValue,
      reason: assessmentMarkChanges.reason,
      changedBy: changer.name,
      changedAt: assessmentMarkChanges.changedAt,
    })
    .from(assessmentMarkChanges)
    .innerJoin(assessmentTasks, eq(assessmentTasks.id, assessmentMarkChanges.taskId))
    .innerJoin(learners, eq(learners.id, assessmentMarkChanges.learnerId))
    .leftJoin(changer, eq(changer.id, assessmentMarkChanges.changedBy))
    .where(
      and(
        eq(assessmentMarkChanges.organizationId, ctx.organizationId),
        eq(assessmentMarkChanges.subjectClassId, id),
        eq(assessmentTasks.programmeId, programmeId),
        eq(assessmentTasks.term, term),
      ),
    )
    .orderBy(desc(assessmentMarkChanges.changedAt));
  return rows.map((row) => ({
    learnerId: row.learnerId,
    learnerName: `${row.firstName} ${row.lastName}`,
    taskId: row.taskId,
    taskName: row.taskName,
    oldValue: fromText(row.oldValue),
    newValue: fromText(row.newValue),
    reason: row.reason,
    changedBy: row.changedBy ?? '',
    changedAt: row.changedAt.toISOString(),
  }));
}
