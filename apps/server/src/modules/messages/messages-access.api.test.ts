import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLES, SCHOOL_STAFF_ROLES, type TRole } from '@sekolo/shared/constants/roles';
import { MESSAGING_STAFF_ROLES } from '@sekolo/shared/schemas/messages';
import { users as userTable } from '../../platform/db/schema/index.ts';
import type { TOrganizationType } from '../../platform/tenancy/organizations.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import { routeTable } from '../../test/route-table.ts';
import { createGuardian, createLearner, createRegisterClass, setClassTeacher } from '../../test/factories/school.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { messagesSchool } from './test-fixtures.ts';

/**
 * Every role against every messages route (and the realtime stream), as the people module's role
 * matrix does for /api/school: a member of the school in each school role, every other role as an
 * outsider in its kind of organisation, the school's admin suspended while signed in, and a caller
 * signed out. Reading and writing in a conversation is for its participants (anyone else: 404, as
 * for a conversation that does not exist); starting one is for the school's staff and parents.
 */
const MEMBER_ROLES = ['school_admin', 'teacher', 'student', 'parent', ...SCHOOL_STAFF_ROLES, 'ai_assistant'] as const;
const OUTSIDERS: { role: TRole; organization: TOrganizationType | null }[] = [
  { role: 'customer', organization: null },
  { role: 'platform_admin', organization: null },
  { role: 'business_partner', organization: 'business' },
  { role: 'service_vendor', organization: 'business' },
  { role: 'product_vendor', organization: 'business' },
  { role: 'lms_tutor', organization: 'business' },
  { role: 'charity', organization: 'charity' },
  { role: 'young_entrepreneur', organization: 'shop' },
];

type TCaller = { key: string; role: TRole | null; member: boolean; active: boolean; session: boolean };
const CALLERS: TCaller[] = [
  ...MEMBER_ROLES.map((role) => ({ key: role, role, member: true, active: true, session: true })),
  ...OUTSIDERS.map(({ role }) => ({ key: `outsider_${role}`, role, member: false, active: true, session: true })),
  { key: 'suspended_school_admin', role: 'school_admin', member: true, active: false, session: true },
  { key: 'signed_out', role: null, member: false, active: false, session: false },
];

const schoolMessenger = (c: TCaller) =>
  c.active && c.member && (c.role === 'parent' || (MESSAGING_STAFF_ROLES as readonly string[]).includes(c.role!));

describe('messages: every role against every route', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof messagesSchool>>;
  let conversationId: string;
  const users: Record<string, TCreatedUser> = {};
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    s = await messagesSchool(db, 'Roles');
    const school = { name: 'Greenfield High Roles', type: 'school' as const };
    for (const role of MEMBER_ROLES)
      users[role] = await createUser(db, { role, firstName: 'Role', lastName: role, organization: school });
    for (const { role, organization } of OUTSIDERS)
      users[`outsider_${role}`] = await createUser(db, {
        role,
        organization: organization ? { name: `Outside ${role}`, type: organization } : undefined,
      });
    users.suspended_school_admin = await createUser(db, { role: 'school_admin', organization: school });
    // The parent (role 'parent' above) is the guardian of Lerato; the teacher teaches her.
    const room = await createRegisterClass(db, s.organizationId, '9C Roles', 9);
    await setClassTeacher(db, s.organizationId, room.id, users.teacher!.id);
    const learner = await createLearner(db, s.organizationId, {
      firstName: 'Karabo',
      grade: 9,
      registerClassId: room.id,
    });
    await createGuardian(db, s.organizationId, learner.id, { userId: users.parent!.id, email: null });
    for (const [key, user] of Object.entries(users))
      cookies[key] = (await signIn(t.app, user.email, user.password)).cookie;
    await db.update(userTable).set({ status: 'suspended' }).where(eq(userTable.id, users.suspended_school_admin!.id));
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/messages/conversations',
      headers: { cookie: cookies.parent! },
      payload: { recipient: { kind: 'user', userId: users.teacher!.id }, subject: 'Karabo', body: 'Good day' },
    });
    expect(started.statusCode).toBe(201);
    conversationId = started.json().conversationId;
  });
  afterAll(() => t?.close());

  const participant = (c: TCaller) => c.active && (c.key === 'parent' || c.key === 'teacher');
  const signedIn = (c: TCaller) => c.active;
  /** For each route: who may use it, the status they get, the status other active callers get, and the request. */
  const MATRIX: Record<
    string,
    {
      allows: (c: TCaller) => boolean;
      ok: number;
      otherwise?: number;
      request: (c: TCaller, i: number) => { url: string; payload?: object };
    }
  > = {
    'GET /api/messages/conversations': {
      allows: signedIn,
      ok: 200,
      request: () => ({ url: '/api/messages/conversations' }),
    },
    'GET /api/messages/unread': { allows: signedIn, ok: 200, request: () => ({ url: '/api/messages/unread' }) },
    'GET /api/messages/search': { allows: signedIn, ok: 200, request: () => ({ url: '/api/messages/search?q=good' }) },
    'GET /api/messages/conversations/:id': {
      allows: participant,
      ok: 200,
      otherwise: 404,
      request: () => ({ url: `/api/messages/conversations/${conversationId}` }),
    },
    'POST /api/messages/conversations/:id/messages': {
      allows: participant,
      ok: 201,
      otherwise: 404,
      request: (c) => ({
        url: `/api/messages/conversations/${conversationId}/messages`,
        payload: { body: `From ${c.key}` },
      }),
    },
    'POST /api/messages/conversations/:id/read': {
      allows: participant,
      ok: 204,
      otherwise: 404,
      request: () => ({ url: `/api/messages/conversations/${conversationId}/read` }),
    },
    'PUT /api/messages/conversations/:id/archive': {
      allows: participant,
      ok: 204,
      otherwise: 404,
      request: () => ({ url: `/api/messages/conversations/${conversationId}/archive`, payload: { archived: false } }),
    },
    // Nobody here bought or sold the order: every account is answered as for one that does not exist
    // (payments/marketplace-checkout.api.test.ts covers the buyer and the seller).
    'POST /api/messages/about': {
      allows: () => false,
      ok: 200,
      otherwise: 404,
      request: () => ({ url: '/api/messages/about', payload: { kind: 'order', id: randomUUID() } }),
    },
    'GET /api/messages/recipients': {
      allows: schoolMessenger,
      ok: 200,
      request: () => ({ url: '/api/messages/recipients' }),
    },
    'POST /api/messages/conversations': {
      allows: schoolMessenger,
      ok: 201,
      request: (c) => ({
        url: '/api/messages/conversations',
        payload: {
          recipient: { kind: 'user', userId: (c.key === 'teacher' ? users.school_admin : users.teacher)!.id },
          subject: `From ${c.key}`,
          body: 'Good day',
        },
      }),
    },
  };

  it('covers every role of roles.ts', () => {
    expect([...MEMBER_ROLES, ...OUTSIDERS.map((o) => o.role)].sort()).toEqual([...ROLES].sort());
  });

  it('every messages route has an expectation (a new route fails here until MATRIX has it)', () => {
    expect(routeTable(t.app, '/api/messages/')).toEqual(Object.keys(MATRIX).sort());
  });

  it.each(Object.keys(MATRIX))('%s', async (route) => {
    const entry = MATRIX[route]!;
    const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT';
    const wrong: string[] = [];
    for (const [i, caller] of CALLERS.entries()) {
      const request = entry.request(caller, i);
      const response = await t.app.inject({
        method,
        url: request.url,
        headers: caller.session ? { cookie: cookies[caller.key]! } : {},
        ...(request.payload ? { payload: request.payload } : {}),
      });
      const expected = entry.allows(caller)
        ? entry.ok
        : !caller.session
          ? 401
          : caller.active && entry.otherwise
            ? entry.otherwise
            : 403;
      if (response.statusCode !== expected)
        wrong.push(`${caller.key}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the realtime stream: every active account opens its own; suspended 403, signed out 401', async () => {
    expect(routeTable(t.app, '/api/realtime/')).toEqual(['GET /api/realtime/stream']);
    // Refused callers are answered at once (the allowed ones get a stream: realtime.api.test.ts).
    for (const caller of CALLERS.filter((c) => !c.active)) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/realtime/stream',
        headers: caller.session ? { cookie: cookies[caller.key]! } : {},
      });
      expect(response.statusCode, caller.key).toBe(caller.session ? 403 : 401);
    }
  });
});
