import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import { SCHOOL_SETTINGS_MESSAGES as M } from '@sekolo/shared/schemas/school-settings';
import { schoolToday } from '@sekolo/shared/schemas/attendance';
import { birthDateForGrade } from '@sekolo/shared/schemas/school';
import {
  auditEvents,
  feePayouts,
  guardians,
  learnerGuardians,
  learners,
  organizations,
  outboxMessages,
  registerClasses,
  schoolPayoutAccounts,
} from '../../platform/db/schema/index.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import { setClassTeacher } from '../../test/factories/school.ts';
import { multipartBody, SAMPLE } from '../../test/uploads.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The school's settings (D26): the profile, the payout bank account confirmed by e-mail, absence
 * notices, and each role's permissions, which every guard follows at once (the hot register routes
 * included) and which stay the school's own.
 */
describe('school settings', () => {
  let t: TestApp;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-school-settings-'));
  const people: Record<string, TCreatedUser> = {};
  const cookies: Record<string, string> = {};
  let org = '';
  let otherOrg = '';
  let classA = '';
  let otherClass = '';
  let learnerA = '';
  let ip = 0;
  const today = schoolToday();

  const call = (who: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      remoteAddress: `10.77.${(ip = (ip + 1) % 250)}.1`,
      headers: who ? { cookie: cookies[who]! } : {},
      ...(payload ? { payload } : {}),
    });
  const register = (who: string, classId: string) =>
    call(who, 'GET', `/api/school/attendance/classes/${classId}/register/${today}`);
  const saveRegister = (who: string, classId: string, learnerId: string, status: string) =>
    call(who, 'PUT', `/api/school/attendance/classes/${classId}/register/${today}`, {
      marks: [{ learnerId, status, reason: '' }],
    });
  const setPermission = (who: string, role: string, permission: string, held: boolean) =>
    call(who, 'PUT', '/api/school/settings/role-permissions', { role, permission, held });
  const permissionsOf = async (who: string) =>
    ((await call(who, 'GET', '/api/me')).json() as { permissions: string[] }).permissions;

  async function addClass(organizationId: string, name: string, teacherId: string) {
    const [row] = await t.database.db.insert(registerClasses).values({ organizationId, name, grade: 4 }).returning();
    await setClassTeacher(t.database.db, organizationId, row!.id, teacherId);
    return row!.id;
  }
  async function addLearner(organizationId: string, classId: string, firstName: string) {
    const [row] = await t.database.db
      .insert(learners)
      .values({
        organizationId,
        registerClassId: classId,
        firstName,
        lastName: 'Khumalo',
        grade: 4,
        dateOfBirth: birthDateForGrade(4),
        gender: 'female',
        admissionNumber: `S-${firstName}`.toUpperCase(),
        registerClassSince: '2020-01-01',
      })
      .returning();
    return row!.id;
  }
  async function mailsTo(email: string, tag: string) {
    return t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.to, email), eq(outboxMessages.tag, tag)))
      .orderBy(desc(outboxMessages.createdAt));
  }

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir });
    const db = t.database.db;
    const school = { name: 'Settings Primary', type: 'school' as const };
    const other = { name: 'Other Side High', type: 'school' as const };
    people.admin = await createUser(db, { role: 'school_admin', organization: school, firstName: 'Nomsa' });
    people.teacher = await createUser(db, { role: 'teacher', organization: school });
    people.administrator = await createUser(db, { role: 'administrator', organization: school });
    people.otherAdmin = await createUser(db, { role: 'school_admin', organization: other });
    people.otherTeacher = await createUser(db, { role: 'teacher', organization: other });
    org = people.admin.organizationId!;
    otherOrg = people.otherAdmin.organizationId!;
    classA = await addClass(org, '4A', people.teacher.id);
    otherClass = await addClass(otherOrg, '4A', people.otherTeacher.id);
    learnerA = await addLearner(org, classA, 'Zanele');
    await addLearner(otherOrg, otherClass, 'Sipho');
    const [guardian] = await db
      .insert(guardians)
      .values({ organizationId: org, firstName: 'Thoko', lastName: 'Khumalo', email: 'thoko@example.test' })
      .returning();
    await db
      .insert(learnerGuardians)
      .values({ organizationId: org, learnerId: learnerA, guardianId: guardian!.id, relation: 'parent' });
    for (const [who, user] of Object.entries(people)) {
      const { cookie } = await signIn(t.app, user.email, user.password, { ip: `10.78.${ip++}.1` });
      cookies[who] = cookie;
    }
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the admin edits the school profile with a public logo; wrong values are named per field', async () => {
    const upload = multipartBody({ name: 'crest.png', type: 'image/png', bytes: SAMPLE.png });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...upload.headers, cookie: cookies.admin! },
      payload: upload.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const profile = {
      name: 'Settings Primary School',
      emisNumber: '700123456',
      quintile: 2,
      feeStatus: 'no_fee',
      streetAddress: '12 Church Street',
      suburb: 'Seshego',
      city: 'Polokwane',
      province: 'limpopo',
      postalCode: '0742',
      phone: '015 223 4567',
      email: 'office@settings.example.test',
      website: 'https://settings.example.test',
      principalName: 'Mr T. Maluleke',
      logoUploadId: uploaded.json().id,
    };
    const saved = await call('admin', 'PUT', '/api/school/settings/profile', profile);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().profile).toMatchObject({
      ...profile,
      logoUrl: expect.stringContaining(`/api/schools/${org}/logo`),
    });
    const [row] = await t.database.db.select().from(organizations).where(eq(organizations.id, org));
    expect(row!.name).toBe('Settings Primary School');
    // Anyone may load the logo (it is on the school's public pages); the bytes are the image uploaded.
    const logo = await call('', 'GET', saved.json().profile.logoUrl);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(SAMPLE.png)).toBe(true);
    expect((await call('', 'GET', `/api/schools/${otherOrg}/logo`)).statusCode).toBe(404);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'school_settings.profile_updated'));
    expect(audit!.details).toMatchObject({ changed: expect.arrayContaining(['name', 'emisNumber', 'logoUploadId']) });

    const wrong = await call('admin', 'PUT', '/api/school/settings/profile', {
      ...profile,
      emisNumber: '12',
      quintile: 7,
      phone: '12345',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toMatchObject({
      emisNumber: M.emisFormat,
      quintile: M.quintileRange,
      phone: M.phoneInvalid,
    });
    // A teacher has no manage_settings; the other school's admin sees their own profile only.
    expect((await call('teacher', 'GET', '/api/school/settings/profile')).statusCode).toBe(403);
    expect((await call('otherAdmin', 'GET', '/api/school/settings/profile')).json().profile.name).toBe(
      'Other Side High',
    );
  });

  it('the admin withdraws a permission from teachers: refused at once, also on the hot register routes, and offered no more', async () => {
    expect((await register('teacher', classA)).statusCode).toBe(200);
    expect((await saveRegister('teacher', classA, learnerA, 'present')).statusCode).toBe(200);
    expect(await permissionsOf('teacher')).toContain('manage_attendance');

    const withdrawn = await setPermission('admin', 'teacher', 'manage_attendance', false);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const teacherRow = withdrawn.json().roles.find((r: { role: string }) => r.role === 'teacher');
    expect(teacherRow.cells.find((c: { permission: string }) => c.permission === 'manage_attendance')).toMatchObject({
      held: false,
      byDefault: true,
      locked: null,
    });
    // The save reuses a recent session read: the table's change moved the auth generation, so it re-reads and refuses.
    expect((await saveRegister('teacher', classA, learnerA, 'late')).statusCode).toBe(403);
    expect((await register('teacher', classA)).statusCode).toBe(403);
    expect(await permissionsOf('teacher')).not.toContain('manage_attendance');
    // The other school's table is its own.
    expect((await register('otherTeacher', otherClass)).statusCode).toBe(200);
    expect(await permissionsOf('otherTeacher')).toContain('manage_attendance');
    const otherMatrix = (await call('otherAdmin', 'GET', '/api/school/settings/role-permissions')).json();
    expect(
      otherMatrix.roles
        .find((r: { role: string }) => r.role === 'teacher')
        .cells.find((c: { permission: string }) => c.permission === 'manage_attendance').held,
    ).toBe(true);

    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'school_settings.permission_withdrawn'));
    expect(audit).toMatchObject({
      actorUserId: people.admin!.id,
      details: { role: 'teacher', permission: 'manage_attendance', byDefault: true },
    });

    // Given back: the teacher marks again.
    expect((await setPermission('admin', 'teacher', 'manage_attendance', true)).statusCode).toBe(200);
    expect((await saveRegister('teacher', classA, learnerA, 'present')).statusCode).toBe(200);
  });

  it('grants beyond the defaults, and never locks the school out', async () => {
    expect((await call('administrator', 'GET', '/api/school/settings/notifications')).statusCode).toBe(403);
    expect((await setPermission('admin', 'administrator', 'manage_settings', true)).statusCode).toBe(200);
    expect((await call('administrator', 'GET', '/api/school/settings/notifications')).statusCode).toBe(200);
    // Only the school admin manages roles and permissions, and keeps its settings rights.
    const escalate = await setPermission('admin', 'administrator', 'manage_permissions', true);
    expect(escalate.statusCode).toBe(400);
    expect(escalate.json().error.message).toBe('Only the school admin manages roles and permissions.');
    const lockout = await setPermission('admin', 'school_admin', 'manage_settings', false);
    expect(lockout.statusCode).toBe(400);
    expect(lockout.json().error.message).toMatch(/nobody locks the school out/);
    expect((await setPermission('administrator', 'teacher', 'view_events', true)).statusCode).toBe(403);
    // Other permissions of the admin may go, and come back.
    expect((await setPermission('admin', 'school_admin', 'manage_library', false)).statusCode).toBe(200);
    expect(await permissionsOf('admin')).not.toContain('manage_library');
    expect((await setPermission('admin', 'school_admin', 'manage_library', true)).statusCode).toBe(200);
    expect(await permissionsOf('otherAdmin')).toContain('manage_library');
  });

  it('a new payout account takes effect only once a school admin confirms it from the e-mail; audited', async () => {
    const account = {
      accountHolder: 'Settings Primary SGB',
      bank: 'capitec',
      accountNumber: '1234 5678 90',
      branchCode: '470010',
      accountType: 'current',
    };
    // The administrator now holds manage_settings (test above): asks for the change; the admin confirms.
    const asked = await call('administrator', 'POST', '/api/school/settings/payout-account', account);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({
      confirmed: null,
      pending: { bankName: 'Capitec', accountNumberMasked: '•••• 7890', status: 'pending' },
      confirmationTo: [people.admin!.email],
    });
    const [mail] = await mailsTo(people.admin!.email, 'school-payout-account-confirm');
    expect(mail!.text).toContain('•••• 7890');
    expect(mail!.text).not.toContain('1234567890');
    const token = new URL(/https?:\/\/\S+confirm\?token=\S+/.exec(mail!.text)![0]).searchParams.get('token')!;

    // Payouts still refuse: nothing confirmed.
    expect((await call('admin', 'POST', '/api/school/finance/payouts')).json().error.message).toMatch(/confirm it/);
    // A wrong token, another school's admin, or a non-admin cannot confirm.
    expect(
      (await call('admin', 'POST', '/api/school/settings/payout-account/confirm', { token: `${token}x` })).statusCode,
    ).toBe(404);
    expect(
      (await call('otherAdmin', 'POST', '/api/school/settings/payout-account/confirm', { token })).statusCode,
    ).toBe(404);
    const notAdmin = await call('administrator', 'POST', '/api/school/settings/payout-account/confirm', { token });
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json().error.message).toBe(M.payoutLinkOtherUser);

    const confirmed = await call('admin', 'POST', '/api/school/settings/payout-account/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ confirmed: { bankName: 'Capitec', status: 'confirmed' }, pending: null });
    // The link works once.
    expect((await call('admin', 'POST', '/api/school/settings/payout-account/confirm', { token })).statusCode).toBe(
      404,
    );
    expect(await mailsTo(people.admin!.email, 'school-payout-account-changed')).toHaveLength(1);
    const actions = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(like(auditEvents.action, 'school_settings.payout_account%'));
    expect(actions.map((a) => a.action)).toEqual([
      'school_settings.payout_account_change_requested',
      'school_settings.payout_account_confirmed',
    ]);

    // A second change replaces the first once confirmed; an expired link is refused.
    await call('admin', 'POST', '/api/school/settings/payout-account', { ...account, accountNumber: '9988776655' });
    const [second] = await mailsTo(people.admin!.email, 'school-payout-account-confirm');
    const token2 = new URL(/https?:\/\/\S+confirm\?token=\S+/.exec(second!.text)![0]).searchParams.get('token')!;
    await t.database.db
      .update(schoolPayoutAccounts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(schoolPayoutAccounts.organizationId, org), eq(schoolPayoutAccounts.status, 'pending')));
    const late = await call('admin', 'POST', '/api/school/settings/payout-account/confirm', { token: token2 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(M.payoutLinkExpired);
    const now = (await call('admin', 'GET', '/api/school/settings/payout-account')).json();
    expect(now).toMatchObject({ confirmed: { accountNumberMasked: '•••• 7890' }, pending: null });
    expect(await t.database.db.select().from(feePayouts).where(eq(feePayouts.organizationId, org))).toEqual([]);
  });

  it('absence notices go out unless the school turns them off', async () => {
    const absent = async () => {
      await saveRegister('teacher', classA, learnerA, 'present');
      expect((await saveRegister('teacher', classA, learnerA, 'absent')).statusCode).toBe(200);
      return (await mailsTo('thoko@example.test', 'attendance-absence')).length;
    };
    const before = await absent();
    expect(before).toBeGreaterThan(0);
    const off = await call('admin', 'PUT', '/api/school/settings/notifications', { absenceNotices: false });
    expect(off.json()).toEqual({ settings: { absenceNotices: false } });
    expect(await absent()).toBe(before);
    await call('admin', 'PUT', '/api/school/settings/notifications', { absenceNotices: true });
    expect(await absent()).toBe(before + 1);
  });

  it('keeps closures on the school calendar beside the terms', async () => {
    const added = await call('admin', 'POST', '/api/school/settings/closures', {
      name: 'Staff development day',
      startsOn: '2026-05-15',
      endsOn: '2026-05-15',
    });
    expect(added.statusCode, added.body).toBe(201);
    const again = await call('admin', 'POST', '/api/school/settings/closures', {
      name: 'staff development day',
      startsOn: '2026-05-15',
      endsOn: '2026-05-15',
    });
    expect(again.json().error.message).toBe(M.closureExists);
    const calendar = (await call('admin', 'GET', '/api/school/settings/calendar?year=2026')).json().calendar;
    expect(calendar.terms).toHaveLength(4);
    expect(calendar.closures).toEqual([added.json().closure]);
    expect(
      (await call('otherAdmin', 'GET', '/api/school/settings/calendar?year=2026')).json().calendar.closures,
    ).toEqual([]);
    const id = added.json().closure.id;
    expect((await call('otherAdmin', 'DELETE', `/api/school/settings/closures/${id}`)).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/api/school/settings/closures/${id}`)).statusCode).toBe(204);
  });
});
