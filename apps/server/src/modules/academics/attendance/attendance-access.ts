import { and, eq } from 'drizzle-orm';
import type { TPermission } from '@sekolo/shared/constants/roles';
import { ATTENDANCE_MESSAGES } from '@sekolo/shared/schemas/attendance';
import type { DbExecutor } from '../../../platform/db/client.ts';
import { registerClasses, registerClassTeachers } from '../../../platform/db/schema/index.ts';
import { notFound } from '../../../platform/http/errors.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';

/** Who may use the attendance screens: school managers, and staff who mark registers (teachers). */
export const VIEW_ATTENDANCE: TPermission[] = ['manage_students', 'manage_attendance'];
/** Who marks any class's register and names class teachers: the school admin (and administrator). */
export const MANAGE_ALL_ATTENDANCE: TPermission[] = ['manage_students'];
/** Who marks the registers of the classes they are class teacher of (a teacher, a coach). */
export const MARK_OWN_CLASSES: TPermission[] = ['manage_attendance'];

export function managesAllClasses(ctx: TSchoolContext): boolean {
  return MANAGE_ALL_ATTENDANCE.some((p) => ctx.user.permissions.includes(p));
}

export type TClassRow = { id: string; name: string; grade: number; teacherId: string | null };

/** The register class in the caller's school; another school's class is 404, never 403. */
export async function findSchoolClass(db: DbExecutor, ctx: TSchoolContext, classId: string): Promise<TClassRow> {
  const [row] = await db
    .select({
      id: registerClasses.id,
      name: registerClasses.name,
      grade: registerClasses.grade,
      teacherId: registerClassTeachers.userId,
    })
    .from(registerClasses)
    .leftJoin(registerClassTeachers, eq(registerClassTeachers.registerClassId, registerClasses.id))
    .where(and(eq(registerClasses.id, classId), eq(registerClasses.organizationId, ctx.organizationId)));
  if (!row) throw notFound(ATTENDANCE_MESSAGES.classNotFound);
  return row;
}

/**
 * Whose registers the caller marks: every class's (null, an admin), the classes whose class
 * teacher is this user (a teacher: their own id), or none (false).
 */
export function classesMarkedBy(ctx: TSchoolContext): string | null | false {
  if (managesAllClasses(ctx)) return null;
  return MARK_OWN_CLASSES.some((p) => ctx.user.permissions.includes(p)) ? ctx.user.id : false;
}

/** An admin marks any class; a teacher only the classes they are class teacher of. */
export function canMarkClass(ctx: TSchoolContext, cls: { teacherId: string | null }): boolean {
  const teacher = classesMarkedBy(ctx);
  return teacher === null || (teacher !== false && cls.teacherId === teacher);
}
