import { and, asc, eq, inArray } from 'drizzle-orm';
import { ATTENDANCE_MESSAGES } from '@sekolo/shared/schemas/attendance';
import { canMarkRegisters, INVITABLE_STAFF_ROLES } from '@sekolo/shared/schemas/school';
import type { Database, DbExecutor } from '../../../platform/db/client.ts';
import { organizationMembers, registerClassTeachers, users } from '../../../platform/db/schema/index.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { findSchoolClass } from './attendance-access.ts';

/**
 * Roles that may be a class teacher: the staff roles that mark registers (manage_attendance, spec 6;
 * canMarkRegisters, which also decides when a role change clears a class teacher): teacher,
 * administrator, coach.
 */
export const CLASS_TEACHER_ROLES: string[] = INVITABLE_STAFF_ROLES.filter(canMarkRegisters);

/** The school's members who may be named class teacher (the admin's picker), by name. */
export async function listClassTeacherCandidates(
  db: DbExecutor,
  organizationId: string,
): Promise<{ id: string; name: string; role: string }[]> {
  return db
    .select({ id: users.id, name: users.name, role: organizationMembers.role })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        inArray(organizationMembers.role, CLASS_TEACHER_ROLES),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** The admin names (or clears, with null) the class teacher who marks a class's register. */
export async function setClassTeacher(
  db: Database,
  ctx: TSchoolContext,
  classId: string,
  userId: string | null,
): Promise<{ classId: string; teacherId: string | null }> {
  return db.transaction(async (tx) => {
    await findSchoolClass(tx, ctx, classId);
    if (userId === null) {
      await tx.delete(registerClassTeachers).where(eq(registerClassTeachers.registerClassId, classId));
    } else {
      const [member] = await tx
        .select({ userId: organizationMembers.userId })
        .from(organizationMembers)
        .where(
          and(
            eq(organizationMembers.organizationId, ctx.organizationId),
            eq(organizationMembers.userId, userId),
            inArray(organizationMembers.role, CLASS_TEACHER_ROLES),
          ),
        );
      if (!member)
        throw badRequest(ATTENDANCE_MESSAGES.teacherNotFound, { userId: ATTENDANCE_MESSAGES.teacherNotFound });
      await tx
        .insert(registerClassTeachers)
        .values({ registerClassId: classId, organizationId: ctx.organizationId, userId, assignedBy: ctx.user.id })
        .onConflictDoUpdate({
          target: registerClassTeachers.registerClassId,
          set: { userId, assignedBy: ctx.user.id, assignedAt: new Date() },
        });
    }
    await recordAudit(tx, {
      action: 'register_class.teacher_set',
      actorUserId: ctx.user.id,
      target: `register_class:${classId}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, teacherId: userId },
    });
    return { classId, teacherId: userId };
  });
}
