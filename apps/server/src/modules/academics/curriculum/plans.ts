import { and, asc, eq, sql } from 'drizzle-orm';
import { capsSubjectLabel } from '@sekolo/shared/constants/caps-subjects';
import {
  CURRICULUM_MESSAGES as M,
  type TPlanQuery,
  type TPlanSave,
  type TTeachingPlan,
} from '@sekolo/shared/schemas/curriculum';
import type { Database, DbExecutor } from '../../../platform/db/client.ts';
import { teachingPlanTopics } from '../../../platform/db/schema/index.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';

/** A subject's teaching plan for a grade and year: its topics by term, week and place. */
export async function getPlan(db: DbExecutor, organizationId: string, query: TPlanQuery): Promise<TTeachingPlan> {
  const rows = await db
    .select()
    .from(teachingPlanTopics)
    .where(
      and(
        eq(teachingPlanTopics.organizationId, organizationId),
        eq(teachingPlanTopics.year, query.year),
        eq(teachingPlanTopics.grade, query.grade),
        eq(teachingPlanTopics.subject, query.subject),
      ),
    )
    .orderBy(asc(teachingPlanTopics.term), asc(teachingPlanTopics.week), asc(teachingPlanTopics.position));
  return {
    year: query.year,
    grade: query.grade,
    subject: query.subject,
    subjectLabel: capsSubjectLabel(query.subject),
    topics: rows.map((r) => ({ id: r.id, term: r.term, week: r.week, position: r.position, topic: r.topic })),
  };
}

/**
 * Replaces a plan, in one transaction. Topics are placed by term, week and their order within the
 * week; a topic that keeps its place keeps its id (and so what classes taught of it), with its new
 * wording; topics whose place is gone are removed with their records. Audited.
 */
export async function savePlan(db: Database, ctx: TSchoolContext, input: TPlanSave): Promise<TTeachingPlan> {
  const placed: { term: number; week: number; position: number; topic: string }[] = [];
  const perWeek = new Map<string, number>();
  for (const t of [...input.topics].sort((a, b) => a.term - b.term || a.week - b.week)) {
    const key = `${t.term}:${t.week}`;
    const position = (perWeek.get(key) ?? 0) + 1;
    perWeek.set(key, position);
    placed.push({ term: t.term, week: t.week, position, topic: t.topic });
  }
  if (new Set(placed.map((p) => `${p.term}:${p.week}:${p.position}`)).size !== placed.length)
    throw badRequest(M.duplicateSlot);
  const where = and(
    eq(teachingPlanTopics.organizationId, ctx.organizationId),
    eq(teachingPlanTopics.year, input.year),
    eq(teachingPlanTopics.grade, input.grade),
    eq(teachingPlanTopics.subject, input.subject),
  );
  await transaction(db, async (tx) => {
    const keep = placed.map((p) => sql`(${p.term}::smallint, ${p.week}::smallint, ${p.position}::smallint)`);
    await tx
      .delete(teachingPlanTopics)
      .where(
        keep.length
          ? and(
              where,
              sql`(${teachingPlanTopics.term}, ${teachingPlanTopics.week}, ${teachingPlanTopics.position}) NOT IN (${sql.join(keep, sql`, `)})`,
            )
          : where,
      );
    if (placed.length)
      await tx
        .insert(teachingPlanTopics)
        .values(
          placed.map((p) => ({
            organizationId: ctx.organizationId,
            year: input.year,
            grade: input.grade,
            subject: input.subject,
            ...p,
          })),
        )
        .onConflictDoUpdate({
          target: [
            teachingPlanTopics.organizationId,
            teachingPlanTopics.year,
            teachingPlanTopics.grade,
            teachingPlanTopics.subject,
            teachingPlanTopics.term,
            teachingPlanTopics.week,
            teachingPlanTopics.position,
          ],
          set: { topic: sql`excluded.topic`, updatedAt: sql`now()` },
        });
    await recordAudit(tx, {
      action: 'curriculum.plan_saved',
      actorUserId: ctx.user.id,
      target: `teaching_plan:${input.year}:${input.grade}:${input.subject}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, topics: placed.length },
    });
  });
  return getPlan(db, ctx.organizationId, input);
}
