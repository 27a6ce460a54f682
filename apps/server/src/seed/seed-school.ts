import { schoolToday } from '@sekolo/shared/schemas/attendance';
import { and, eq, sql } from 'drizzle-orm';
import { birthDateForGrade, gradeToNumber } from '@sekolo/shared/schemas/school';
import type { TSchoolGrade } from '@sekolo/shared/constants/enumerations';
import { guardians, learnerGuardians, learners, registerClasses, users } from '../platform/db/schema/index.ts';
import { findDemoSchoolId } from './demo-school.ts';
import type { TSeeder } from './seeder.ts';

const CLASSES: { name: string; grade: TSchoolGrade }[] = [
  { name: '8A', grade: '8' },
  { name: '8B', grade: '8' },
  { name: '9A', grade: '9' },
  { name: '10A', grade: '10' },
];

const FIRST_NAMES = [
  ['Kabelo', 'male'],
  ['Thandiwe', 'female'],
  ['Sipho', 'male'],
  ['Naledi', 'female'],
  ['Johan', 'male'],
  ['Ayesha', 'female'],
  ['Lwazi', 'male'],
  ['Zanele', 'female'],
  ['Pieter', 'male'],
  ['Lerato', 'female'],
  ['Mpho', 'male'],
  ['Anika', 'female'],
  ['Themba', 'male'],
  ['Karabo', 'female'],
  ['Ruan', 'male'],
] as const;
const LAST_NAMES = ['Mokoena', 'Dlamini', 'Naidoo', 'van Wyk', 'Nkosi', 'Botha', 'Khumalo', 'Pillay', 'Ndlovu', 'Smit'];
const LANGUAGES = ['setswana', 'isizulu', 'english', 'afrikaans', 'isixhosa', 'sesotho'];

/**
 * The demo school's classes and 30 learners, with the demo parent as guardian of the
 * demo learner Kabelo Mokoena. Safe to run again: rows are matched by class name and admission number.
 */
export const seedSchool: TSeeder = async ({ database }) => {
  const { db } = database;
  const schoolId = await findDemoSchoolId(db);
  if (!schoolId) return [];
  await db.transaction(async (tx) => {
    await tx
      .insert(registerClasses)
      .values(CLASSES.map((c) => ({ organizationId: schoolId, name: c.name, grade: gradeToNumber(c.grade) })))
      .onConflictDoNothing();
    const classes = await tx.select().from(registerClasses).where(eq(registerClasses.organizationId, schoolId));
    const classId = (name: string) => classes.find((c) => c.name === name)?.id ?? null;

    // In their classes since the start of last year: the demo's registers of this year and last
    // (its history, seed-attendance.ts, and the past days the e2e specs keep) list them.
    const inClassSince = `${Number(schoolToday().slice(0, 4)) - 1}-01-01`;
    // Each turns their grade's usual age (grade + 6) in the year the seed runs (birthDateForGrade):
    // the learner schema refuses an age far from the grade's (gradeAgeRange) for a new learner.
    const rows = Array.from({ length: 30 }, (_, i) => {
      const [firstName, gender] = FIRST_NAMES[i % FIRST_NAMES.length]!;
      const lastName = LAST_NAMES[(i * 7) % LAST_NAMES.length]!;
      const klass = CLASSES[i % CLASSES.length]!;
      const monthDay = `${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`;
      return {
        organizationId: schoolId,
        firstName: i === 0 ? 'Kabelo' : firstName,
        lastName: i === 0 ? 'Mokoena' : lastName,
        dateOfBirth: birthDateForGrade(klass.grade, { monthDay }),
        gender: i === 0 ? 'male' : gender,
        grade: gradeToNumber(klass.grade),
        registerClassId: classId(klass.name),
        admissionNumber: `DHS-${String(i + 1).padStart(4, '0')}`,
        registerClassSince: inClassSince,
        homeLanguage: LANGUAGES[i % LANGUAGES.length]!,
        address: `${10 + i} Jacaranda Street, Pretoria`,
      };
    });
    await tx.insert(learners).values(rows).onConflictDoNothing();

    // The demo parent is Kabelo's guardian, paying and receiving the school's messages.
    const [parent] = await tx.select().from(users).where(eq(users.email, 'parent@demo-school.sekolo.test'));
    const [kabelo] = await tx
      .select({ id: learners.id })
      .from(learners)
      .where(and(eq(learners.organizationId, schoolId), eq(learners.admissionNumber, 'DHS-0001')));
    if (parent && kabelo) {
      await tx
        .insert(guardians)
        .values({
          organizationId: schoolId,
          firstName: parent.firstName ?? 'Lindiwe',
          lastName: parent.lastName ?? 'Mokoena',
          email: parent.email,
          phone: '082 555 0142',
          userId: parent.id,
        })
        .onConflictDoNothing();
      const [guardian] = await tx
        .select({ id: guardians.id })
        .from(guardians)
        .where(and(eq(guardians.organizationId, schoolId), sql`${guardians.email} = ${parent.email}`));
      if (guardian) {
        await tx
          .insert(learnerGuardians)
          .values({
            organizationId: schoolId,
            learnerId: kabelo.id,
            guardianId: guardian.id,
            relation: 'parent',
            paysFees: true,
            receivesCommunications: true,
          })
          .onConflictDoNothing();
      }
    }
  });
  return [];
};
