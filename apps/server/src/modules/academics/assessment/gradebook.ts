import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
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
import { namedArrayStatement, type Database, type DbExecutor } from '../../../platform/db/client.ts';
import { SESSION_COLUMN_COUNT, sessionWith } from '../../../platform/auth/session-lookup.ts';
import {
  assessmentMarkChanges,
  assessmentMarks,
  assessmentProgrammes,
  assessmentReleases,
  assessmentTasks,
  auditEvents,
  learners,
  registerClasses,
  subjectClasses,
  subjectClassLearners,
  users,
} from '../../../platform/db/schema/index.ts';
import { lockForTransaction, transaction } from '../../../platform/db/transaction.ts';
import { AppError, badRequest, forbidden, notFound } from '../../../platform/http/errors.ts';
import { auditRow, recordAudit } from '../../../platform/audit/audit.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { learnerTakes } from '../timetable/lessons.ts';
import { actsSchoolWide, markedClassOf, type TMarkedClass } from './access.ts';
import { isFinalExam, termMark, yearMark } from './marks.ts';
import { notifySubjectClassFamilies } from './notify-families.ts';
import type { JobQueue } from '../../../platform/jobs/queue.ts';
import { capsSubjectLabel } from '@sekolo/shared/constants/caps-subjects';
import { subjectClassTitle } from '@sekolo/shared/schemas/timetable';
import { ensureProgramme, phaseOf } from './programme.ts';

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

/**
 * Everything a class's grid shows, in one statement, one round trip (as the register read,
 * docs/decisions/007-school-scale-on-two-cores.md): the subject class of the school with its
 * register class and teacher, the id of its programme for the year (null before anyone has made
 * it), the term's release, and as JSON written by PostgreSQL: every task of the programme (all
 * terms: the year mark needs them), the class's active learners in order as the answer shows them,
 * each learner's values by the task's place in that list (what the marks are computed from: no
 * ids, a few bytes a cell to parse), and the term's cells as the answer shows them. The learners
 * and cells go into the answer as PostgreSQL wrote them, never parsed and written again (parsing a
 * grid's hundreds of cells and writing them again would be most of a read's own server time).
 * Timestamps come as toISOString() writes them. One row, or none for another school's class.
 *
 * Each part is shaped so PostgreSQL finds its rows by index whatever it guesses of the others:
 * the learners by the class's id as a value (learners_class_idx for a register class's, the
 * group's list for chosen learners), and each learner's marks by (school, learner), not a scan of
 * the school's marks.
 */
export const GRADEBOOK_STATEMENT = 'sekolo_gradebook';
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
/**
 * The grid's `WITH` queries and its one row's SELECT, for the school `organizationId` (a uuid
 * placeholder, or the school of the session a statement read first). The row ends with the auth
 * generation the statement saw, for a save given a reused session read (saveMarks).
 */
function gradebookParts(organizationId: SQL) {
  const ctes = sql`sc as (
    select sc.id, sc.subject, sc.group_name, sc.register_class_id, rc.name as register_class_name,
      sc.membership, rc.grade, sc.teacher_user_id, u.name as teacher_name
    from ${subjectClasses} sc
    join ${registerClasses} rc on rc.id = sc.register_class_id
    join ${users} u on u.id = sc.teacher_user_id
    where sc.id = ${sql.placeholder('id')}::uuid and sc.organization_id = ${organizationId}
  ),
  programme as (
    select p.id from ${assessmentProgrammes} p join sc on p.grade = sc.grade and p.subject = sc.subject
    where p.organization_id = ${organizationId} and p.year = ${sql.placeholder('year')}::int
  ),
  people as materialized (
    select l.id, l.first_name, l.last_name, l.admission_number
    from ${learners} l
    where l.register_class_id = (select register_class_id from sc where membership = 'register_class')
      and l.organization_id = ${organizationId} and l.archived_at is null
    union all
    select l.id, l.first_name, l.last_name, l.admission_number
    from ${subjectClassLearners} scl join ${learners} l on l.id = scl.learner_id
    where scl.subject_class_id = (select id from sc where membership = 'chosen')
      and l.organization_id = ${organizationId} and l.archived_at is null
  ),
  tasks as materialized (
    select t.id, t.term, t.position, t.name, t.type, t.weight, t.max_mark,
      (row_number() over (order by t.term, t.position, t.id) - 1)::int as ix
    from ${assessmentTasks} t where t.programme_id = (select id from programme)
  ),
  marks as materialized (
    select m.task_id, m.learner_id, m.updated_at,
      case when m.code in ('AB', 'EX') then to_json(m.code) else to_json(m.mark) end as value
    from people p cross join lateral (
      select m.task_id, m.learner_id, m.mark, m.code, m.updated_at from ${assessmentMarks} m
      where m.organization_id = ${organizationId} and m.learner_id = p.id
        and m.task_id in (select id from tasks)
    ) m
  ),
  learner_values as (
    select m.learner_id, json_agg(json_build_array(t.ix, m.value)) as "values"
    from marks m join tasks t on t.id = m.task_id group by m.learner_id
  )`;
  const select = sql`select sc.id, sc.subject, sc.group_name, sc.register_class_id, sc.register_class_name, sc.membership,
    sc.grade, sc.teacher_user_id, sc.teacher_name,
    (select id from programme) as programme_id,
    (select to_char(r.released_at at time zone 'UTC', ${sql.raw(ISO)}) from ${assessmentReleases} r
      where r.subject_class_id = sc.id and r.year = ${sql.placeholder('year')}::int and r.term = ${sql.placeholder('term')}::int) as released_at,
    (select coalesce(json_agg(json_build_array(id, term, position, name, type, weight, max_mark) order by ix), '[]')::text
      from tasks) as tasks,
    (select coalesce(json_agg(l order by l."lastName", l."firstName", l.id), '[]')::text from (
      select id, first_name as "firstName", last_name as "lastName", admission_number as "admissionNumber" from people
    ) l) as learners,
    (select coalesce(json_agg(json_build_array(p.id, coalesce(v."values", '[]'::json)) order by p.last_name, p.first_name, p.id), '[]')::text
      from people p left join learner_values v on v.learner_id = p.id) as "values",
    (select coalesce(json_agg(c), '[]')::text from (
      select m.learner_id as "learnerId", m.task_id as "taskId", m.value,
        to_char(m.updated_at at time zone 'UTC', ${sql.raw(ISO)}) as "updatedAt"
      from marks m join tasks t on t.id = m.task_id and t.term = ${sql.placeholder('term')}::int
    ) c) as cells,
    (select "n" from "auth_generation")::text as generation
  from sc`;
  return { ctes, select };
}
export const gradebookQuery = () => {
  const { ctes, select } = gradebookParts(sql`${sql.placeholder('organizationId')}::uuid`);
  return sql`with ${ctes} ${select}`;
};

/**
 * The grid's statement behind the session check (SESSION_SELECT for the placeholder `token`), one
 * round trip for the route (as the register read, docs/decisions/007-school-scale-on-two-cores.md):
 * the session's columns first, then the grid's row for the session's school, its columns null for
 * a class of another school or none. No row when the token names no session.
 */
export const GRADEBOOK_SESSION_STATEMENT = 'sekolo_gradebook_session';
export const gradebookWithSessionQuery = () => {
  const { ctes, select } = gradebookParts(sql`(select "organizationId" from "session")`);
  return sql`with ${sessionWith('session')}, ${ctes}
  select "session".*, "grid".* from "session" left join (${select}) "grid" on true`;
};

type TSnapshot = {
  subjectClass: TMarkedClass;
  programmeId: string | null;
  releasedAt: string | null;
  /** Every task of the programme, all terms, in order. */
  tasks: TAssessmentTask[];
  /** The class's learners' ids, in order. */
  learnerIds: string[];
  /** The answer's `learners`, as PostgreSQL wrote them (TGradebook['learners']). */
  learnersJson: string;
  byLearner: Map<string, Map<string, TMarkValue>>;
  /** How many of the class's learners have a mark stored in each task. */
  perTask: Map<string, number>;
  /** The answer's `cells`: the term's tasks' (TGradebookCell[]), as PostgreSQL wrote them. */
  cellsJson: string;
  /** The auth generation when the grid was read (TSessionRow.generation). */
  generation: string;
};

/** A save given a reused session read found the auth generation moved since (saveMarks reads the caller again). */
class StaleSessionRead extends Error {}

const runGradebook = namedArrayStatement(GRADEBOOK_STATEMENT, gradebookQuery(), (rows) => rows[0]);

/**
 * A save's writes of marks in one statement, its values as arrays (the same text whatever the
 * number of cells, prepared once per connection): the emptied cells deleted, the others inserted or
 * updated, and the save's audit row (auditRow's) written, answering each written cell's time as
 * toISOString() writes it.
 */
export const SAVE_MARKS_STATEMENT = 'sekolo_gradebook_save';
export const saveMarksQuery = () => sql`
  with emptied as (
    delete from ${assessmentMarks} m
    using unnest(${sql.placeholder('emptiedTasks')}::uuid[], ${sql.placeholder('emptiedLearners')}::uuid[]) as e(task_id, learner_id)
    where m.task_id = e.task_id and m.learner_id = e.learner_id
      and m.organization_id = ${sql.placeholder('organizationId')}::uuid
  ),
  filled as (
    insert into ${assessmentMarks} (organization_id, task_id, learner_id, mark, code, updated_by)
    select ${sql.placeholder('organizationId')}::uuid, f.task_id, f.learner_id, f.mark, f.code, ${sql.placeholder('userId')}::text
    from unnest(${sql.placeholder('tasks')}::uuid[], ${sql.placeholder('learners')}::uuid[],
      ${sql.placeholder('marks')}::numeric[], ${sql.placeholder('codes')}::text[]) as f(task_id, learner_id, mark, code)
    on conflict (task_id, learner_id) do update
      set mark = excluded.mark, code = excluded.code, updated_by = excluded.updated_by, updated_at = now()
    returning task_id, learner_id, updated_at
  ),
  audited as (
    insert into ${auditEvents} (at, action, actor_user_id, target, ip, details)
    values (${sql.placeholder('auditAt')}::timestamptz, ${sql.placeholder('auditAction')}::text,
      ${sql.placeholder('userId')}::text, ${sql.placeholder('auditTarget')}::text, ${sql.placeholder('auditIp')}::text,
      ${sql.placeholder('auditDetails')}::jsonb)
  )
  select task_id, learner_id, to_char(updated_at at time zone 'UTC', ${sql.raw(ISO)}) from filled`;
const runSaveMarks = namedArrayStatement(
  SAVE_MARKS_STATEMENT,
  saveMarksQuery(),
  (rows) => rows as [string, string, string][],
);

/**
 * The grid's snapshot of a subject class the caller may mark: another school's id is 404, a
 * teacher who does not teach it (and does not act school-wide) 403.
 */
async function gradebookSnapshot(
  db: DbExecutor,
  ctx: TSchoolContext,
  id: string,
  year: number,
  term: number,
  generation: string | null = null,
): Promise<TSnapshot> {
  const row = (await runGradebook(db, { id, organizationId: ctx.organizationId, year, term })) as unknown[] | undefined;
  return snapshotOfRow(row, ctx, 0, generation);
}

/**
 * The snapshot in a row of the grid's columns (from `offset` on: after the session's in the
 * statement that read both), for `ctx`: no row, or a row without the class, is 404; a teacher who
 * does not teach the class (and does not act school-wide) is refused, 403. With `generation` (the
 * auth generation of a reused session read that `ctx` comes from), neither is answered on that
 * read unless the statement saw the same generation: StaleSessionRead, to read the caller again.
 */
function snapshotOfRow(
  found: readonly unknown[] | undefined,
  ctx: TSchoolContext,
  offset = 0,
  expectedGeneration: string | null = null,
): TSnapshot {
  const row = found && offset ? found.slice(offset) : found;
  if (!row || row[0] == null) {
    if (expectedGeneration !== null) throw new StaleSessionRead();
    throw notFound(ASSESSMENT_MESSAGES.notFound);
  }
  const [
    classId,
    subject,
    groupName,
    registerClassId,
    registerClassName,
    membership,
    grade,
    teacherId,
    teacherName,
    programmeId,
    releasedAt,
    tasksJson,
    learnersJson,
    valuesJson,
    cellsJson,
    generation,
  ] = row as [
    string,
    string,
    string | null,
    string,
    string,
    string,
    number,
    string,
    string,
    string | null,
    string | null,
    string,
    string,
    string,
    string,
    string,
  ];
  if (expectedGeneration !== null && generation !== expectedGeneration) throw new StaleSessionRead();
  if (teacherId !== ctx.user.id && !actsSchoolWide(ctx)) throw forbidden(ASSESSMENT_MESSAGES.notYourClass);
  const subjectLabel = capsSubjectLabel(subject);
  const tasks = (JSON.parse(tasksJson) as [string, number, number, string, string, number, number][]).map(
    ([taskId, taskTerm, position, name, type, weight, maxMark]): TAssessmentTask => ({
      id: taskId,
      term: taskTerm,
      position,
      name,
      type: type as TAssessmentTask['type'],
      weight,
      maxMark,
      marks: 0,
      isFinalExam: isFinalExam({ term: taskTerm, type: type as TAssessmentTask['type'] }),
    }),
  );
  const learnerIds: string[] = [];
  const byLearner = new Map<string, Map<string, TMarkValue>>();
  const perTask = new Map<string, number>();
  for (const [learnerId, values] of JSON.parse(valuesJson) as [string, [number, TMarkValue][]][]) {
    learnerIds.push(learnerId);
    if (!values.length) continue;
    const marks = new Map<string, TMarkValue>();
    for (const [ix, value] of values) {
      const taskId = tasks[ix]!.id;
      marks.set(taskId, value);
      perTask.set(taskId, (perTask.get(taskId) ?? 0) + 1);
    }
    byLearner.set(learnerId, marks);
  }
  return {
    subjectClass: {
      id: classId,
      subject,
      subjectLabel,
      title: subjectClassTitle({ registerClassName, subjectLabel, groupName }),
      registerClassId,
      membership,
      grade,
      teacherId,
      teacherName,
    },
    programmeId,
    releasedAt,
    tasks,
    learnerIds,
    learnersJson,
    byLearner,
    perTask,
    cellsJson,
    generation,
  };
}

/**
 * The answer of a grid (`{ gradebook: TGradebook }`) as JSON text: the term's tasks (each counting
 * this class's marks) and the computed marks written here, the learners and cells put in as
 * PostgreSQL wrote them.
 */
function gradebookText(snapshot: TSnapshot, year: number, term: number): string {
  const { subjectClass, tasks, perTask } = snapshot;
  const phase = phaseOf(subjectClass.grade);
  const head: Omit<TGradebook, 'learners' | 'cells' | 'marks'> = {
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
    releasedAt: snapshot.releasedAt,
    tasks: tasks.filter((t) => t.term === term).map((t) => ({ ...t, marks: perTask.get(t.id) ?? 0 })),
  };
  const marks: TGradebook['marks'] = learnerMarks(snapshot.learnerIds, tasks, phase, term, snapshot.byLearner);
  return `{"gradebook":${JSON.stringify(head).slice(0, -1)},"learners":${snapshot.learnersJson},"cells":${
    snapshot.cellsJson
  },"marks":${JSON.stringify(marks)}}}`;
}

/** The snapshot of a class whose programme for the year exists (made from the CAPS defaults the first time). */
async function snapshotWithProgramme(
  db: DbExecutor,
  ctx: TSchoolContext,
  id: string,
  year: number,
  term: number,
  generation: string | null = null,
) {
  const snapshot = await gradebookSnapshot(db, ctx, id, year, term, generation);
  if (snapshot.programmeId) return snapshot;
  const { grade, subject } = snapshot.subjectClass;
  await ensureProgramme(db as Database, ctx.organizationId, year, grade, subject);
  return gradebookSnapshot(db, ctx, id, year, term);
}

/**
 * The grid of a subject class's learners × the term's tasks, with the computed marks: the answer
 * `{ gradebook: TGradebook }` as JSON text.
 */
export async function getGradebookText(
  db: Database,
  ctx: TSchoolContext,
  id: string,
  year: number,
  term: number,
): Promise<string> {
  return gradebookText(await snapshotWithProgramme(db, ctx, id, year, term), year, term);
}

const runGradebookWithSession = namedArrayStatement(
  GRADEBOOK_SESSION_STATEMENT,
  gradebookWithSessionQuery(),
  (rows) => rows[0],
);

/**
 * getGradebookText for the session of `token`, read in the grid's own statement (one round trip):
 * `applyPolicy` is given the session's columns (SESSION_SELECT's, first in the row) and answers the
 * caller the route's policy lets through, or throws its 401 or 403, before anything of the grid is
 * used. The first grid of a year, whose programme is made then, is read again once made.
 */
export async function gradebookForSession(
  db: Database,
  token: string,
  applyPolicy: (sessionColumns: readonly unknown[] | undefined) => Promise<TSchoolContext>,
  id: string,
  year: number,
  term: number,
): Promise<string> {
  const row = (await runGradebookWithSession(db, { token, id, year, term })) as unknown[] | undefined;
  const ctx = await applyPolicy(row);
  const snapshot = snapshotOfRow(row, ctx, SESSION_COLUMN_COUNT);
  if (snapshot.programmeId) return gradebookText(snapshot, year, term);
  return getGradebookText(db, ctx, id, year, term);
}

const cellKey = (c: { learnerId: string; taskId: string }) => `${c.learnerId}:${c.taskId}`;

/**
 * Saves cells of a term's grid in one transaction under the class's lock. A cell already holding
 * the new value is left alone (an autosave may repeat); a cell whose stored value is neither the
 * caller's `was` nor the new value holds someone else's change, and the whole save is refused.
 * The grid is read once, under the lock (gradebookSnapshot), and the answer is that grid with the
 * changes made: no second read after the commit.
 */
export async function saveMarks(
  db: Database,
  ctx: TSchoolContext,
  id: string,
  input: TGradebookSave,
  readAgain?: () => Promise<TSchoolContext>,
) {
  // A caller resolved from a reused session read (schoolPolicy's sessionReadWithinMs) saves only
  // while the auth generation holds; otherwise the policy is applied again to the session as it
  // stands (401 or 403 when the caller's standing has changed), and the save runs for that caller.
  if (!readAgain || ctx.user.sessionGeneration === null) return saveMarksAs(db, ctx, id, input, null);
  try {
    return await saveMarksAs(db, ctx, id, input, ctx.user.sessionGeneration);
  } catch (error) {
    if (!(error instanceof StaleSessionRead)) throw error;
    return saveMarksAs(db, await readAgain(), id, input, null);
  }
}

async function saveMarksAs(
  db: Database,
  ctx: TSchoolContext,
  id: string,
  input: TGradebookSave,
  generation: string | null,
) {
  const result = await transaction(db, async (tx) => {
    await lockForTransaction(tx, `gradebook:${id}`);
    // The grid's statement reads the auth generation after the lock: when a session ended or a
    // standing changed since `ctx` was read, the save stops there (rolled back) to read the caller again.
    const snapshot = await snapshotWithProgramme(tx, ctx, id, input.year, input.term, generation);
    const maxOf = new Map(snapshot.tasks.filter((t) => t.term === input.term).map((t) => [t.id, t.maxMark]));
    const inClass = new Set(snapshot.learnerIds);
    const fields: Record<string, string> = {};
    input.cells.forEach((cell, i) => {
      if (!inClass.has(cell.learnerId)) fields[`cells.${i}.learnerId`] = ASSESSMENT_MESSAGES.notInClass;
      else if (!maxOf.has(cell.taskId)) fields[`cells.${i}.taskId`] = ASSESSMENT_MESSAGES.notATask;
      else if (typeof cell.value === 'number' && cell.value > maxOf.get(cell.taskId)!)
        fields[`cells.${i}.value`] = ASSESSMENT_MESSAGES.markAboveMax;
    });
    if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0]!, fields);

    const stored = snapshot.byLearner;
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
    const released = snapshot.releasedAt !== null;
    const reason = input.reason?.trim() ?? '';
    if (released && changes.length && !reason)
      throw badRequest(ASSESSMENT_MESSAGES.reasonAfterRelease, { reason: ASSESSMENT_MESSAGES.reasonAfterRelease });

    // Emptied cells deleted and the rest written, in one statement.
    const emptied = changes.filter((c) => c.value === null);
    const filled = changes.filter((c) => c.value !== null);
    const audit = auditRow({
      action: released ? 'assessment.released_marks_changed' : 'assessment.marks_saved',
      actorUserId: ctx.user.id,
      target: `subject_classes:${id}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, year: input.year, term: input.term, cells: changes.length },
    });
    const written = changes.length
      ? await runSaveMarks(tx, {
          auditAt: audit.at.toISOString(),
          auditAction: audit.action,
          auditTarget: audit.target,
          auditIp: audit.ip,
          auditDetails: JSON.stringify(audit.details),
          organizationId: ctx.organizationId,
          userId: ctx.user.id,
          emptiedTasks: emptied.map((c) => c.taskId),
          emptiedLearners: emptied.map((c) => c.learnerId),
          tasks: filled.map((c) => c.taskId),
          learners: filled.map((c) => c.learnerId),
          marks: filled.map((c) => (typeof c.value === 'number' ? c.value : null)),
          codes: filled.map((c) => (typeof c.value === 'string' ? c.value : null)),
        })
      : [];
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

    // The grid as it stands once this commits: the snapshot with the changes made.
    const updatedAt = new Map(written.map(([taskId, learnerId, at]) => [cellKey({ taskId, learnerId }), at]));
    const changed = new Map(changes.map((c) => [cellKey(c), c]));
    const cells = (JSON.parse(snapshot.cellsJson) as TGradebookCell[]).filter((c) => !changed.has(cellKey(c)));
    for (const c of filled)
      cells.push({ learnerId: c.learnerId, taskId: c.taskId, value: c.value, updatedAt: updatedAt.get(cellKey(c))! });
    for (const c of changes) {
      let values = stored.get(c.learnerId);
      if (!values) stored.set(c.learnerId, (values = new Map()));
      if (c.value === null) values.delete(c.taskId);
      else values.set(c.taskId, c.value);
    }
    const phase = phaseOf(snapshot.subjectClass.grade);
    return {
      saved: changes.length,
      unchanged: latest.size - changes.length,
      touched: [...latest.values()],
      cells,
      marks: learnerMarks(snapshot.learnerIds, snapshot.tasks, phase, input.term, stored),
    };
  });
  const touched = new Set(result.touched.map(cellKey));
  return {
    saved: result.saved,
    unchanged: result.unchanged,
    cells: result.cells.filter((c) => touched.has(cellKey(c))),
    marks: result.marks,
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
