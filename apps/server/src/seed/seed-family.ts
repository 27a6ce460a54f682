import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { TCapsSubjectId } from '@sekolo/shared/constants/caps-subjects';
import {
  learners,
  organizationMembers,
  organizations,
  registerClasses,
  subjectClasses,
  subjectClassLearners,
  timetableLessons,
  timetablePeriods,
  timetableRooms,
  users,
} from '../platform/db/schema/index.ts';
import { DEMO_SCHOOL } from './seed-accounts.ts';
import type { TSeeder } from './seeder.ts';

/** The demo learner login's own record: Kabelo Mokoena of 8A, the demo parent's child. */
export const DEMO_LEARNER_ADMISSION = 'DHS-0001';

const PERIODS = [
  { name: 'Period 1', startsAt: '07:45', endsAt: '08:30', isBreak: false },
  { name: 'Period 2', startsAt: '08:30', endsAt: '09:15', isBreak: false },
  { name: 'Period 3', startsAt: '09:15', endsAt: '10:00', isBreak: false },
  { name: 'Break', startsAt: '10:00', endsAt: '10:30', isBreak: true },
  { name: 'Period 4', startsAt: '10:30', endsAt: '11:15', isBreak: false },
  { name: 'Period 5', startsAt: '11:15', endsAt: '12:00', isBreak: false },
];

/**
 * Subjects of the demo week, per class and period slot. The timetable e2e spec adds its own
 * subject to 8A and 8B from Mathematics, Life Orientation, Natural Sciences, Technology, Creative
 * Arts or Social Sciences, so the demo week uses none of those. The one demo teacher teaches 8A in
 * periods 1 to 3 and 10A in periods 4 and 5, so the week has no clash.
 */
const WEEK: { className: string; room: string; periods: string[]; subjects: TCapsSubjectId[] }[] = [
  {
    className: '8A',
    room: 'Room 8A',
    periods: ['Period 1', 'Period 2', 'Period 3'],
    subjects: ['english', 'afrikaans', 'economic_management_sciences'],
  },
  { className: '10A', room: 'Room 10A', periods: ['Period 4', 'Period 5'], subjects: ['english', 'accounting'] },
];

/**
 * Family dashboards: the demo learner login is linked to its learner record, and a
 * school without a bell schedule gets a demo week for 8A and 10A so the parent's and the learner's
 * timetables show something, and a Grade 10 elective of chosen learners. Safe to run again: a
 * school that already has periods is left as it is.
 */
export const seedFamily: TSeeder = async ({ database }) => {
  const { db } = database;
  const [school] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, DEMO_SCHOOL.slug));
  if (!school) return [];
  await db.transaction(async (tx) => {
    const [learnerLogin] = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(
        organizationMembers,
        and(
          eq(organizationMembers.userId, users.id),
          eq(organizationMembers.organizationId, school.id),
          eq(organizationMembers.role, 'student'),
        ),
      )
      .where(eq(users.email, 'learner@demo-school.sekolo.test'));
    const [linked] = learnerLogin
      ? await tx.select({ id: learners.id }).from(learners).where(eq(learners.userId, learnerLogin.id))
      : [];
    if (learnerLogin && !linked) {
      await tx
        .update(learners)
        .set({ userId: learnerLogin.id })
        .where(
          and(
            eq(learners.organizationId, school.id),
            eq(learners.admissionNumber, DEMO_LEARNER_ADMISSION),
            isNull(learners.userId),
          ),
        );
    }

    const [anyPeriod] = await tx
      .select({ id: timetablePeriods.id })
      .from(timetablePeriods)
      .where(eq(timetablePeriods.organizationId, school.id))
      .limit(1);
    const [teacher] = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(
        organizationMembers,
        and(
          eq(organizationMembers.userId, users.id),
          eq(organizationMembers.organizationId, school.id),
          eq(organizationMembers.role, 'teacher'),
        ),
      )
      .where(eq(users.email, 'teacher@demo-school.sekolo.test'));
    if (anyPeriod || !teacher) return;
    const periods = await tx
      .insert(timetablePeriods)
      .values(PERIODS.map((p) => ({ organizationId: school.id, ...p })))
      .returning({ id: timetablePeriods.id, name: timetablePeriods.name });
    const periodId = (name: string) => periods.find((p) => p.name === name)!.id;
    const classes = await tx
      .select({ id: registerClasses.id, name: registerClasses.name })
      .from(registerClasses)
      .where(
        and(
          eq(registerClasses.organizationId, school.id),
          inArray(
            registerClasses.name,
            WEEK.map((w) => w.className),
          ),
        ),
      );
    for (const week of WEEK) {
      const klass = classes.find((c) => c.name === week.className);
      if (!klass) continue;
      const [room] = await tx
        .insert(timetableRooms)
        .values({ organizationId: school.id, name: week.room })
        .onConflictDoNothing()
        .returning({ id: timetableRooms.id });
      const inserted = await tx
        .insert(subjectClasses)
        .values(
          week.subjects.map((subject) => ({
            organizationId: school.id,
            subject,
            teacherUserId: teacher.id,
            registerClassId: klass.id,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: subjectClasses.id, subject: subjectClasses.subject });
      if (inserted.length !== week.subjects.length) continue;
      const subjects = week.subjects.map((subject) => inserted.find((row) => row.subject === subject)!);
      // Each day the subjects move one period on, so every subject has an early and a late slot.
      const lessons = [1, 2, 3, 4, 5].flatMap((day) =>
        week.periods.map((period, i) => {
          const subject = subjects[(i + day - 1) % subjects.length]!;
          return {
            organizationId: school.id,
            subjectClassId: subject.id,
            day,
            periodId: periodId(period),
            roomId: room?.id ?? null,
            teacherUserId: teacher.id,
            registerClassId: klass.id,
          };
        }),
      );
      await tx.insert(timetableLessons).values(lessons).onConflictDoNothing();
    }

    // An elective of Grade 10 (a subject class of chosen learners): Physical Sciences for four
    // learners of 10A. No lessons, as the one demo teacher's week is full; the setup page lists it.
    const grade10 = classes.find((c) => c.name === '10A');
    if (!grade10) return;
    const [elective] = await tx
      .insert(subjectClasses)
      .values({
        organizationId: school.id,
        subject: 'physical_sciences',
        teacherUserId: teacher.id,
        registerClassId: grade10.id,
        membership: 'chosen',
        groupName: 'Elective',
      })
      .onConflictDoNothing()
      .returning({ id: subjectClasses.id });
    if (!elective) return;
    const chosen = await tx
      .select({ id: learners.id })
      .from(learners)
      .where(
        and(
          eq(learners.organizationId, school.id),
          eq(learners.registerClassId, grade10.id),
          isNull(learners.archivedAt),
        ),
      )
      .orderBy(asc(learners.admissionNumber))
      .limit(4);
    if (chosen.length > 0) {
      await tx
        .insert(subjectClassLearners)
        .values(chosen.map((l) => ({ organizationId: school.id, subjectClassId: elective.id, learnerId: l.id })))
        .onConflictDoNothing();
    }
  });
  return [];
};
