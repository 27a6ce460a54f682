import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { GUARDIAN_LINK_MESSAGES } from '@sekolo/shared/schemas/school';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import { createGuardian, createLearner } from '../../test/factories/school.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { routeTable } from '../../test/route-table.ts';
import * as schema from '../../platform/db/schema/index.ts';
import { multipartBody, SAMPLE } from '../../test/uploads.ts';

/**
 * One school may not take another school's parent: inviting a guardian at the address of an
 * account outside the school only asks its holder, who accepts or declines signed in as that
 * account. Until then the school sees nothing of the account and reads none of its files.
 */
describe('a school asks an account outside it to be linked to a learner', () => {
  let t: TestApp;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-guardian-link-'));
  const people: Record<string, TCreatedUser> = {};
  const cookies: Record<string, string> = {};
  let ip = 0;
  const nextIp = () => `10.31.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`;
  const alpha = { name: 'Alpha Primary', type: 'school' as const };
  const beta = { name: 'Beta High', type: 'school' as const };
  let avatarUrl = '';
  let uploadId = '';

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir });
    const db = t.database.db;
    people.alphaAdmin = await createUser(db, { role: 'school_admin', organization: alpha });
    people.betaAdmin = await createUser(db, { role: 'school_admin', organization: beta });
    // Alpha's parent: their own account, with a picture and a file of their own.
    people.parent = await createUser(db, {
      role: 'parent',
      firstName: 'Thandi',
      lastName: 'Dube',
      email: 'thandi.dube@example.test',
      organization: alpha,
    });
    people.otherParent = await createUser(db, { role: 'parent', organization: alpha });
    people.alphaTeacher = await createUser(db, { role: 'teacher', organization: alpha });
    people.betaParent = await createUser(db, { role: 'parent', organization: beta });
    for (const [key, person] of Object.entries(people)) {
      const { response, cookie } = await signIn(t.app, person.email, person.password, { ip: nextIp() });
      expect(response.statusCode).toBe(200);
      cookies[key] = cookie;
    }
    const alphaLearner = await createLearner(db, people.alphaAdmin.organizationId!, { firstName: 'Lwazi' });
    await createGuardian(db, people.alphaAdmin.organizationId!, alphaLearner.id, {
      firstName: 'Thandi',
      lastName: 'Dube',
      email: people.parent.email,
      userId: people.parent.id,
    });
    const avatar = await t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      ...withCookie(multipartBody({ name: 'me.png', type: 'image/png', bytes: SAMPLE.png }), cookies.parent!),
    });
    expect(avatar.statusCode, avatar.body).toBe(200);
    avatarUrl = avatar.json().image;
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      ...withCookie(multipartBody({ name: 'id.pdf', type: 'application/pdf', bytes: SAMPLE.pdf }), cookies.parent!),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    uploadId = upload.json().id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const withCookie = (body: { payload: Buffer; headers: Record<string, string> }, cookie: string) => ({
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: cookies[who]! } : {}, ...(payload ? { payload } : {}) });
  const linkCall = (action: 'open' | 'accept' | 'decline', token: string, who?: string) =>
    call('POST', `/api/guardian-links/${action}`, who, { token });
  const tokenOf = (mail: { text: string }) =>
    decodeURIComponent(mail.text.match(/\/guardian-link\?token=([^&\s]+)/)![1]!);
  const membershipsOf = (userId: string) =>
    t.database.db
      .select({ organizationId: schema.organizationMembers.organizationId, role: schema.organizationMembers.role })
      .from(schema.organizationMembers)
      .where(eq(schema.organizationMembers.userId, userId));
  const inBeta = async (userId: string) =>
    (await membershipsOf(userId)).some((m) => m.organizationId === people.betaAdmin!.organizationId);
  const auditsOf = (action: string) =>
    t.database.db
      .select({ actor: schema.auditEvents.actorUserId, target: schema.auditEvents.target })
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.action, action));

  /** Beta adds a learner and a guardian at `email`, and invites them; answers the paths. */
  const betaInvites = async (email: string, learnerFirstName: string) => {
    const learner = await createLearner(t.database.db, people.betaAdmin!.organizationId!, {
      firstName: learnerFirstName,
    });
    const added = await call('POST', `/api/school/learners/${learner.id}/guardians`, 'betaAdmin', {
      firstName: 'Thandi',
      lastName: 'Dube',
      email,
      relation: 'parent',
    });
    expect(added.statusCode, added.body).toBe(201);
    const guardian = added.json().guardians[0] as { id: string };
    const list = `/api/school/learners/${learner.id}/guardians`;
    const invite = `${list}/${guardian.id}/invite`;
    const invited = await call('POST', invite, 'betaAdmin');
    expect(invited.statusCode, invited.body).toBe(200);
    const row = async () =>
      ((await call('GET', list, 'betaAdmin')).json().guardians as { id: string }[]).find((g) => g.id === guardian.id)!;
    return { learnerId: learner.id, guardianId: guardian.id, list, invite, row };
  };

  it('sends a request, not an account: no membership, no account data and no files until the holder accepts', async () => {
    const parent = people.parent!;
    const asked = await betaInvites(parent.email, 'Zola');

    // The mail asks; it does not say an account was made, and carries no set-password link.
    const [mail] = await t.outbox(parent.email);
    expect(mail!.subject).toBe('Beta High asks to link your account to Zola');
    expect(mail!.tag).toBe('school-guardian-link-request');
    expect(mail!.text).not.toMatch(/created|reset-password/i);
    expect(mail!.text).toContain('Accept or Decline');

    // Beta: no membership, and its screens show the invitation only.
    expect(await inBeta(parent.id)).toBe(false);
    expect(await asked.row()).toMatchObject({
      firstName: 'Thandi',
      hasAccount: false,
      invited: false,
      signInEmail: null,
      linkRequest: 'pending',
    });
    const [guardian] = await t.database.db
      .select({ userId: schema.guardians.userId })
      .from(schema.guardians)
      .where(eq(schema.guardians.id, asked.guardianId));
    expect(guardian!.userId).toBeNull();

    // Every route of the app that answers a file, tried as Beta's admin: nothing of the parent's.
    // The list is read from the route table, so a new file route fails here until it is tried too.
    const fileRoutes = routeTable(t.app, '/api').filter(
      (r) => r.startsWith('GET ') && /avatar|upload|\.csv|\/pdf\b|download|\/files?\b/i.test(r),
    );
    const tries: Record<string, () => Promise<void>> = {
      'GET /api/me/avatar/:userId': async () => {
        expect((await call('GET', avatarUrl, 'betaAdmin')).statusCode).toBe(404);
        expect((await call('GET', `/api/me/avatar/${parent.id}`, 'betaAdmin')).statusCode).toBe(404);
      },
      'GET /api/uploads/:id': async () => {
        expect((await call('GET', `/api/uploads/${uploadId}`, 'betaAdmin')).statusCode).toBe(404);
        expect((await call('GET', `/api/uploads/${uploadId}?download=1`, 'betaAdmin')).statusCode).toBe(404);
      },
      // Beta's own exports: its learners and registers, none of the parent's account.
      'GET /api/school/learners/export.csv': async () => {
        const exported = await call('GET', '/api/school/learners/export.csv', 'betaAdmin');
        expect(exported.statusCode).toBe(200);
        expect(exported.body).not.toMatch(new RegExp(`${parent.email}|Lwazi`));
      },
      'GET /api/school/attendance/export.csv': async () => {
        const exported = await call('GET', '/api/school/attendance/export.csv', 'betaAdmin');
        expect(exported.statusCode, exported.body).toBe(200);
        expect(exported.body).not.toMatch(new RegExp(`${parent.email}|Lwazi`));
      },
      // Beta's own chronic absentees and admission applications, none of the parent's account.
      ...Object.fromEntries(
        ['/api/school/attendance/report/absentees.csv', '/api/school/admissions/applications.csv'].map((url) => [
          `GET ${url}`,
          async () => {
            const exported = await call('GET', url, 'betaAdmin');
            expect(exported.statusCode, exported.body).toBe(200);
            expect(exported.body).not.toMatch(new RegExp(`${parent.email}|Lwazi`));
          },
        ]),
      ),
      // An announcement's attachment opens for its recipients only: another id is 404.
      'GET /api/announcements/received/:announcementId/attachments/:uploadId': async () => {
        const url = `/api/announcements/received/${crypto.randomUUID()}/attachments/${uploadId}`;
        expect((await call('GET', url, 'betaAdmin')).statusCode).toBe(404);
      },
      // Beta's fee exports: its own families only, none of the parent's account.
      ...Object.fromEntries(
        [
          '/api/school/finance/age-analysis.csv',
          '/api/school/finance/exports/transactions.csv',
          '/api/school/finance/exports/journal.csv',
        ].map((url) => [
          `GET ${url}`,
          async () => {
            const exported = await call('GET', url, 'betaAdmin');
            expect(exported.statusCode, exported.body).toBe(200);
            expect(exported.body).not.toMatch(new RegExp(`${parent.email}|Lwazi`));
          },
        ]),
      ),
      // An exemption application's document opens to its school's finance staff: another school's
      // application, with the parent's own upload, is 404.
      'GET /api/school/finance/exemption-applications/:applicationId/documents/:uploadId': async () => {
        const url = `/api/school/finance/exemption-applications/${crypto.randomUUID()}/documents/${uploadId}`;
        expect((await call('GET', url, 'betaAdmin')).statusCode).toBe(404);
      },
      // A mark schedule and a report card are of Beta's own classes and learners: another id is 404.
      'GET /api/school/assessment/subject-classes/:id/mark-schedule.csv': async () => {
        const url = `/api/school/assessment/subject-classes/${crypto.randomUUID()}/mark-schedule.csv?year=2026&term=1`;
        expect((await call('GET', url, 'betaAdmin')).statusCode).toBe(404);
      },
      'GET /api/school/report-cards/:id/pdf': async () => {
        const card = await call('GET', `/api/school/report-cards/${crypto.randomUUID()}/pdf`, 'betaAdmin');
        expect(card.statusCode).toBe(404);
      },
      // An event's attendee list is of Beta's own events: another id is 404.
      'GET /api/school/events/:eventId/attendees.csv': async () => {
        const url = `/api/school/events/${crypto.randomUUID()}/attendees.csv`;
        expect((await call('GET', url, 'betaAdmin')).statusCode).toBe(404);
      },
      // The library's import template holds no one's data: its columns and an example row.
      'GET /api/school/library/import-template.csv': async () => {
        const template = await call('GET', '/api/school/library/import-template.csv', 'betaAdmin');
        expect(template.statusCode).toBe(200);
        expect(template.body).not.toMatch(new RegExp(`${parent.email}|Lwazi`));
      },
      // An invoice answers its buyer only (invoices.ts), whoever else asks.
      'GET /api/payments/invoices/:invoiceId/pdf': async () => {
        const invoice = await call('GET', `/api/payments/invoices/${crypto.randomUUID()}/pdf`, 'betaAdmin');
        expect(invoice.statusCode).toBe(404);
      },
    };
    expect(fileRoutes).toEqual(Object.keys(tries).sort());
    for (const route of fileRoutes) await tries[route]!();
    // Alpha, the parent's school, sees the picture: the rule is membership, not a blanket refusal.
    expect((await call('GET', avatarUrl, 'alphaAdmin')).statusCode).toBe(200);
    // An upload is read by an organisation's admins only when attached to that organisation's record;
    // this one is attached to none, so not even Alpha's admin reads it.
    expect((await call('GET', `/api/uploads/${uploadId}`, 'alphaAdmin')).statusCode).toBe(404);
    // Nor does the parent see Beta's learner yet.
    const before = (await call('GET', '/api/school/my-children', 'parent')).json().children as { id: string }[];
    expect(before.map((c) => c.id)).not.toContain(asked.learnerId);

    // The holder, signed in, reads who asks, and accepts.
    const token = tokenOf(mail!);
    expect((await linkCall('open', token)).statusCode).toBe(401);
    const opened = await linkCall('open', token, 'parent');
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().request).toMatchObject({
      schoolName: 'Beta High',
      learnerFirstNames: ['Zola'],
      relation: 'parent',
    });
    const accepted = await linkCall('accept', token, 'parent');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ schoolName: 'Beta High' });

    expect(await membershipsOf(parent.id)).toEqual(
      expect.arrayContaining([{ organizationId: people.betaAdmin!.organizationId, role: 'parent' }]),
    );
    const after = (await call('GET', '/api/school/my-children', 'parent')).json().children as { id: string }[];
    expect(after.map((c) => c.id)).toContain(asked.learnerId);
    expect(await asked.row()).toMatchObject({ hasAccount: true, signInEmail: parent.email, linkRequest: null });
    expect(await auditsOf('guardian.link_accepted')).toEqual([
      { actor: parent.id, target: `learner:${asked.learnerId}` },
    ]);
    // A member now: the school sees the picture it shares, but none of the parent's files.
    expect((await call('GET', avatarUrl, 'betaAdmin')).statusCode).toBe(200);
    expect((await call('GET', `/api/uploads/${uploadId}`, 'betaAdmin')).statusCode).toBe(404);
    // The link worked once.
    expect((await linkCall('accept', token, 'parent')).statusCode).toBe(404);
  });

  it('works only for the account it was sent to: another signed-in account, the school’s admin, are refused', async () => {
    const holder = await createUser(t.database.db, { role: 'parent', organization: alpha });
    const asked = await betaInvites(holder.email, 'Ayanda');
    const token = tokenOf((await t.outbox(holder.email))[0]!);
    for (const who of ['otherParent', 'betaAdmin', 'alphaAdmin']) {
      for (const action of ['open', 'accept', 'decline'] as const) {
        const refused = await linkCall(action, token, who);
        expect(refused.statusCode, `${who} ${action}`).toBe(403);
        expect(refused.json().error).toEqual({ code: 'FORBIDDEN', message: GUARDIAN_LINK_MESSAGES.otherAccount });
      }
    }
    expect(await inBeta(people.otherParent!.id)).toBe(false);
    expect(await inBeta(holder.id)).toBe(false);
    expect(await asked.row()).toMatchObject({ hasAccount: false, linkRequest: 'pending' });
    // A made-up token answers as any dead link.
    expect((await linkCall('open', 'x'.repeat(43), 'otherParent')).statusCode).toBe(404);
    expect((await linkCall('open', 'short', 'otherParent')).statusCode).toBe(400);
  });

  it('declined: recorded, audited, the school told, and nothing linked', async () => {
    const holder = await createUser(t.database.db, { role: 'parent', organization: alpha });
    const session = await signIn(t.app, holder.email, holder.password, { ip: nextIp() });
    const asked = await betaInvites(holder.email, 'Naledi');
    const token = tokenOf((await t.outbox(holder.email))[0]!);
    const declined = await t.app.inject({
      method: 'POST',
      url: '/api/guardian-links/decline',
      headers: { cookie: session.cookie },
      payload: { token },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await inBeta(holder.id)).toBe(false);
    expect(await asked.row()).toMatchObject({ hasAccount: false, signInEmail: null, linkRequest: 'declined' });
    const [told] = await t.outbox(people.betaAdmin!.email);
    expect(told).toMatchObject({ subject: 'Thandi Dube declined the invitation for Naledi' });
    expect((await auditsOf('guardian.link_declined')).filter((a) => a.actor === holder.id)).toHaveLength(1);
    // Answered: the link is dead, and accepting afterwards links nothing.
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/guardian-links/accept',
      headers: { cookie: session.cookie },
      payload: { token },
    });
    expect(late.statusCode).toBe(404);
    expect(await inBeta(holder.id)).toBe(false);
  });

  it('an expired link, and one the school withdrew (invited again, address corrected, guardian removed), no longer work', async () => {
    const holder = await createUser(t.database.db, { role: 'parent', organization: alpha });
    const session = await signIn(t.app, holder.email, holder.password, { ip: nextIp() });
    const open = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/guardian-links/accept',
        headers: { cookie: session.cookie },
        payload: { token },
      });
    const asked = await betaInvites(holder.email, 'Sizwe');
    const first = tokenOf((await t.outbox(holder.email))[0]!);

    // Invited again: only the newest link works.
    expect((await call('POST', asked.invite, 'betaAdmin')).statusCode).toBe(200);
    const second = tokenOf((await t.outbox(holder.email))[0]!);
    expect(second).not.toBe(first);
    expect((await open(first)).statusCode).toBe(404);

    // Past its 7 days: dead, and the card says so.
    await t.database.db
      .update(schema.guardianLinkRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(schema.guardianLinkRequests.guardianId, asked.guardianId)));
    expect(await asked.row()).toMatchObject({ linkRequest: 'expired' });
    const expired = await open(second);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error.message).toBe(GUARDIAN_LINK_MESSAGES.notFound);

    // The address corrected: the link sent to the old one stops working.
    expect((await call('POST', asked.invite, 'betaAdmin')).statusCode).toBe(200);
    const third = tokenOf((await t.outbox(holder.email))[0]!);
    const saved = await call('PUT', `${asked.list}/${asked.guardianId}`, 'betaAdmin', {
      firstName: 'Thandi',
      lastName: 'Dube',
      email: 'thandi.other@example.test',
      relation: 'parent',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().invitationWithdrawn).toBe(true);
    expect((await open(third)).statusCode).toBe(404);

    // Back to the holder's address, asked again, then removed from the learner: withdrawn too.
    await call('PUT', `${asked.list}/${asked.guardianId}`, 'betaAdmin', {
      firstName: 'Thandi',
      lastName: 'Dube',
      email: holder.email,
      relation: 'parent',
    });
    expect((await call('POST', asked.invite, 'betaAdmin')).statusCode).toBe(200);
    const fourth = tokenOf((await t.outbox(holder.email))[0]!);
    expect((await call('DELETE', `${asked.list}/${asked.guardianId}`, 'betaAdmin')).statusCode).toBe(200);
    expect((await open(fourth)).statusCode).toBe(404);
    expect(await inBeta(holder.id)).toBe(false);
  });

  it('an account of another kind is asked too, and may decline, but only a parent account is linked', async () => {
    const teacher = people.alphaTeacher!;
    const asked = await betaInvites(teacher.email, 'Kagiso');
    expect(await asked.row()).toMatchObject({ hasAccount: false, signInEmail: null, linkRequest: 'pending' });
    const token = tokenOf((await t.outbox(teacher.email))[0]!);
    const refused = await linkCall('accept', token, 'alphaTeacher');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(GUARDIAN_LINK_MESSAGES.notParent);
    expect(await inBeta(teacher.id)).toBe(false);
    expect((await linkCall('decline', token, 'alphaTeacher')).statusCode).toBe(200);
  });

  it('a parent who is a member of the school already (a sibling’s parent) is linked at once, as before', async () => {
    const sibling = people.betaParent!;
    const asked = await betaInvites(sibling.email, 'Buhle');
    expect(await asked.row()).toMatchObject({ hasAccount: true, signInEmail: sibling.email, linkRequest: null });
    const children = (await call('GET', '/api/school/my-children', 'betaParent')).json().children as { id: string }[];
    expect(children.map((c) => c.id)).toContain(asked.learnerId);
    const mails = await t.outbox(sibling.email);
    expect(mails.map((m) => m.tag)).not.toContain('school-guardian-link-request');
  });
});
