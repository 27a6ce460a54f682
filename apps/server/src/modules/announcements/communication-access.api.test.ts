import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission, SCHOOL_STAFF_ROLES, type TRole } from '@sekolo/shared/constants/roles';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { routeTable } from '../../test/route-table.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createCommSchool, type TCommSchool } from '../../test/factories/communication.ts';

/**
 * Every communication route against every role of spec 6, and a second school that sees nothing of
 * the first. Announcements are sent by the school admin (manage_settings) and the administrator
 * (manage_students); the SMS account is the school admin's (manage_settings, D26). The notification
 * centre and received announcements are every signed-in user's own (outsiders included); the
 * gateway's webhook is public and named by its account's token. Signed out: 401.
 */
const MEMBER_ROLES = [
  'school_admin',
  'teacher',
  'student',
  'parent',
  ...SCHOOL_STAFF_ROLES,
  'ai_assistant',
] as const satisfies readonly TRole[];
const OUTSIDERS = ['customer', 'platform_admin', 'business_partner', 'charity'] as const satisfies readonly TRole[];
export const COMMUNICATION_ROUTE = /^[A-Z]+ \/api\/school\/(announcements|sms-account)(\/|$)/;

type TRule = 'send' | 'settings' | 'own';
const allows = (rule: TRule, role: TRole | null) =>
  rule === 'own'
    ? true
    : role !== null &&
      (rule === 'send'
        ? hasPermission(role, 'manage_settings') || hasPermission(role, 'manage_students')
        : hasPermission(role, 'manage_settings'));

describe('communication routes: every role, and a second school', () => {
  let t: TestApp;
  let alpha: TCommSchool;
  let bravo: TCommSchool;
  const cookies: Record<string, string> = {};
  const id: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    await t.jobs.start();
    alpha = await createCommSchool(t, 'Alpha Academy', 'enterprise', 1);
    bravo = await createCommSchool(t, 'Bravo College', 'enterprise', 2);
    const db = t.database.db;
    let ip = 1;
    for (const role of MEMBER_ROLES) {
      const user = await createUser(db, { role, organization: { name: 'Alpha Academy', type: 'school' } });
      cookies[role] = (await signIn(t.app, user.email, user.password, { ip: `10.79.0.${ip++}` })).cookie;
    }
    for (const role of OUTSIDERS) {
      const user = await createUser(db, {
        role,
        ...(role === 'business_partner' ? { organization: { name: 'Outside Tutors', type: 'business' as const } } : {}),
      });
      cookies[`outsider_${role}`] = (await signIn(t.app, user.email, user.password, { ip: `10.79.1.${ip++}` })).cookie;
    }
    const as = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    await as(alpha.cookies.admin!, 'PUT', '/api/school/sms-account', { provider: 'sandbox' });
    id.announcement = (
      await as(alpha.cookies.admin!, 'POST', '/api/school/announcements', {
        title: 'Sports day',
        body: 'Friday at Kings Park.',
        audience: { type: 'school' },
        channels: ['in_app'],
        scheduledFor: new Date(Date.now() + 86_400_000).toISOString(),
      })
    ).json().announcement.id;
  }, 180_000);
  afterAll(() => t.close());

  const at = () => new Date(Date.now() + 86_400_000).toISOString();
  const ROUTES: Record<string, { rule: TRule; url: () => string; payload?: (n: number) => object }> = {
    'GET /api/school/announcements': { rule: 'send', url: () => '/api/school/announcements' },
    'POST /api/school/announcements': {
      rule: 'send',
      url: () => '/api/school/announcements',
      payload: (n) => ({
        title: `Notice ${n}`,
        body: 'Text',
        audience: { type: 'school' },
        channels: ['in_app'],
        scheduledFor: at(),
      }),
    },
    'GET /api/school/announcements/audience-options': {
      rule: 'send',
      url: () => '/api/school/announcements/audience-options',
    },
    'GET /api/school/announcements/families': { rule: 'send', url: () => '/api/school/announcements/families?q=dube' },
    'GET /api/school/announcements/:announcementId': {
      rule: 'send',
      url: () => `/api/school/announcements/${id.announcement}`,
    },
    'POST /api/school/announcements/:announcementId/cancel': {
      rule: 'send',
      url: () => `/api/school/announcements/${id.announcement}/cancel`,
    },
    'GET /api/school/sms-account': { rule: 'settings', url: () => '/api/school/sms-account' },
    'PUT /api/school/sms-account': {
      rule: 'settings',
      url: () => '/api/school/sms-account',
      payload: () => ({ provider: 'sandbox', senderId: 'Alpha' }),
    },
    'POST /api/school/sms-account/test': {
      rule: 'settings',
      url: () => '/api/school/sms-account/test',
      payload: () => ({ to: '082 123 4567' }),
    },
    'GET /api/school/sms-account/opt-outs': { rule: 'settings', url: () => '/api/school/sms-account/opt-outs' },
    'POST /api/school/sms-account/opt-outs': {
      rule: 'settings',
      url: () => '/api/school/sms-account/opt-outs',
      payload: () => ({ phone: '072 111 2222' }),
    },
  };
  const OWN_ROUTES: Record<string, { url: () => string; payload?: object }> = {
    'GET /api/notifications': { url: () => '/api/notifications' },
    'GET /api/notifications/unread-count': { url: () => '/api/notifications/unread-count' },
    'POST /api/notifications/read-all': { url: () => '/api/notifications/read-all' },
    'GET /api/notifications/preferences': { url: () => '/api/notifications/preferences' },
    'PUT /api/notifications/preferences': {
      url: () => '/api/notifications/preferences',
      payload: { preferences: [{ kind: 'event', in_app: true, email: false, sms: false }] },
    },
    'GET /api/announcements/received': { url: () => '/api/announcements/received' },
  };

  it('every school communication route is in the table', () => {
    const served = routeTable(t.app, '/api/school/').filter((r) => COMMUNICATION_ROUTE.test(r));
    expect({
      missing: served.filter((r) => !(r in ROUTES)),
      extra: Object.keys(ROUTES).filter((r) => !served.includes(r)),
    }).toEqual({ missing: [], extra: [] });
  });

  it('lets exactly the roles of each rule through; outsiders 403, signed out 401', async () => {
    expect(MEMBER_ROLES.filter((r) => allows('send', r))).toEqual(['school_admin', 'administrator']);
    expect(MEMBER_ROLES.filter((r) => allows('settings', r))).toEqual(['school_admin']);
    const wrong: string[] = [];
    let n = 0;
    for (const [route, c] of Object.entries(ROUTES)) {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT';
      const callers = [
        ...OUTSIDERS.map((r) => `outsider_${r}`),
        ...MEMBER_ROLES.filter((r) => !allows(c.rule, r)),
        ...MEMBER_ROLES.filter((r) => allows(c.rule, r)),
        'signed_out',
      ];
      for (const who of callers) {
        n++;
        const response = await t.app.inject({
          method,
          url: c.url(),
          headers: who === 'signed_out' ? {} : { cookie: cookies[who]! },
          ...(c.payload ? { payload: c.payload(n) } : {}),
        });
        const expected =
          who === 'signed_out' ? [401] : who.startsWith('outsider_') || !allows(c.rule, who as TRole) ? [403] : null;
        if (expected && !expected.includes(response.statusCode))
          wrong.push(`${route} as ${who}: ${response.statusCode}`);
        // Allowed: anything but a refusal (a second cancel says 409).
        if (!expected && [401, 403, 500].includes(response.statusCode))
          wrong.push(`${route} as ${who}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    for (const [route, c] of Object.entries(OWN_ROUTES)) {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT';
      for (const who of [...MEMBER_ROLES, ...OUTSIDERS.map((r) => `outsider_${r}`), 'signed_out']) {
        const response = await t.app.inject({
          method,
          url: c.url(),
          headers: who === 'signed_out' ? {} : { cookie: cookies[who]! },
          ...(c.payload ? { payload: c.payload } : {}),
        });
        const ok = who === 'signed_out' ? response.statusCode === 401 : response.statusCode === 200;
        if (!ok) wrong.push(`${route} as ${who}: ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 180_000);

  it("Bravo's admin reaches nothing of Alpha by id, and Bravo's lists hold nothing of Alpha", async () => {
    const as = (url: string, method: 'GET' | 'POST' = 'GET') =>
      t.app.inject({ method, url, headers: { cookie: bravo.cookies.admin! } });
    expect((await as(`/api/school/announcements/${id.announcement}`)).statusCode).toBe(404);
    expect((await as(`/api/school/announcements/${id.announcement}/cancel`, 'POST')).statusCode).toBe(404);
    expect((await as('/api/school/announcements')).json().announcements).toEqual([]);
    const families = (await as('/api/school/announcements/families?q=')).json().families as { id: string }[];
    expect(families.map((f) => f.id).sort()).toEqual(
      Object.values(bravo.guardians)
        .map((g) => g.id)
        .sort(),
    );
    expect((await as('/api/school/sms-account')).json().account).toBeNull();
    expect((await as('/api/school/sms-account/opt-outs')).json().optOuts).toEqual([]);
    // Alpha's parent does not read an announcement Bravo's parents received.
    const bravoNotice = await t.app.inject({
      method: 'POST',
      url: '/api/school/announcements',
      headers: { cookie: bravo.cookies.admin! },
      payload: { title: 'Bravo only', body: 'x', audience: { type: 'school' }, channels: ['in_app'] },
    });
    const bravoId = bravoNotice.json().announcement.id;
    const alphaParent = { cookie: alpha.cookies.dube! };
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/announcements/received/${bravoId}`, headers: alphaParent }))
        .statusCode,
    ).toBe(404);
    const received = (
      await t.app.inject({ method: 'GET', url: '/api/announcements/received', headers: alphaParent })
    ).json();
    expect(received.announcements.map((a: { id: string }) => a.id)).not.toContain(bravoId);
    const alphaBell = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: alphaParent })).json();
    expect(alphaBell.notifications.map((n: { title: string }) => n.title)).not.toContain('Bravo only');
  });
});
