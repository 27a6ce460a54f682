import { and, eq } from 'drizzle-orm';
import { organizationMembers, registerClasses, registerClassTeachers, users } from '../db/schema/index.ts';
import { findDemoSchoolId } from './demo-school.ts';
import type { TSeeder } from './index.ts';

/** The demo class the demo teacher marks (it holds the demo parent's child, Kabelo Mokoena). */
export const DEMO_TEACHER_CLASS = '8A';

/**
 * Attendance (issue 6): the demo teacher is class teacher of 8A. Safe to run again: an existing
 * class teacher (e.g. one the admin chose) is kept.
 */
export const seedAttendance: TSeeder = async ({ database }) => {
  const { db } = database;
  const schoolId = await findDemoSchoolId(db);
  if (!schoolId) return [];
  const [teacher] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(
      organizationMembers,
      and(eq(organizationMembers.userId, users.id), eq(organizationMembers.organizationId, schoolId)),
    )
    .where(eq(users.email, 'teacher@demo-school.sekolo.test'));
  const [klass] = await db
    .select({ id: registerClasses.id })
    .from(registerClasses)
    .where(and(eq(registerClasses.organizationId, schoolId), eq(registerClasses.name, DEMO_TEACHER_CLASS)));
  if (!teacher || !klass) return [];
  await db
    .insert(registerClassTeachers)
    .values({ registerClassId: klass.id, organizationId: schoolId, userId: teacher.id })
    .onConflictDoNothing();
  return [];
};
