import { and, eq } from 'drizzle-orm';
import {
  PERMISSION_NAMES,
  PERMISSIONS,
  SCHOOL_CONFIGURABLE_ROLES,
  permissionChangeRefusal,
  permissionsWithOverrides,
  type TPermission,
} from '@sekolo/shared/constants/roles';
import {
  roleLabel,
  type TRolePermissionChange,
  type TRolePermissionMatrix,
} from '@sekolo/shared/schemas/school-settings';
import type { Database, DbExecutor } from '../../platform/db/client.ts';
import { schoolRolePermissions } from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { badRequest } from '../../platform/http/errors.ts';
import type { TSettingsCaller } from './caller.ts';

/**
 * Each school role's permissions in one school (D26): the spec's defaults (constants/roles.ts
 * PERMISSIONS) changed by the school's rows in school_role_permissions. The guards read the same
 * rows in the session statement (platform/auth/session-lookup.ts), so the API follows this table
 * on the next request; the table's trigger moves the auth generation, so no reused session read
 * acts on the old table.
 */
export async function readRolePermissions(db: DbExecutor, organizationId: string): Promise<TRolePermissionMatrix> {
  const rows = await db
    .select()
    .from(schoolRolePermissions)
    .where(eq(schoolRolePermissions.organizationId, organizationId));
  return {
    roles: SCHOOL_CONFIGURABLE_ROLES.map((role) => {
      const overrides = rows
        .filter((row) => row.role === role)
        .map((row) => `${row.granted ? '+' : '-'}${row.permission}`)
        .join(',');
      const held = permissionsWithOverrides(role, overrides || null);
      const defaults: readonly TPermission[] = PERMISSIONS[role];
      return {
        role,
        label: roleLabel(role),
        cells: PERMISSION_NAMES.map((permission) => {
          const has = held.includes(permission);
          return {
            permission,
            held: has,
            byDefault: defaults.includes(permission),
            locked: permissionChangeRefusal(role, permission, !has),
          };
        }),
      };
    }),
  };
}

/**
 * Grants or withdraws one permission of one role in the caller's school; back to the default, the
 * school's row goes. Refused for the school admin's locked permissions and for manage_roles and
 * manage_permissions to another role. Audited with the before and after.
 */
export async function changeRolePermission(
  db: Database,
  caller: TSettingsCaller,
  change: TRolePermissionChange,
): Promise<TRolePermissionMatrix> {
  const refusal = permissionChangeRefusal(change.role, change.permission, change.held);
  if (refusal) throw badRequest(refusal, { permission: refusal });
  const byDefault = (PERMISSIONS[change.role] as readonly TPermission[]).includes(change.permission);
  await transaction(db, async (tx) => {
    const key = and(
      eq(schoolRolePermissions.organizationId, caller.organizationId),
      eq(schoolRolePermissions.role, change.role),
      eq(schoolRolePermissions.permission, change.permission),
    );
    const [before] = await tx.select().from(schoolRolePermissions).where(key).for('update');
    const heldBefore = before ? before.granted : byDefault;
    if (heldBefore === change.held) return;
    if (change.held === byDefault) await tx.delete(schoolRolePermissions).where(key);
    else
      await tx
        .insert(schoolRolePermissions)
        .values({
          organizationId: caller.organizationId,
          role: change.role,
          permission: change.permission,
          granted: change.held,
          updatedBy: caller.userId,
        })
        .onConflictDoUpdate({
          target: [schoolRolePermissions.organizationId, schoolRolePermissions.role, schoolRolePermissions.permission],
          set: { granted: change.held, updatedBy: caller.userId, updatedAt: new Date() },
        });
    await recordAudit(tx, {
      action: change.held ? 'school_settings.permission_granted' : 'school_settings.permission_withdrawn',
      actorUserId: caller.userId,
      target: `organization:${caller.organizationId}`,
      ip: caller.ip,
      details: { role: change.role, permission: change.permission, byDefault },
    });
  });
  return readRolePermissions(db, caller.organizationId);
}
