import { gradeToNumber, type TLearner, type TLearnerValues } from '@sekolo/shared/schemas/school';
import type { Database } from '../../platform/db/client.ts';
import { learners } from '../../platform/db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { isUniqueViolation } from '../../platform/http/errors.ts';
import { getLearnerRow } from './get-learner.ts';
import { checkLearnerCapacity } from './learner-capacity.ts';
import {
  admissionNumberTaken,
  assertAdmissionNumberFree,
  assertRegisterClassFits,
  classSinceFor,
  learnerColumns,
} from './learner-rules.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';

export async function createLearner(db: Database, ctx: TSchoolContext, values: TLearnerValues): Promise<TLearner> {
  try {
    const id = await db.transaction(async (tx) => {
      await assertRegisterClassFits(tx, ctx.organizationId, values.registerClassId, gradeToNumber(values.grade));
      await assertAdmissionNumberFree(tx, ctx.organizationId, values.admissionNumber);
      await checkLearnerCapacity(tx, ctx.organizationId, 1);
      const [row] = await tx
        .insert(learners)
        // In the class from the day given, else today: its earlier registers neither list nor need them.
        .values({
          ...learnerColumns(values),
          registerClassSince: await classSinceFor(
            tx,
            ctx.organizationId,
            null,
            values.registerClassId,
            values.registerClassSince,
          ),
          organizationId: ctx.organizationId,
          createdBy: ctx.user.id,
        })
        .returning({ id: learners.id });
      await recordAudit(tx, {
        action: 'learner.created',
        actorUserId: ctx.user.id,
        target: `learner:${row!.id}`,
        ip: ctx.ip,
        details: { organizationId: ctx.organizationId, admissionNumber: values.admissionNumber },
      });
      return row!.id;
    });
    return (await getLearnerRow(db, ctx.organizationId, id))!;
  } catch (error) {
    if (isUniqueViolation(error)) throw admissionNumberTaken();
    throw error;
  }
}
