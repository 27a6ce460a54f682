import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, formatLongDate, isWeekday } from '@sekolo/shared/domain/sa-calendar';
import { ATTENDANCE_EARLIEST_DATE, ATTENDANCE_MESSAGES, schoolToday } from '@sekolo/shared/schemas/attendance';
import { birthDateForGrade, SCHOOL_MESSAGES, schoolYearStart } from '@sekolo/shared/schemas/school';
import { auditEvents, learners, registerClasses, schoolTerms } from '../../../platform/db/schema/index.ts';
import { signIn } from '../../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const M = SCHOOL_MESSAGES;
const today = schoolToday();
const yearStart = schoolYearStart(today);

/** The last weekday before `date`. */
function weekdayBefore(date: string): string {
  let day = addDays(date, -1);
  while (!isWeekday(day)) day = addDays(day, -1);
  return day;
}
// Two school days of this year before today: `d1` and the later `d2`.
const d2 = weekdayBefore(today);
const d1 = weekdayBefore(d2);

/**
 * Back-capture: a learner joins their register class on a day the admin gives ("In this
 * class since": created, imported, moved, restored), so the registers of the earlier days of the
 * year list them and can be saved for them; a day in the future or before the school year is
 * refused on the field; a restored learner rejoins from the restore day unless told otherwise; and
 * the day's overview does not call a register saved before a learner joined fully marked.
 */
describe.skipIf(d1 < yearStart)('attendance: back-captured registers', () => {
  let t: TestApp;
  let admin: TCreatedUser;
  let cookie = '';
  let org = '';
  let class7a = '';
  let class7b = '';

  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/school${url}`,
      headers: { cookie },
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  const learner = (overrides: Record<string, unknown>) => ({
    lastName: 'Khumalo',
    dateOfBirth: birthDateForGrade('7', { monthDay: '05-06' }),
    gender: 'female',
    grade: '7',
    registerClassId: class7a,
    ...overrides,
  });
  const names = async (classId: string, date: string) =>
    (
      (await api('GET', `/attendance/classes/${classId}/register/${date}`)).json().register.rows as {
        firstName: string;
      }[]
    ).map((r) => r.firstName);
  const save = (classId: string, date: string, marks: [string, string][]) =>
    api('PUT', `/attendance/classes/${classId}/register/${date}`, {
      marks: marks.map(([learnerId, status]) => ({ learnerId, status })),
    });
  const sinceOf = async (id: string) =>
    (await t.database.db.select({ since: learners.registerClassSince }).from(learners).where(eq(learners.id, id)))[0]!
      .since;
  async function addLearner(firstName: string, classId: string) {
    const [row] = await t.database.db
      .insert(learners)
      .values({
        organizationId: org,
        registerClassId: classId,
        firstName,
        lastName: 'Khumalo',
        grade: 7,
        dateOfBirth: birthDateForGrade('7', { monthDay: '05-06' }),
        gender: 'female',
        admissionNumber: `BC-${firstName}`.toUpperCase(),
        registerClassSince: ATTENDANCE_EARLIEST_DATE,
      })
      .returning();
    return row!.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.database.db, {
      role: 'school_admin',
      organization: { name: 'Late Start Combined', type: 'school' },
    });
    org = admin.organizationId!;
    // Every weekday of the year is a school day here, so the overview's counts hold on any day.
    const year = Number(today.slice(0, 4));
    await t.database.db.insert(schoolTerms).values(
      [
        ['01-01', '03-31'],
        ['04-01', '06-30'],
        ['07-01', '09-30'],
        ['10-01', '12-31'],
      ].map(([from, to], i) => ({
        organizationId: org,
        year,
        term: i + 1,
        startsOn: `${year}-${from}`,
        endsOn: `${year}-${to}`,
      })),
    );
    const [a, b] = await t.database.db
      .insert(registerClasses)
      .values([
        { organizationId: org, name: '7A', grade: 7 },
        { organizationId: org, name: '7B', grade: 7 },
      ])
      .returning();
    class7a = a!.id;
    class7b = b!.id;
    cookie = (await signIn(t.app, admin.email, admin.password, { ip: '10.41.0.1' })).cookie;
  });
  afterAll(() => t.close());

  it('lists a learner added with an earlier day on that day’s register, which can then be saved for them', async () => {
    const ada = await addLearner('Ada', class7a);
    // 7A's register of d1 was saved before Ben was on Sekolo: Ada's mark only.
    expect((await save(class7a, d1, [[ada, 'present']])).statusCode).toBe(200);

    const created = await api(
      'POST',
      '/learners',
      learner({ firstName: 'Ben', admissionNumber: 'BC-BEN', registerClassSince: d1 }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const ben = created.json().learner;
    expect(ben.classSince).toBe(d1);
    expect(await sinceOf(ben.id)).toBe(d1);

    expect(await names(class7a, addDays(d1, -1))).toEqual(['Ada']);
    expect(await names(class7a, d1)).toEqual(['Ada', 'Ben']);
    expect(await names(class7a, d2)).toEqual(['Ada', 'Ben']);

    // The saved register of d1 no longer covers its class: not "marked", in the day's overview nor
    // on the school dashboard.
    const before = (await api('GET', `/attendance/today?date=${d1}`)).json();
    expect(before.classes.find((c: { id: string }) => c.id === class7a)).toMatchObject({
      learnerCount: 2,
      marked: 1,
      complete: false,
    });
    expect(before).toMatchObject({ missing: 0, incomplete: 1 });
    expect((await api('GET', `/overview?date=${d1}`)).json().attendance).toMatchObject({
      registers: 1,
      missing: 0,
      incomplete: 1,
    });

    const marked = await save(class7a, d1, [
      [ada, 'present'],
      [ben.id, 'absent'],
    ]);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().result).toMatchObject({ saved: 2, created: 1, changed: 0 });
    const after = (await api('GET', `/attendance/today?date=${d1}`)).json();
    expect(after.classes.find((c: { id: string }) => c.id === class7a)).toMatchObject({ marked: 2, complete: true });
    expect(after).toMatchObject({ missing: 0, incomplete: 0 });
    // A day before Ben joined still refuses a mark of his.
    const early = await save(class7a, addDays(d1, -1), [
      [ada, 'present'],
      [ben.id, 'present'],
    ]);
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe(ATTENDANCE_MESSAGES.learnerNotInClass(ben.id));
  });

  it('refuses a day in the future or before the school year, on the field, with the shared schema’s messages', async () => {
    const future = await api(
      'POST',
      '/learners',
      learner({ firstName: 'Cleo', admissionNumber: 'BC-CLEO', registerClassSince: addDays(today, 1) }),
    );
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields).toEqual({ registerClassSince: M.classSinceFuture });
    const lastYear = await api(
      'POST',
      '/learners',
      learner({ firstName: 'Cleo', admissionNumber: 'BC-CLEO', registerClassSince: addDays(yearStart, -1) }),
    );
    expect(lastYear.statusCode).toBe(400);
    expect(lastYear.json().error.fields).toEqual({ registerClassSince: M.classSinceBeforeYear(yearStart) });
    expect(M.classSinceBeforeYear(yearStart)).toContain(`1 January ${yearStart.slice(0, 4)}`);
    const noDay = await api(
      'POST',
      '/learners',
      learner({ firstName: 'Cleo', admissionNumber: 'BC-CLEO', registerClassSince: `${today.slice(0, 4)}-02-30` }),
    );
    expect(noDay.json().error.fields).toEqual({ registerClassSince: M.classSinceNotADate });
    const [none] = await t.database.db
      .select({ id: learners.id })
      .from(learners)
      .where(eq(learners.admissionNumber, 'BC-CLEO'));
    expect(none).toBeUndefined();

    // Blank: today.
    const blank = await api(
      'POST',
      '/learners',
      learner({ firstName: 'Cleo', admissionNumber: 'BC-CLEO', registerClassSince: '' }),
    );
    expect(blank.statusCode, blank.body).toBe(201);
    expect(blank.json().learner.classSince).toBe(today);
  });

  it('moves a learner into a class from an earlier day, but not over a day they are marked in their old class', async () => {
    const dan = await addLearner('Dan', class7a);
    expect((await save(class7a, d2, [[dan, 'present']])).statusCode).toBe(200);
    const body = learner({ firstName: 'Dan', admissionNumber: 'BC-DAN', registerClassId: class7b });
    const over = await api('PUT', `/learners/${dan}`, { ...body, registerClassSince: d1 });
    expect(over.statusCode).toBe(400);
    const message = M.classSinceMarkedElsewhere('7A', formatLongDate(d2));
    expect(over.json().error.fields).toEqual({ registerClassSince: message });
    expect(await sinceOf(dan)).toBe(ATTENDANCE_EARLIEST_DATE);

    const future = await api('PUT', `/learners/${dan}`, { ...body, registerClassSince: addDays(today, 1) });
    expect(future.json().error.fields).toEqual({ registerClassSince: M.classSinceFuture });

    // From the day after that mark: 7B's registers list him from then, 7A's of d2 with his mark.
    const since = addDays(d2, 1);
    const moved = await api('PUT', `/learners/${dan}`, { ...body, registerClassSince: since });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().learner).toMatchObject({ registerClassName: '7B', classSince: since });
    expect(await names(class7b, d2)).toEqual([]);
    expect(await names(class7b, today)).toEqual(['Dan']);
    expect(await names(class7a, d2)).toContain('Dan');
  });

  it('corrects the day a learner joined the class they stay in: not over a day marked in another class, not in the future nor before the year', async () => {
    const una = await addLearner('Una', class7a);
    expect((await save(class7a, d1, [[una, 'present']])).statusCode).toBe(200);
    // Moved to 7B from today; the school then finds she sat in 7B from an earlier day.
    const body = learner({ firstName: 'Una', admissionNumber: 'BC-UNA', registerClassId: class7b });
    expect((await api('PUT', `/learners/${una}`, { ...body, registerClassSince: today })).statusCode).toBe(200);
    expect(await names(class7b, d2)).toEqual([]);

    // Over d1, where 7A's register has her mark: refused on the field, naming the class and the day.
    const over = await api('PUT', `/learners/${una}`, { ...body, registerClassSince: d1 });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.fields).toEqual({
      registerClassSince: M.classSinceMarkedElsewhere('7A', formatLongDate(d1)),
    });
    const future = await api('PUT', `/learners/${una}`, { ...body, registerClassSince: addDays(today, 1) });
    expect(future.json().error.fields).toEqual({ registerClassSince: M.classSinceFuture });
    const lastYear = await api('PUT', `/learners/${una}`, { ...body, registerClassSince: addDays(yearStart, -1) });
    expect(lastYear.json().error.fields).toEqual({ registerClassSince: M.classSinceBeforeYear(yearStart) });
    expect(await sinceOf(una)).toBe(today);

    // From d2, after that mark: 7B's register of d2 lists her; the correction is audited.
    const corrected = await api('PUT', `/learners/${una}`, { ...body, registerClassSince: d2 });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().learner).toMatchObject({ registerClassName: '7B', classSince: d2 });
    expect(await names(class7b, d2)).toEqual(['Una']);
    const audits = await t.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'learner.updated'), eq(auditEvents.target, `learner:${una}`)));
    // The move (from today) and the correction (d2); the refused saves wrote nothing.
    expect(audits.map((a) => a.details.registerClassSince).sort()).toEqual([d2, today]);
    // A save without a day (the record sent back as it is) keeps it.
    expect((await api('PUT', `/learners/${una}`, body)).json().learner.classSince).toBe(d2);
  });

  it('imports in_class_since: the day given, today when blank, and a row-by-row refusal of a wrong day', async () => {
    const header = 'first_name,last_name,date_of_birth,gender,grade,class,admission_number,in_class_since\n';
    const csv =
      header +
      `Eve,Mthembu,2013-01-02,female,7,7B,BC-EVE,${d1}\n` +
      'Fez,Mthembu,2013-01-02,male,7,7B,BC-FEZ,\n' +
      `Gia,Mthembu,2013-01-02,female,7,7B,BC-GIA,${addDays(today, 1)}\n` +
      `Hal,Mthembu,2013-01-02,male,7,7B,BC-HAL,${addDays(yearStart, -1)}\n`;
    const check = (await api('POST', '/learners/import', { csv, mode: 'check' })).json().report;
    expect(check).toMatchObject({ totalRows: 4, validRows: 2, invalidRows: 2, fileError: null });
    expect(check.errors).toEqual([
      { row: 4, admissionNumber: 'BC-GIA', errors: [{ field: 'in_class_since', message: M.classSinceFuture }] },
      {
        row: 5,
        admissionNumber: 'BC-HAL',
        errors: [{ field: 'in_class_since', message: M.classSinceBeforeYear(yearStart) }],
      },
    ]);
    const done = (await api('POST', '/learners/import', { csv, mode: 'valid_only' })).json().report;
    expect(done.imported).toBe(2);
    const rows = await t.database.db
      .select({ number: learners.admissionNumber, since: learners.registerClassSince })
      .from(learners)
      .where(eq(learners.registerClassId, class7b));
    expect(Object.fromEntries(rows.map((r) => [r.number, r.since]))).toMatchObject({ 'BC-EVE': d1, 'BC-FEZ': today });
    expect(await names(class7b, d1)).toEqual(['Eve']);
  });

  it('puts a restored learner back on the registers from the restore day, or from the earlier day the admin gives', async () => {
    const ivy = await addLearner('Ivy', class7a);
    expect((await api('POST', `/learners/${ivy}/archive`)).statusCode).toBe(200);
    expect(await names(class7a, d2)).not.toContain('Ivy');

    // Restored with no day: she was not in the class while archived, so d2's register does not
    // list her (nor wait for her mark); today's does.
    const restored = await api('POST', `/learners/${ivy}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().learner).toMatchObject({ archivedAt: null, classSince: today });
    expect(await names(class7a, d2)).not.toContain('Ivy');
    expect(await names(class7a, today)).toContain('Ivy');

    // Archived by mistake: the admin says she was back (never away) from d2.
    await api('POST', `/learners/${ivy}/archive`);
    const refused = await api('POST', `/learners/${ivy}/restore`, { registerClassSince: addDays(today, 1) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ registerClassSince: M.classSinceFuture });
    const [still] = await t.database.db
      .select({ archivedAt: learners.archivedAt })
      .from(learners)
      .where(eq(learners.id, ivy));
    expect(still!.archivedAt).not.toBeNull();
    const back = await api('POST', `/learners/${ivy}/restore`, { registerClassSince: d2 });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().learner.classSince).toBe(d2);
    expect(await names(class7a, d2)).toContain('Ivy');
    const ada = (
      await t.database.db.select({ id: learners.id }).from(learners).where(eq(learners.admissionNumber, 'BC-ADA'))
    )[0]!.id;
    const ben = (
      await t.database.db.select({ id: learners.id }).from(learners).where(eq(learners.admissionNumber, 'BC-BEN'))
    )[0]!.id;
    const marked = await save(class7a, d2, [
      [ada, 'present'],
      [ben, 'present'],
      [ivy, 'late'],
    ]);
    expect(marked.statusCode, marked.body).toBe(200);
  });
});
