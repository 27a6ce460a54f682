import { sql, type SQL } from 'drizzle-orm';
import { PERMISSIONS, SCHOOL_STAFF_ROLES, type TPermission } from '@sekolo/shared/constants/roles';
import { rowsOf, type DbExecutor } from '../../../platform/db/client.ts';

/** Who runs the shop: manage_shop (the shop manager by default), and the school admin through manage_settings. */
export const SHOP_PERMISSIONS: TPermission[] = ['manage_shop', 'manage_settings'];

const SCHOOL_MEMBER_ROLES = ['school_admin', 'teacher', 'student', 'parent', ...SCHOOL_STAFF_ROLES, 'ai_assistant'] as const;

/**
 * The active members of a school who hold any of SHOP_PERMISSIONS there, as SQL answering a
 * `user_id` column: each role's defaults changed by the school's school_role_permissions (D26), as
 * the session statement reads them.
 */
export function shopManagersSql(organizationId: string): SQL {
  const holds = SHOP_PERMISSIONS.map((permission) => {
    const byDefault = SCHOOL_MEMBER_ROLES.filter((role) =>
      (PERMISSIONS[role] as readonly TPermission[]).includes(permission),
    );
    const defaults = byDefault.length
      ? sql`(m.role in (${sql.join(
          byDefault.map((role) => sql`${role}`),
          sql`, `,
        )}) and not exists (select 1 from school_role_permissions r where r.organization_id = m.organization_id
          and r.role = m.role and r.permission = ${permission} and not r.granted))`
      : sql`false`;
    return sql`(${defaults} or exists (select 1 from school_role_permissions r where r.organization_id = m.organization_id
      and r.role = m.role and r.permission = ${permission} and r.granted))`;
  });
  return sql`select m.user_id from organization_members m join users u on u.id = m.user_id
    where m.organization_id = ${organizationId}::uuid and u.status = 'active' and (${sql.join(holds, sql` or `)})`;
}

export type TMyChild = {
  learnerId: string;
  name: string;
  grade: number;
  guardianId: string;
  paysFees: boolean;
};

/** The caller's children in this school (learners linked to a guardian record of the caller), not archived. */
export async function myChildren(db: DbExecutor, organizationId: string, userId: string): Promise<TMyChild[]> {
  const rows = rowsOf<{ learner_id: string; name: string; grade: number; guardian_id: string; pays_fees: boolean }>(
    await db.execute(sql`
      select distinct on (l.id) l.id as learner_id,
        coalesce(nullif(l.preferred_name, ''), l.first_name) || ' ' || l.last_name as name, l.grade,
        g.id as guardian_id, lg.pays_fees
      from guardians g
      join learner_guardians lg on lg.guardian_id = g.id
      join learners l on l.id = lg.learner_id and l.archived_at is null
      where g.organization_id = ${organizationId}::uuid and g.user_id = ${userId}
      order by l.id, lg.pays_fees desc, g.created_at`),
  );
  return rows
    .map((r) => ({
      learnerId: r.learner_id,
      name: r.name,
      grade: Number(r.grade),
      guardianId: r.guardian_id,
      paysFees: r.pays_fees,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
