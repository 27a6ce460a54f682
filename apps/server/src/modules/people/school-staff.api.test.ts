import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PERMISSIONS } from '@sekolo/shared/constants/roles';
import { STAFF_MESSAGES } from '@sekolo/shared/schemas/school';
import {
  accountInvitations,
  attendanceRecords,
  auditEvents,
  authVerifications,
  organizationMembers,
  registerClassTeachers,
} from '../../platform/db/schema/index.ts';
import { authPost, getMe, signedInUser, signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import {
  createLearner,
  createRegisterClass,
  createSubjectClass,
  setClassTeacher,
} from '../../test/factories/school.ts';
import type { TSessionUser } from '../../platform/auth/guards.ts';
import { removeStaff } from './school-staff.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { withOutboxRefusing } from '../../test/outbox-refusing.ts';

/** Staff (spec 6): the admin invites a staff member with a role, and can change the role. */
describe('school staff', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const people: Record<string, TCreatedUser> = {};
  let ip = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const school = { name: 'Staffroom Primary', type: 'school' as const };
    people.admin = await createUser(t.database.db, { role: 'school_admin', organization: school });
    people.teacher = await createUser(t.database.db, { role: 'teacher', organization: school });
    people.hr = await createUser(t.database.db, { role: 'human_resources', organization: school });
    people.otherAdmin = await createUser(t.database.db, {
      role: 'school_admin',
      organization: { name: 'Rival High', type: 'school' },
    });
    for (const [key, person] of Object.entries(people)) {
      cookies[key] = (await signIn(t.app, person.email, person.password, { ip: `10.10.0.${++ip}` })).cookie;
    }
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who: string,
    payload?: Record<string, unknown>,
  ) => t.app.inject({ method, url, headers: { cookie: cookies[who]! }, ...(payload ? { payload } : {}) });

  it('invites a teacher who sets a password and works with the teacher’s permissions; the admin changes the role', async () => {
    const email = 'new.teacher@example.test';
    expect(
      (
        await call('POST', '/api/school/staff', 'teacher', {
          firstName: 'New',
          lastName: 'Teacher',
          email,
          role: 'teacher',
        })
      ).statusCode,
    ).toBe(403);
    const bad = await call('POST', '/api/school/staff', 'admin', {
      firstName: 'New',
      lastName: 'Teacher',
      email,
      role: 'school_admin',
    });
    expect(bad.json().error.fields).toEqual({ role: STAFF_MESSAGES.roleRequired });
    const invited = await call('POST', '/api/school/staff', 'admin', {
      firstName: 'New',
      lastName: 'Teacher',
      email: 'New.Teacher@Example.test',
      role: 'teacher',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const member = invited.json().member;
    expect(member).toMatchObject({ email, role: 'teacher', name: 'New Teacher', invited: true });
    // Invited again by address: the school is told how to resend its own invitation, not that the
    // address belongs to someone else.
    expect(
      (
        await call('POST', '/api/school/staff', 'hr', { firstName: 'Again', lastName: 'Teacher', email, role: 'coach' })
      ).json().error,
    ).toMatchObject({
      code: 'CONFLICT',
      message: STAFF_MESSAGES.alreadyInvited,
    });
    expect(
      (
        await call('POST', '/api/school/staff', 'admin', {
          firstName: 'Some',
          lastName: 'Parent',
          email: people.otherAdmin!.email,
          role: 'coach',
        })
      ).json().error.message,
    ).toBe(STAFF_MESSAGES.emailTaken);
    // "Invite again": a fresh link (the first stops working), for this school's invited staff only.
    const listed = (await call('GET', '/api/school/staff', 'admin')).json().staff;
    expect(listed.find((m: { id: string }) => m.id === member.id)).toMatchObject({ invited: true });
    expect(listed.find((m: { id: string }) => m.id === people.teacher!.id)).toMatchObject({ invited: false });
    expect((await call('POST', `/api/school/staff/${member.id}/invitation`, 'otherAdmin')).statusCode).toBe(404);
    expect((await call('POST', `/api/school/staff/${member.id}/invitation`, 'teacher')).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/school/staff/${people.teacher!.id}/invitation`, 'admin')).json().error.message,
    ).toBe(STAFF_MESSAGES.alreadyActive);
    const [firstMail] = await t.outbox(email);
    const firstToken = decodeURIComponent(firstMail!.text.match(/reset-password\?token=([^&\s]+)/)![1]!);
    const again = await call('POST', `/api/school/staff/${member.id}/invitation`, 'admin');
    expect(again.statusCode, again.body).toBe(200);
    expect(await t.outbox(email)).toHaveLength(2);
    expect(
      (
        await authPost(
          t.app,
          '/reset-password',
          { newPassword: 'chalk-and-blackboard-7', token: firstToken },
          { ip: '10.10.1.9' },
        )
      ).statusCode,
    ).toBe(400);

    // HR hires staff but cannot create a manager (privilege escalation): the admin role and HR itself are reserved.
    for (const role of ['administrator', 'human_resources']) {
      const refused = await call('POST', '/api/school/staff', 'hr', {
        firstName: 'Power',
        lastName: 'Grab',
        email: `power.${role}@example.test`,
        role,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(STAFF_MESSAGES.roleReserved);
    }
    expect(
      (
        await call('POST', '/api/school/staff', 'hr', {
          firstName: 'Hired',
          lastName: 'Byhr',
          email: 'hired.by.hr@example.test',
          role: 'teacher',
        })
      ).statusCode,
    ).toBe(201);

    const [mail] = await t.outbox(email); // the newest
    expect(mail).toMatchObject({ tag: 'school-staff-invitation', subject: 'Staffroom Primary invites you to Sekolo' });
    expect(mail!.text).toContain('as Teacher');
    const token = decodeURIComponent(mail!.text.match(/reset-password\?token=([^&\s]+)/)![1]!);
    expect(
      (await authPost(t.app, '/reset-password', { newPassword: 'chalk-and-blackboard-7', token }, { ip: '10.10.1.1' }))
        .statusCode,
    ).toBe(200);
    const teacher = await signIn(t.app, email, 'chalk-and-blackboard-7', { ip: '10.10.1.2' });
    expect((await getMe(t.app, teacher.cookie)).json()).toMatchObject({
      role: 'teacher',
      organization: { name: 'Staffroom Primary' },
      dashboardPath: '/dashboard/teacher',
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/school/learners', headers: { cookie: teacher.cookie } }))
        .statusCode,
    ).toBe(200);

    // Their password chosen, they are staff on Sekolo, no longer invited.
    expect(
      (await call('GET', '/api/school/staff', 'admin')).json().staff.find((m: { id: string }) => m.id === member.id),
    ).toMatchObject({ invited: false });
    const staff = (await call('GET', '/api/school/staff', 'admin')).json().staff.map((s: { email: string }) => s.email);
    expect(staff).toEqual(expect.arrayContaining([people.admin!.email, people.teacher!.email, email]));
    expect(
      (await call('GET', '/api/school/staff', 'otherAdmin')).json().staff.map((s: { email: string }) => s.email),
    ).not.toContain(email);

    // Changing the role: manage_roles only (HR manages staff but not roles), this school only, never one's own.
    expect((await call('PUT', `/api/school/staff/${member.id}/role`, 'hr', { role: 'librarian' })).statusCode).toBe(
      403,
    );
    expect(
      (await call('PUT', `/api/school/staff/${member.id}/role`, 'otherAdmin', { role: 'librarian' })).statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', `/api/school/staff/${people.admin!.id}/role`, 'admin', { role: 'teacher' })).json().error
        .message,
    ).toBe(STAFF_MESSAGES.ownRole);
    const changed = await call('PUT', `/api/school/staff/${member.id}/role`, 'admin', { role: 'librarian' });
    expect(changed.json().member).toMatchObject({ role: 'librarian' });
    const me = (await getMe(t.app, teacher.cookie)).json();
    expect(me).toMatchObject({ role: 'librarian', dashboardPath: '/dashboard/school' });
    expect(me.permissions).toEqual(['manage_library', 'view_students']);
  });

  it('a staff invitation whose mail the outbox refuses creates no account; asked again, it does', async () => {
    const payload = { firstName: 'Lindiwe', lastName: 'Zulu', email: 'lindiwe.zulu@example.test', role: 'teacher' };
    const failed = await withOutboxRefusing(t.database.db, 'school-staff-invitation', () =>
      call('POST', '/api/school/staff', 'admin', payload),
    );
    expect(failed.statusCode).toBe(500);
    const listed = async () =>
      (await call('GET', '/api/school/staff', 'admin')).json().staff.map((s: { email: string }) => s.email);
    expect(await listed()).not.toContain(payload.email);
    expect(await t.outbox(payload.email)).toHaveLength(0);

    expect((await call('POST', '/api/school/staff', 'admin', payload)).statusCode).toBe(201);
    expect(await listed()).toContain(payload.email);
    expect(await t.outbox(payload.email)).toHaveLength(1);
  });

  describe('removing a staff member and changing a class teacher’s role', () => {
    const leavers = { name: 'Leavers High', type: 'school' as const };
    const staff: Record<string, TCreatedUser> = {};
    const staffCookies: Record<string, string> = {};
    const klass: Record<string, string> = {};
    let org = '';
    let mathsId = '';
    const as = (
      who: string,
      method: 'GET' | 'DELETE' | 'PUT' | 'POST',
      url: string,
      payload?: Record<string, unknown>,
    ) => t.app.inject({ method, url, headers: { cookie: staffCookies[who]! }, ...(payload ? { payload } : {}) });
    const classTeacherOf = async (classId: string) =>
      (
        await t.database.db
          .select({ userId: registerClassTeachers.userId })
          .from(registerClassTeachers)
          .where(eq(registerClassTeachers.registerClassId, classId))
      )[0]?.userId ?? null;

    beforeAll(async () => {
      const db = t.database.db;
      for (const [key, role] of [
        ['admin', 'school_admin'],
        ['admin2', 'school_admin'],
        ['hr', 'human_resources'],
        ['teacher', 'teacher'],
        ['teacher2', 'teacher'],
        ['coach', 'coach'],
        ['librarian', 'librarian'],
      ] as const) {
        staff[key] = await createUser(db, { role, organization: leavers, firstName: key, lastName: 'Leaver' });
        staffCookies[key] = (
          await signIn(t.app, staff[key]!.email, staff[key]!.password, { ip: `10.11.0.${++ip}` })
        ).cookie;
      }
      org = staff.admin!.organizationId!;
      for (const [name, who] of [
        ['9A', 'teacher'],
        ['9B', 'teacher2'],
        ['9C', 'coach'],
      ] as const) {
        klass[name] = (await createRegisterClass(db, org, name, 9)).id;
        await setClassTeacher(db, org, klass[name], staff[who]!.id);
      }
      const maths = await createSubjectClass(db, org, {
        subject: 'mathematics',
        teacherUserId: staff.teacher!.id,
        registerClassId: klass['9A']!,
      });
      mathsId = maths.id;
      const learner = await createLearner(db, org, { registerClassId: klass['9A'], grade: 9 });
      await db.insert(attendanceRecords).values({
        organizationId: org,
        registerClassId: klass['9A']!,
        learnerId: learner.id,
        date: '2026-03-02',
        status: 'present',
        markedBy: staff.teacher!.id,
      });
    });

    it('the list names what each staff member is class teacher of and teaches', async () => {
      const listed = (await as('admin', 'GET', '/api/school/staff')).json().staff as {
        id: string;
        classTeacherOf: string[];
        teaches: { id: string; title: string }[];
      }[];
      // Each with its id: the removal dialog links to its edit in the timetable, to hand it over.
      expect(listed.find((m) => m.id === staff.teacher!.id)).toMatchObject({
        classTeacherOf: ['9A'],
        teaches: [{ id: mathsId, title: '9A Mathematics' }],
      });
      expect(listed.find((m) => m.id === staff.hr!.id)).toMatchObject({ classTeacherOf: [], teaches: [] });
    });

    it('removes a teacher at once: sessions end, links withdrawn, class teacher cleared, past marks kept, audited', async () => {
      const teacherUrl = `/api/school/staff/${staff.teacher!.id}`;
      expect((await as('teacher', 'GET', '/api/school/learners')).statusCode).toBe(200);
      // An open set-password link of theirs (a fresh invitation, say) goes with them.
      await t.database.db.insert(accountInvitations).values({ userId: staff.teacher!.id });
      await t.database.db.insert(authVerifications).values({
        id: 'leaver-link',
        identifier: 'x',
        value: staff.teacher!.id,
        expiresAt: new Date(Date.now() + 1e9),
      });

      // Refused: a teacher (no manage_staff), another school's admin (404, not 403), one's own removal.
      expect((await as('teacher2', 'DELETE', `/api/school/staff/${staff.librarian!.id}`)).statusCode).toBe(403);
      expect((await call('DELETE', teacherUrl, 'otherAdmin')).statusCode).toBe(404);
      expect((await call('DELETE', `/api/school/staff/${people.teacher!.id}`, 'otherAdmin')).statusCode).toBe(404);
      const self = await as('admin', 'DELETE', `/api/school/staff/${staff.admin!.id}`);
      expect(self.statusCode).toBe(400);
      expect(self.json().error.message).toBe(STAFF_MESSAGES.removeSelf);
      // Human resources removes the staff it may hire, not an admin or another manager.
      for (const who of ['admin2', 'hr']) {
        const refused = await as('hr', 'DELETE', `/api/school/staff/${staff[who]!.id}`);
        expect(refused.statusCode, who).toBe(who === 'hr' ? 400 : 403);
      }
      expect((await as('hr', 'DELETE', `/api/school/staff/${staff.admin2!.id}`)).json().error.message).toBe(
        STAFF_MESSAGES.removeReserved,
      );

      const removed = await as('admin', 'DELETE', teacherUrl);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json().removed).toEqual({
        name: 'teacher Leaver',
        clearedClasses: ['9A'],
        keptSubjectClasses: ['9A Mathematics'],
      });
      // Access stops at once: the teacher's own cookie is signed out.
      expect((await as('teacher', 'GET', '/api/school/learners')).statusCode).toBe(401);
      expect(await signedInUser(t.app, staffCookies.teacher!)).toBeNull();
      const db = t.database.db;
      expect(
        await db
          .select()
          .from(organizationMembers)
          .where(and(eq(organizationMembers.organizationId, org), eq(organizationMembers.userId, staff.teacher!.id))),
      ).toHaveLength(0);
      expect(await db.select().from(authVerifications).where(eq(authVerifications.value, staff.teacher!.id))).toEqual(
        [],
      );
      expect(await classTeacherOf(klass['9A']!)).toBeNull();
      const [mark] = await db
        .select({ markedBy: attendanceRecords.markedBy })
        .from(attendanceRecords)
        .where(eq(attendanceRecords.registerClassId, klass['9A']!));
      expect(mark!.markedBy).toBe(staff.teacher!.id);
      const [audit] = await db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'staff.removed'), eq(auditEvents.target, `user:${staff.teacher!.id}`)));
      expect(audit).toMatchObject({
        actorUserId: staff.admin!.id,
        details: {
          organizationId: org,
          role: 'teacher',
          classTeacherCleared: ['9A'],
          subjectClassesKept: ['9A Mathematics'],
        },
      });
      const listed = (await as('admin', 'GET', '/api/school/staff')).json().staff.map((m: { id: string }) => m.id);
      expect(listed).not.toContain(staff.teacher!.id);
      const feed = (await as('admin', 'GET', '/api/school/overview')).json().recentActivity as { summary: string }[];
      expect(feed.map((a) => a.summary)).toContain('A staff member (Teacher) was removed from the school');
      // Gone is gone: removing again is 404.
      expect((await as('admin', 'DELETE', teacherUrl)).statusCode).toBe(404);
      // Another school cannot take the leaver's address; this school takes them back (a rehire, or
      // a removal by mistake) with their own account and a mail saying so.
      const back = { firstName: 'teacher', lastName: 'Leaver', email: staff.teacher!.email, role: 'librarian' };
      const elsewhere = await call('POST', '/api/school/staff', 'otherAdmin', back);
      expect(elsewhere.statusCode).toBe(409);
      expect(elsewhere.json().error.message).toBe(STAFF_MESSAGES.emailTaken);
      const rejoined = await as('admin', 'POST', '/api/school/staff', back);
      expect(rejoined.statusCode, rejoined.body).toBe(201);
      expect(rejoined.json().member).toMatchObject({ id: staff.teacher!.id, role: 'librarian' });
      const [mail] = (await t.outbox(staff.teacher!.email)).filter((m) => m.text.includes('added you'));
      expect(mail?.subject).toBeDefined();
      expect((await as('admin', 'DELETE', teacherUrl)).statusCode).toBe(200);
      // Human resources removes a librarian.
      expect((await as('hr', 'DELETE', `/api/school/staff/${staff.librarian!.id}`)).statusCode).toBe(200);
    });

    it('an admin removes another admin, never the last one', async () => {
      const admin2: TSessionUser = {
        id: staff.admin2!.id,
        permissions: [...PERMISSIONS.school_admin],
      } as unknown as TSessionUser;
      const removed = await as('admin', 'DELETE', `/api/school/staff/${staff.admin2!.id}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await as('admin2', 'GET', '/api/school/staff')).statusCode).toBe(401);
      // admin2's request that passed its guards just before it lost its place (two admins removing
      // each other at once): the school's only admin stays.
      await expect(
        removeStaff(
          t.app,
          { organizationId: org, schoolName: leavers.name, user: admin2, ip: '10.11.9.9' },
          staff.admin!.id,
        ),
      ).rejects.toMatchObject({ statusCode: 409, message: STAFF_MESSAGES.lastAdmin });
      expect((await as('admin', 'GET', '/api/school/staff')).statusCode).toBe(200);
    });

    it('a class teacher given a role that cannot mark registers stops being class teacher (and the answer says which)', async () => {
      const toDriver = await as('admin', 'PUT', `/api/school/staff/${staff.teacher2!.id}/role`, { role: 'driver' });
      expect(toDriver.statusCode, toDriver.body).toBe(200);
      expect(toDriver.json()).toMatchObject({
        member: { role: 'driver', classTeacherOf: [] },
        clearedClasses: ['9B'],
      });
      expect(await classTeacherOf(klass['9B']!)).toBeNull();
      const [audit] = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'user.role_changed'), eq(auditEvents.target, `user:${staff.teacher2!.id}`)));
      expect(audit!.details).toMatchObject({ fromRole: 'teacher', toRole: 'driver', classTeacherCleared: ['9B'] });
      // A role that still marks registers keeps the class.
      const toTeacher = await as('admin', 'PUT', `/api/school/staff/${staff.coach!.id}/role`, { role: 'teacher' });
      expect(toTeacher.json()).toMatchObject({ member: { classTeacherOf: ['9C'] }, clearedClasses: [] });
      expect(await classTeacherOf(klass['9C']!)).toBe(staff.coach!.id);
    });
  });
});
