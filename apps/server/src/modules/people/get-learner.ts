import { and, eq } from 'drizzle-orm';
import { SCHOOL_MESSAGES, type TLearner, type TLearnerRecord } from '@sekolo/shared/schemas/school';
import type { DbExecutor } from '../../platform/db/client.ts';
import { learners, registerClasses } from '../../platform/db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { notFound } from '../../platform/http/errors.ts';
import { consentStatusSql } from './learner-consents.ts';
import { learnerViewFor, toLearnerView } from './learner-view.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';

/** One learner of this school, or null (another school's learner is as good as missing). */
export async function getLearnerRow(db: DbExecutor, organizationId: string, id: string): Promise<TLearner | null> {
  const [row] = await db
    .select({ learner: learners, className: registerClasses.name, consent: consentStatusSql(learners.id) })
    .from(learners)
    .leftJoin(registerClasses, eq(registerClasses.id, learners.registerClassId))
    .where(and(eq(learners.id, id), eq(learners.organizationId, organizationId)));
  return row ? toLearnerView(row.learner, row.className, row.consent) : null;
}

/**
 * A staff member opens a learner's record: POPIA (a child's data) wants every read audited, and
 * a reader without `manage_students` gets it without the ID (learnerViewFor).
 */
export async function readLearner(db: DbExecutor, ctx: TSchoolContext, id: string): Promise<TLearnerRecord> {
  const learner = await getLearnerRow(db, ctx.organizationId, id);
  if (!learner) throw notFound(SCHOOL_MESSAGES.learnerNotFound);
  await recordAudit(db, {
    action: 'learner.read',
    actorUserId: ctx.user.id,
    target: `learner:${id}`,
    ip: ctx.ip,
    details: { organizationId: ctx.organizationId },
  });
  return learnerViewFor(learner, ctx.user.permissions);
}
