import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schoolToday } from '@sekolo/shared/schemas/attendance';
import { FAMILY_MESSAGES } from '@sekolo/shared/schemas/family';
import {
  auditEvents,
  guardians,
  learnerGuardians,
  learners,
  organizationMembers,
} from '../../platform/db/schema/index.ts';
import { authPost, signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import { setInClassSince } from '../../test/factories/school.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { recentSchoolDays } from './family-overview.ts';
import { birthDateForGrade } from '@sekolo/shared/schemas/school';

/**
 * Learner accounts (invite, set a password, revoke) and the family dashboards: a parent
 * sees only their own children, a learner only themselves, and nothing of another school.
 */
describe('learner accounts and the family dashboards', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const people: Record<string, TCreatedUser> = {};
  const ids: Record<string, string> = {};
  let days: string[] = [];
  let ip = 0;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    cookie: string | undefined,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  const ok = async (method: 'POST' | 'PUT', url: string, who: string, payload: unknown) => {
    const response = await call(method, url, cookies[who], payload);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };
  const addLearner = async (who: string, admissionNumber: string, firstName: string, classId?: string) =>
    (
      await ok('POST', '/api/school/learners', who, {
        firstName,
        lastName: 'Mahlangu',
        dateOfBirth: birthDateForGrade('8', { monthDay: '05-06' }),
        gender: 'female',
        grade: '8',
        admissionNumber,
        registerClassId: classId ?? '',
      })
    ).learner.id as string;
  const signInAs = async (email: string, password: string) =>
    (await signIn(t.app, email, password, { ip: `10.61.1.${++ip}` })).cookie;

  beforeAll(async () => {
    t = await createTestApp();
    const school = { name: 'Family High', type: 'school' as const };
    people.admin = await createUser(t.database.db, { role: 'school_admin', organization: school });
    people.teacher = await createUser(t.database.db, { role: 'teacher', organization: school, name: 'Ms Radebe' });
    people.parent = await createUser(t.database.db, { role: 'parent', organization: school });
    people.otherParent = await createUser(t.database.db, { role: 'parent', organization: school });
    people.unlinkedLearner = await createUser(t.database.db, { role: 'student', organization: school });
    people.otherAdmin = await createUser(t.database.db, {
      role: 'school_admin',
      organization: { name: 'Far Away College', type: 'school' },
    });
    for (const [key, person] of Object.entries(people)) cookies[key] = await signInAs(person.email, person.password);

    ids.class8A = (await ok('POST', '/api/school/classes', 'admin', { name: '8A', grade: '8' })).class.id;
    ids.child = await addLearner('admin', 'FAM-1', 'Naledi', ids.class8A);
    ids.classmate = await addLearner('admin', 'FAM-2', 'Palesa', ids.class8A);
    ids.elsewhere = await addLearner('otherAdmin', 'FAM-1', 'Far');
    const db = t.database.db;
    // Added today, in 8A before the days whose registers the cases keep.
    await setInClassSince(db, [ids.child, ids.classmate]);
    const [guardian] = await db
      .insert(guardians)
      .values({
        organizationId: people.admin.organizationId!,
        firstName: 'Thandi',
        lastName: 'Mahlangu',
        userId: people.parent.id,
      })
      .returning();
    await db.insert(learnerGuardians).values({
      organizationId: people.admin.organizationId!,
      learnerId: ids.child,
      guardianId: guardian!.id,
      relation: 'parent',
    });

    // The bell schedule and one lesson of 8A; the other school has a lesson of its own.
    const tt = '/api/school/timetable';
    const period = (
      await ok('POST', `${tt}/periods`, 'admin', {
        name: 'Period 1',
        startsAt: '07:45',
        endsAt: '08:30',
        isBreak: false,
      })
    ).period;
    await ok('POST', `${tt}/periods`, 'admin', { name: 'Break', startsAt: '08:30', endsAt: '09:00', isBreak: true });
    const room = (await ok('POST', `${tt}/rooms`, 'admin', { name: 'Lab 2' })).room;
    const subjectClass = (
      await ok('POST', `${tt}/subject-classes`, 'admin', {
        subject: 'mathematics',
        teacherId: people.teacher.id,
        registerClassId: ids.class8A,
      })
    ).subjectClass;
    await ok('POST', `${tt}/lessons`, 'admin', {
      subjectClassId: subjectClass.id,
      day: 2,
      periodId: period.id,
      roomId: room.id,
    });
    await ok('POST', `${tt}/periods`, 'otherAdmin', {
      name: 'Far period',
      startsAt: '09:00',
      endsAt: '10:00',
      isBreak: false,
    });

    // Registers of 8A on the last three school days: the child present, late, then absent.
    days = await recentSchoolDays(db, people.admin.organizationId!, schoolToday(), 30);
    const marks: [string, string, string][] = [
      [days[2]!, 'present', ''],
      [days[1]!, 'late', 'Taxi'],
      [days[0]!, 'absent', 'Flu'],
    ];
    for (const [date, status, reason] of marks) {
      await ok('PUT', `/api/school/attendance/classes/${ids.class8A}/register/${date}`, 'admin', {
        marks: [
          { learnerId: ids.child, status, reason },
          { learnerId: ids.classmate, status: 'present', reason: '' },
        ],
      });
    }
  });
  afterAll(() => t.close());

  it('counts the 30 latest school days: weekdays within the terms, up to today', () => {
    expect(days).toHaveLength(30);
    expect(days[0]! <= schoolToday()).toBe(true);
    for (const day of days) expect([0, 6]).not.toContain(new Date(`${day}T00:00:00Z`).getUTCDay());
    expect([...days].sort().reverse()).toEqual(days);
  });

  it('shows a parent their own child: class, week and attendance', async () => {
    const response = await call('GET', `/api/school/my-children/${ids.child}/overview`, cookies.parent);
    expect(response.statusCode, response.body).toBe(200);
    const { overview } = response.json();
    expect(overview.learner).toMatchObject({
      id: ids.child,
      firstName: 'Naledi',
      grade: '8',
      schoolName: 'Family High',
    });
    expect(overview.registerClass).toEqual({ id: ids.class8A, name: '8A' });
    expect(overview.timetable.periods.map((p: { name: string }) => p.name)).toEqual(['Period 1', 'Break']);
    expect(overview.timetable.lessons).toEqual([
      expect.objectContaining({ day: 2, subjectLabel: 'Mathematics', teacherName: 'Ms Radebe', roomName: 'Lab 2' }),
    ]);
    expect(overview.attendance).toMatchObject({
      from: days[29],
      to: days[0],
      schoolDays: 30,
      otherDays: 0,
      counts: { present: 1, late: 1, absent: 1, excused: 0 },
      recentAbsences: [{ date: days[0], status: 'absent', reason: 'Flu' }],
    });
    expect(overview.attendance.rate).toBeCloseTo(2 / 3);
  });

  it('counts a register kept on a Saturday as the school does: the parent and the admin see one figure', async () => {
    // The latest Saturday in the window: a matric catch-up class, say.
    let saturday = schoolToday();
    while (new Date(`${saturday}T00:00:00Z`).getUTCDay() !== 6) {
      const d = new Date(`${saturday}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() - 1);
      saturday = d.toISOString().slice(0, 10);
    }
    expect(saturday > days[29]!).toBe(true);
    await ok('PUT', `/api/school/attendance/classes/${ids.class8A}/register/${saturday}`, 'admin', {
      marks: [{ learnerId: ids.child, status: 'absent', reason: 'Sport' }],
    });
    const { overview } = (await call('GET', `/api/school/my-children/${ids.child}/overview`, cookies.parent)).json();
    const absences = [
      { date: days[0], status: 'absent', reason: 'Flu' },
      { date: saturday, status: 'absent', reason: 'Sport' },
    ].sort((a, b) => b.date!.localeCompare(a.date!));
    expect(overview.attendance).toMatchObject({
      from: days[29],
      to: saturday > days[0]! ? saturday : days[0],
      schoolDays: 30,
      otherDays: 1,
      counts: { present: 1, late: 1, absent: 2, excused: 0 },
      recentAbsences: absences,
    });
    expect(overview.attendance.rate).toBeCloseTo(2 / 4);
    // The school's own view of the same child over the same days counts the same marks.
    const history = await call(
      'GET',
      `/api/school/attendance/learners/${ids.child}?from=${days[29]}&to=${schoolToday()}`,
      cookies.admin,
    );
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().history.counts).toEqual(overview.attendance.counts);
  });

  it('answers 404 for any other child, and 403 to roles without child permissions', async () => {
    for (const learnerId of [ids.classmate, ids.elsewhere, '00000000-0000-4000-8000-000000000000']) {
      const response = await call('GET', `/api/school/my-children/${learnerId}/overview`, cookies.parent);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(FAMILY_MESSAGES.noSuchChild);
    }
    expect((await call('GET', `/api/school/my-children/${ids.child}/overview`, cookies.otherParent)).statusCode).toBe(
      404,
    );
    for (const who of ['teacher', 'admin', 'otherAdmin', 'unlinkedLearner']) {
      expect((await call('GET', `/api/school/my-children/${ids.child}/overview`, cookies[who])).statusCode).toBe(403);
    }
    for (const who of ['teacher', 'admin', 'parent']) {
      expect((await call('GET', '/api/school/my-learner', cookies[who])).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/school/my-learner', undefined)).statusCode).toBe(401);
  });

  it('tells a learner whose account is not linked that there is nothing yet', async () => {
    const response = await call('GET', '/api/school/my-learner', cookies.unlinkedLearner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ overview: null });
  });

  it('invites a learner, who chooses a password and sees only their own record', async () => {
    const account = `/api/school/learners/${ids.child}/account`;
    const email = 'naledi.mahlangu@example.test';
    expect((await call('GET', account, cookies.admin)).json()).toEqual({ account: null });
    expect((await call('POST', account, cookies.teacher, { email })).statusCode).toBe(403);
    expect((await call('POST', account, cookies.parent, { email })).statusCode).toBe(403);
    expect((await call('POST', account, cookies.otherAdmin, { email })).statusCode).toBe(404);
    const invalid = await call('POST', account, cookies.admin, { email: 'not-an-address' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toEqual({ email: FAMILY_MESSAGES.learnerEmailInvalid });

    const invited = await call('POST', account, cookies.admin, { email: ' Naledi.Mahlangu@example.test ' });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json()).toEqual({ account: { email, status: 'invited' } });
    // A teacher reads the status; another school does not find the learner.
    expect((await call('GET', account, cookies.teacher)).json()).toEqual({ account: { email, status: 'invited' } });
    expect((await call('GET', account, cookies.otherAdmin)).statusCode).toBe(404);

    const [mail] = await t.outbox(email);
    expect(mail).toMatchObject({ subject: 'Family High invites you to Sekolo', tag: 'school-learner-invitation' });
    expect(mail!.text).toContain('Hello Naledi,');
    const token = decodeURIComponent(mail!.text.match(/reset-password\?token=([^&\s]+)/)![1]!);
    const reset = await authPost(
      t.app,
      '/reset-password',
      { newPassword: 'naledi-chose-this-9', token },
      { ip: '10.61.2.1' },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    cookies.learner = await signInAs(email, 'naledi-chose-this-9');
    expect((await call('GET', account, cookies.admin)).json()).toEqual({ account: { email, status: 'active' } });

    const mine = await call('GET', '/api/school/my-learner', cookies.learner);
    expect(mine.statusCode, mine.body).toBe(200);
    const { overview } = mine.json();
    expect(overview.learner).toMatchObject({ id: ids.child, firstName: 'Naledi', schoolName: 'Family High' });
    expect(overview.registerClass.name).toBe('8A');
    expect(overview.timetable.lessons).toHaveLength(1);
    // The same figures as their parent's: the three school days and the Saturday.
    expect(overview.attendance.counts).toEqual({ present: 1, late: 1, absent: 2, excused: 0 });
    // The learner is not a parent, nor staff.
    expect((await call('GET', `/api/school/my-children/${ids.child}/overview`, cookies.learner)).statusCode).toBe(403);
    expect((await call('GET', `/api/school/learners/${ids.child}`, cookies.learner)).statusCode).toBe(403);

    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'learner.account_invited'), eq(auditEvents.actorUserId, people.admin!.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ organizationId: people.admin!.organizationId, learnerId: ids.child! });
  });

  it('refuses an address that is someone else’s, and a second address for a learner', async () => {
    const email = 'naledi.mahlangu@example.test';
    const classmate = `/api/school/learners/${ids.classmate}/account`;
    const sameAddress = await call('POST', classmate, cookies.admin, { email });
    expect(sameAddress.statusCode).toBe(409);
    expect(sameAddress.json().error.message).toBe(FAMILY_MESSAGES.emailOtherLearner);
    const parentAddress = await call('POST', classmate, cookies.admin, { email: people.parent!.email });
    expect(parentAddress.json().error.message).toBe(FAMILY_MESSAGES.emailOtherAccount);
    const other = await call('POST', `/api/school/learners/${ids.child}/account`, cookies.admin, {
      email: 'someone.else@example.test',
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe(FAMILY_MESSAGES.learnerHasAccount);
    // Another school cannot take over this school's learner account.
    const elsewhere = await call('POST', `/api/school/learners/${ids.elsewhere}/account`, cookies.otherAdmin, {
      email,
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().error.message).toBe(FAMILY_MESSAGES.emailOtherAccount);
    expect((await call('GET', classmate, cookies.admin)).json()).toEqual({ account: null });
  });

  it('revokes the account: membership removed, record unlinked, learner signed out', async () => {
    const account = `/api/school/learners/${ids.child}/account`;
    const db = t.database.db;
    const [linked] = await db.select({ userId: learners.userId }).from(learners).where(eq(learners.id, ids.child!));
    expect(linked!.userId).not.toBeNull();
    expect((await call('DELETE', account, cookies.teacher)).statusCode).toBe(403);
    expect((await call('DELETE', account, cookies.otherAdmin)).statusCode).toBe(404);
    const revoked = await call('DELETE', account, cookies.admin);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toEqual({ account: null });
    expect((await call('GET', account, cookies.admin)).json()).toEqual({ account: null });
    expect((await call('DELETE', account, cookies.admin)).statusCode).toBe(404);

    const [learner] = await db.select({ userId: learners.userId }).from(learners).where(eq(learners.id, ids.child!));
    expect(learner!.userId).toBeNull();
    expect(await db.select().from(organizationMembers).where(eq(organizationMembers.userId, linked!.userId!))).toEqual(
      [],
    );
    expect((await call('GET', '/api/school/my-learner', cookies.learner)).statusCode).toBe(401);
    const again = await signInAs('naledi.mahlangu@example.test', 'naledi-chose-this-9');
    expect((await call('GET', '/api/school/my-learner', again)).json()).toEqual({ overview: null });
    const [audit] = await db.select().from(auditEvents).where(eq(auditEvents.action, 'learner.account_revoked'));
    expect(audit).toMatchObject({
      actorUserId: people.admin!.id,
      details: { organizationId: people.admin!.organizationId },
    });

    // Invited again, the same account is linked once more.
    const reinvited = await call('POST', account, cookies.admin, { email: 'naledi.mahlangu@example.test' });
    expect(reinvited.json()).toEqual({ account: { email: 'naledi.mahlangu@example.test', status: 'active' } });
    expect((await call('GET', '/api/school/my-learner', again)).json().overview.learner.id).toBe(ids.child);
  });
});
