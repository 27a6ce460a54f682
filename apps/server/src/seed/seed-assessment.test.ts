import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { schoolToday } from '@sekolo/shared/schemas/attendance';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signIn } from '../test/auth-helpers.ts';
import { assessmentMarks, assessmentProgrammes, assignments } from '../platform/db/schema/index.ts';
import { seedAccounts } from './seed-accounts.ts';
import { seedAssessment } from './seed-assessment.ts';
import { seedFamily } from './seed-family.ts';
import { seedSchool } from './seed-school.ts';

describe('demo assessment data', () => {
  let t: TestApp;
  const demoPassword = 'demo-password-2026';
  const year = Number(schoolToday().slice(0, 4));
  const as = async (email: string, url: string, ip: string) => {
    const { cookie } = await signIn(t.app, email, demoPassword, { ip });
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes the programmes, a released term of marks and two assignments, once however often it runs', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword };
    await seedAccounts(ctx);
    await seedSchool(ctx);
    await seedFamily(ctx);
    const started = Date.now();
    await seedAssessment(ctx);
    expect(Date.now() - started).toBeLessThan(15_000);
    const db = t.database.db;
    const counts = async () => ({
      programmes: (await db.select({ n: count() }).from(assessmentProgrammes))[0]!.n,
      marks: (await db.select({ n: count() }).from(assessmentMarks))[0]!.n,
      assignments: (await db.select({ n: count() }).from(assignments))[0]!.n,
    });
    const first = await counts();
    await seedAssessment(ctx);
    expect(await counts()).toEqual(first);
    expect(first.assignments).toBe(2);
    expect(first.marks).toBeGreaterThan(50);
  });

  it('shows the demo teacher a spread of term 1 marks, and the learner and parent the released results', async () => {
    const teacher = 'teacher@demo-school.sekolo.test';
    const { subjectClasses } = await as(teacher, '/api/school/assessment/subject-classes', '10.7.3.1');
    const english8A = subjectClasses.find((c: { title: string }) => c.title === '8A English');
    const { gradebook } = await as(
      teacher,
      `/api/school/assessment/subject-classes/${english8A.id}/gradebook?year=${year}&term=1`,
      '10.7.3.2',
    );
    expect(gradebook.releasedAt).not.toBeNull();
    const termMarks = gradebook.marks
      .map((m: { termMark: number | null }) => m.termMark)
      .filter((m: number | null) => m !== null);
    expect(termMarks.length).toBe(gradebook.learners.length);
    expect(Math.min(...termMarks)).toBeLessThan(50);
    expect(Math.max(...termMarks)).toBeGreaterThan(70);

    const mine = await as(
      'learner@demo-school.sekolo.test',
      `/api/school/assessment/my-results?year=${year}`,
      '10.7.3.3',
    );
    const english = mine.results[0].subjects.find((s: { subjectLabel: string }) => s.subjectLabel === 'English');
    expect(english.terms).toHaveLength(1);
    expect(english.terms[0].mark).not.toBeNull();
    const work = await as('learner@demo-school.sekolo.test', '/api/school/assignments/mine', '10.7.3.4');
    expect(work.assignments.map((a: { title: string; status: string }) => [a.title, a.status])).toEqual([
      ['Persuasive letter to the municipality', 'submitted'],
      ['Short story: A day I will never forget', 'released'],
    ]);
    const children = await as('parent@demo-school.sekolo.test', '/api/school/assignments/my-children', '10.7.3.5');
    expect(children.assignments.find((a: { status: string }) => a.status === 'released').mark).not.toBeNull();
    const cards = await as('parent@demo-school.sekolo.test', '/api/school/report-cards/my-children', '10.7.3.6');
    expect(cards.cards.map((c: { learnerName: string; term: number }) => [c.learnerName, c.term])).toEqual([
      ['Kabelo Mokoena', 1],
    ]);
  });
});
