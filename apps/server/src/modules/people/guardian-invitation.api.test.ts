import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { authPost, getMe, signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import { createGuardian, createLearner } from '../../test/factories/school.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { INVITATION_NEEDS_EMAIL, INVITATION_OTHER_ACCOUNT, invitationAccountInUse } from './invite-guardian.ts';
import * as schema from '../../platform/db/schema/index.ts';
import { withOutboxRefusing } from '../../test/outbox-refusing.ts';
import { birthDateForGrade } from '@sekolo/shared/schemas/school';

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
        dateOfBirth: birthDateForGrade('6', { monthDay: '02-02' }),
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
    // Thabo took their account up: there was no invitation to withdraw.
    expect(saved.json().invitationWithdrawn).toBe(false);
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

  /** The token of a school's request to link an existing account. */
  const linkTokenOf = (mail: { text: string }) =>
    decodeURIComponent(mail.text.match(/\/guardian-link\?token=([^&\s]+)/)![1]!);
  /** The set-password token of an invitation mail. */
  const tokenOf = (mail: { text: string }) =>
    decodeURIComponent(mail.text.match(/reset-password\?token=([^&\s]+)/)![1]!);
  let resetIp = 0;
  const choosePassword = (token: string, newPassword: string) =>
    authPost(t.app, '/reset-password', { newPassword, token }, { ip: `10.9.3.${++resetIp}` });
  const accountsAt = (email: string) =>
    t.database.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email));
  /** A guardian of a new learner of `who`'s school, invited at `email`; answers the paths and the account. */
  const invitedGuardian = async (who: string, admissionNumber: string, email: string) => {
    const learner = await addLearner(who, admissionNumber, 'Ayanda');
    const [guardian] = (
      await call('POST', `/api/school/learners/${learner}/guardians`, cookies[who], {
        firstName: 'Mpho',
        lastName: 'Khoza',
        email,
        relation: 'parent',
      })
    ).json().guardians;
    const path = `/api/school/learners/${learner}/guardians`;
    const invited = await call('POST', `${path}/${guardian.id}/invite`, cookies[who]);
    expect(invited.statusCode, invited.body).toBe(200);
    const [account] = await accountsAt(email);
    return {
      learner,
      guardian: guardian.id as string,
      path,
      userId: account!.id,
      token: tokenOf((await t.outbox(email))[0]!),
    };
  };
  /** The school corrects the guardian's address (the edit form's save). */
  const correctAddress = async (who: string, path: string, guardianId: string, email: string) => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${path}/${guardianId}`,
      headers: { cookie: cookies[who]! },
      payload: { firstName: 'Mpho', lastName: 'Khoza', email, relation: 'parent' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json().guardians.find((g: { id: string }) => g.id === guardianId);
  };
  /** "Forgot password" for an address: answers how many set-password mails it then holds. */
  const forgotPassword = async (email: string) => {
    const asked = await authPost(
      t.app,
      '/request-password-reset',
      { email, redirectTo: '/reset-password' },
      {
        ip: `10.9.5.${++resetIp}`,
      },
    );
    expect(asked.statusCode, asked.body).toBe(200);
    return (await t.outbox(email)).length;
  };
  /**
   * The guardian takes the invitation up: chooses a password from the mail's link, signs in with
   * `email`, and answers the children they then see (and their session cookie).
   */
  const takeUp = async (mail: { text: string }, email: string, password: string, ip: string) => {
    const reset = await choosePassword(tokenOf(mail), password);
    expect(reset.statusCode, reset.body).toBe(200);
    const session = await signIn(t.app, email, password, { ip });
    expect(session.response.statusCode).toBe(200);
    return (await call('GET', '/api/school/my-children', session.cookie)).json().children as { id: string }[];
  };
  /** The school's saves of a learner's guardians (guardian.updated), oldest first. */
  const updatedAudits = (learnerId: string) =>
    t.database.db
      .select({ details: schema.auditEvents.details })
      .from(schema.auditEvents)
      .where(
        and(eq(schema.auditEvents.action, 'guardian.updated'), eq(schema.auditEvents.target, `learner:${learnerId}`)),
      )
      .orderBy(schema.auditEvents.id);
  const invitedAudits = (guardianId: string) =>
    t.database.db
      .select({ target: schema.auditEvents.target, details: schema.auditEvents.details })
      .from(schema.auditEvents)
      .where(
        and(eq(schema.auditEvents.action, 'guardian.invited'), eq(schema.auditEvents.actorUserId, people.admin!.id)),
      )
      .then((rows) => rows.filter((r) => (r.details as { guardianId?: string }).guardianId === guardianId));

  it('a corrected address takes an invitation nobody has taken up with it: one account, the old link withdrawn', async () => {
    const typo = 'mpho.khoza@exmaple.test';
    const email = 'mpho.khoza@example.test';
    const first = await invitedGuardian('admin', 'INV5', typo);
    // Corrected before Mpho chose a password: the unclaimed account moves to the corrected address
    // with the save, still invited, so "Forgot password" at the mistyped one reaches nobody.
    expect(await correctAddress('admin', first.path, first.guardian, email)).toMatchObject({
      email,
      signInEmail: email,
      invited: true,
      hasAccount: false,
    });
    expect(await accountsAt(typo)).toEqual([]);
    expect(await forgotPassword(typo)).toBe(1); // the invitation only

    const again = await call('POST', `${first.path}/${first.guardian}/invite`, cookies.admin);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ email });
    // The same account, now at the corrected address: nothing is left at the mistyped one.
    expect(await accountsAt(typo)).toEqual([]);
    expect(await accountsAt(email)).toEqual([{ id: first.userId }]);
    const listed = (await call('GET', first.path, cookies.admin)).json().guardians[0];
    expect(listed).toMatchObject({ email, signInEmail: email, invited: true, hasAccount: false });
    // The mistyped address's link no longer sets a password; the corrected one's does.
    expect((await choosePassword(first.token, 'a-typo-owner-password-9')).statusCode).toBe(400);
    const [mail] = await t.outbox(email);
    expect(mail!.text).toContain(`Then sign in with ${email}.`);
    expect(await takeUp(mail!, email, 'mpho-chose-this-password-9', '10.9.4.2')).toEqual([
      expect.objectContaining({ id: first.learner }),
    ]);
    expect((await signIn(t.app, typo, 'mpho-chose-this-password-9', { ip: '10.9.4.1' })).response.statusCode).toBe(401);
    const [moved] = await updatedAudits(first.learner);
    expect(moved!.details).toMatchObject({ invitationWithdrawn: true, signInAddressMoved: true });
    expect(await invitedAudits(first.guardian)).toHaveLength(2);

    // Now Mpho signs in: a new address from the school changes where it writes, not how they sign in.
    expect(await correctAddress('admin', first.path, first.guardian, 'mpho.work@example.test')).toMatchObject({
      signInEmail: email,
      hasAccount: true,
    });
    const refused = await call('POST', `${first.path}/${first.guardian}/invite`, cookies.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(invitationAccountInUse('Mpho', email));
    expect(await accountsAt('mpho.work@example.test')).toEqual([]);
    expect(await accountsAt(email)).toEqual([{ id: first.userId }]);
    expect(await t.outbox('mpho.work@example.test')).toHaveLength(0);
    expect((await signIn(t.app, email, 'mpho-chose-this-password-9', { ip: '10.9.4.3' })).response.statusCode).toBe(
      200,
    );
  });

  it('the link mailed to a mistyped address stops working when the corrected address is saved, not only once invited again', async () => {
    const typo = 'lindiwe.khoza@exmaple.test';
    const email = 'lindiwe.khoza@example.test';
    const first = await invitedGuardian('admin', 'INV9', typo);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${first.path}/${first.guardian}`,
      headers: { cookie: cookies.admin! },
      payload: { firstName: 'Mpho', lastName: 'Khoza', email, relation: 'parent' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The answer says so (the form tells the admin to invite again); the card still offers it.
    expect(saved.json().invitationWithdrawn).toBe(true);
    expect(saved.json().guardians[0]).toMatchObject({ email, signInEmail: email, invited: true, hasAccount: false });
    // Nor can "Forgot password" at the mistyped address reach the account: it is at the corrected one.
    expect(await accountsAt(typo)).toEqual([]);
    expect(await forgotPassword(typo)).toBe(1); // the invitation only
    // Whoever has the mistyped address finds the link invalid, and cannot sign in.
    const late = await choosePassword(first.token, 'a-typo-owner-password-9');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(
      await t.database.db
        .select()
        .from(schema.authVerifications)
        .where(eq(schema.authVerifications.value, first.userId)),
    ).toEqual([]);
    expect((await signIn(t.app, typo, 'a-typo-owner-password-9', { ip: '10.9.4.5' })).response.statusCode).toBe(401);
    const [audit] = await updatedAudits(first.learner);
    expect(audit!.details).toMatchObject({
      guardianId: first.guardian,
      invitationWithdrawn: true,
      signInAddressMoved: true,
    });
    expect(audit!.details).not.toHaveProperty('signInUnchanged');
    // Nothing went to the new address yet; saving again (no new address) withdraws nothing more.
    expect(await t.outbox(email)).toHaveLength(0);
    const unchanged = await t.app.inject({
      method: 'PUT',
      url: `${first.path}/${first.guardian}`,
      headers: { cookie: cookies.admin! },
      payload: { firstName: 'Mpho', lastName: 'Khoza', email, phone: '082 123 4567', relation: 'parent' },
    });
    expect(unchanged.json().invitationWithdrawn).toBe(false);
    // Invited again, the new address's link works and Mpho sees the child.
    expect((await call('POST', `${first.path}/${first.guardian}/invite`, cookies.admin)).statusCode).toBe(200);
    const [mail] = await t.outbox(email);
    expect(await takeUp(mail!, email, 'mpho-chose-this-password-9', '10.9.4.6')).toEqual([
      expect.objectContaining({ id: first.learner }),
    ]);
  });

  it('a corrected address that has a parent account of another school: the school asks its holder, and the unclaimed account is deleted', async () => {
    const parent = await createUser(t.database.db, {
      role: 'parent',
      organization: { name: 'Elsewhere High', type: 'school' },
    });
    const first = await invitedGuardian('admin', 'INV6', 'mpho.k@exmaple.test');
    // Saved: the unclaimed account cannot move onto an address with an account, so it goes.
    expect(await correctAddress('admin', first.path, first.guardian, parent.email)).toMatchObject({
      signInEmail: null,
      invited: false,
    });
    expect(await accountsAt('mpho.k@exmaple.test')).toEqual([]);
    const again = await call('POST', `${first.path}/${first.guardian}/invite`, cookies.admin);
    expect(again.statusCode, again.body).toBe(200);
    expect(await accountsAt(parent.email)).toEqual([{ id: parent.id }]);
    // The account is another school's parent's: this school asks, and sees nothing of it meanwhile.
    expect((await call('GET', first.path, cookies.admin)).json().guardians[0]).toMatchObject({
      email: parent.email,
      signInEmail: null,
      hasAccount: false,
      invited: false,
      linkRequest: 'pending',
    });
    const memberships = await t.database.db
      .select({ organizationId: schema.organizationMembers.organizationId })
      .from(schema.organizationMembers)
      .where(eq(schema.organizationMembers.userId, parent.id));
    expect(memberships).toEqual([{ organizationId: people.otherAdmin!.organizationId }]);
    const [request] = await t.outbox(parent.email);
    expect(request!.subject).toBe('Invite Primary asks to link your account to Ayanda');
    expect((await choosePassword(first.token, 'a-typo-owner-password-9')).statusCode).toBe(400);
    expect(
      await t.database.db
        .select()
        .from(schema.authVerifications)
        .where(eq(schema.authVerifications.value, first.userId)),
    ).toEqual([]);
    const [saved] = await updatedAudits(first.learner);
    expect(saved!.details).toMatchObject({
      invitationWithdrawn: true,
      previousAccount: `user:${first.userId}`,
      previousAccountDeleted: true,
    });
    // The parent signs in as before, accepts, and now sees this school's child too.
    const signedIn = await signIn(t.app, parent.email, parent.password, { ip: '10.9.4.4' });
    expect((await call('GET', '/api/school/my-children', signedIn.cookie)).json().children).toEqual([]);
    const accepted = await call('POST', '/api/guardian-links/accept', signedIn.cookie, {
      token: linkTokenOf(request!),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await call('GET', '/api/school/my-children', signedIn.cookie)).json().children).toEqual([
      expect.objectContaining({ id: first.learner }),
    ]);
    expect((await call('GET', first.path, cookies.admin)).json().guardians[0]).toMatchObject({
      signInEmail: parent.email,
      hasAccount: true,
    });
  });

  it('a corrected address of a staff member: the unclaimed account goes, and inviting there is refused', async () => {
    const first = await invitedGuardian('admin', 'INV7', 'mpho.s@exmaple.test');
    await correctAddress('admin', first.path, first.guardian, people.teacher!.email);
    expect(await accountsAt('mpho.s@exmaple.test')).toEqual([]);
    const refused = await call('POST', `${first.path}/${first.guardian}/invite`, cookies.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(INVITATION_OTHER_ACCOUNT);
    // The teacher's account is not the guardian's, and the guardian is not invited.
    expect(await accountsAt(people.teacher!.email)).toEqual([{ id: people.teacher!.id }]);
    expect((await call('GET', first.path, cookies.admin)).json().guardians[0]).toMatchObject({
      signInEmail: null,
      invited: false,
      hasAccount: false,
    });
  });

  it('an unclaimed account another school made is not taken by a second school: it asks, and the holder answers once signed in', async () => {
    const shared = 'mpho.both@example.test';
    const ours = await invitedGuardian('admin', 'INV8', shared);
    const learner = await addLearner('otherAdmin', 'INV8', 'Far');
    const path = `/api/school/learners/${learner}/guardians`;
    const [theirs] = (
      await call('POST', path, cookies.otherAdmin, {
        firstName: 'Mpho',
        lastName: 'Khoza',
        email: shared,
        relation: 'parent',
      })
    ).json().guardians;
    expect((await call('POST', `${path}/${theirs.id}/invite`, cookies.otherAdmin)).statusCode).toBe(200);
    // One account, still this school's only; the other school sees an invitation waiting.
    expect(await accountsAt(shared)).toEqual([{ id: ours.userId }]);
    const memberships = await t.database.db
      .select({ organizationId: schema.organizationMembers.organizationId })
      .from(schema.organizationMembers)
      .where(eq(schema.organizationMembers.userId, ours.userId));
    expect(memberships).toEqual([{ organizationId: people.admin!.organizationId }]);
    expect((await call('GET', path, cookies.otherAdmin)).json().guardians[0]).toMatchObject({
      signInEmail: null,
      invited: false,
      hasAccount: false,
      linkRequest: 'pending',
    });
    const mails = await t.outbox(shared);
    const request = mails.find((m) => m.tag === 'school-guardian-link-request')!;
    expect(request.subject).toBe('Elsewhere High asks to link your account to Far');
    // The holder takes this school's invitation up, then accepts the other school's request.
    const invitation = mails.find((m) => m.tag === 'school-guardian-invitation')!;
    expect(await takeUp(invitation, shared, 'the-real-owner-password-9', '10.9.4.7')).toEqual([
      expect.objectContaining({ id: ours.learner }),
    ]);
    const session = await signIn(t.app, shared, 'the-real-owner-password-9', { ip: '10.9.4.8' });
    const accepted = await call('POST', '/api/guardian-links/accept', session.cookie, { token: linkTokenOf(request) });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const children = (await call('GET', '/api/school/my-children', session.cookie)).json().children as { id: string }[];
    expect(children.map((c) => c.id).sort()).toEqual([ours.learner, learner].sort());
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
