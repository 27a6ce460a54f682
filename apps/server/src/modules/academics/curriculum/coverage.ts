import { and, asc, eq, sql } from 'drizzle-orm';
import { capsSubjectLabel } from '@sekolo/shared/constants/caps-subjects';
import { schoolToday } from '@sekolo/shared/schemas/attendance';
import {
  CURRICULUM_MESSAGES as M,
  weekStart,
  type TClassCoverage,
  type TClassCoverageDetail,
  type TTaughtSave,
} from '@sekolo/shared/schemas/curriculum';
import { subjectClassTitle } from '@sekolo/shared/schemas/timetable';
import { rowsOf, type Database, type DbExecutor } from '../../../platform/db/client.ts';
import {
  registerClasses,
  subjectClasses,
  taughtTopics,
  teachingPlanTopics,
  users,
} from '../../../platform/db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../../platform/http/errors.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { getTerms } from '../timetable/terms.ts';

/**
 * Coverage: what each subject class taught of its subject's plan for its grade. A topic is due once
 * its week has begun (week 1 starts on the term's first day, from the school's term dates or the
 * national calendar); a class's coverage is the share of its due topics it has taught.
 */

/** The first day of each topic's week by term, or none when the year's terms are unknown. */
async function weekStarts(db: DbExecutor, organizationId: string, year: number) {
  const { terms } = await getTerms(db, organizationId, year);
  const starts = new Map(terms.map((t) => [t.term, t.startsOn]));
  return (term: number, week: number) => {
    const start = starts.get(term);
    return start ? weekStart(start, week) : null;
  };
}

type TClassRow = {
  id: string;
  subject: string;
  group_name: string | null;
  class_name: string;
  grade: number;
  membership: string;
  teacher_id: string;
  teacher_name: string;
};

async function classesOf(db: DbExecutor, organizationId: string, id?: string): Promise<TClassRow[]> {
  return rowsOf<TClassRow>(
    await db.execute(sql`
      SELECT s.id, s.subject, s.group_name, c.name AS class_name, c.grade, s.membership, s.teacher_user_id AS teacher_id,
        u.name AS teacher_name
      FROM ${subjectClasses} s
      JOIN ${registerClasses} c ON c.id = s.register_class_id
      JOIN ${users} u ON u.id = s.teacher_user_id
      WHERE s.organization_id = ${organizationId}::uuid ${id ? sql`AND s.id = ${id}::uuid` : sql``}
      ORDER BY c.grade, c.name, s.subject`),
  );
}

const titleOf = (r: TClassRow) =>
  subjectClassTitle({
    registerClassName: r.class_name,
    subjectLabel: capsSubjectLabel(r.subject),
    groupName: r.group_name,
  });

/** Every subject class of the school with its coverage of the year's plan. */
export async function schoolCoverage(db: DbExecutor, ctx: TSchoolContext, year: number): Promise<TClassCoverage[]> {
  const startOf = await weekStarts(db, ctx.organizationId, year);
  const today = schoolToday();
  const classes = await classesOf(db, ctx.organizationId);
  const topics = await db
    .select({
      id: teachingPlanTopics.id,
      grade: teachingPlanTopics.grade,
      subject: teachingPlanTopics.subject,
      term: teachingPlanTopics.term,
      week: teachingPlanTopics.week,
    })
    .from(teachingPlanTopics)
    .where(and(eq(teachingPlanTopics.organizationId, ctx.organizationId), eq(teachingPlanTopics.year, year)));
  const taught = await db
    .select({ subjectClassId: taughtTopics.subjectClassId, topicId: taughtTopics.topicId })
    .from(taughtTopics)
    .innerJoin(teachingPlanTopics, eq(teachingPlanTopics.id, taughtTopics.topicId))
    .where(and(eq(taughtTopics.organizationId, ctx.organizationId), eq(teachingPlanTopics.year, year)));
  const taughtBy = new Map<string, Set<string>>();
  for (const t of taught) taughtBy.set(t.subjectClassId, (taughtBy.get(t.subjectClassId) ?? new Set()).add(t.topicId));
  return classes.map((c) => {
    const plan = topics.filter((t) => t.grade === Number(c.grade) && t.subject === c.subject);
    const done = taughtBy.get(c.id) ?? new Set<string>();
    const due = plan.filter((t) => (startOf(t.term, t.week) ?? '9999') <= today);
    return {
      subjectClassId: c.id,
      title: titleOf(c),
      subject: c.subject,
      grade: Number(c.grade),
      teacherName: c.teacher_name,
      year,
      due: due.length,
      taughtOfDue: due.filter((t) => done.has(t.id)).length,
      planned: plan.length,
      taught: plan.filter((t) => done.has(t.id)).length,
    };
  });
}

/** The caller's rights over a subject class: records what was taught as its teacher or the school. */
function recorderOf(ctx: TSchoolContext, row: TClassRow) {
  return row.teacher_id === ctx.user.id || ctx.user.permissions.includes('manage_curriculum');
}

async function classOf(db: DbExecutor, ctx: TSchoolContext, id: string, record: boolean): Promise<TClassRow> {
  const [row] = await classesOf(db, ctx.organizationId, id);
  if (!row) throw notFound(M.notFound);
  const reads = recorderOf(ctx, row) || ctx.user.permissions.includes('view_reports');
  if (!(record ? recorderOf(ctx, row) : reads)) throw forbidden(M.notYourClass);
  return row;
}

/** One subject class's plan for the year, with what it taught and when. */
export async function classCoverage(
  db: DbExecutor,
  ctx: TSchoolContext,
  id: string,
  year: number,
): Promise<TClassCoverageDetail> {
  const row = await classOf(db, ctx, id, false);
  const startOf = await weekStarts(db, ctx.organizationId, year);
  const today = schoolToday();
  const topics = await db
    .select({
      id: teachingPlanTopics.id,
      term: teachingPlanTopics.term,
      week: teachingPlanTopics.week,
      position: teachingPlanTopics.position,
      topic: teachingPlanTopics.topic,
      taughtOn: taughtTopics.taughtOn,
      note: taughtTopics.note,
    })
    .from(teachingPlanTopics)
    .leftJoin(
      taughtTopics,
      and(eq(taughtTopics.topicId, teachingPlanTopics.id), eq(taughtTopics.subjectClassId, row.id)),
    )
    .where(
      and(
        eq(teachingPlanTopics.organizationId, ctx.organizationId),
        eq(teachingPlanTopics.year, year),
        eq(teachingPlanTopics.grade, Number(row.grade)),
        eq(teachingPlanTopics.subject, row.subject),
      ),
    )
    .orderBy(asc(teachingPlanTopics.term), asc(teachingPlanTopics.week), asc(teachingPlanTopics.position));
  const detail = topics.map((t) => ({
    id: t.id,
    term: t.term,
    week: t.week,
    position: t.position,
    topic: t.topic,
    taughtOn: t.taughtOn ?? null,
    note: t.note ?? '',
    due: (startOf(t.term, t.week) ?? '9999') <= today,
  }));
  const due = detail.filter((t) => t.due);
  return {
    subjectClassId: row.id,
    title: titleOf(row),
    subject: row.subject,
    grade: Number(row.grade),
    teacherName: row.teacher_name,
    year,
    due: due.length,
    taughtOfDue: due.filter((t) => t.taughtOn !== null).length,
    planned: detail.length,
    taught: detail.filter((t) => t.taughtOn !== null).length,
    topics: detail,
    canRecord: recorderOf(ctx, row),
  };
}

/** Records (or corrects) that the class taught a topic of its plan. */
export async function recordTaught(
  db: Database,
  ctx: TSchoolContext,
  id: string,
  topicId: string,
  input: TTaughtSave,
): Promise<void> {
  if (input.taughtOn > schoolToday()) throw badRequest(M.taughtInFuture, { taughtOn: M.taughtInFuture });
  await transaction(db, async (tx) => {
    const row = await classOf(tx, ctx, id, true);
    const [topic] = await tx
      .select({ id: teachingPlanTopics.id })
      .from(teachingPlanTopics)
      .where(
        and(
          eq(teachingPlanTopics.id, topicId),
          eq(teachingPlanTopics.organizationId, ctx.organizationId),
          eq(teachingPlanTopics.grade, Number(row.grade)),
          eq(teachingPlanTopics.subject, row.subject),
        ),
      );
    if (!topic) throw notFound(M.notFound);
    await tx
      .insert(taughtTopics)
      .values({
        organizationId: ctx.organizationId,
        subjectClassId: row.id,
        topicId,
        taughtOn: input.taughtOn,
        note: input.note,
        recordedBy: ctx.user.id,
      })
      .onConflictDoUpdate({
        target: [taughtTopics.subjectClassId, taughtTopics.topicId],
        set: { taughtOn: input.taughtOn, note: input.note, recordedBy: ctx.user.id, recordedAt: sql`now()` },
      });
  });
}

/** The topic is not taught after all. */
export async function clearTaught(db: Database, ctx: TSchoolContext, id: string, topicId: string): Promise<void> {
  const row = await classOf(db, ctx, id, true);
  await db
    .delete(taughtTopics)
    .where(
      and(
        eq(taughtTopics.subjectClassId, row.id),
        eq(taughtTopics.topicId, topicId),
        eq(taughtTopics.organizationId, ctx.organizationId),
      ),
    );
}
