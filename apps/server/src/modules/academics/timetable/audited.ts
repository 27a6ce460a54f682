import type { Database, DbExecutor } from '../../../platform/db/client.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { isUniqueViolation, type AppError } from '../../../platform/http/errors.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';

/**
 * Runs a timetable write in a transaction and records it in the audit log (with the school and
 * any `details` the work returns). A unique violation is answered with `taken` when given.
 */
export async function audited<T>(
  db: Database,
  ctx: TSchoolContext,
  action: string,
  taken: AppError | null,
  work: (tx: DbExecutor) => Promise<{ result: T; target: string; details?: Record<string, unknown> }>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const { result, target, details } = await work(tx);
      await recordAudit(tx, {
        action,
        actorUserId: ctx.user.id,
        target,
        ip: ctx.ip,
        details: { organizationId: ctx.organizationId, ...details },
      });
      return result;
    });
  } catch (error) {
    if (taken && isUniqueViolation(error)) throw taken;
    throw error;
  }
}
