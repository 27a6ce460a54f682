import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { capsSubjectLabel } from '@sekolo/shared/constants/caps-subjects';
import { REPORT_CARD_MESSAGES, type TMarkValue } from '@sekolo/shared/schemas/assessment';
import type { Database } from '../../../platform/db/client.ts';
import {
  assessmentProgrammes,
  learners,
  registerClasses,
  subjectClasses,
  subjectClassLearners,
  users,
} from '../../../platform/db/schema/index.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { marksOf } from './gradebook.ts';
import { termMark, yearMark } from './marks.ts';
import { ensureProgramme, phaseOf, programmesTasks } from './programme.ts';

export type TSubjectLine = { subjectId: string; subject: string; mark: number | null; level: number | null };

export type TCardLearner = {
  id: string;
  firstName: string;
  lastName: string;
  grade: number;
  registerClassId: string | null;
  homeLanguage: string | null;
};

/**
 * Each learner's subjects with the term's mark (term 4: the year mark) and level, for any number of
 * learners (a class's report cards) in a handful of statements whatever their number: the
 * learners, the subject classes they take, the programmes of those subjects and grades, their
 * tasks, and every mark of those learners in those tasks. A learner of another school, or none, is
 * left out of the answer.
 */
export async function subjectLinesOf(
  db: Database,
  organizationId: string,
  learnerIds: string[],
  year: number,
  term: number,
): Promise<Map<string, { learner: TCardLearner; lines: TSubjectLine[] }>> {
  const out = new Map<string, { learner: TCardLearner; lines: TSubjectLine[] }>();
  if (!learnerIds.length) return out;
  const people = await db
    .select({
      id: learners.id,
      firstName: learners.firstName,
      lastName: learners.lastName,
      grade: learners.grade,
      registerClassId: learners.registerClassId,
      homeLanguage: learners.homeLanguage,
    })
    .from(learners)
    .where(and(eq(learners.organizationId, organizationId), inArray(learners.id, learnerIds)));
  if (!people.length) return out;
  const ids = people.map((p) => p.id);
  const registerClassIds = [...new Set(people.map((p) => p.registerClassId).filter((id): id is string => !!id))];

  // The subject classes they take: their register classes' own, and the chosen groups that list
  // them (a row per listed learner).
  const taken = await db
    .select({
      id: subjectClasses.id,
      subject: subjectClasses.subject,
      grade: registerClasses.grade,
      membership: subjectClasses.membership,
      registerClassId: subjectClasses.registerClassId,
      chosenBy: subjectClassLearners.learnerId,
    })
    .from(subjectClasses)
    .innerJoin(registerClasses, eq(registerClasses.id, subjectClasses.registerClassId))
    .innerJoin(users, eq(users.id, subjectClasses.teacherUserId))
    .leftJoin(
      subjectClassLearners,
      and(
        eq(subjectClasses.membership, 'chosen'),
        eq(subjectClassLearners.subjectClassId, subjectClasses.id),
        inArray(subjectClassLearners.learnerId, ids),
      ),
    )
    .where(
      and(
        eq(subjectClasses.organizationId, organizationId),
        or(
          registerClassIds.length
            ? and(
                eq(subjectClasses.membership, 'register_class'),
                inArray(subjectClasses.registerClassId, registerClassIds),
              )
            : sql`false`,
          and(eq(subjectClasses.membership, 'chosen'), sql`${subjectClassLearners.learnerId} is not null`),
        ),
      ),
    )
    .orderBy(asc(subjectClasses.subject), asc(subjectClasses.id));

  // The programme of each subject and grade (made from the CAPS defaults where none is yet).
  const key = (grade: number, subject: string) => `${grade}:${subject}`;
  const wanted = new Map(taken.map((c) => [key(c.grade, c.subject), { grade: c.grade, subject: c.subject }]));
  const programmeOf = new Map<string, string>();
  if (wanted.size) {
    const found = await db
      .select({ id: assessmentProgrammes.id, grade: assessmentProgrammes.grade, subject: assessmentProgrammes.subject })
      .from(assessmentProgrammes)
      .where(
        and(
          eq(assessmentProgrammes.organizationId, organizationId),
          eq(assessmentProgrammes.year, year),
          inArray(assessmentProgrammes.grade, [...new Set([...wanted.values()].map((w) => w.grade))]),
          inArray(assessmentProgrammes.subject, [...new Set([...wanted.values()].map((w) => w.subject))]),
        ),
      );
    for (const p of found) programmeOf.set(key(p.grade, p.subject), p.id);
    for (const [k, w] of wanted)
      if (!programmeOf.has(k)) programmeOf.set(k, await ensureProgramme(db, organizationId, year, w.grade, w.subject));
  }
  const tasksOf = await programmesTasks(db, [...new Set(programmeOf.values())]);
  const { byLearner } = await marksOf(
    db,
    [...tasksOf.values()].flat().map((t) => t.id),
    ids,
  );

  for (const learner of people) {
    const values = byLearner.get(learner.id) ?? new Map<string, TMarkValue>();
    const lines: TSubjectLine[] = [];
    for (const subjectClass of taken) {
      const takes =
        subjectClass.membership === 'chosen'
          ? subjectClass.chosenBy === learner.id
          : subjectClass.registerClassId === learner.registerClassId;
      if (!takes) continue;
      const tasks = tasksOf.get(programmeOf.get(key(subjectClass.grade, subjectClass.subject))!) ?? [];
      const outcome = term === 4 ? yearMark(tasks, phaseOf(subjectClass.grade), values) : termMark(tasks, term, values);
      lines.push({ subjectId: subjectClass.subject, subject: capsSubjectLabel(subjectClass.subject), ...outcome });
    }
    out.set(learner.id, { learner, lines });
  }
  return out;
}

/** One learner's subjects with the term's mark and level (another school's learner: 404). */
export async function subjectLines(
  db: Database,
  organizationId: string,
  learnerId: string,
  year: number,
  term: number,
) {
  const found = (await subjectLinesOf(db, organizationId, [learnerId], year, term)).get(learnerId);
  if (!found) throw notFound(REPORT_CARD_MESSAGES.learnerNotFound);
  return found;
}
