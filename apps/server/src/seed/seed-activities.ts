import { and, asc, eq } from 'drizzle-orm';
import { addDays, dayOfWeek } from '@sekolo/shared/domain/sa-calendar';
import { schoolToday } from '@sekolo/shared/schemas/attendance';
import { defaultDueDates } from '@sekolo/shared/schemas/finance';
import type { TActivityCategory } from '@sekolo/shared/schemas/activities';
import type { TActivitySchedule } from '../platform/db/schema/activities.ts';
import {
  activities,
  activityAttendance,
  activityMembers,
  activitySessions,
  feeItems,
  feeStructures,
  learnerFeeOptions,
  learners,
  organizationMembers,
  users,
} from '../platform/db/schema/index.ts';
import { transaction } from '../platform/db/transaction.ts';
import { ensureOrganizationWithMember } from '../platform/tenancy/organizations.ts';
import { createUser } from '../test/factories/accounts.ts';
import { findDemoSchoolId } from './demo-school.ts';
import { DEMO_SCHOOL } from './seed-accounts.ts';
import { DEMO_LEARNER_ADMISSION } from './seed-family.ts';
import type { TSeeder } from './seeder.ts';

export const DEMO_COACH = {
  email: 'coach@demo-school.sekolo.test',
  firstName: 'Bongani',
  lastName: 'Khumalo',
};

type TDemoActivity = {
  name: string;
  category: TActivityCategory;
  description: string;
  /** 'coach' is the demo coach, 'teacher' the demo teacher. */
  coach: 'coach' | 'teacher';
  schedule: TActivitySchedule;
  venue: string;
  grades: number[];
  capacity: number;
  /** A term's fee in cents (billed termly through the optional fee item of this name); null: free. */
  termFeeCents: number | null;
  /** How many of the school's learners are members; more than the capacity joins the waiting list. */
  members: number;
  /** The demo learner (the demo parent's child) is a member. */
  withDemoLearner: boolean;
};

const AFTERNOON = { starts: '14:30', ends: '16:00' };

/** Demo High School's extramurals: a South African high school's usual sport, culture and clubs. */
export const DEMO_ACTIVITIES: TDemoActivity[] = [
  {
    name: 'Rugby u/14',
    category: 'sport',
    description: 'Grade 8 rugby: skills, fitness and Saturday league fixtures against other Gauteng schools.',
    coach: 'coach',
    schedule: [
      { day: 1, ...AFTERNOON },
      { day: 3, ...AFTERNOON },
    ],
    venue: 'Sports Field',
    grades: [8],
    capacity: 30,
    termFeeCents: 450_00,
    members: 12,
    withDemoLearner: true,
  },
  {
    name: 'Rugby u/16',
    category: 'sport',
    description: 'Grade 9 and 10 rugby, first and second teams. Mouth guards are compulsory.',
    coach: 'coach',
    schedule: [
      { day: 2, ...AFTERNOON },
      { day: 4, ...AFTERNOON },
    ],
    venue: 'Sports Field',
    grades: [9, 10],
    capacity: 30,
    termFeeCents: 450_00,
    members: 10,
    withDemoLearner: false,
  },
  {
    name: 'Netball',
    category: 'sport',
    description: 'Netball for all grades, with teams in the Saturday inter-schools league.',
    coach: 'coach',
    schedule: [
      { day: 2, ...AFTERNOON },
      { day: 4, ...AFTERNOON },
    ],
    venue: 'Netball courts',
    grades: [8, 9, 10, 11, 12],
    capacity: 24,
    termFeeCents: 350_00,
    members: 9,
    withDemoLearner: false,
  },
  {
    name: 'Soccer',
    category: 'sport',
    description: 'Boys’ and girls’ soccer, training twice a week with friendly matches on Fridays.',
    coach: 'coach',
    schedule: [
      { day: 3, ...AFTERNOON },
      { day: 5, starts: '14:00', ends: '15:30' },
    ],
    venue: 'Sports Field',
    grades: [8, 9, 10, 11, 12],
    capacity: 22,
    termFeeCents: 300_00,
    members: 11,
    withDemoLearner: false,
  },
  {
    name: 'Cricket',
    category: 'sport',
    description: 'Summer cricket: nets on Fridays and matches on Saturday mornings (terms 1 and 4).',
    coach: 'coach',
    schedule: [
      { day: 5, starts: '14:00', ends: '16:30' },
      { day: 6, starts: '08:30', ends: '12:30' },
    ],
    venue: 'Sports Field',
    grades: [8, 9, 10, 11, 12],
    capacity: 20,
    termFeeCents: 400_00,
    members: 8,
    withDemoLearner: false,
  },
  {
    name: 'Marimba band',
    category: 'culture',
    description: 'Our marimba band plays at assemblies, prize-giving and the Gauteng eisteddfod. No experience needed.',
    coach: 'coach',
    schedule: [
      { day: 1, starts: '15:00', ends: '16:30' },
      { day: 4, starts: '15:00', ends: '16:30' },
    ],
    venue: 'School Hall',
    grades: [8, 9, 10, 11, 12],
    capacity: 8,
    termFeeCents: 250_00,
    members: 11,
    withDemoLearner: true,
  },
  {
    name: 'Chess club',
    category: 'club',
    description: 'Friendly games, puzzles and coaching; the top players represent the school at the SA Schools league.',
    coach: 'teacher',
    schedule: [{ day: 1, starts: '14:15', ends: '15:30' }],
    venue: 'Room 8A',
    grades: [8, 9, 10, 11, 12],
    capacity: 16,
    termFeeCents: null,
    members: 7,
    withDemoLearner: true,
  },
  {
    name: 'Choir',
    category: 'culture',
    description: 'The school choir sings in four-part harmony in English, isiZulu and Sesotho. Morning practice.',
    coach: 'teacher',
    schedule: [
      { day: 2, starts: '07:00', ends: '07:40' },
      { day: 4, starts: '07:00', ends: '07:40' },
    ],
    venue: 'School Hall',
    grades: [8, 9, 10, 11, 12],
    capacity: 60,
    termFeeCents: null,
    members: 14,
    withDemoLearner: false,
  },
  {
    name: 'Debating',
    category: 'club',
    description: 'Prepared and impromptu debating; teams enter the Gauteng Schools Debating Championship.',
    coach: 'teacher',
    schedule: [{ day: 3, starts: '14:30', ends: '15:45' }],
    venue: 'Room 10A',
    grades: [9, 10, 11, 12],
    capacity: 12,
    termFeeCents: null,
    members: 6,
    withDemoLearner: false,
  },
  {
    name: 'Drama',
    category: 'culture',
    description: 'Drama club: voice, movement and the year-end school production.',
    coach: 'teacher',
    schedule: [{ day: 5, starts: '14:00', ends: '16:00' }],
    venue: 'School Hall',
    grades: [8, 9, 10, 11, 12],
    capacity: 25,
    termFeeCents: 200_00,
    members: 5,
    withDemoLearner: false,
  },
];

/** The full activity with a waiting list. */
export const DEMO_FULL_ACTIVITY = 'Marimba band';
/** How many weeks of sessions (and their attendance) the demo holds. */
const WEEKS_OF_ATTENDANCE = 4;
const isoDay = (date: string) => dayOfWeek(date) || 7;

async function userIdByEmail(db: Parameters<TSeeder>[0]['database']['db'], email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}

/**
 * Extramural activities at Demo High School: the demo coach (a login), ten activities with
 * schedules, venues and termly fees (optional fee items in each grade's fee structure), members
 * including the demo learner (the demo parent's child), a full Marimba band with a waiting list,
 * and four weeks of sessions with attendance (one cancelled for the weather). Runs once: a school
 * that has activities is left as it is.
 */
export const seedActivities: TSeeder = async ({ database, demoPassword }) => {
  const { db } = database;
  const schoolId = await findDemoSchoolId(db);
  if (!schoolId) return [];
  const login = { role: 'coach', email: DEMO_COACH.email };
  if (!(await userIdByEmail(db, DEMO_COACH.email))) {
    await transaction(db, async (tx) => {
      const user = await createUser(tx, {
        ...DEMO_COACH,
        password: demoPassword,
        role: 'coach',
        status: 'active',
        emailVerified: true,
      });
      await ensureOrganizationWithMember(tx, { ...DEMO_SCHOOL, userId: user.id, role: 'coach' });
    });
  }
  const [started] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(eq(activities.organizationId, schoolId))
    .limit(1);
  if (started) return [login];

  const coachId = (await userIdByEmail(db, DEMO_COACH.email))!;
  const [teacher] = await db
    .select({ id: organizationMembers.userId })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, schoolId), eq(users.email, 'teacher@demo-school.sekolo.test')));
  const today = schoolToday();
  const year = Number(today.slice(0, 4));
  const began = new Date(`${addDays(today, -7 * (WEEKS_OF_ATTENDANCE + 2))}T08:00:00+02:00`);

  await transaction(db, async (tx) => {
    const structures = await tx
      .select()
      .from(feeStructures)
      .where(and(eq(feeStructures.organizationId, schoolId), eq(feeStructures.year, year)));
    const pupils = await tx
      .select()
      .from(learners)
      .where(eq(learners.organizationId, schoolId))
      .orderBy(asc(learners.admissionNumber));
    const demoLearner = pupils.find((l) => l.admissionNumber === DEMO_LEARNER_ADMISSION);

    for (const [index, spec] of DEMO_ACTIVITIES.entries()) {
      // The fee: an optional item of the activity's name in each of its grades' structures this year.
      let feeItemId: string | null = null;
      const itemOfGrade = new Map<number, string>();
      const ownStructures = structures.filter((s) => spec.grades.includes(s.grade));
      if (spec.termFeeCents && ownStructures.length === spec.grades.length) {
        for (const structure of ownStructures) {
          const [item] = await tx
            .insert(feeItems)
            .values({
              organizationId: schoolId,
              structureId: structure.id,
              position: 20 + index,
              name: spec.name,
              kind: 'optional',
              amountCents: spec.termFeeCents * 4,
              plan: 'termly',
              dueDates: defaultDueDates(year, 'termly'),
            })
            .returning({ id: feeItems.id });
          itemOfGrade.set(structure.grade, item!.id);
        }
        feeItemId = itemOfGrade.get(spec.grades[0]!)!;
      }
      const coachUserId = spec.coach === 'coach' ? coachId : (teacher?.id ?? coachId);
      const [activity] = await tx
        .insert(activities)
        .values({
          organizationId: schoolId,
          name: spec.name,
          category: spec.category,
          description: spec.description,
          coachUserId,
          schedule: spec.schedule,
          venue: spec.venue,
          grades: spec.grades,
          capacity: spec.capacity,
          signUpOpen: true,
          feeItemId,
          createdBy: coachId,
          createdAt: began,
          updatedAt: began,
        })
        .returning();

      // Members: the demo learner first where they belong, then others of the grades, spread by index.
      const eligible = pupils.filter((l) => spec.grades.includes(l.grade) && l.id !== demoLearner?.id);
      const chosen = [
        ...(spec.withDemoLearner && demoLearner ? [demoLearner] : []),
        ...eligible.filter((_, i) => (i + index) % 2 === 0),
        ...eligible.filter((_, i) => (i + index) % 2 === 1),
      ].slice(0, spec.members);
      const members = chosen.slice(0, spec.capacity);
      for (const [i, learner] of chosen.entries()) {
        const isMember = i < spec.capacity;
        await tx.insert(activityMembers).values({
          organizationId: schoolId,
          activityId: activity!.id,
          learnerId: learner.id,
          status: isMember ? 'member' : 'waiting',
          signedUpBy: learner.userId ?? null,
          createdAt: new Date(began.getTime() + i * 3600_000),
          joinedAt: isMember ? new Date(began.getTime() + i * 3600_000) : null,
        });
        const item = itemOfGrade.get(learner.grade);
        if (isMember && item)
          await tx
            .insert(learnerFeeOptions)
            .values({ organizationId: schoolId, learnerId: learner.id, itemId: item })
            .onConflictDoNothing();
      }

      // Four weeks of sessions before today: attendance kept, one rained-out rugby practice cancelled.
      let n = 0;
      for (let date = addDays(today, -7 * WEEKS_OF_ATTENDANCE); date < today; date = addDays(date, 1)) {
        const slot = spec.schedule.find((s) => s.day === isoDay(date));
        if (!slot) continue;
        const rainedOut = spec.name === 'Rugby u/16' && n === 2;
        const [session] = await tx
          .insert(activitySessions)
          .values({
            organizationId: schoolId,
            activityId: activity!.id,
            date,
            starts: slot.starts,
            ends: slot.ends,
            status: rainedOut ? 'cancelled' : 'held',
            cancelReason: rainedOut ? 'The field is waterlogged after Sunday’s storm.' : null,
            cancelledBy: rainedOut ? coachUserId : null,
          })
          .returning();
        n++;
        if (rainedOut || members.length === 0) continue;
        await tx.insert(activityAttendance).values(
          members.map((learner, i) => ({
            sessionId: session!.id,
            learnerId: learner.id,
            organizationId: schoolId,
            // Mostly present; now and then someone absent, or excused (a test, a doctor's visit).
            mark: (i * 7 + n * 3) % 11 === 0 ? 'absent' : (i + n) % 13 === 0 ? 'excused' : 'present',
            markedBy: coachUserId,
            markedAt: new Date(`${date}T${slot.ends}:00+02:00`),
          })),
        );
      }
    }
  });
  return [login];
};
