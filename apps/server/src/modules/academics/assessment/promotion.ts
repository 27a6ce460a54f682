import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  REPORT_CARD_MESSAGES,
  type TPromotion,
  type TPromotionDecide,
  type TPromotionDecision,
} from '@sekolo/shared/schemas/assessment';
import type { Database } from '../../../platform/db/client.ts';
import {
  learners,
  promotionDecisions,
  registerClasses,
  registerClassTeachers,
  users,
} from '../../../platform/db/schema/index.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { badRequest, forbidden, notFound } from '../../../platform/http/errors.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { actsSchoolWide } from './access.ts';
import { subjectLinesOf } from './card-lines.ts';
import { phaseOf } from './programme.ts';
import { retainedInPhase, suggestPromotion } from './promotion-rules.ts';

/**
 * Year-end decisions: each learner's suggested decision from the year marks by the phase's
 * promotion requirements (promotion-rules.ts), and the decision the school admin (or the class's
 * class teacher) takes, with a
 * reason whenever it is not the suggested one (audited). A year-end card prints the decision
 * taken, or the suggested one while none is.
 */

/** The school admin decides for every class; a teacher (manage_grades) for the register classes they are class teacher of. */
async function assertMayDecide(db: Database, ctx: TSchoolContext, registerClassId: string | null) {
  if (actsSchoolWide(ctx)) return;
  const [own] = registerClassId
    ? await db
        .select({ id: registerClassTeachers.registerClassId })
        .from(registerClassTeachers)
        .where(
          and(
            eq(registerClassTeachers.registerClassId, registerClassId),
            eq(registerClassTeachers.userId, ctx.user.id),
          ),
        )
    : [];
  if (!own) throw forbidden(REPORT_CARD_MESSAGES.notClassTeacher);
}

type TPerson = { id: string; firstName: string; lastName: string; admissionNumber: string; grade: number };

/** The suggestion and the decision of each of `people` for the year. */
export async function promotionsOf(
  db: Database,
  organizationId: string,
  year: number,
  people: Pick<TPerson, 'id'>[],
  /** Their year marks when the caller has them already (a class's year-end cards). */
  yearLines?: Awaited<ReturnType<typeof subjectLinesOf>>,
): Promise<(TPromotion & { effective: TPromotionDecision })[]> {
  if (!people.length) return [];
  const ids = people.map((p) => p.id);
  const rows = await db
    .select({
      id: learners.id,
      firstName: learners.firstName,
      lastName: learners.lastName,
      admissionNumber: learners.admissionNumber,
      grade: learners.grade,
    })
    .from(learners)
    .where(and(eq(learners.organizationId, organizationId), inArray(learners.id, ids)))
    .orderBy(asc(learners.lastName), asc(learners.firstName));
  const decisions = await db
    .select({
      learnerId: promotionDecisions.learnerId,
      year: promotionDecisions.year,
      grade: promotionDecisions.grade,
      decision: promotionDecisions.decision,
      reason: promotionDecisions.reason,
      decidedBy: users.name,
      decidedAt: promotionDecisions.decidedAt,
    })
    .from(promotionDecisions)
    .leftJoin(users, eq(users.id, promotionDecisions.decidedBy))
    .where(
      and(
        eq(promotionDecisions.organizationId, organizationId),
        inArray(promotionDecisions.learnerId, ids),
        sql`${promotionDecisions.year} <= ${year}`,
      ),
    );
  const linesOf = yearLines ?? (await subjectLinesOf(db, organizationId, ids, year, 4));
  const out = [];
  for (const person of rows) {
    const { learner, lines } = linesOf.get(person.id)!;
    const phase = phaseOf(person.grade);
    const keptBackInPhase = retainedInPhase(
      phaseOf,
      person.grade,
      decisions.filter((d) => d.learnerId === person.id && d.year < year),
    );
    const { suggested, unmet } = suggestPromotion({
      phase,
      grade: person.grade,
      marks: lines.map((l) => ({ subject: l.subjectId, mark: l.mark })),
      homeLanguage: learner.homeLanguage,
      keptBackInPhase,
    });
    const taken = decisions.find((d) => d.learnerId === person.id && d.year === year);
    out.push({
      learnerId: person.id,
      learnerName: `${person.firstName} ${person.lastName}`,
      admissionNumber: person.admissionNumber,
      grade: person.grade,
      suggested,
      unmet,
      decision: (taken?.decision as TPromotionDecision | undefined) ?? null,
      reason: taken?.reason ?? '',
      decidedBy: taken ? (taken.decidedBy ?? '') : null,
      decidedAt: taken?.decidedAt.toISOString() ?? null,
      effective: (taken?.decision as TPromotionDecision | undefined) ?? suggested,
    });
  }
  return out;
}

const withoutEffective = ({ effective: _, ...promotion }: TPromotion & { effective: TPromotionDecision }) => promotion;

/** The year-end decisions of a register class's active learners (another school's class: 404). */
export async function listPromotions(db: Database, ctx: TSchoolContext, year: number, registerClassId: string) {
  const [klass] = await db
    .select({ id: registerClasses.id })
    .from(registerClasses)
    .where(and(eq(registerClasses.id, registerClassId), eq(registerClasses.organizationId, ctx.organizationId)));
  if (!klass) throw notFound(REPORT_CARD_MESSAGES.classNotFound);
  await assertMayDecide(db, ctx, registerClassId);
  const people = await db
    .select({ id: learners.id })
    .from(learners)
    .where(
      and(
        eq(learners.organizationId, ctx.organizationId),
        eq(learners.registerClassId, registerClassId),
        sql`${learners.archivedAt} is null`,
      ),
    );
  return (await promotionsOf(db, ctx.organizationId, year, people)).map(withoutEffective);
}

/** Takes (or changes) a learner's decision; one that is not the suggested one needs a reason. Audited. */
export async function decidePromotion(db: Database, ctx: TSchoolContext, learnerId: string, input: TPromotionDecide) {
  const [person] = await db
    .select({ id: learners.id, grade: learners.grade, registerClassId: learners.registerClassId })
    .from(learners)
    .where(and(eq(learners.id, learnerId), eq(learners.organizationId, ctx.organizationId)));
  if (!person) throw notFound(REPORT_CARD_MESSAGES.learnerNotFound);
  await assertMayDecide(db, ctx, person.registerClassId);
  const [current] = await promotionsOf(db, ctx.organizationId, input.year, [person]);
  if (input.decision !== current!.suggested && !input.reason)
    throw badRequest(REPORT_CARD_MESSAGES.reason, { reason: REPORT_CARD_MESSAGES.reason });
  await transaction(db, async (tx) => {
    const values = {
      decision: input.decision,
      suggested: current!.suggested,
      reason: input.reason,
      grade: person.grade,
      decidedBy: ctx.user.id,
      decidedAt: new Date(),
    };
    await tx
      .insert(promotionDecisions)
      .values({ organizationId: ctx.organizationId, learnerId, year: input.year, ...values })
      .onConflictDoUpdate({ target: [promotionDecisions.learnerId, promotionDecisions.year], set: values });
    await recordAudit(tx, {
      action: 'report_cards.promotion_decided',
      actorUserId: ctx.user.id,
      target: `learners:${learnerId}`,
      ip: ctx.ip,
      details: {
        organizationId: ctx.organizationId,
        year: input.year,
        decision: input.decision,
        suggested: current!.suggested,
        was: current!.decision,
        overridden: input.decision !== current!.suggested,
      },
    });
  });
  const [after] = await promotionsOf(db, ctx.organizationId, input.year, [person]);
  return withoutEffective(after!);
}
