import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';

/** Who changes a setting, in which school, from where: what every write records in the audit log. */
export type TSettingsCaller = {
  organizationId: string;
  schoolName: string;
  userId: string;
  email: string;
  role: string;
  ip: string;
};

export function callerOf(ctx: TSchoolContext): TSettingsCaller {
  return {
    organizationId: ctx.organizationId,
    schoolName: ctx.schoolName,
    userId: ctx.user.id,
    email: ctx.user.email,
    role: ctx.user.role,
    ip: ctx.ip,
  };
}
