import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';

/** Who acts, in which school, from where: what every finance write records in the audit log. */
export type TFinanceCaller = { organizationId: string; userId: string; ip: string; schoolName: string };

export function callerOf(ctx: TSchoolContext): TFinanceCaller {
  return { organizationId: ctx.organizationId, userId: ctx.user.id, ip: ctx.ip, schoolName: ctx.schoolName };
}
