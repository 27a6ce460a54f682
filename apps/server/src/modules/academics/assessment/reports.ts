import { asc, eq } from 'drizzle-orm';
import { capsSubjectLabel } from '@sekolo/shared/constants/caps-subjects';
import { AT_RISK_BELOW, type TAtRiskLearner, type TClassDistribution } from '@sekolo/shared/schemas/assessment';
import { subjectClassTitle } from '@sekolo/shared/schemas/timetable';
import type { Database } from '../../../platform/db/client.ts';
import { registerClasses, subjectClasses, users } from '../../../platform/db/schema/index.ts';
import { toCsv } from '../../../platform/lib/csv.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { markedClassOf, type TMarkedClass } from './access.ts';
import { classLearners, learnerMarks, marksOf } from './gradebook.ts';
import { ensureProgramme, phaseOf, programmeTasks } from './programme.ts';

/** Every subject class of the school, described as the gradebook describes one. */
async function schoolClasses(db: Database, organizationId: string): Promise<TMarkedClass[]> {
  const rows = await db
    .select({
      id: subjectClasses.id,
      subject: subjectClasses.subject,
      groupName: subjectClasses.groupName,
      registerClassId: subjectClasses.registerClassId,
      registerClassName: registerClasses.name,
      membership: subjectClasses.membership,
      grade: registerClasses.grade,
      teacherId: subjectClasses.teacherUserId,
      teacherName: users.name,
    })
    .from(subjectClasses)
    .innerJoin(registerClasses, eq(registerClasses.id, subjectClasses.registerClassId))
    .innerJoin(users, eq(users.id, subjectClasses.teacherUserId))
    .where(eq(subjectClasses.organizationId, organizationId))
    .orderBy(asc(registerClasses.grade), asc(registerClasses.name), asc(subjectClasses.subject));
  return rows.map((row) => {
    const subjectLabel = capsSubjectLabel(row.subject);
    return {
      ...row,
      subjectLabel,
      title: subjectClassTitle({ registerClassName: row.registerClassName, subjectLabel, groupName: row.groupName }),
    };
  });
}

/** A class's learners, the term's tasks and each learner's marks and computed term mark. */
async function classTerm(db: Database, organizationId: string, subjectClass: TMarkedClass, year: number, term: number) {
  const programmeId = await ensureProgramme(db, organizationId, year, subjectClass.grade, subjectClass.subject);
  const tasks = await programmeTasks(db, programmeId);
  const people = await classLearners(db, organizationId, subjectClass);
  const { byLearner } = await marksOf(
    db,
    tasks.map((t) => t.id),
    people.map((p) => p.id),
  );
  const marks = learnerMarks(
    people.map((p) => p.id),
    tasks,
    phaseOf(subjectClass.grade),
    term,
    byLearner,
  );
  return { tasks: tasks.filter((t) => t.term === term), people, byLearner, marks };
}

export async function markDistributions(
  db: Database,
  ctx: TSchoolContext,
  year: number,
  term: number,
): Promise<TClassDistribution[]> {
  const out: TClassDistribution[] = [];
  for (const subjectClass of await schoolClasses(db, ctx.organizationId)) {
    const { people, marks } = await classTerm(db, ctx.organizationId, subjectClass, year, term);
    const marked = marks.filter((m) => m.termMark !== null);
    const levels = [0, 0, 0, 0, 0, 0, 0];
    for (const m of marked) levels[m.termLevel! - 1]! += 1;
    out.push({
      subjectClassId: subjectClass.id,
      title: subjectClass.title,
      subject: subjectClass.subject,
      subjectLabel: subjectClass.subjectLabel,
      grade: subjectClass.grade,
      learners: people.length,
      marked: marked.length,
      average: marked.length
        ? Math.round((marked.reduce((sum, m) => sum + m.termMark!, 0) / marked.length) * 10) / 10
        : null,
      levels,
      atRisk: marked.filter((m) => m.termMark! < AT_RISK_BELOW).length,
    });
  }
  return out;
}

export async function atRiskLearners(
  db: Database,
  ctx: TSchoolContext,
  year: number,
  term: number,
): Promise<TAtRiskLearner[]> {
  const out: TAtRiskLearner[] = [];
  for (const subjectClass of await schoolClasses(db, ctx.organizationId)) {
    const { people, marks } = await classTerm(db, ctx.organizationId, subjectClass, year, term);
    for (const m of marks) {
      if (m.termMark === null || m.termMark >= AT_RISK_BELOW) continue;
      const learner = people.find((p) => p.id === m.learnerId)!;
      out.push({
        learnerId: learner.id,
        name: `${learner.firstName} ${learner.lastName}`,
        admissionNumber: learner.admissionNumber,
        subjectClassId: subjectClass.id,
        subjectClassTitle: subjectClass.title,
        mark: m.termMark,
        level: m.termLevel!,
      });
    }
  }
  return out.sort((a, b) => a.mark - b.mark || a.name.localeCompare(b.name));
}

/**
 * The class's mark schedule as CSV, in the layout of a school's mark sheet: admission number,
 * surname, first name, each task's raw mark ("AB" absent, "EX" exempt), the term mark and level.
 */
export async function markScheduleCsv(db: Database, ctx: TSchoolContext, id: string, year: number, term: number) {
  const subjectClass = await markedClassOf(db, ctx, id);
  const { tasks, people, byLearner, marks } = await classTerm(db, ctx.organizationId, subjectClass, year, term);
  const fields = [
    'admission_number',
    'surname',
    'first_name',
    ...tasks.map((t) => `${t.name} (${t.maxMark})`),
    'term_mark_percent',
    'level',
  ];
  const rows = people.map((learner) => {
    const values = byLearner.get(learner.id);
    const mark = marks.find((m) => m.learnerId === learner.id)!;
    return [
      learner.admissionNumber,
      learner.lastName,
      learner.firstName,
      ...tasks.map((t) => values?.get(t.id) ?? ''),
      mark.termMark ?? '',
      mark.termLevel ?? '',
    ];
  });
  const safe = subjectClass.title.replace(/[^A-Za-z0-9]+/g, '-');
  return { filename: `mark-schedule-${safe}-${year}-term-${term}.csv`, csv: toCsv(fields, rows) };
}
