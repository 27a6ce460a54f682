import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { fromNodeHeaders } from 'better-auth/node';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { authPost, signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import { createLearner, createRegisterClass } from '../../test/factories/school.ts';
import { attendanceRecords, authSessions, users } from '../db/schema/index.ts';
import { ATTENDANCE_MESSAGES } from '@sekolo/shared/schemas/attendance';
import { readCookie, verifySignedValue } from './session-lookup.ts';

/**
 * The guards' one-statement session check (session-lookup.ts) refuses what Better Auth's
 * getSession refuses, at once: no cookie, a tampered or foreign-signed cookie, an expired session
 * (whose row goes), a signed-out or revoked session, a deleted or suspended account; and a signed-in
 * admin of one school reads only that school. So do the register read, which reads the session in
 * its own statement (TSessionLookup.fromColumns), and the register save, which may reuse a recent
 * session read (TSessionLookup.recent) and writes nothing for a caller it refuses.
 */
const SECRET = 'test-secret-test-secret-test-secret-0123';
const sign = (token: string, secret = SECRET) =>
  `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

describe('signed session cookies', () => {
  it('accepts the signature Better Auth writes and nothing else', () => {
    expect(verifySignedValue(sign('abc123'), SECRET)).toBe('abc123');
    expect(verifySignedValue(sign('abc123', 'another-secret-another-secret-0123456'), SECRET)).toBeNull();
    expect(verifySignedValue(sign('abc123').replace('abc123', 'abc124'), SECRET)).toBeNull();
    expect(verifySignedValue('abc123', SECRET)).toBeNull();
    expect(verifySignedValue('.', SECRET)).toBeNull();
    const value = sign('abc123');
    const signature = value.slice(value.indexOf('.') + 1);
    // The URL-safe alphabet decodes to the same bytes in Node, but better-call refuses it.
    const urlSafe = signature.replace(/\+/g, '-').replace(/\//g, '_');
    if (urlSafe !== signature) expect(verifySignedValue(`abc123.${urlSafe}`, SECRET)).toBeNull();
  });

  it('reads the first cookie of a name, URL-decoded, as better-call does', () => {
    expect(readCookie('a=1; sekolo.session_token=x%2By; sekolo.session_token=z', 'sekolo.session_token')).toBe('x+y');
    expect(readCookie('sekolo.session_token="q"', 'sekolo.session_token')).toBe('q');
    expect(readCookie('other=1', 'sekolo.session_token')).toBeNull();
    expect(readCookie('xsekolo.session_token=1', 'sekolo.session_token')).toBeNull();
  });
});

describe('the guards session check', () => {
  let t: TestApp;
  const people: Record<string, TCreatedUser> = {};
  let ip = 0;
  const nextIp = () => `10.7.0.${++ip}`;
  let learnerA = '';
  let classA = '';

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    people.adminA = await createUser(db, {
      role: 'school_admin',
      organization: { name: 'Lookup Alpha School', type: 'school' },
    });
    people.adminB = await createUser(db, {
      role: 'school_admin',
      organization: { name: 'Lookup Bravo School', type: 'school' },
    });
    people.seller = await createUser(db, { role: 'school_admin', organization: { name: 'Lookup Shop', type: 'shop' } });
    classA = (await createRegisterClass(db, people.adminA.organizationId!, '8A', 8)).id;
    learnerA = (
      await createLearner(db, people.adminA.organizationId!, {
        firstName: 'Alpha',
        lastName: 'Learner',
        registerClassId: classA,
      })
    ).id;
    await createLearner(db, people.adminB.organizationId!, { firstName: 'Bravo', lastName: 'Learner' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function signedIn(who: TCreatedUser): Promise<string> {
    const { response, cookie } = await signIn(t.app, who.email, who.password, { ip: nextIp() });
    expect(response.statusCode).toBe(200);
    return cookie;
  }
  /** School A's marks of the day the save writes. */
  const marksOfA = () =>
    t.database.db
      .select()
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.registerClassId, classA), eq(attendanceRecords.date, '2026-03-02')));
  /**
   * The learner list and the register save and read of school A's class, which check the session in
   * their own statements, beside the class list, whose session the guards check: all
   * four refuse alike (the save first, so that it is the one to find an expired session), the save
   * writes nothing when it refuses, and the register is 404 to another school.
   */
  const learners = async (cookie?: string) => {
    const headers = cookie ? { cookie } : {};
    const marksBefore = await marksOfA();
    const save = await t.app.inject({
      method: 'PUT',
      url: `/api/school/attendance/classes/${classA}/register/2026-03-02`,
      headers,
      payload: { marks: [{ learnerId: learnerA, status: 'present', reason: '' }] },
    });
    const register = await t.app.inject({
      method: 'GET',
      url: `/api/school/attendance/classes/${classA}/register/2026-03-02`,
      headers,
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/school/learners?limit=50&q=le', headers });
    const guarded = await t.app.inject({ method: 'GET', url: '/api/school/classes', headers });
    if (list.statusCode === 200) {
      const own = names(list).includes('Alpha');
      expect(save.statusCode).toBe(own ? 200 : 404);
      expect(register.statusCode).toBe(own ? 200 : 404);
      if (own) {
        expect(save.json().result).toMatchObject({ saved: 1 });
        expect(register.json().register).toMatchObject({ classId: classA, className: '8A' });
        expect(register.json().register.rows).toMatchObject([{ learnerId: learnerA, status: 'present' }]);
        expect(await marksOfA()).toHaveLength(1);
      } else expect(await marksOfA()).toEqual(marksBefore);
      expect(guarded.statusCode).toBe(200);
    } else {
      expect(await marksOfA()).toEqual(marksBefore);
      expect(save.statusCode).toBe(list.statusCode);
      expect(save.json()).toEqual(list.json());
      expect(register.statusCode).toBe(list.statusCode);
      expect(register.json()).toEqual(list.json());
      expect(guarded.statusCode).toBe(list.statusCode);
      expect(guarded.json()).toEqual(list.json());
    }
    return list;
  };
  const tokenOf = (cookie: string) => {
    const pair = cookie.split('; ').find((p) => p.includes('session_token='))!;
    return decodeURIComponent(pair.slice(pair.indexOf('=') + 1)).split('.')[0]!;
  };
  const names = (res: { json(): unknown }) =>
    (res.json() as { learners: { firstName: string }[] }).learners.map((l) => l.firstName);

  it('answers the signed-in admin with their own school only', async () => {
    const a = await signedIn(people.adminA!);
    const b = await signedIn(people.adminB!);
    const resA = await learners(a);
    expect(resA.statusCode).toBe(200);
    expect(names(resA)).toEqual(['Alpha']);
    const resB = await learners(b);
    expect(resB.statusCode).toBe(200);
    expect(names(resB)).toEqual(['Bravo']);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/school/learners/${learnerA}`,
      headers: { cookie: b },
    });
    expect(other.statusCode).toBe(404);
  });

  it('checks the session before the learner list reads a query or cursor it would refuse', async () => {
    const a = await signedIn(people.adminA!);
    const badCursor = '/api/school/learners?cursor=bm90LWEtY3Vyc29y';
    for (const url of [badCursor, '/api/school/learners?limit=abc', '/api/school/learners?sort=shoe-size']) {
      const stranger = await t.app.inject({ method: 'GET', url });
      expect(stranger.statusCode, url).toBe(401);
      const shop = await t.app.inject({ method: 'GET', url, headers: { cookie: await signedIn(people.seller!) } });
      expect(shop.statusCode, url).toBe(403);
      const own = await t.app.inject({ method: 'GET', url, headers: { cookie: a } });
      expect(own.statusCode, url).toBe(400);
    }
    const own = await t.app.inject({ method: 'GET', url: badCursor, headers: { cookie: a } });
    expect(own.json().error.message).toBe(
      'This page of the list is out of date. Please start again from the first page.',
    );
    // A real cursor of the list still pages, with the session checked in the page's statement.
    const first = await t.app.inject({ method: 'GET', url: '/api/school/learners?limit=1', headers: { cookie: a } });
    expect(first.json().learners).toHaveLength(1);
  });

  it('reads the session in the page statement for the first page of a search only', async () => {
    const a = await signedIn(people.adminA!);
    const find = vi.spyOn(t.app.sessionLookup!, 'find');
    try {
      const searched = await t.app.inject({ method: 'GET', url: '/api/school/learners?q=alp', headers: { cookie: a } });
      expect(names(searched)).toEqual(['Alpha']);
      expect(find).not.toHaveBeenCalled();
      // Unprepared pages (no search, or a later page) go through the guards' own lookup.
      const all = await t.app.inject({ method: 'GET', url: '/api/school/learners', headers: { cookie: a } });
      expect(names(all)).toEqual(['Alpha']);
      expect(find).toHaveBeenCalledTimes(1);
    } finally {
      find.mockRestore();
    }
  });

  it('saves a register on a reused session read in one statement, and on a fresh read once the caller may have changed', async () => {
    const a = await signedIn(people.adminA!);
    const find = vi.spyOn(t.app.sessionLookup!, 'find');
    const url = (date: string) => `/api/school/attendance/classes/${classA}/register/${date}`;
    const marks = [{ learnerId: learnerA, status: 'late', reason: 'Taxi' }];
    const save = (date: string, payload: object, cookie?: string) =>
      t.app.inject({ method: 'PUT', url: url(date), headers: cookie ? { cookie } : {}, payload });
    try {
      expect((await save('2026-03-03', { marks }, a)).json().result).toMatchObject({ saved: 1, created: 1 });
      expect((await save('2026-03-04', { marks }, a)).json().result).toMatchObject({ saved: 1, created: 1 });
      // The second save reused the first one's session read: no lookup of its own.
      expect(find).not.toHaveBeenCalled();

      // An account's standing is written (another school's admin, reactivated): the auth generation
      // moves, so the next save finds its reused read out of date and reads the session again.
      await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, people.adminB!.id));
      expect((await save('2026-03-05', { marks }, a)).json().result).toMatchObject({ saved: 1, created: 1 });
      expect(find).toHaveBeenCalledTimes(1);

      // A body, a date or marks it would refuse: the policy first, then 400 as before.
      for (const [date, payload, message] of [
        ['2026-03-03', { marks: [] }, ATTENDANCE_MESSAGES.marksRequired],
        ['2999-01-01', { marks }, ATTENDANCE_MESSAGES.dateFuture],
        ['2026-03-03', { marks: [...marks, ...marks] }, ATTENDANCE_MESSAGES.duplicateLearner(learnerA)],
      ] as const) {
        const refused = await save(date, payload, a);
        expect(refused.statusCode, date).toBe(400);
        expect(refused.json().error.message, date).toBe(message);
        expect((await save(date, payload)).statusCode, date).toBe(401);
        expect((await save(date, payload, await signedIn(people.seller!))).statusCode, date).toBe(403);
      }
    } finally {
      find.mockRestore();
    }
  });

  it('reads the same user as Better Auth getSession', async () => {
    const a = await signedIn(people.adminA!);
    const lookup = t.app.sessionLookup;
    expect(lookup).not.toBeNull();
    const lean = await lookup!.find(a);
    const full = await t.app.auth.api.getSession({
      headers: fromNodeHeaders({ cookie: a }),
      query: { disableRefresh: true },
    });
    expect(lean?.sessionId).toBe(full?.session.id);
    expect(lean?.expiresAt.getTime()).toBe(full?.session.expiresAt.getTime());
    expect(lean?.user).toEqual({
      id: full!.user.id,
      email: full!.user.email,
      name: full!.user.name,
      firstName: full!.user.firstName,
      lastName: full!.user.lastName,
      image: full!.user.image ?? null,
      emailVerified: full!.user.emailVerified,
      role: full!.user.role,
      status: full!.user.status,
    });
    expect(lean?.organization).toMatchObject({
      id: people.adminA!.organizationId,
      name: 'Lookup Alpha School',
      type: 'school',
    });
  });

  it('refuses a missing, tampered or foreign-signed cookie with 401', async () => {
    const a = await signedIn(people.adminA!);
    const token = tokenOf(a);
    const name = a
      .split('; ')
      .find((p) => p.includes('session_token='))!
      .split('=')[0]!;
    const value = decodeURIComponent(
      a
        .split('; ')
        .find((p) => p.includes('session_token='))!
        .split('=')[1]!,
    );
    const signature = value.slice(value.lastIndexOf('.') + 1);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}.${signature}`;
    const foreign = sign(token, 'someone-elses-secret-someone-elses-0123');
    for (const cookie of [
      undefined,
      `${name}=${encodeURIComponent(tampered)}`,
      `${name}=${encodeURIComponent(foreign)}`,
      `${name}=${token}`,
    ]) {
      const res = await learners(cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } });
    }
    expect((await learners(a)).statusCode).toBe(200);
  });

  it('refuses an expired session at once and deletes it', async () => {
    const a = await signedIn(people.adminA!);
    expect((await learners(a)).statusCode).toBe(200);
    const token = tokenOf(a);
    await t.database.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.token, token));
    expect((await learners(a)).statusCode).toBe(401);
    expect(await t.database.db.select().from(authSessions).where(eq(authSessions.token, token))).toEqual([]);
  });

  it('refuses a signed-out or revoked session on the next request', async () => {
    const a = await signedIn(people.adminA!);
    expect((await learners(a)).statusCode).toBe(200);
    expect((await authPost(t.app, '/sign-out', {}, { cookie: a })).statusCode).toBe(200);
    expect((await learners(a)).statusCode).toBe(401);

    const again = await signedIn(people.adminA!);
    expect((await learners(again)).statusCode).toBe(200);
    await t.database.db.delete(authSessions).where(eq(authSessions.userId, people.adminA!.id));
    expect((await learners(again)).statusCode).toBe(401);
  });

  it('refuses a suspended or deleted account, and a member of no school', async () => {
    const suspended = await createUser(t.database.db, {
      role: 'school_admin',
      organization: { name: 'Lookup Alpha School', type: 'school' },
    });
    const cookie = await signedIn(suspended);
    expect((await learners(cookie)).statusCode).toBe(200);
    await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.id));
    expect((await learners(cookie)).statusCode).toBe(403);
    await t.database.db.delete(users).where(eq(users.id, suspended.id));
    expect((await learners(cookie)).statusCode).toBe(401);

    const shop = await signedIn(people.seller!);
    expect((await learners(shop)).statusCode).toBe(403);
  });
});
