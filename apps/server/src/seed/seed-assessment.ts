import { and, eq } from 'drizzle-orm';
import { schoolToday } from '@sekolo/shared/schemas/attendance';
import {
  assessmentMarks,
  assessmentReleases,
  assignmentSubmissions,
  assignments,
  learners,
  promotionDecisions,
  reportCards,
  registerClasses,
  subjectClasses,
} from '../platform/db/schema/index.ts';
import { ensureProgramme, programmeTasks, promotionsOf } from '../modules/academics/index.ts';
import type { Database } from '../platform/db/client.ts';
import { findDemoSchoolId } from './demo-school.ts';
import type { TSeeder } from './seeder.ts';

/** A stable number in [0, 1) from a text: the same learner and task always get the same mark, on every database. */
function unit(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return ((hash >>> 0) % 10_000) / 10_000;
}

/**
 * A learner's mark for a task: their ability (35–90 %) plus the task's spread (±12 points), so a
 * class shows a realistic spread with a few learners at risk. One cell in thirty is absent, one in
 * fifty exempt.
 */
export function demoMark(learner: string, task: string, maxMark: number): number | 'AB' | 'EX' {
  const roll = unit(`${task}:${learner}:code`);
  if (roll < 0.02) return 'EX';
  if (roll < 0.053) return 'AB';
  const ability = 35 + unit(`ability:${learner}`) * 55;
  const percent = Math.min(100, Math.max(5, ability + (unit(`${task}:${learner}`) - 0.5) * 24));
  return Math.round((percent / 100) * maxMark);
}

const DAY = 86_400_000;

/**
 * Assessment for the demo school: the programme of each grade and subject it teaches (CAPS
 * defaults), term 1's marks of every subject class released to learners and parents, 8A's term 1
 * report cards published, and two assignments of 8A English (one marked and released, one open
 * with the demo learner's submission). Safe to run again: everything is written only once.
 */
export const seedAssessment: TSeeder = async ({ database }) => {
  const { db } = database;
  const schoolId = await findDemoSchoolId(db);
  if (!schoolId) return [];
  const year = Number(schoolToday().slice(0, 4));
  const classes = await db
    .select({
      id: subjectClasses.id,
      subject: subjectClasses.subject,
      teacherId: subjectClasses.teacherUserId,
      registerClassId: subjectClasses.registerClassId,
      membership: subjectClasses.membership,
      className: registerClasses.name,
      grade: registerClasses.grade,
    })
    .from(subjectClasses)
    .innerJoin(registerClasses, eq(registerClasses.id, subjectClasses.registerClassId))
    .where(eq(subjectClasses.organizationId, schoolId));

  for (const subjectClass of classes) {
    const programmeId = await ensureProgramme(db, schoolId, year, subjectClass.grade, subjectClass.subject);
    // Only the register-class subject classes get marks: their learners are the class's.
    if (subjectClass.membership !== 'register_class') continue;
    const term1 = (await programmeTasks(db, programmeId)).filter((t) => t.term === 1);
    const people = await db
      .select({ id: learners.id, admissionNumber: learners.admissionNumber })
      .from(learners)
      .where(and(eq(learners.organizationId, schoolId), eq(learners.registerClassId, subjectClass.registerClassId)));
    await db.transaction(async (tx) => {
      const [released] = await tx
        .insert(assessmentReleases)
        .values({
          organizationId: schoolId,
          subjectClassId: subjectClass.id,
          year,
          term: 1,
          releasedBy: subjectClass.teacherId,
          releasedAt: new Date(`${year}-03-27T12:00:00+02:00`),
        })
        .onConflictDoNothing()
        .returning({ id: assessmentReleases.id });
      if (!released || !people.length || !term1.length) return;
      await tx
        .insert(assessmentMarks)
        .values(
          people.flatMap((learner) =>
            term1.map((task) => {
              const value = demoMark(
                learner.admissionNumber,
                `${subjectClass.subject}:${task.term}:${task.position}`,
                task.maxMark,
              );
              return {
                organizationId: schoolId,
                taskId: task.id,
                learnerId: learner.id,
                mark: typeof value === 'number' ? value : null,
                code: typeof value === 'number' ? null : value,
                updatedBy: subjectClass.teacherId,
              };
            }),
          ),
        )
        .onConflictDoNothing();
    });
  }

  await seedReportCards(db, schoolId, year);

  const english8A = classes.find((c) => c.className === '8A' && c.subject === 'english');
  if (!english8A) return [];
  const [existing] = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(eq(assignments.subjectClassId, english8A.id));
  if (existing) return [];
  const people = await db
    .select({ id: learners.id, userId: learners.userId, admissionNumber: learners.admissionNumber })
    .from(learners)
    .where(and(eq(learners.organizationId, schoolId), eq(learners.registerClassId, english8A.registerClassId)));
  const now = Date.now();
  await db.transaction(async (tx) => {
    const [essay, letter] = await tx
      .insert(assignments)
      .values([
        {
          organizationId: schoolId,
          subjectClassId: english8A.id,
          createdBy: english8A.teacherId,
          title: 'Short story: A day I will never forget',
          instructions:
            'Write a short story of 250 to 300 words about a day you will never forget. Plan it with a mind map, ' +
            'use direct speech at least twice, and give it a title. Hand in your final draft.',
          dueAt: new Date(now - 10 * DAY),
          totalMarks: 30,
          latePolicy: 'accept_late',
          releasedAt: new Date(now - 3 * DAY),
        },
        {
          organizationId: schoolId,
          subjectClassId: english8A.id,
          createdBy: english8A.teacherId,
          title: 'Persuasive letter to the municipality',
          instructions:
            'Write a formal letter to the Tshwane municipality asking for a pedestrian crossing outside the ' +
            'school. Use the formal letter layout from page 42 and three persuasive techniques.',
          dueAt: new Date(now + 6 * DAY),
          totalMarks: 20,
          latePolicy: 'refuse',
        },
      ])
      .returning({ id: assignments.id });
    const comments = [
      'Vivid opening; check your paragraphing.',
      'Good use of dialogue.',
      'Well planned and neatly set out.',
    ];
    await tx.insert(assignmentSubmissions).values(
      people.map((learner, i) => {
        const mark = demoMark(learner.admissionNumber, 'short-story', 30);
        return {
          organizationId: schoolId,
          assignmentId: essay!.id,
          learnerId: learner.id,
          // The learner with an account handed it in online; the others on paper.
          text: learner.userId ? 'The day the river flooded our street started like any other Saturday…' : '',
          submittedAt: learner.userId ? new Date(now - 11 * DAY) : null,
          mark: typeof mark === 'number' ? mark : null,
          comment: typeof mark === 'number' ? comments[i % comments.length]! : 'Absent on the due date.',
          markedBy: english8A.teacherId,
          markedAt: new Date(now - 4 * DAY),
        };
      }),
    );
    const online = people.filter((l) => l.userId);
    if (online.length)
      await tx.insert(assignmentSubmissions).values(
        online.map((learner) => ({
          organizationId: schoolId,
          assignmentId: letter!.id,
          learnerId: learner.id,
          text: 'Dear Sir or Madam, I am writing to ask for a pedestrian crossing on Jacaranda Street…',
          submittedAt: new Date(now - DAY),
        })),
      );
  });
  return [];
};

const TEACHER_COMMENTS = [
  'A diligent learner who takes part well in class discussions.',
  'Works neatly and hands in work on time. Keep reading every day.',
  'Shows good progress this term; more care with homework will help.',
  'A cheerful member of the class who helps others in group work.',
];

/** 8A's term 1 report cards, with comments, published to the guardians (written once). */
async function seedReportCards(db: Database, schoolId: string, year: number) {
  const [klass] = await db
    .select({ id: registerClasses.id })
    .from(registerClasses)
    .where(and(eq(registerClasses.organizationId, schoolId), eq(registerClasses.name, '8A')));
  if (!klass) return;
  const people = await db
    .select({ id: learners.id })
    .from(learners)
    .where(and(eq(learners.organizationId, schoolId), eq(learners.registerClassId, klass.id)));
  if (!people.length) return;
  await db
    .insert(reportCards)
    .values(
      people.map((learner, i) => ({
        organizationId: schoolId,
        learnerId: learner.id,
        year,
        term: 1,
        classTeacherComment: TEACHER_COMMENTS[i % TEACHER_COMMENTS.length]!,
        principalComment: 'A good start to the year. Well done.',
        generatedAt: new Date(`${year}-03-25T10:00:00+02:00`),
        publishedAt: new Date(`${year}-03-27T12:00:00+02:00`),
      })),
    )
    .onConflictDoNothing();
  await seedYearEndDecisions(db, schoolId, year, people);
}

/**
 * 8A's year-end decisions: the suggested one for each learner, but for one learner the class
 * teacher's override with its reason (written once).
 */
async function seedYearEndDecisions(db: Database, schoolId: string, year: number, people: { id: string }[]) {
  const [any] = await db
    .select({ id: promotionDecisions.id })
    .from(promotionDecisions)
    .where(and(eq(promotionDecisions.organizationId, schoolId), eq(promotionDecisions.year, year)))
    .limit(1);
  if (any) return;
  const promotions = await promotionsOf(db, schoolId, year, people);
  // A learner kept back by the requirements, else one who falls short of any of them.
  const overridden =
    promotions.find((p) => p.suggested === 'not_promoted') ?? promotions.find((p) => p.unmet.length > 0);
  await db
    .insert(promotionDecisions)
    .values(
      promotions.map((p) => ({
        organizationId: schoolId,
        learnerId: p.learnerId,
        year,
        grade: p.grade,
        suggested: p.suggested,
        decision: p === overridden ? 'progressed' : p.suggested,
        reason:
          p === overridden ? 'Already repeated a grade in the Senior Phase; support plan agreed with the family.' : '',
        decidedAt: new Date(`${year}-12-02T10:00:00+02:00`),
      })),
    )
    .onConflictDoNothing();
}
