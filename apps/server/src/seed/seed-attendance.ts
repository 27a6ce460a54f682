import { and, eq } from 'drizzle-orm';
import {
  organizationMembers,
  organizations,
  registerClasses,
  registerClassTeachers,
  users,
} from '../db/schema/index.ts';
import { DEMO_SCHOOL } from './seed-accounts.ts';
import type { TSeeder } from './index.ts';

/** The demo class the demo teacher marks (it holds the demo parent's child, Kabelo Mokoena). */
export const DEMO_TEACHER_CLASS = '8A';

/**
 * Attendance (issue 6): the demo teacher is class teacher of 8A. Safe to run again: an existing
 * class teacher (e.g. one the admin chose) is kept.
 */
export const seedAttendance: TSeeder = async ({ database }) => {
  const { db } = database;
  const [school] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, DEMO_SCHOOL.slug));
  if (!school) return [];
  const [teacher] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(
      organizationMembers,
      and(eq(organizationMembers.userId, users.id), eq(organizationMembers.organizationId, school.id)),
    )
    .where(eq(users.email, 'teacher@demo-school.sekolo.test'));
  const [klass] = await db
    .select({ id: registerClasses.id })
    .from(registerClasses)
    .where(and(eq(registerClasses.organizationId, school.id), eq(registerClasses.name, DEMO_TEACHER_CLASS)));
  if (!teacher || !klass) return [];
  await db
    .insert(registerClassTeachers)
    .values({ registerClassId: klass.id, organizationId: school.id, userId: teacher.id })
    .onConflictDoNothing();
  return [];
};
