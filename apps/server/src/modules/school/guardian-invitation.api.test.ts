import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authPost, getMe, signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import { createGuardian, createLearner } from '../../test/factories/school.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { INVITATION_NEEDS_EMAIL, INVITATION_OTHER_ACCOUNT } from './invite-guardian.ts';
import * as schema from '../../db/schema/index.ts';
import { withOutboxRefusing } from '../../test/outbox-refusing.ts';

/** Spec 1: parent accounts are created by schools; the parent then sees only their own children. */
describe('guardian invitation and the parent’s children', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const people: Record<string, TCreatedUser> = {};
  let ip = 0;

  beforeAll(async () => {
    t = await createTestApp();
    people.admin = await createUser(t.database.db, {
      role: 'school_admin',
      organization: { name: 'Invite Primary', type: 'school' },
    });
    people.teacher = await createUser(t.database.db, {
      role: 'teacher',
      organization: { name: 'Invite Primary', type: 'school' },
    });
    people.otherAdmin = await createUser(t.database.db, {
      role: 'school_admin',
      organization: { name: 'Elsewhere High', type: 'school' },
    });
    for (const [key, person] of Object.entries(people)) {
      cookies[key] = (await signIn(t.app, person.email, person.password, { ip: `10.9.0.${++ip}` })).cookie;
    }
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, cookie: string | undefined, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const addLearner = async (who: string, admissionNumber: string, firstName: string) =>
    (
      await call('POST', '/api/school/learners', cookies[who], {
        firstName,
        lastName: 'Khoza',
        dateOfBirth: '2014-02-02',
        gender: 'female',
        grade: '6',
        admissionNumber,
      })
    ).json().learner.id as string;

  it('invites a guardian, who sets a password from the e-mail and sees only their own children', async () => {
    const mine = await addLearner('admin', 'INV1', 'Zinhle');
    await addLearner('admin', 'INV2', 'Other');
    const elsewhere = await addLearner('otherAdmin', 'INV1', 'Far');
    const email = 'thabo.khoza@example.test';
    const guardian = { firstName: 'Thabo', lastName: 'Khoza', email, relation: 'parent' };
    const [linked] = (await call('POST', `/api/school/learners/${mine}/guardians`, cookies.admin, guardian)).json()
      .guardians;
    // The other school links a guardian with the same address to its own learner: a separate record.
    await call('POST', `/api/school/learners/${elsewhere}/guardians`, cookies.otherAdmin, guardian);

    const invitePath = `/api/school/learners/${mine}/guardians/${linked.id}/invite`;
    expect((await call('POST', invitePath, cookies.teacher)).statusCode).toBe(403);
    expect((await call('POST', invitePath, cookies.otherAdmin)).statusCode).toBe(404);
    const invited = await call('POST', invitePath, cookies.admin);
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json()).toEqual({ email });

    // Until the guardian chooses a password they are invited, not yet on Sekolo: the school may invite again.
    const pending = (await call('GET', `/api/school/learners/${mine}/guardians`, cookies.admin)).json().guardians;
    expect(pending[0]).toMatchObject({ hasAccount: false, invited: true });

    const [firstMail] = await t.outbox(email);
    expect(firstMail).toMatchObject({
      subject: 'Invite Primary invites you to Sekolo',
      tag: 'school-guardian-invitation',
    });
    const firstToken = decodeURIComponent(firstMail!.text.match(/reset-password\?token=([^&\s]+)/)![1]!);
    // Invited again (the mail lost): only the newest link sets a password.
    expect((await call('POST', invitePath, cookies.admin)).statusCode).toBe(200);
    const mails = await t.outbox(email);
    expect(mails).toHaveLength(2);
    expect(
      (
        await authPost(
          t.app,
          '/reset-password',
          { newPassword: 'a-family-password-too-late-9', token: firstToken },
          { ip: '10.9.1.4' },
        )
      ).statusCode,
    ).toBe(400);
    const mail = mails.find((m) => !m.text.includes(encodeURIComponent(firstToken)));
    const token = decodeURIComponent(mail!.text.match(/reset-password\?token=([^&\s]+)/)![1]!);
    const reset = await authPost(
      t.app,
      '/reset-password',
      { newPassword: 'a-fresh-family-password-9', token },
      { ip: '10.9.1.1' },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    // The link works once.
    expect(
      (
        await authPost(
          t.app,
          '/reset-password',
          { newPassword: 'another-family-password-9', token },
          { ip: '10.9.1.2' },
        )
      ).statusCode,
    ).toBe(400);

    const parent = await signIn(t.app, email, 'a-fresh-family-password-9', { ip: '10.9.1.3' });
    expect(parent.response.statusCode).toBe(200);
    expect((await getMe(t.app, parent.cookie)).json()).toMatchObject({
      role: 'parent',
      organization: { name: 'Invite Primary', type: 'school' },
      dashboardPath: '/dashboard/parent',
    });
    const children = (await call('GET', '/api/school/my-children', parent.cookie)).json().children;
    expect(children).toEqual([
      expect.objectContaining({
        id: mine,
        firstName: 'Zinhle',
        grade: '6',
        schoolName: 'Invite Primary',
        relation: 'parent',
      }),
    ]);
    // A parent reads no school list.
    expect((await call('GET', '/api/school/learners', parent.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/school/learners/${mine}`, parent.cookie)).statusCode).toBe(403);
    // The guardian now shows as having an account.
    const list = (await call('GET', `/api/school/learners/${mine}/guardians`, cookies.admin)).json().guardians;
    expect(list[0]).toMatchObject({ hasAccount: true, invited: false });
  });

  it('editing the e-mail of a guardian with an account changes where the school writes, not how they sign in', async () => {
    const db = t.database.db;
    const org = people.admin!.organizationId!;
    const parent = await createUser(db, {
      role: 'parent',
      firstName: 'Thabo',
      lastName: 'Mokoena',
      organization: { name: 'Invite Primary', type: 'school' },
    });
    const learner = await createLearner(db, org, { firstName: 'Lindo', lastName: 'Mokoena' });
    const guardian = await createGuardian(db, org, learner.id, {
      firstName: 'Thabo',
      lastName: 'Mokoena',
      email: parent.email,
      userId: parent.id,
    });
    const withoutAccount = await createGuardian(db, org, learner.id, {
      firstName: 'Ayanda',
      email: 'ayanda@example.test',
    });
    const url = `/api/school/learners/${learner.id}/guardians`;
    const before = (await call('GET', url, cookies.admin)).json().guardians as Record<string, unknown>[];
    expect(before.find((g) => g.id === guardian.id)).toMatchObject({ hasAccount: true, signInEmail: parent.email });
    expect(before.find((g) => g.id === withoutAccount.id)).toMatchObject({ hasAccount: false, signInEmail: null });

    const saved = await t.app.inject({
      method: 'PUT',
      url: `${url}/${guardian.id}`,
      headers: { cookie: cookies.admin! },
      payload: {
        firstName: 'Thabo',
        lastName: 'Mokoena',
        email: 'thabo.work@example.test',
        phone: '082 123 4567',
        relation: 'parent',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The record says both: where the school writes, and the address Thabo still signs in with.
    expect(saved.json().guardians.find((g: { id: string }) => g.id === guardian.id)).toMatchObject({
      email: 'thabo.work@example.test',
      signInEmail: parent.email,
      hasAccount: true,
    });
    const [account] = await db
      .select({ email: schema.users.email })
      .from(schema.users)
      .where(eq(schema.users.id, parent.id));
    expect(account!.email).toBe(parent.email);
    expect((await signIn(t.app, parent.email, parent.password, { ip: '10.9.2.1' })).response.statusCode).toBe(200);
    const [audit] = await db
      .select({ details: schema.auditEvents.details })
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.action, 'guardian.updated'));
    expect(audit!.details).toMatchObject({ guardianId: guardian.id, contactEmailChanged: true, signInUnchanged: true });
  });

  it('refuses a guardian without an e-mail, and an address that belongs to staff', async () => {
    const learner = await addLearner('admin', 'INV3', 'Sibusiso');
    const [phoneOnly] = (
      await call('POST', `/api/school/learners/${learner}/guardians`, cookies.admin, {
        firstName: 'Gogo',
        lastName: 'Khoza',
        phone: '082 111 2222',
        relation: 'grandparent',
      })
    ).json().guardians;
    const noEmail = await call(
      'POST',
      `/api/school/learners/${learner}/guardians/${phoneOnly.id}/invite`,
      cookies.admin,
    );
    expect(noEmail.json().error).toEqual({ code: 'VALIDATION_ERROR', message: INVITATION_NEEDS_EMAIL });

    const guardians = (
      await call('POST', `/api/school/learners/${learner}/guardians`, cookies.admin, {
        firstName: 'Staff',
        lastName: 'Member',
        email: people.teacher!.email,
        relation: 'other',
      })
    ).json().guardians;
    const staff = guardians.find((g: { email: string | null }) => g.email === people.teacher!.email);
    const refused = await call('POST', `/api/school/learners/${learner}/guardians/${staff.id}/invite`, cookies.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(INVITATION_OTHER_ACCOUNT);
    expect((await call('GET', '/api/school/my-children', cookies.teacher)).statusCode).toBe(403);
  });

  it('creates the account, its set-password link and the mail together: a mail the outbox refuses leaves nothing', async () => {
    const learner = await addLearner('admin', 'INV4', 'Lwazi');
    const email = 'nandi.khoza@example.test';
    const [guardian] = (
      await call('POST', `/api/school/learners/${learner}/guardians`, cookies.admin, {
        firstName: 'Nandi',
        lastName: 'Khoza',
        email,
        relation: 'parent',
      })
    ).json().guardians;
    const invitePath = `/api/school/learners/${learner}/guardians/${guardian.id}/invite`;
    const accountRows = async () => {
      const users = await t.database.db
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(eq(schema.users.email, email));
      const links = users.length
        ? await t.database.db
            .select()
            .from(schema.authVerifications)
            .where(eq(schema.authVerifications.value, users[0]!.id))
        : [];
      return { users: users.length, links: links.length };
    };

    const failed = await withOutboxRefusing(t.database.db, 'school-guardian-invitation', () =>
      call('POST', invitePath, cookies.admin),
    );
    expect(failed.statusCode).toBe(500);
    expect(await accountRows()).toEqual({ users: 0, links: 0 });
    expect(await t.outbox(email)).toHaveLength(0);
    const listed = (await call('GET', `/api/school/learners/${learner}/guardians`, cookies.admin)).json().guardians;
    expect(listed[0]).toMatchObject({ hasAccount: false, invited: false });

    // Asked again once mail goes through: one account, one link, one mail.
    expect((await call('POST', invitePath, cookies.admin)).statusCode).toBe(200);
    expect(await accountRows()).toEqual({ users: 1, links: 1 });
    expect(await t.outbox(email)).toHaveLength(1);
  });
});
