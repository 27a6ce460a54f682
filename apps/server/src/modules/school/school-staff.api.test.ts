import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '@sekolo/shared/schemas/school';
import { authPost, getMe, signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
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

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie: cookies[who]! }, ...(payload ? { payload } : {}) });

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
});
