import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { capsSubjectLabel, phaseOfGrade } from '@sekolo/shared/constants/caps-subjects';
import { gradeFromNumber } from '@sekolo/shared/schemas/school';
import {
  ASSESSMENT_MESSAGES,
  PHASE_WEIGHTS,
  type TAssessmentTask,
  type TAssessmentTaskType,
  type TProgramme,
  type TProgrammeTermSave,
} from '@sekolo/shared/schemas/assessment';
import type { Database, DbExecutor } from '../../../platform/db/client.ts';
import { assessmentProgrammes, assessmentTasks } from '../../../platform/db/schema/index.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { badRequest, conflict } from '../../../platform/http/errors.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { DEFAULT_PROGRAMMES } from './caps-defaults.ts';
import { isFinalExam } from './marks.ts';

export const phaseOf = (grade: number) => phaseOfGrade(gradeFromNumber(grade));

/**
 * The id of the school's programme of a subject and grade for a year, made from the phase's CAPS
 * defaults the first time anyone needs it (idempotent: concurrent callers make it once).
 */
export async function ensureProgramme(
  db: Database,
  organizationId: string,
  year: number,
  grade: number,
  subject: string,
): Promise<string> {
  const key = and(
    eq(assessmentProgrammes.organizationId, organizationId),
    eq(assessmentProgrammes.year, year),
    eq(assessmentProgrammes.grade, grade),
    eq(assessmentProgrammes.subject, subject),
  );
  const [existing] = await db.select({ id: assessmentProgrammes.id }).from(assessmentProgrammes).where(key);
  if (existing) return existing.id;
  return transaction(db, async (tx) => {
    const [made] = await tx
      .insert(assessmentProgrammes)
      .values({ organizationId, year, grade, subject })
      .onConflictDoNothing()
      .returning({ id: assessmentProgrammes.id });
    if (!made) {
      const [other] = await tx.select({ id: assessmentProgrammes.id }).from(assessmentProgrammes).where(key);
      return other!.id;
    }
    const defaults = DEFAULT_PROGRAMMES[phaseOf(grade)];
    const positions = new Map<number, number>();
    await tx.insert(assessmentTasks).values(
      defaults.map((task) => {
        const position = (positions.get(task.term) ?? 0) + 1;
        positions.set(task.term, position);
        return { organizationId, programmeId: made.id, position, ...task };
      }),
    );
    return made.id;
  });
}

/**
 * The tasks of a programme, every term, in order. `counted: true` (the programme's own view, which
 * keeps a task with marks from being removed) counts each task's marks in the school, by index;
 * everyone else (a term mark, a report card, a gradebook that counts its own class) gets 0 and
 * reads no marks here.
 */
export async function programmeTasks(
  db: DbExecutor,
  programmeId: string,
  { counted = false }: { counted?: boolean } = {},
): Promise<TAssessmentTask[]> {
  const rows = await db
    .select({
      id: assessmentTasks.id,
      term: assessmentTasks.term,
      position: assessmentTasks.position,
      name: assessmentTasks.name,
      type: assessmentTasks.type,
      weight: assessmentTasks.weight,
      maxMark: assessmentTasks.maxMark,
      marks: counted
        ? // Spelled out: a one-table select names its columns without their table, and the
          // subquery's "id" would be the mark's.
          sql<number>`(select count(*) from assessment_marks m where m.task_id = assessment_tasks.id)`
        : sql<number>`0`,
    })
    .from(assessmentTasks)
    .where(eq(assessmentTasks.programmeId, programmeId))
    .orderBy(asc(assessmentTasks.term), asc(assessmentTasks.position));
  return rows.map((row) => {
    const type = row.type as TAssessmentTaskType;
    return { ...row, type, marks: Number(row.marks), isFinalExam: isFinalExam({ term: row.term, type }) };
  });
}

/** The tasks of several programmes (report cards of a class), every term, in order: by programme id. */
export async function programmesTasks(db: DbExecutor, programmeIds: string[]): Promise<Map<string, TAssessmentTask[]>> {
  const out = new Map<string, TAssessmentTask[]>(programmeIds.map((id) => [id, []]));
  if (!programmeIds.length) return out;
  const rows = await db
    .select({
      programmeId: assessmentTasks.programmeId,
      id: assessmentTasks.id,
      term: assessmentTasks.term,
      position: assessmentTasks.position,
      name: assessmentTasks.name,
      type: assessmentTasks.type,
      weight: assessmentTasks.weight,
      maxMark: assessmentTasks.maxMark,
    })
    .from(assessmentTasks)
    .where(inArray(assessmentTasks.programmeId, programmeIds))
    .orderBy(asc(assessmentTasks.term), asc(assessmentTasks.position));
  for (const { programmeId, ...row } of rows) {
    const type = row.type as TAssessmentTaskType;
    out.get(programmeId)!.push({ ...row, type, marks: 0, isFinalExam: isFinalExam({ term: row.term, type }) });
  }
  return out;
}

export async function getProgramme(
  db: Database,
  organizationId: string,
  year: number,
  grade: number,
  subject: string,
): Promise<TProgramme> {
  const programmeId = await ensureProgramme(db, organizationId, year, grade, subject);
  const phase = phaseOf(grade);
  return {
    year,
    grade,
    subject,
    subjectLabel: capsSubjectLabel(subject),
    phase,
    weights: PHASE_WEIGHTS[phase],
    tasks: await programmeTasks(db, programmeId, { counted: true }),
  };
}

/**
 * Replaces one term's tasks in the order given: a task with an id is kept and edited, one without
 * is added, and a task left out is removed unless it holds marks (409). One transaction, audited.
 */
export async function saveProgrammeTerm(db: Database, ctx: TSchoolContext, input: TProgrammeTermSave) {
  const programmeId = await ensureProgramme(db, ctx.organizationId, input.year, input.grade, input.subject);
  await transaction(db, async (tx) => {
    await tx
      .select({ id: assessmentProgrammes.id })
      .from(assessmentProgrammes)
      .where(eq(assessmentProgrammes.id, programmeId))
      .for('update');
    const existing = (await programmeTasks(tx, programmeId, { counted: true })).filter((t) => t.term === input.term);
    const byId = new Map(existing.map((t) => [t.id, t]));
    input.tasks.forEach((task, i) => {
      if (task.id && !byId.has(task.id))
        throw badRequest(ASSESSMENT_MESSAGES.notATask, { [`tasks.${i}.id`]: ASSESSMENT_MESSAGES.notATask });
    });
    const kept = new Set(input.tasks.map((t) => t.id).filter(Boolean));
    const removed = existing.filter((t) => !kept.has(t.id));
    if (removed.some((t) => t.marks > 0)) throw conflict(ASSESSMENT_MESSAGES.taskHasMarks);
    if (removed.length)
      await tx.delete(assessmentTasks).where(
        inArray(
          assessmentTasks.id,
          removed.map((t) => t.id),
        ),
      );
    for (const [i, task] of input.tasks.entries()) {
      const values = { name: task.name, type: task.type, weight: task.weight, maxMark: task.maxMark, position: i + 1 };
      if (task.id) await tx.update(assessmentTasks).set(values).where(eq(assessmentTasks.id, task.id));
      else
        await tx
          .insert(assessmentTasks)
          .values({ organizationId: ctx.organizationId, programmeId, term: input.term, ...values });
    }
    await recordAudit(tx, {
      action: 'assessment.programme_saved',
      actorUserId: ctx.user.id,
      target: `assessment_programmes:${programmeId}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, term: input.term, tasks: input.tasks.length },
    });
  });
  return getProgramme(db, ctx.organizationId, input.year, input.grade, input.subject);
}
