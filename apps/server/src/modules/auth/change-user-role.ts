import { eq } from 'drizzle-orm';
import { isRole, type TRole } from '@sekolo/shared/constants/roles';
import type { Database } from '../../platform/db/client.ts';
import { authSessions, users } from '../../platform/db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';

export type TChangeUserRoleInput = {
  userId: string;
  role: TRole;
  /** 'active' on approval; unchanged when omitted. */
  status?: 'active' | 'applicant' | 'suspended';
  actorUserId: string | null;
  ip?: string | null;
  /** Why, for the audit log (e.g. 'application approved', 'admin:create'). */
  reason?: string;
};

/**
 * The one way a user's role or status changes (the review console, admin:create): in one
 * transaction with its audit event. Suspending ends the user's sessions.
 */
export async function changeUserRole(db: Database, input: TChangeUserRoleInput) {
  if (!isRole(input.role)) throw badRequest('Unknown role.');
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ role: users.role, status: users.status })
      .from(users)
      .where(eq(users.id, input.userId))
      .for('update');
    if (!before) throw notFound('No such user.');
    const status = input.status ?? before.status;
    if (before.role === input.role && before.status === status) return { changed: false, role: input.role, status };
    await tx.update(users).set({ role: input.role, status, updatedAt: new Date() }).where(eq(users.id, input.userId));
    if (status === 'suspended') await tx.delete(authSessions).where(eq(authSessions.userId, input.userId));
    await recordAudit(tx, {
      action: 'user.role_changed',
      actorUserId: input.actorUserId,
      target: `user:${input.userId}`,
      ip: input.ip,
      details: {
        fromRole: before.role,
        toRole: input.role,
        fromStatus: before.status,
        toStatus: status,
        reason: input.reason,
      },
    });
    return { changed: true, role: input.role, status };
  });
}
