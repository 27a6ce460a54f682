import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { hasPermission, ROLES, SCHOOL_STAFF_ROLES, type TPermission, type TRole } from '@sekolo/shared/constants/roles';
import { CAPS_SUBJECT_IDS } from '@sekolo/shared/constants/caps-subjects';
import { PRIVACY_POLICY_VERSION } from '@sekolo/shared/constants/privacy';
import type { TOrganizationType } from '../../platform/tenancy/organizations.ts';
import {
  accountInvitations,
  assignments,
  teachingPlanTopics,
  reportCards,
  reportCardRuns,
  learnerConsents,
  schoolClosures,
  schoolPayoutAccounts,
  learnerGuardians,
  learners,
  organizationMembers,
  registerClasses,
  subjectClasses,
  subjectClassLearners,
  timetableLessons,
  timetablePeriods,
  timetableRooms,
  users as userTable,
} from '../../platform/db/schema/index.ts';
import { authPost, signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import {
  addSubjectClassLearner,
  createGuardian,
  createLearner,
  createLesson,
  createPeriod,
  createRegisterClass,
  createRoom,
  createSubjectClass,
  setClassTeacher,
} from '../../test/factories/school.ts';
import { routeTable } from '../../test/route-table.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { birthDateForGrade } from '@sekolo/shared/schemas/school';

// Fee and admissions routes have their own tables (finance-access.api.test.ts, admissions-access.api.test.ts).
const FINANCE_ROUTE = /^[A-Z]+ \/api\/school\/(finance|my-finance|admissions)\//;
// The communication routes have their own table of roles and second school (modules/announcements/communication-access.api.test.ts).
const COMMUNICATION_ROUTE = /^[A-Z]+ \/api\/school\/(announcements|sms-account)(\/|$)/;
// Facility rentals have their own table of roles and second school (modules/facilities/facilities-access.api.test.ts).
const FACILITY_ROUTE = /^[A-Z]+ \/api\/school\/(facilities|facility-bookings)(\/|$)/;
// The school operations' routes have theirs, each in its module's access test against the route table:
// activities, events, library, the school shop, transport.
const OPERATIONS_ROUTE =
  /^[A-Z]+ \/api\/school\/(activities|activity-sessions|my-activities|events|library|shop|transport)(\/|$)/;
/**
 * Every role of spec 6 against every /api/school route, allowed and refused.
 *
 * One school has a member of every school role (roles.ts: school_admin, teacher, student, parent,
 * the SCHOOL_STAFF_ROLES and ai_assistant); every other role of roles.ts calls as an outsider (a
 * customer, partners in a business, a charity, a young entrepreneur's shop, the platform operator);
 * the school's admin also calls suspended (403), with a forged cookie, after signing out, and signed
 * out (401). For each route, `MATRIX` names who may call it, in the terms of
 * spec 6's permissions (`member(...)`: a member of the school holding one of them), the status an
 * allowed caller gets, and a request that succeeds for every allowed caller (a throwaway object
 * per caller where the call changes or removes something). A refused caller gets 403, a signed-out
 * one 401; a refused delete leaves its target in place.
 *
 * The list of routes comes from Fastify's route table: a new /api/school route without an entry
 * here fails "every /api/school route has an expectation". To add one: read its guard and service,
 * add `'METHOD /api/school/...': { rule, ok, request }` to MATRIX (reuse a rule below, or add one
 * with its roles to RULE_ROLES, "the matrix at a glance"), and, if it takes an id of the school,
 * add its cross-tenant case to tenant-isolation.api.test.ts.
 */

/**
 * `active`: false for an account suspended while signed in (guards.ts: no permissions, no role).
 * `session`: false when the request carries no valid session (no cookie, a forged one, or one
 * signed out): 401 everywhere.
 */
type TCaller = { key: string; role: TRole | null; member: boolean; active: boolean; session: boolean };
type TRule = { name: string; allows: (caller: TCaller) => boolean };
type TRequest = { url: string; payload?: Record<string, unknown> };
type TCase = {
  rule: TRule;
  /** The status an allowed caller gets. */
  ok: number;
  /** A request that succeeds for an allowed caller; `index` makes names unique per caller. */
  request: (caller: TCaller, index: number) => TRequest | Promise<TRequest>;
  /** For deletes: whether the target still exists after the call. */
  stillThere?: (request: TRequest) => Promise<boolean>;
};

/** Members of the school: every school role of roles.ts. */
const MEMBER_ROLES = [
  'school_admin',
  'teacher',
  'student',
  'parent',
  ...SCHOOL_STAFF_ROLES,
  'ai_assistant',
] as const satisfies readonly TRole[];
/** Every other role, each in the kind of organisation it belongs to (or none). */
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
const SIGNED_OUT: TCaller = { key: 'signed_out', role: null, member: false, active: false, session: false };
/** The school's admin, suspended after signing in: the session stays, every right goes at once. */
const SUSPENDED_ADMIN: TCaller = {
  key: 'suspended_school_admin',
  role: 'school_admin',
  member: true,
  active: false,
  session: true,
};
/** The admin's session cookie with a signature that does not match its (real) token. */
const FORGED_ADMIN: TCaller = { key: 'forged_school_admin', role: null, member: false, active: false, session: false };
/** An admin's cookie after signing out. */
const SIGNED_OUT_ADMIN: TCaller = {
  key: 'signed_out_school_admin',
  role: null,
  member: false,
  active: false,
  session: false,
};
const CALLERS: TCaller[] = [
  ...MEMBER_ROLES.map((role) => ({ key: role, role, member: true, active: true, session: true })),
  ...OUTSIDERS.map(({ role }) => ({ key: `outsider_${role}`, role, member: false, active: true, session: true })),
  SUSPENDED_ADMIN,
  FORGED_ADMIN,
  SIGNED_OUT_ADMIN,
  SIGNED_OUT,
];

/** A member of the school holding at least one of the permissions (spec 6, roles.ts). */
function member(...permissions: TPermission[]): TRule {
  return {
    name: `member with ${permissions.join(' | ')}`,
    allows: (c) => c.active && c.member && permissions.some((p) => hasPermission(c.role, p)),
  };
}
const either = (a: TRule, b: TRule): TRule => ({
  name: `${a.name} or ${b.name}`,
  allows: (c) => a.allows(c) || b.allows(c),
});

const VIEW_LEARNERS = member('manage_students', 'view_students');
const MANAGE_LEARNERS = member('manage_students');
const OVERVIEW = member('manage_students', 'view_students', 'view_reports');
const MANAGE_STAFF = member('manage_staff');
const MANAGE_ROLES = member('manage_roles');
const ATTENDANCE = member('manage_students', 'manage_attendance');
/** The register of 8A: any class for manage_students; manage_attendance only as its class teacher (the teacher). */
const MARK_8A = either(MANAGE_LEARNERS, {
  name: 'its class teacher',
  allows: (c) => ATTENDANCE.allows(c) && c.key === 'teacher',
});
const READ_TIMETABLE = member('manage_curriculum', 'view_curriculum', 'manage_students', 'view_students');
const PARENT_MEMBER: TRule = {
  name: 'parent of the school',
  allows: (c) => c.active && c.member && c.role === 'parent',
};
const READ_TIMETABLE_OR_PARENT = either(READ_TIMETABLE, PARENT_MEMBER);
const EDIT_TIMETABLE = member('manage_curriculum');
/** 8A's year-end decisions: the school admin, or its class teacher (the teacher) with manage_grades. */
const DECIDE_8A = either(EDIT_TIMETABLE, {
  name: 'its class teacher',
  allows: (c) => member('manage_grades').allows(c) && c.key === 'teacher',
});
/** requireRole('parent') or the parent's view_child_* permissions: the guardian's own children, wherever they are. */
const PARENT_ROLE: TRule = { name: 'role parent', allows: (c) => c.active && c.role === 'parent' };
/** The student's view_profile and view_attendance: the learner's own record. */
const STUDENT_ROLE: TRule = { name: 'role student', allows: (c) => c.active && c.role === 'student' };
/** The teacher dashboard's day: who marks registers or teaches the curriculum. */
const TEACHING_TODAY = member('manage_attendance', 'view_curriculum');
/** The programme of assessment: read by who teaches or runs the curriculum. */
const READ_PROGRAMME = member('manage_curriculum', 'manage_grades', 'view_curriculum');
/** The gradebook: a teacher's own subject classes (manage_grades), every one for the admin (manage_curriculum). */
const MARK_GRADES = member('manage_grades', 'manage_curriculum');
/** Assignments: a teacher's own subject classes (create_assignments), every one for the admin. */
const SET_ASSIGNMENTS = member('create_assignments', 'manage_curriculum');
/** The learner's own marks and assignments. */
const VIEW_GRADES = member('view_grades');
/** A parent's children's marks and assignments. */
const VIEW_CHILD_GRADES = member('view_child_grades');
/** A report card's PDF: the admin, or a family member (their own published cards; others 404). */
/** The Reports page's academic figures: school-wide for who may view reports. */
const VIEW_REPORTS = member('view_reports');
/** Coverage across the school: the curriculum lead or whoever reads reports. */
const COVERAGE = member('manage_curriculum', 'view_reports');
/** A subject class's coverage: its teacher, the curriculum lead, or whoever reads reports. */
const CLASS_COVERAGE = member('manage_grades', 'manage_curriculum', 'view_reports');
const REPORT_CARD_PDF = member('manage_curriculum', 'view_child_grades', 'view_grades');
/** The school's settings (modules/school-settings). */
const MANAGE_SETTINGS = member('manage_settings');
/** Each school role's permissions: manage_roles and manage_permissions together. */
const ROLES_AND_PERMISSIONS: TRule = {
  name: 'member with manage_roles & manage_permissions',
  allows: (c) =>
    c.active && c.member && hasPermission(c.role, 'manage_roles') && hasPermission(c.role, 'manage_permissions'),
};

/** The matrix at a glance: which member roles each rule lets in (outsiders never). */
const RULE_ROLES: [TRule, TRole[]][] = [
  [VIEW_LEARNERS, ['school_admin', 'teacher', 'school_staff', 'administrator', 'coach', 'librarian']],
  [MANAGE_LEARNERS, ['school_admin', 'administrator']],
  [
    OVERVIEW,
    ['school_admin', 'teacher', 'school_staff', 'accountant', 'administrator', 'human_resources', 'coach', 'librarian'],
  ],
  [MANAGE_STAFF, ['school_admin', 'human_resources']],
  [MANAGE_ROLES, ['school_admin']],
  [ATTENDANCE, ['school_admin', 'teacher', 'administrator', 'coach']],
  [MARK_8A, ['school_admin', 'teacher', 'administrator']],
  [READ_TIMETABLE, ['school_admin', 'teacher', 'school_staff', 'administrator', 'coach', 'librarian']],
  [
    READ_TIMETABLE_OR_PARENT,
    ['school_admin', 'teacher', 'parent', 'school_staff', 'administrator', 'coach', 'librarian'],
  ],
  [EDIT_TIMETABLE, ['school_admin']],
  [PARENT_ROLE, ['parent']],
  [STUDENT_ROLE, ['student']],
  [TEACHING_TODAY, ['teacher', 'administrator', 'coach']],
  [READ_PROGRAMME, ['school_admin', 'teacher']],
  [MARK_GRADES, ['school_admin', 'teacher']],
  [SET_ASSIGNMENTS, ['school_admin', 'teacher']],
  [VIEW_GRADES, ['student']],
  [VIEW_CHILD_GRADES, ['parent']],
  [REPORT_CARD_PDF, ['school_admin', 'student', 'parent']],
  [DECIDE_8A, ['school_admin', 'teacher']],
  [VIEW_REPORTS, ['school_admin', 'teacher', 'accountant', 'administrator', 'human_resources']],
  [COVERAGE, ['school_admin', 'teacher', 'accountant', 'administrator', 'human_resources']],
  [CLASS_COVERAGE, ['school_admin', 'teacher', 'accountant', 'administrator', 'human_resources']],
  [MANAGE_SETTINGS, ['school_admin']],
  [ROLES_AND_PERMISSIONS, ['school_admin']],
];

const SCHOOL = { name: 'Matrix Primary', type: 'school' as const };
const REGISTER_DATE = '2026-11-02';
const TERMS_2026 = [
  { term: 1, startsOn: '2026-01-14', endsOn: '2026-03-27' },
  { term: 2, startsOn: '2026-04-08', endsOn: '2026-06-26' },
  { term: 3, startsOn: '2026-07-21', endsOn: '2026-10-02' },
  { term: 4, startsOn: '2026-10-13', endsOn: '2026-12-09' },
];
const CSV_HEADER = 'first_name,last_name,date_of_birth,gender,grade,class,admission_number';

describe('school routes: every role of spec 6 against every route', () => {
  let t: TestApp;
  let org: string;
  const cookies: Record<string, string> = {};
  const users: Record<string, TCreatedUser> = {};
  /** Ids of the school's fixtures. */
  const f = {} as Record<
    | 'class8A'
    | 'class8B'
    | 'classSpare'
    | 'classEditable'
    | 'learner'
    | 'leaver'
    | 'guardian'
    | 'invitee'
    | 'spareStaff'
    | 'subjectClass'
    | 'chosenClass',
    string
  > & { learnerAdmission: string; subjectClassRow: { id: string; teacherUserId: string; registerClassId: string } };

  beforeAll(async () => {
    t = await createTestApp();
    // The whole school's report-card run is queued as a job (POST /report-cards/runs answers 202).
    await t.jobs.start();
    const db = t.database.db;
    for (const role of MEMBER_ROLES) users[role] = await createUser(db, { role, organization: SCHOOL });
    for (const { role, organization } of OUTSIDERS) {
      users[`outsider_${role}`] = await createUser(db, {
        role,
        ...(organization ? { organization: { name: `Outside ${role}`, type: organization } } : {}),
      });
    }
    org = users.school_admin!.organizationId!;
    users[SUSPENDED_ADMIN.key] = await createUser(db, { role: 'school_admin', organization: SCHOOL });
    users[SIGNED_OUT_ADMIN.key] = await createUser(db, { role: 'school_admin', organization: SCHOOL });
    const spare = await createUser(db, { role: 'lunch_lady', organization: SCHOOL });
    f.spareStaff = spare.id;
    // Invited and not signed in yet, so "Invite again" applies to them.
    await db.insert(accountInvitations).values({ userId: spare.id });

    const signIns = await Promise.all(
      Object.entries(users).map(async ([key, person], i) => {
        const { response, cookie } = await signIn(t.app, person.email, person.password, { ip: `10.66.0.${i + 1}` });
        expect(response.statusCode, `${key} signs in`).toBe(200);
        return [key, cookie] as const;
      }),
    );
    for (const [key, cookie] of signIns) cookies[key] = cookie;
    await db.update(userTable).set({ status: 'suspended' }).where(eq(userTable.id, users[SUSPENDED_ADMIN.key]!.id));
    const signOut = await authPost(t.app, '/sign-out', {}, { cookie: cookies[SIGNED_OUT_ADMIN.key]! });
    expect(signOut.statusCode).toBe(200);
    // The admin's real token with one character of its signature changed.
    cookies[FORGED_ADMIN.key] = cookies.school_admin!.replace(
      /(session_token=[^.;]+\.)(.)/,
      (_match, token: string, first: string) => `${token}${first === 'A' ? 'B' : 'A'}`,
    );
    expect(cookies[FORGED_ADMIN.key]).not.toBe(cookies.school_admin);

    const class8A = await createRegisterClass(db, org, '8A', 8);
    f.class8A = class8A.id;
    f.class8B = (await createRegisterClass(db, org, '8B', 8)).id;
    f.classSpare = (await createRegisterClass(db, org, 'Spare', 8)).id;
    f.classEditable = (await createRegisterClass(db, org, 'Editable', 8)).id;
    await setClassTeacher(db, org, f.class8A, users.teacher!.id);
    // The parent's child (with her own account as the student), in 8A.
    const learner = await createLearner(db, org, {
      firstName: 'Lerato',
      lastName: 'Mokoena',
      registerClassId: f.class8A,
      userId: users.student!.id,
    });
    f.learner = learner.id;
    f.learnerAdmission = learner.admissionNumber;
    await createGuardian(db, org, f.learner, { userId: users.parent!.id, email: users.parent!.email });
    // A learner whose archive, restore and guardians the writes change.
    f.leaver = (await createLearner(db, org, { firstName: 'Kagiso', lastName: 'Leaver' })).id;
    f.guardian = (await createGuardian(db, org, f.leaver)).id;
    f.invitee = (await createGuardian(db, org, f.leaver, { lastName: 'Invitee', email: 'invitee@example.test' })).id;

    const period = await createPeriod(db, org, { name: 'Period 1' });
    const room = await createRoom(db, org, 'Room 1');
    const subjectClass = await createSubjectClass(db, org, {
      subject: 'mathematics',
      teacherUserId: users.teacher!.id,
      registerClassId: f.class8A,
    });
    f.subjectClass = subjectClass.id;
    f.subjectClassRow = subjectClass;
    await createLesson(db, org, subjectClass, { day: 1, periodId: period.id, roomId: room.id });
    // A subject class of chosen learners (a group of Grade 8), whose learners the writes change.
    f.chosenClass = (
      await createSubjectClass(db, org, {
        subject: 'mathematics',
        teacherUserId: users.teacher!.id,
        registerClassId: f.class8B,
        membership: 'chosen',
        groupName: 'Group A',
      })
    ).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const exists =
    (table: typeof timetablePeriods | typeof timetableRooms | typeof subjectClasses | typeof timetableLessons) =>
    async (request: TRequest) => {
      const id = request.url.split('/').pop()!;
      return (await t.database.db.select({ id: table.id }).from(table).where(eq(table.id, id))).length === 1;
    };

  /** The first task of term 1 of the subject class's programme, as its gradebook shows it. */
  const firstTask = async (): Promise<string> => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/school/assessment/subject-classes/${f.subjectClass}/gradebook?year=2026&term=1`,
      headers: { cookie: cookies.school_admin! },
    });
    return response.json().gradebook.tasks[0].id;
  };
  /** A topic of 8A Mathematics' teaching plan for 2026 (the curriculum's coverage routes). */
  const planTopic = async (): Promise<string> => {
    const [row] = await t.database.db
      .insert(teachingPlanTopics)
      .values({
        organizationId: org,
        year: 2026,
        grade: 8,
        subject: 'mathematics',
        term: 1,
        week: 1,
        topic: 'Integers',
      })
      .onConflictDoUpdate({
        target: [
          teachingPlanTopics.organizationId,
          teachingPlanTopics.year,
          teachingPlanTopics.grade,
          teachingPlanTopics.subject,
          teachingPlanTopics.term,
          teachingPlanTopics.week,
          teachingPlanTopics.position,
        ],
        set: { topic: 'Integers' },
      })
      .returning();
    return row!.id;
  };
  /** An assignment of the teacher's subject class, due in the future, for one caller to use up. */
  const freshAssignment = async (i: number): Promise<string> => {
    const [row] = await t.database.db
      .insert(assignments)
      .values({
        organizationId: org,
        subjectClassId: f.subjectClass,
        title: `Matrix ${i}`,
        dueAt: new Date('2030-03-06T12:00:00Z'),
        totalMarks: 10,
        latePolicy: 'accept_late',
      })
      .returning({ id: assignments.id });
    return row!.id;
  };

  let runYear = 2040;
  /** The child's term 1 report card of 2026, published (made once). */
  const publishedCard = async (): Promise<string> => {
    const [existing] = await t.database.db
      .select({ id: reportCards.id })
      .from(reportCards)
      .where(eq(reportCards.learnerId, f.learner));
    if (existing) return existing.id;
    const [card] = await t.database.db
      .insert(reportCards)
      .values({ organizationId: org, learnerId: f.learner, year: 2026, term: 1, publishedAt: new Date() })
      .returning({ id: reportCards.id });
    return card!.id;
  };

  const MATRIX: Record<string, TCase> = {
    // --- school: overview, classes, learners, guardians (modules/people, modules/academics/classes)
    'GET /api/school/overview': { rule: OVERVIEW, ok: 200, request: () => ({ url: '/api/school/overview' }) },
    'GET /api/school/classes': { rule: VIEW_LEARNERS, ok: 200, request: () => ({ url: '/api/school/classes' }) },
    'POST /api/school/classes': {
      rule: MANAGE_LEARNERS,
      ok: 201,
      request: (_c, i) => ({ url: '/api/school/classes', payload: { name: `M${i}`, grade: '9' } }),
    },
    'PUT /api/school/classes/:classId': {
      rule: MANAGE_LEARNERS,
      ok: 200,
      request: (_c, i) => ({ url: `/api/school/classes/${f.classEditable}`, payload: { name: `E${i}`, grade: '8' } }),
    },
    'DELETE /api/school/classes/:classId': {
      rule: MANAGE_LEARNERS,
      ok: 200,
      request: async (_c, i) => ({
        url: `/api/school/classes/${(await createRegisterClass(t.database.db, org, `Gone${i}`, 8)).id}`,
      }),
      stillThere: async (request) => {
        const id = request.url.split('/').pop()!;
        const rows = await t.database.db
          .select({ id: registerClasses.id })
          .from(registerClasses)
          .where(eq(registerClasses.id, id));
        return rows.length === 1;
      },
    },
    'GET /api/school/learners': { rule: VIEW_LEARNERS, ok: 200, request: () => ({ url: '/api/school/learners' }) },
    'POST /api/school/learners': {
      rule: MANAGE_LEARNERS,
      ok: 201,
      request: (_c, i) => ({
        url: '/api/school/learners',
        payload: {
          firstName: 'Ayanda',
          lastName: 'Matrix',
          dateOfBirth: birthDateForGrade('8', { monthDay: '05-01' }),
          gender: 'female',
          grade: '8',
          admissionNumber: `MX${i}`,
        },
      }),
    },
    'GET /api/school/learners/export.csv': {
      rule: MANAGE_LEARNERS,
      ok: 200,
      request: () => ({ url: '/api/school/learners/export.csv' }),
    },
    'POST /api/school/learners/import': {
      rule: MANAGE_LEARNERS,
      ok: 200,
      request: (_c, i) => ({
        url: '/api/school/learners/import',
        payload: {
          csv: `${CSV_HEADER}\nNaledi,Import,${birthDateForGrade('8', { monthDay: '07-07' })},female,8,8A,IM${i}\n`,
          mode: 'check',
        },
      }),
    },
    'GET /api/school/learners/:learnerId': {
      rule: VIEW_LEARNERS,
      ok: 200,
      request: () => ({ url: `/api/school/learners/${f.learner}` }),
    },
    'PUT /api/school/learners/:learnerId': {
      rule: MANAGE_LEARNERS,
      ok: 200,
      request: () => ({
        url: `/api/school/learners/${f.learner}`,
        payload: {
          firstName: 'Lerato',
          lastName: 'Mokoena',
          dateOfBirth: birthDateForGrade('8'),
          gender: 'male',
          grade: '8',
          registerClassId: f.class8A,
          admissionNumber: f.learnerAdmission,
        },
      }),
    },
    'POST /api/school/learners/:learnerId/archive': {
      rule: MANAGE_LEARNERS,
      ok: 200,
      request: () => ({ url: `/api/school/learners/${f.leaver}/archive` }),
    },
    'POST /api/school/learners/:learnerId/restore': {
      rule: MANAGE_LEARNERS,
      ok: 200,
      request: () => ({ url: `/api/school/learners/${f.leaver}/restore` }),
    },
    'GET /api/school/learners/:learnerId/guardians': {
      rule: VIEW_LEARNERS,
      ok: 200,
      request: () => ({ url: `/api/school/learners/${f.learner}/guardians` }),
    },
    'POST /api/school/learners/:learnerId/guardians': {
      rule: MANAGE_LEARNERS,
      ok: 201,
      request: (_c, i) => ({
        url: `/api/school/learners/${f.leaver}/guardians`,
        payload: { firstName: 'Busi', lastName: `Link${i}`, email: `link${i}@example.test`, relation: 'guardian' },
      }),
    },
    'PUT /api/school/learners/:learnerId/guardians/:guardianId': {
      rule: MANAGE_LEARNERS,
      ok: 200,
      request: () => ({
        url: `/api/school/learners/${f.leaver}/guardians/${f.guardian}`,
        payload: { firstName: 'Nomsa', lastName: 'Ndlovu', phone: '082 123 4567', relation: 'parent' },
      }),
    },
    'DELETE /api/school/learners/:learnerId/guardians/:guardianId': {
      rule: MANAGE_LEARNERS,
      ok: 200,
      request: async (_c, i) => {
        const guardian = await createGuardian(t.database.db, org, f.leaver, { lastName: `Unlink${i}` });
        return { url: `/api/school/learners/${f.leaver}/guardians/${guardian.id}` };
      },
      stillThere: async (request) => {
        const guardianId = request.url.split('/').pop()!;
        const links = await t.database.db
          .select()
          .from(learnerGuardians)
          .where(and(eq(learnerGuardians.learnerId, f.leaver), eq(learnerGuardians.guardianId, guardianId)));
        return links.length === 1;
      },
    },
    'POST /api/school/learners/:learnerId/guardians/:guardianId/invite': {
      rule: MANAGE_LEARNERS,
      ok: 200,
      request: () => ({ url: `/api/school/learners/${f.leaver}/guardians/${f.invitee}/invite` }),
    },
    'GET /api/school/learners/:learnerId/account': {
      rule: VIEW_LEARNERS,
      ok: 200,
      request: () => ({ url: `/api/school/learners/${f.learner}/account` }),
    },
    'POST /api/school/learners/:learnerId/account': {
      rule: MANAGE_LEARNERS,
      ok: 200,
      request: async (_c, i) => {
        const learner = await createLearner(t.database.db, org, { firstName: 'Pupil', lastName: `Invited${i}` });
        return { url: `/api/school/learners/${learner.id}/account`, payload: { email: `pupil${i}@example.test` } };
      },
    },
    'DELETE /api/school/learners/:learnerId/account': {
      rule: MANAGE_LEARNERS,
      ok: 200,
      request: async (_c, i) => {
        const pupil = await createUser(t.database.db, { role: 'student', organization: SCHOOL });
        const learner = await createLearner(t.database.db, org, { lastName: `Revoked${i}`, userId: pupil.id });
        return { url: `/api/school/learners/${learner.id}/account` };
      },
      stillThere: async (request) => {
        const learnerId = request.url.split('/')[4]!;
        const [row] = await t.database.db
          .select({ userId: learners.userId })
          .from(learners)
          .where(eq(learners.id, learnerId));
        return row?.userId !== null;
      },
    },
    'GET /api/school/learners/:learnerId/consents': {
      rule: VIEW_LEARNERS,
      ok: 200,
      request: () => ({ url: `/api/school/learners/${f.learner}/consents` }),
    },
    'POST /api/school/learners/:learnerId/consents': {
      rule: MANAGE_LEARNERS,
      ok: 201,
      request: async (_c, i) => {
        const guardian = await createGuardian(t.database.db, org, f.leaver, { lastName: `Signed${i}` });
        return {
          url: `/api/school/learners/${f.leaver}/consents`,
          payload: { guardianId: guardian.id, policyVersion: PRIVACY_POLICY_VERSION, signedOn: PRIVACY_POLICY_VERSION },
        };
      },
    },
    'POST /api/school/learners/:learnerId/consents/:consentId/withdraw': {
      rule: MANAGE_LEARNERS,
      ok: 200,
      request: async () => {
        const [consent] = await t.database.db
          .insert(learnerConsents)
          .values({
            organizationId: org,
            learnerId: f.leaver,
            guardianId: f.guardian,
            guardianName: 'Nomsa Ndlovu',
            method: 'paper',
            policyVersion: PRIVACY_POLICY_VERSION,
          })
          .returning();
        return { url: `/api/school/learners/${f.leaver}/consents/${consent!.id}/withdraw` };
      },
    },
    'GET /api/school/my-children': { rule: PARENT_ROLE, ok: 200, request: () => ({ url: '/api/school/my-children' }) },
    'GET /api/school/my-children/consents': {
      rule: PARENT_ROLE,
      ok: 200,
      request: () => ({ url: '/api/school/my-children/consents' }),
    },
    'POST /api/school/my-children/:learnerId/consent': {
      rule: PARENT_ROLE,
      ok: 200,
      request: () => ({
        url: `/api/school/my-children/${f.learner}/consent`,
        payload: { policyVersion: PRIVACY_POLICY_VERSION, agreed: true },
      }),
    },
    'POST /api/school/my-children/:learnerId/consent/withdraw': {
      rule: PARENT_ROLE,
      ok: 200,
      request: () => ({ url: `/api/school/my-children/${f.learner}/consent/withdraw` }),
    },
    'GET /api/school/my-children/:learnerId/overview': {
      rule: PARENT_ROLE,
      ok: 200,
      request: () => ({ url: `/api/school/my-children/${f.learner}/overview` }),
    },
    'GET /api/school/my-learner': { rule: STUDENT_ROLE, ok: 200, request: () => ({ url: '/api/school/my-learner' }) },
    'GET /api/school/staff': { rule: MANAGE_STAFF, ok: 200, request: () => ({ url: '/api/school/staff' }) },
    'POST /api/school/staff': {
      rule: MANAGE_STAFF,
      ok: 201,
      request: (_c, i) => ({
        url: '/api/school/staff',
        payload: { firstName: 'Zanele', lastName: `Staff${i}`, email: `staff${i}@example.test`, role: 'librarian' },
      }),
    },
    'POST /api/school/staff/:userId/invitation': {
      rule: MANAGE_STAFF,
      ok: 200,
      request: () => ({ url: `/api/school/staff/${f.spareStaff}/invitation` }),
    },
    'DELETE /api/school/staff/:userId': {
      rule: MANAGE_STAFF,
      ok: 200,
      request: async () => {
        const leaver = await createUser(t.database.db, { role: 'librarian', organization: SCHOOL });
        return { url: `/api/school/staff/${leaver.id}` };
      },
      stillThere: async (request) => {
        const userId = request.url.split('/').pop()!;
        const rows = await t.database.db
          .select({ userId: organizationMembers.userId })
          .from(organizationMembers)
          .where(and(eq(organizationMembers.organizationId, org), eq(organizationMembers.userId, userId)));
        return rows.length === 1;
      },
    },
    'PUT /api/school/staff/:userId/role': {
      rule: MANAGE_ROLES,
      ok: 200,
      request: () => ({ url: `/api/school/staff/${f.spareStaff}/role`, payload: { role: 'lunch_lady' } }),
    },

    // --- attendance (modules/academics/attendance)
    'GET /api/school/attendance/classes': {
      rule: ATTENDANCE,
      ok: 200,
      request: () => ({ url: '/api/school/attendance/classes' }),
    },
    'GET /api/school/attendance/class-teachers': {
      rule: MANAGE_LEARNERS,
      ok: 200,
      request: () => ({ url: '/api/school/attendance/class-teachers' }),
    },
    'PUT /api/school/attendance/classes/:classId/teacher': {
      rule: MANAGE_LEARNERS,
      ok: 200,
      request: () => ({
        url: `/api/school/attendance/classes/${f.class8A}/teacher`,
        payload: { userId: users.teacher!.id },
      }),
    },
    'GET /api/school/attendance/today': {
      rule: ATTENDANCE,
      ok: 200,
      request: () => ({ url: '/api/school/attendance/today' }),
    },
    'GET /api/school/attendance/classes/:classId/register/:date': {
      rule: ATTENDANCE,
      ok: 200,
      request: () => ({ url: `/api/school/attendance/classes/${f.class8A}/register/${REGISTER_DATE}` }),
    },
    'PUT /api/school/attendance/classes/:classId/register/:date': {
      rule: MARK_8A,
      ok: 200,
      request: () => ({
        url: `/api/school/attendance/classes/${f.class8A}/register/${REGISTER_DATE}`,
        payload: { marks: [{ learnerId: f.learner, status: 'present' }] },
      }),
    },
    'GET /api/school/attendance/classes/:classId/month': {
      rule: ATTENDANCE,
      ok: 200,
      request: () => ({ url: `/api/school/attendance/classes/${f.class8A}/month?month=2026-11` }),
    },
    'GET /api/school/attendance/learners/:learnerId': {
      rule: ATTENDANCE,
      ok: 200,
      request: () => ({ url: `/api/school/attendance/learners/${f.learner}` }),
    },
    'GET /api/school/attendance/rates': {
      rule: ATTENDANCE,
      ok: 200,
      request: () => ({ url: '/api/school/attendance/rates' }),
    },
    'GET /api/school/attendance/export.csv': {
      rule: ATTENDANCE,
      ok: 200,
      request: () => ({ url: '/api/school/attendance/export.csv' }),
    },
    'GET /api/school/attendance/report': {
      rule: VIEW_REPORTS,
      ok: 200,
      request: () => ({ url: '/api/school/attendance/report' }),
    },
    'GET /api/school/attendance/report/absentees.csv': {
      rule: VIEW_REPORTS,
      ok: 200,
      request: () => ({ url: '/api/school/attendance/report/absentees.csv' }),
    },
    'GET /api/school/attendance/report.pdf': {
      rule: VIEW_REPORTS,
      ok: 200,
      request: () => ({ url: '/api/school/attendance/report.pdf' }),
    },
    'GET /api/school/attendance/my-children/absences': {
      rule: PARENT_ROLE,
      ok: 200,
      request: () => ({ url: '/api/school/attendance/my-children/absences' }),
    },

    // --- timetable (modules/academics/timetable)
    'GET /api/school/timetable/setup': {
      rule: READ_TIMETABLE_OR_PARENT,
      ok: 200,
      request: () => ({ url: '/api/school/timetable/setup' }),
    },
    'GET /api/school/timetable/view': {
      rule: READ_TIMETABLE_OR_PARENT,
      ok: 200,
      request: () => ({ url: `/api/school/timetable/view?kind=class&id=${f.class8A}` }),
    },
    'GET /api/school/timetable/teaching-today': {
      rule: TEACHING_TODAY,
      ok: 200,
      request: () => ({ url: '/api/school/timetable/teaching-today' }),
    },
    'GET /api/school/timetable/terms': {
      rule: READ_TIMETABLE,
      ok: 200,
      request: () => ({ url: '/api/school/timetable/terms?year=2026' }),
    },
    'PUT /api/school/timetable/terms': {
      rule: EDIT_TIMETABLE,
      ok: 200,
      request: () => ({ url: '/api/school/timetable/terms', payload: { year: 2026, terms: TERMS_2026 } }),
    },
    'POST /api/school/timetable/periods': {
      rule: EDIT_TIMETABLE,
      ok: 201,
      request: (_c, i) => ({
        url: '/api/school/timetable/periods',
        payload: { name: `Matrix ${i}`, startsAt: '14:00', endsAt: '14:30', isBreak: false },
      }),
    },
    'DELETE /api/school/timetable/periods/:id': {
      rule: EDIT_TIMETABLE,
      ok: 200,
      request: async () => ({ url: `/api/school/timetable/periods/${(await createPeriod(t.database.db, org)).id}` }),
      stillThere: exists(timetablePeriods),
    },
    'POST /api/school/timetable/rooms': {
      rule: EDIT_TIMETABLE,
      ok: 201,
      request: (_c, i) => ({ url: '/api/school/timetable/rooms', payload: { name: `Matrix room ${i}` } }),
    },
    'DELETE /api/school/timetable/rooms/:id': {
      rule: EDIT_TIMETABLE,
      ok: 200,
      request: async () => ({ url: `/api/school/timetable/rooms/${(await createRoom(t.database.db, org)).id}` }),
      stillThere: exists(timetableRooms),
    },
    'POST /api/school/timetable/subject-classes': {
      rule: EDIT_TIMETABLE,
      ok: 201,
      request: (_c, i) => ({
        url: '/api/school/timetable/subject-classes',
        payload: { subject: CAPS_SUBJECT_IDS[i], teacherId: users.teacher!.id, registerClassId: f.class8B },
      }),
    },
    'DELETE /api/school/timetable/subject-classes/:id': {
      rule: EDIT_TIMETABLE,
      ok: 200,
      request: async (_c, i) => {
        const subjectClass = await createSubjectClass(t.database.db, org, {
          subject: CAPS_SUBJECT_IDS[i]!,
          teacherUserId: users.teacher!.id,
          registerClassId: f.classSpare,
        });
        return { url: `/api/school/timetable/subject-classes/${subjectClass.id}` };
      },
      stillThere: exists(subjectClasses),
    },
    'PUT /api/school/timetable/subject-classes/:id': {
      rule: EDIT_TIMETABLE,
      ok: 200,
      request: async (_c, i) => {
        const subjectClass = await createSubjectClass(t.database.db, org, {
          subject: CAPS_SUBJECT_IDS[i]!,
          teacherUserId: users.teacher!.id,
          registerClassId: f.classSpare,
          groupName: `Matrix edit ${i}`,
        });
        return {
          url: `/api/school/timetable/subject-classes/${subjectClass.id}`,
          payload: { teacherId: users.teacher!.id, groupName: `Matrix edited ${i}` },
        };
      },
    },
    'GET /api/school/timetable/eligible-learners': {
      rule: READ_TIMETABLE,
      ok: 200,
      request: () => ({ url: `/api/school/timetable/eligible-learners?registerClassId=${f.class8B}&search=mok` }),
    },
    'GET /api/school/timetable/subject-classes/:id/learners': {
      rule: READ_TIMETABLE,
      ok: 200,
      request: () => ({ url: `/api/school/timetable/subject-classes/${f.subjectClass}/learners` }),
    },
    'PUT /api/school/timetable/subject-classes/:id/learners': {
      rule: EDIT_TIMETABLE,
      ok: 200,
      request: () => ({
        url: `/api/school/timetable/subject-classes/${f.chosenClass}/learners`,
        payload: { learnerIds: [f.learner] },
      }),
    },
    'POST /api/school/timetable/subject-classes/:id/learners': {
      rule: EDIT_TIMETABLE,
      ok: 200,
      request: () => ({
        url: `/api/school/timetable/subject-classes/${f.chosenClass}/learners`,
        payload: { learnerIds: [f.learner] },
      }),
    },
    'DELETE /api/school/timetable/subject-classes/:id/learners/:learnerId': {
      rule: EDIT_TIMETABLE,
      ok: 200,
      request: async () => {
        await addSubjectClassLearner(t.database.db, org, f.chosenClass, f.learner);
        return { url: `/api/school/timetable/subject-classes/${f.chosenClass}/learners/${f.learner}` };
      },
      stillThere: async () => {
        const rows = await t.database.db
          .select({ id: subjectClassLearners.id })
          .from(subjectClassLearners)
          .where(
            and(eq(subjectClassLearners.subjectClassId, f.chosenClass), eq(subjectClassLearners.learnerId, f.learner)),
          );
        return rows.length === 1;
      },
    },
    'POST /api/school/timetable/lessons': {
      rule: EDIT_TIMETABLE,
      ok: 201,
      request: async () => ({
        url: '/api/school/timetable/lessons',
        payload: {
          subjectClassId: f.subjectClass,
          day: 2,
          periodId: (await createPeriod(t.database.db, org)).id,
          roomId: null,
        },
      }),
    },
    'DELETE /api/school/timetable/lessons/:id': {
      rule: EDIT_TIMETABLE,
      ok: 200,
      request: async () => {
        const period = await createPeriod(t.database.db, org);
        const lesson = await createLesson(t.database.db, org, f.subjectClassRow, { day: 3, periodId: period.id });
        return { url: `/api/school/timetable/lessons/${lesson.id}` };
      },
      stillThere: exists(timetableLessons),
    },
    // --- curriculum: teaching plans and coverage (modules/academics/curriculum)
    'GET /api/school/curriculum/plan': {
      rule: READ_PROGRAMME,
      ok: 200,
      request: () => ({ url: '/api/school/curriculum/plan?year=2026&grade=8&subject=mathematics' }),
    },
    'PUT /api/school/curriculum/plan': {
      rule: EDIT_TIMETABLE,
      ok: 200,
      request: () => ({
        url: '/api/school/curriculum/plan',
        payload: { year: 2026, grade: 9, subject: 'english', topics: [{ term: 1, week: 1, topic: 'Short stories' }] },
      }),
    },
    'GET /api/school/curriculum/coverage': {
      rule: COVERAGE,
      ok: 200,
      request: () => ({ url: '/api/school/curriculum/coverage?year=2026' }),
    },
    'GET /api/school/curriculum/subject-classes/:id': {
      rule: CLASS_COVERAGE,
      ok: 200,
      request: () => ({ url: `/api/school/curriculum/subject-classes/${f.subjectClass}?year=2026` }),
    },
    'PUT /api/school/curriculum/subject-classes/:id/topics/:topicId': {
      rule: MARK_GRADES,
      ok: 200,
      request: async () => ({
        url: `/api/school/curriculum/subject-classes/${f.subjectClass}/topics/${await planTopic()}`,
        payload: { taughtOn: '2026-02-02' },
      }),
    },
    'DELETE /api/school/curriculum/subject-classes/:id/topics/:topicId': {
      rule: MARK_GRADES,
      ok: 200,
      request: async () => ({
        url: `/api/school/curriculum/subject-classes/${f.subjectClass}/topics/${await planTopic()}?year=2026`,
      }),
    },
    // --- assessment and assignments (modules/academics/assessment)
    'GET /api/school/assessment/programme': {
      rule: READ_PROGRAMME,
      ok: 200,
      request: () => ({ url: '/api/school/assessment/programme?year=2026&grade=8&subject=mathematics' }),
    },
    'PUT /api/school/assessment/programme': {
      rule: EDIT_TIMETABLE,
      ok: 200,
      request: () => ({
        url: '/api/school/assessment/programme',
        payload: {
          year: 2026,
          grade: 8,
          subject: 'english',
          term: 3,
          tasks: [{ name: 'Oral', type: 'practical', weight: 50, maxMark: 20 }],
        },
      }),
    },
    'GET /api/school/assessment/subject-classes': {
      rule: MARK_GRADES,
      ok: 200,
      request: () => ({ url: '/api/school/assessment/subject-classes' }),
    },
    'GET /api/school/assessment/subject-classes/:id/gradebook': {
      rule: MARK_GRADES,
      ok: 200,
      request: () => ({ url: `/api/school/assessment/subject-classes/${f.subjectClass}/gradebook?year=2026&term=1` }),
    },
    // The same cell saved by each caller: the first saves it, the next finds it saved (idempotent).
    'PUT /api/school/assessment/subject-classes/:id/gradebook': {
      rule: MARK_GRADES,
      ok: 200,
      request: async () => ({
        url: `/api/school/assessment/subject-classes/${f.subjectClass}/gradebook`,
        payload: {
          year: 2026,
          term: 1,
          cells: [{ learnerId: f.learner, taskId: await firstTask(), value: 12, was: null }],
        },
      }),
    },
    'POST /api/school/assessment/subject-classes/:id/gradebook/release': {
      rule: MARK_GRADES,
      ok: 200,
      request: () => ({
        url: `/api/school/assessment/subject-classes/${f.subjectClass}/gradebook/release`,
        payload: { year: 2026, term: 2 },
      }),
    },
    'GET /api/school/assessment/subject-classes/:id/gradebook/changes': {
      rule: MARK_GRADES,
      ok: 200,
      request: () => ({
        url: `/api/school/assessment/subject-classes/${f.subjectClass}/gradebook/changes?year=2026&term=1`,
      }),
    },
    'GET /api/school/assessment/reports/distributions': {
      rule: VIEW_REPORTS,
      ok: 200,
      request: () => ({ url: '/api/school/assessment/reports/distributions?year=2026&term=1' }),
    },
    'GET /api/school/assessment/reports/at-risk': {
      rule: VIEW_REPORTS,
      ok: 200,
      request: () => ({ url: '/api/school/assessment/reports/at-risk?year=2026&term=1' }),
    },
    'GET /api/school/assessment/subject-classes/:id/mark-schedule.csv': {
      rule: MARK_GRADES,
      ok: 200,
      request: () => ({
        url: `/api/school/assessment/subject-classes/${f.subjectClass}/mark-schedule.csv?year=2026&term=1`,
      }),
    },
    'GET /api/school/assessment/my-results': {
      rule: VIEW_GRADES,
      ok: 200,
      request: () => ({ url: '/api/school/assessment/my-results?year=2026' }),
    },
    'GET /api/school/assessment/my-children/results': {
      rule: VIEW_CHILD_GRADES,
      ok: 200,
      request: () => ({ url: '/api/school/assessment/my-children/results?year=2026' }),
    },
    'GET /api/school/assignments': {
      rule: SET_ASSIGNMENTS,
      ok: 200,
      request: () => ({ url: '/api/school/assignments' }),
    },
    'POST /api/school/assignments': {
      rule: SET_ASSIGNMENTS,
      ok: 201,
      request: (_c, i) => ({
        url: '/api/school/assignments',
        payload: {
          subjectClassIds: [f.subjectClass],
          title: `Matrix task ${i}`,
          dueAt: '2030-03-06T14:00:00+02:00',
          totalMarks: 10,
          latePolicy: 'refuse',
        },
      }),
    },
    'GET /api/school/assignments/:id/marking': {
      rule: SET_ASSIGNMENTS,
      ok: 200,
      request: async (_c, i) => ({ url: `/api/school/assignments/${await freshAssignment(i)}/marking` }),
    },
    'PUT /api/school/assignments/:id/marks': {
      rule: SET_ASSIGNMENTS,
      ok: 200,
      request: async (_c, i) => ({
        url: `/api/school/assignments/${await freshAssignment(i)}/marks`,
        payload: { marks: [{ learnerId: f.learner, mark: 7, comment: 'Good' }] },
      }),
    },
    'POST /api/school/assignments/:id/release': {
      rule: SET_ASSIGNMENTS,
      ok: 200,
      request: async (_c, i) => ({ url: `/api/school/assignments/${await freshAssignment(i)}/release` }),
    },
    'GET /api/school/assignments/mine': {
      rule: VIEW_GRADES,
      ok: 200,
      request: () => ({ url: '/api/school/assignments/mine' }),
    },
    'PUT /api/school/assignments/:id/submission': {
      rule: VIEW_GRADES,
      ok: 200,
      request: async (_c, i) => ({
        url: `/api/school/assignments/${await freshAssignment(i)}/submission`,
        payload: { text: 'My answer' },
      }),
    },
    'GET /api/school/report-cards': {
      rule: EDIT_TIMETABLE,
      ok: 200,
      request: () => ({ url: '/api/school/report-cards?year=2026&term=1' }),
    },
    'POST /api/school/report-cards/generate': {
      rule: EDIT_TIMETABLE,
      ok: 200,
      request: () => ({
        url: '/api/school/report-cards/generate',
        payload: { year: 2026, term: 1, learnerId: f.learner },
      }),
    },
    'PUT /api/school/report-cards/:id/comments': {
      rule: EDIT_TIMETABLE,
      ok: 200,
      request: async () => ({
        url: `/api/school/report-cards/${await publishedCard()}/comments`,
        payload: { classTeacherComment: 'Works hard.', principalComment: 'Well done.' },
      }),
    },
    'POST /api/school/report-cards/publish': {
      rule: EDIT_TIMETABLE,
      ok: 200,
      request: async () => {
        await publishedCard();
        return {
          url: '/api/school/report-cards/publish',
          payload: { year: 2026, term: 1, registerClassId: f.class8A },
        };
      },
    },
    // The parent's child's and the student's own published card; the admin reads any.
    'GET /api/school/report-cards/:id/pdf': {
      rule: REPORT_CARD_PDF,
      ok: 200,
      request: async () => ({ url: `/api/school/report-cards/${await publishedCard()}/pdf` }),
    },
    'GET /api/school/report-cards/my-children': {
      rule: VIEW_CHILD_GRADES,
      ok: 200,
      request: () => ({ url: '/api/school/report-cards/my-children' }),
    },
    'GET /api/school/report-cards/mine': {
      rule: VIEW_GRADES,
      ok: 200,
      request: () => ({ url: '/api/school/report-cards/mine' }),
    },
    'GET /api/school/report-cards/bundle': {
      rule: EDIT_TIMETABLE,
      ok: 200,
      request: async () => {
        await publishedCard();
        return { url: `/api/school/report-cards/bundle?year=2026&term=1&registerClassId=${f.class8A}&format=zip` };
      },
    },
    // Each allowed caller starts a run of another year (a second of one term while queued is 409).
    'POST /api/school/report-cards/runs': {
      rule: EDIT_TIMETABLE,
      ok: 202,
      request: () => ({ url: '/api/school/report-cards/runs', payload: { year: runYear++, term: 1 } }),
    },
    'GET /api/school/report-cards/runs': {
      rule: EDIT_TIMETABLE,
      ok: 200,
      request: () => ({ url: '/api/school/report-cards/runs' }),
    },
    'GET /api/school/report-cards/runs/:runId': {
      rule: EDIT_TIMETABLE,
      ok: 200,
      request: async () => {
        const [run] = await t.database.db
          .insert(reportCardRuns)
          .values({ organizationId: org, year: 2026, term: 2, status: 'done' })
          .returning({ id: reportCardRuns.id });
        return { url: `/api/school/report-cards/runs/${run!.id}` };
      },
    },
    'GET /api/school/report-cards/promotions': {
      rule: DECIDE_8A,
      ok: 200,
      request: () => ({ url: `/api/school/report-cards/promotions?year=2026&registerClassId=${f.class8A}` }),
    },
    'PUT /api/school/report-cards/promotions/:learnerId': {
      rule: DECIDE_8A,
      ok: 200,
      request: () => ({
        url: `/api/school/report-cards/promotions/${f.learner}`,
        payload: { year: 2026, decision: 'progressed', reason: 'Already repeated Grade 7.' },
      }),
    },
    'GET /api/school/assignments/my-children': {
      rule: VIEW_CHILD_GRADES,
      ok: 200,
      request: () => ({ url: '/api/school/assignments/my-children' }),
    },
    // The school's settings (modules/school-settings).
    'GET /api/school/settings/profile': {
      rule: MANAGE_SETTINGS,
      ok: 200,
      request: () => ({ url: '/api/school/settings/profile' }),
    },
    'PUT /api/school/settings/profile': {
      rule: MANAGE_SETTINGS,
      ok: 200,
      request: (_c, i) => ({
        url: '/api/school/settings/profile',
        payload: {
          name: SCHOOL.name,
          emisNumber: `70012345${i}`,
          quintile: 3,
          feeStatus: 'no_fee',
          streetAddress: '',
          suburb: '',
          city: 'Polokwane',
          province: 'limpopo',
          postalCode: '',
          phone: '',
          email: '',
          website: '',
          principalName: '',
          logoUploadId: null,
        },
      }),
    },
    'GET /api/school/settings/calendar': {
      rule: MANAGE_SETTINGS,
      ok: 200,
      request: () => ({ url: '/api/school/settings/calendar?year=2026' }),
    },
    'POST /api/school/settings/closures': {
      rule: MANAGE_SETTINGS,
      ok: 201,
      request: (_c, i) => ({
        url: '/api/school/settings/closures',
        payload: { name: `Staff day ${i}`, startsOn: '2026-05-15', endsOn: '2026-05-15' },
      }),
    },
    'DELETE /api/school/settings/closures/:closureId': {
      rule: MANAGE_SETTINGS,
      ok: 204,
      request: async (_c, i) => {
        const [row] = await t.database.db
          .insert(schoolClosures)
          .values({ organizationId: org, name: `Closed ${i}`, startsOn: '2026-08-10', endsOn: '2026-08-10' })
          .returning();
        return { url: `/api/school/settings/closures/${row!.id}` };
      },
      stillThere: async (request) => {
        const id = request.url.split('/').pop()!;
        const rows = await t.database.db.select().from(schoolClosures).where(eq(schoolClosures.id, id));
        return rows.length === 1;
      },
    },
    'GET /api/school/settings/notifications': {
      rule: MANAGE_SETTINGS,
      ok: 200,
      request: () => ({ url: '/api/school/settings/notifications' }),
    },
    'PUT /api/school/settings/notifications': {
      rule: MANAGE_SETTINGS,
      ok: 200,
      request: () => ({ url: '/api/school/settings/notifications', payload: { absenceNotices: true } }),
    },
    'GET /api/school/settings/payout-account': {
      rule: MANAGE_SETTINGS,
      ok: 200,
      request: () => ({ url: '/api/school/settings/payout-account' }),
    },
    'POST /api/school/settings/payout-account': {
      rule: MANAGE_SETTINGS,
      ok: 202,
      request: () => ({
        url: '/api/school/settings/payout-account',
        payload: {
          accountHolder: 'Matrix Primary SGB',
          bank: 'fnb',
          accountNumber: '62812345678',
          branchCode: '250655',
          accountType: 'current',
        },
      }),
    },
    'DELETE /api/school/settings/payout-account/pending': {
      rule: MANAGE_SETTINGS,
      ok: 200,
      request: async (c) => {
        // Refused callers run at once: they find the change waiting, and must leave it so.
        await pendingPayoutAccount(`matrix-cancel-${Math.random()}`, MANAGE_SETTINGS.allows(c));
        return { url: '/api/school/settings/payout-account/pending' };
      },
      stillThere: async () => {
        const rows = await t.database.db
          .select()
          .from(schoolPayoutAccounts)
          .where(and(eq(schoolPayoutAccounts.organizationId, org), eq(schoolPayoutAccounts.status, 'pending')));
        return rows.length === 1;
      },
    },
    'POST /api/school/settings/payout-account/confirm': {
      rule: MANAGE_SETTINGS,
      ok: 200,
      request: async (_c, i) => {
        const token = `matrix-confirm-token-${i}-${Math.random()}`;
        await pendingPayoutAccount(token, MANAGE_SETTINGS.allows(_c));
        return { url: '/api/school/settings/payout-account/confirm', payload: { token } };
      },
    },
    'GET /api/school/settings/role-permissions': {
      rule: ROLES_AND_PERMISSIONS,
      ok: 200,
      request: () => ({ url: '/api/school/settings/role-permissions' }),
    },
    // Set to what the role holds already: the matrix's other routes keep the spec's table.
    'PUT /api/school/settings/role-permissions': {
      rule: ROLES_AND_PERMISSIONS,
      ok: 200,
      request: () => ({
        url: '/api/school/settings/role-permissions',
        payload: { role: 'lunch_lady', permission: 'manage_catering', held: true },
      }),
    },
  };

  /**
   * A bank account change waiting for confirmation: `fresh`, a new one whose link carries `token`
   * (the one before it withdrawn); otherwise the one waiting, if any, stays.
   */
  async function pendingPayoutAccount(token: string, fresh: boolean) {
    if (fresh)
      await t.database.db
        .update(schoolPayoutAccounts)
        .set({ status: 'cancelled', tokenHash: null })
        .where(and(eq(schoolPayoutAccounts.organizationId, org), eq(schoolPayoutAccounts.status, 'pending')));
    await t.database.db
      .insert(schoolPayoutAccounts)
      .values({
        organizationId: org,
        bankName: 'Capitec',
        branchCode: '470010',
        accountNumber: '1234567890',
        accountHolder: 'Matrix Primary',
        accountType: 'savings',
        tokenHash: createHash('sha256').update(token).digest('hex'),
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .onConflictDoNothing();
  }

  it('covers every role of roles.ts: a member of the school or an outsider', () => {
    const covered = [...MEMBER_ROLES, ...OUTSIDERS.map((o) => o.role)].sort();
    expect(covered).toEqual([...ROLES].sort());
  });

  it('the matrix at a glance: the member roles each rule lets in (spec 6 permissions)', () => {
    for (const [rule, roles] of RULE_ROLES) {
      const allowed = CALLERS.filter((c) => rule.allows(c)).map((c) => c.key);
      expect(allowed, rule.name).toEqual(MEMBER_ROLES.filter((role) => roles.includes(role)));
    }
    // Every rule the matrix uses is listed above.
    for (const [route, { rule }] of Object.entries(MATRIX)) {
      expect(
        RULE_ROLES.some(([listed]) => listed === rule),
        `${route}: add its rule to RULE_ROLES`,
      ).toBe(true);
    }
  });

  it('every /api/school route has an expectation (a new route fails here until MATRIX has it)', () => {
    // The fee routes have their own table of roles and second school (modules/finance/finance-access.api.test.ts).
    const served = routeTable(t.app, '/api/school/').filter(
      (route) =>
        !FINANCE_ROUTE.test(route) &&
        !COMMUNICATION_ROUTE.test(route) &&
        !FACILITY_ROUTE.test(route) &&
        !OPERATIONS_ROUTE.test(route),
    );
    expect({
      missingFromMatrix: served.filter((r) => !(r in MATRIX)),
      notServed: Object.keys(MATRIX).filter((r) => !served.includes(r)),
    }).toEqual({
      missingFromMatrix: [],
      notServed: [],
    });
  });

  it('a parent reaches only their own child, a teacher marks only their own class', async () => {
    const as = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
      t.app
        .inject({ method, url, headers: { cookie: cookies[who]! }, ...(payload ? { payload } : {}) })
        .then((r) => `${r.statusCode}`);
    const other = f.leaver; // a learner of the school who is not the parent's child
    expect({
      classWithoutChild: await as('parent', 'GET', `/api/school/timetable/view?kind=class&id=${f.class8B}`),
      teacherTimetable: await as('parent', 'GET', `/api/school/timetable/view?kind=teacher&id=${users.teacher!.id}`),
      otherOverview: await as('parent', 'GET', `/api/school/my-children/${other}/overview`),
      otherConsent: await as('parent', 'POST', `/api/school/my-children/${other}/consent`, {
        policyVersion: PRIVACY_POLICY_VERSION,
        agreed: true,
      }),
      otherWithdraw: await as('parent', 'POST', `/api/school/my-children/${other}/consent/withdraw`),
      registerNotTheirs: await as(
        'teacher',
        'PUT',
        `/api/school/attendance/classes/${f.class8B}/register/${REGISTER_DATE}`,
        { marks: [{ learnerId: f.learner, status: 'present' }] },
      ),
    }).toEqual({
      classWithoutChild: '404',
      teacherTimetable: '404',
      otherOverview: '404',
      otherConsent: '404',
      otherWithdraw: '404',
      registerNotTheirs: '403',
    });
    // The learner's own record is the one linked to their account.
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/school/my-learner',
      headers: { cookie: cookies.student! },
    });
    expect(mine.json().overview.learner).toMatchObject({ id: f.learner, firstName: 'Lerato', lastName: 'Mokoena' });
  });

  it('a refused caller learns nothing from validation: bad ids and bodies are still 401 or 403', async () => {
    const probes = CALLERS.filter((c) =>
      [
        'signed_out',
        'forged_school_admin',
        'student',
        'ai_assistant',
        'outsider_customer',
        'suspended_school_admin',
      ].includes(c.key),
    );
    const wrong: string[] = [];
    for (const [route, entry] of Object.entries(MATRIX)) {
      const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      for (const caller of probes.filter((c) => !entry.rule.allows(c))) {
        const response = await t.app.inject({
          method,
          url: path.replace(/:\w+/g, 'not-an-id'),
          headers: caller === SIGNED_OUT ? {} : { cookie: cookies[caller.key]! },
          ...(method === 'POST' || method === 'PUT' ? { payload: { unexpected: true } } : {}),
        });
        const expected = caller.session ? 403 : 401;
        if (response.statusCode !== expected)
          wrong.push(`${route} as ${caller.key}: ${response.statusCode}, not ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(Object.keys(MATRIX))('%s', async (route) => {
    const entry = MATRIX[route]!;
    const [method] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE'];
    const check = async (caller: TCaller): Promise<string[]> => {
      const request = await entry.request(caller, CALLERS.indexOf(caller));
      const response = await t.app.inject({
        method,
        url: request.url,
        headers: caller === SIGNED_OUT ? {} : { cookie: cookies[caller.key]! },
        ...(request.payload ? { payload: request.payload } : {}),
      });
      const allowed = entry.rule.allows(caller);
      const expected = allowed ? entry.ok : caller.session ? 403 : 401;
      const wrong: string[] = [];
      if (response.statusCode !== expected) {
        wrong.push(`${caller.key}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
      if (entry.stillThere && (await entry.stillThere(request)) === allowed) {
        wrong.push(`${caller.key}: the target ${allowed ? 'survived an allowed' : 'was removed by a refused'} delete`);
      }
      return wrong;
    };
    // Allowed callers one after another (their writes may touch the same row); refused ones at once.
    const wrong: string[] = [];
    for (const caller of CALLERS.filter((c) => entry.rule.allows(c))) wrong.push(...(await check(caller)));
    const refused = await Promise.all(CALLERS.filter((c) => !entry.rule.allows(c)).map(check));
    expect([...wrong, ...refused.flat()]).toEqual([]);
  });
});
