import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_POLICY_VERSION } from '@sekolo/shared/constants/privacy';
import { schoolToday } from '@sekolo/shared/schemas/attendance';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import {
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
import {
  assignments,
  attendanceRecords,
  learnerConsents,
  reportCards,
  reportCardRuns,
  schoolClosures,
  schoolTerms,
} from '../../platform/db/schema/index.ts';
import { birthDateForGrade } from '@sekolo/shared/schemas/school';

// Fee and admissions routes have their own tables (finance-access.api.test.ts, admissions-access.api.test.ts).
const FINANCE_ROUTE = /^[A-Z]+ \/api\/school\/(finance|my-finance|admissions)\//;
// Announcements and the SMS account have their own second-school table (modules/announcements/communication-access.api.test.ts).
const COMMUNICATION_ROUTE = /^[A-Z]+ \/api\/school\/(announcements|sms-account)(\/|$)/;
// Facility rentals have their own table of roles and second school (modules/facilities/facilities-access.api.test.ts).
const FACILITY_ROUTE = /^[A-Z]+ \/api\/school\/(facilities|facility-bookings)(\/|$)/;
// The school operations' routes have theirs, each in its module's access test against the route table:
// activities, events, library, the school shop, transport.
const OPERATIONS_ROUTE =
  /^[A-Z]+ \/api\/school\/(activities|activity-sessions|my-activities|events|library|shop|transport)(\/|$)/;
/**
 * A second school whose admin can read or change nothing of the first.
 *
 * Alpha Academy has a class, a learner with a guardian (a parent with an account), a register, a
 * timetable and its own term dates; Bravo College has the same of its own. Bravo's admin and
 * teacher (and a Bravo parent) call every route that takes an id with Alpha's ids: each answer is
 * what the module documents (404 for an id in the path, 400 naming the field for an id in a body;
 * 403 first where the caller's role may not use the route at all), and afterwards everything
 * Alpha's admin reads is exactly as before. Every list and export Bravo reads holds nothing of
 * Alpha (no "Alpha" name, no Alpha id).
 *
 * Every /api/school route is listed either in CROSS_TENANT (its cases) or in NO_SCHOOL_ID (why it
 * takes no id; its answer to Bravo is then checked by the lists test where it lists something).
 * A new route fails "every /api/school route is considered" until it is placed in one of them.
 */

type TMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
type TCallerKey = 'adminB' | 'teacherB' | 'parentB' | 'studentB';
type TCrossCase = {
  /** What the case tries. */
  name: string;
  url: () => string;
  payload?: () => Record<string, unknown>;
  /** The status each Bravo caller gets. */
  expect: Partial<Record<TCallerKey, number>>;
};

/** A recent school day (the parent's absence notice shows the last 14 days). */
const REGISTER_DATE = (() => {
  const day = new Date(`${schoolToday()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 2);
  return day.toISOString().slice(0, 10);
})();
const REGISTER_MONTH = REGISTER_DATE.slice(0, 7);
const RANGE = `from=${REGISTER_DATE}&to=${REGISTER_DATE}`;
const ALPHA_TERMS_2026 = [
  { term: 1, startsOn: '2026-01-15', endsOn: '2026-03-20' },
  { term: 2, startsOn: '2026-04-01', endsOn: '2026-06-19' },
  { term: 3, startsOn: '2026-07-14', endsOn: '2026-09-25' },
  { term: 4, startsOn: '2026-10-06', endsOn: '2026-12-04' },
];
const BRAVO_TERMS_2026 = [
  { term: 1, startsOn: '2026-01-20', endsOn: '2026-03-27' },
  { term: 2, startsOn: '2026-04-08', endsOn: '2026-06-26' },
  { term: 3, startsOn: '2026-07-21', endsOn: '2026-10-02' },
  { term: 4, startsOn: '2026-10-13', endsOn: '2026-12-09' },
];
const learnerBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Bravo',
  lastName: 'Intruder',
  dateOfBirth: birthDateForGrade('8', { monthDay: '05-01' }),
  gender: 'female',
  grade: '8',
  admissionNumber: 'BX1',
  ...overrides,
});
const guardianBody = {
  firstName: 'Bravo',
  lastName: 'Guardian',
  email: 'bravo.guardian@example.test',
  relation: 'parent',
};

describe('tenant isolation: a second school reads and changes nothing of the first', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const people: Record<string, TCreatedUser> = {};
  /** Alpha's ids (a*) and Bravo's own (b*). */
  const id: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const alpha = { name: 'Alpha Academy', type: 'school' as const };
    const bravo = { name: 'Bravo College', type: 'school' as const };
    const person = (role: 'school_admin' | 'teacher' | 'parent' | 'student', school: typeof alpha, name: string) =>
      createUser(db, {
        role,
        organization: school,
        firstName: name,
        lastName: role,
        email: `${name}.${role}@example.test`,
      });
    people.adminA = await person('school_admin', alpha, 'Alpha');
    people.teacherA = await person('teacher', alpha, 'Alpha');
    people.parentA = await person('parent', alpha, 'Alpha');
    people.studentA = await person('student', alpha, 'Alpha');
    people.adminB = await person('school_admin', bravo, 'Bravo');
    people.teacherB = await person('teacher', bravo, 'Bravo');
    people.parentB = await person('parent', bravo, 'Bravo');
    people.studentB = await person('student', bravo, 'Bravo');
    const signIns = await Promise.all(
      Object.entries(people).map(async ([key, who], i) => {
        const { response, cookie } = await signIn(t.app, who.email, who.password, { ip: `10.77.0.${i + 1}` });
        expect(response.statusCode, `${key} signs in`).toBe(200);
        return [key, cookie] as const;
      }),
    );
    for (const [key, cookie] of signIns) cookies[key] = cookie;

    for (const [prefix, school, teacher, parent, student] of [
      ['a', people.adminA!, people.teacherA!, people.parentA!, people.studentA!],
      ['b', people.adminB!, people.teacherB!, people.parentB!, people.studentB!],
    ] as const) {
      const org = school.organizationId!;
      const name = prefix === 'a' ? 'Alpha' : 'Bravo';
      id[`${prefix}Org`] = org;
      const [closure] = await db
        .insert(schoolClosures)
        .values({ organizationId: org, name: `${name} staff day`, startsOn: '2026-05-15', endsOn: '2026-05-15' })
        .returning();
      id[`${prefix}Closure`] = closure!.id;
      const klass = await createRegisterClass(db, org, `${name} 8`, 8);
      id[`${prefix}Class`] = klass.id;
      await setClassTeacher(db, org, klass.id, teacher.id);
      const learner = await createLearner(db, org, {
        firstName: name,
        lastName: `${name}son`,
        registerClassId: klass.id,
        admissionNumber: `${name.toUpperCase()}1`,
        userId: student.id,
      });
      id[`${prefix}Learner`] = learner.id;
      id[`${prefix}Guardian`] = (
        await createGuardian(db, org, learner.id, {
          firstName: name,
          lastName: `${name}son`,
          email: parent.email,
          userId: parent.id,
        })
      ).id;
      const [consent] = await db
        .insert(learnerConsents)
        .values({
          organizationId: org,
          learnerId: learner.id,
          guardianId: id[`${prefix}Guardian`],
          guardianName: `${name} ${name}son`,
          method: 'paper',
          policyVersion: PRIVACY_POLICY_VERSION,
          recordedBy: school.id,
        })
        .returning();
      id[`${prefix}Consent`] = consent!.id;
      await db.insert(attendanceRecords).values({
        organizationId: org,
        registerClassId: klass.id,
        learnerId: learner.id,
        date: REGISTER_DATE,
        status: 'absent',
        reason: `${name} flu`,
        markedBy: teacher.id,
        markedAt: new Date(`${REGISTER_DATE}T06:00:00Z`),
      });
      const period = await createPeriod(db, org, { name: `${name} Period 1` });
      id[`${prefix}Period`] = period.id;
      const room = await createRoom(db, org, `${name} Lab`);
      id[`${prefix}Room`] = room.id;
      const subjectClass = await createSubjectClass(db, org, {
        subject: 'mathematics',
        teacherUserId: teacher.id,
        registerClassId: klass.id,
      });
      id[`${prefix}SubjectClass`] = subjectClass.id;
      const [assignment] = await db
        .insert(assignments)
        .values({
          organizationId: org,
          subjectClassId: subjectClass.id,
          title: `${name} homework`,
          dueAt: new Date('2030-03-06T12:00:00Z'),
          totalMarks: 10,
          latePolicy: 'accept_late',
        })
        .returning();
      id[`${prefix}Assignment`] = assignment!.id;
      const [card] = await db
        .insert(reportCards)
        .values({ organizationId: org, learnerId: learner.id, year: 2026, term: 1, publishedAt: new Date() })
        .returning();
      id[`${prefix}ReportCard`] = card!.id;
      const [run] = await db
        .insert(reportCardRuns)
        .values({ organizationId: org, year: 2026, term: 1, status: 'done' })
        .returning();
      id[`${prefix}ReportCardRun`] = run!.id;
      id[`${prefix}Lesson`] = (
        await createLesson(db, org, subjectClass, { day: 1, periodId: period.id, roomId: room.id })
      ).id;
      await db.insert(schoolTerms).values(
        (prefix === 'a' ? ALPHA_TERMS_2026 : BRAVO_TERMS_2026).map((term) => ({
          organizationId: org,
          year: 2026,
          ...term,
        })),
      );
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (who: string, method: TMethod, url: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: cookies[who]! },
      ...(payload ? { payload } : {}),
    });

  /** What Alpha's admin reads (exports' audit entries left out of the activity feed they join). */
  async function alphaSnapshot() {
    const urls = [
      '/api/school/overview',
      '/api/school/classes',
      '/api/school/learners',
      '/api/school/learners?status=archived',
      `/api/school/learners/${id.aLearner}`,
      `/api/school/learners/${id.aLearner}/guardians`,
      `/api/school/learners/${id.aLearner}/account`,
      `/api/school/learners/${id.aLearner}/consents`,
      '/api/school/learners/export.csv',
      '/api/school/staff',
      '/api/school/attendance/classes',
      `/api/school/attendance/classes/${id.aClass}/register/${REGISTER_DATE}`,
      `/api/school/attendance/classes/${id.aClass}/month?month=${REGISTER_MONTH}`,
      `/api/school/attendance/learners/${id.aLearner}?${RANGE}`,
      `/api/school/attendance/export.csv?${RANGE}`,
      '/api/school/timetable/setup',
      `/api/school/timetable/view?kind=class&id=${id.aClass}`,
      `/api/school/timetable/subject-classes/${id.aSubjectClass}/learners`,
      '/api/school/timetable/terms?year=2026',
    ];
    const snapshot: Record<string, unknown> = {};
    for (const url of urls) {
      const response = await call('adminA', 'GET', url);
      expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      const isJson = String(response.headers['content-type']).startsWith('application/json');
      const body = isJson ? response.json() : response.body;
      if (url === '/api/school/overview') {
        body.recentActivity = body.recentActivity.filter((a: { action: string }) => !a.action.endsWith('.exported'));
      }
      snapshot[url] = body;
    }
    return snapshot;
  }

  const CROSS_TENANT: Record<string, TCrossCase[]> = {
    'PUT /api/school/classes/:classId': [
      {
        name: "Alpha's class",
        url: () => `/api/school/classes/${id.aClass}`,
        payload: () => ({ name: 'Bravo 9', grade: '8' }),
        expect: { adminB: 404, teacherB: 403 },
      },
    ],
    'DELETE /api/school/settings/closures/:closureId': [
      {
        name: "Alpha's closure",
        url: () => `/api/school/settings/closures/${id.aClosure}`,
        expect: { adminB: 404, teacherB: 403 },
      },
    ],
    'DELETE /api/school/classes/:classId': [
      {
        name: "Alpha's class",
        url: () => `/api/school/classes/${id.aClass}`,
        expect: { adminB: 404, teacherB: 403 },
      },
    ],
    'GET /api/school/learners/:learnerId': [
      {
        name: "Alpha's learner",
        url: () => `/api/school/learners/${id.aLearner}`,
        expect: { adminB: 404, teacherB: 404 },
      },
    ],
    'PUT /api/school/learners/:learnerId': [
      {
        name: "Alpha's learner",
        url: () => `/api/school/learners/${id.aLearner}`,
        payload: () => learnerBody({ admissionNumber: 'ALPHA1' }),
        expect: { adminB: 404, teacherB: 403 },
      },
      {
        name: "Bravo's learner into Alpha's class",
        url: () => `/api/school/learners/${id.bLearner}`,
        payload: () => learnerBody({ admissionNumber: 'BRAVO1', registerClassId: id.aClass }),
        expect: { adminB: 400, teacherB: 403 },
      },
    ],
    'POST /api/school/learners': [
      {
        name: "a new learner in Alpha's class",
        url: () => '/api/school/learners',
        payload: () => learnerBody({ registerClassId: id.aClass }),
        expect: { adminB: 400, teacherB: 403 },
      },
    ],
    'POST /api/school/learners/:learnerId/archive': [
      {
        name: "Alpha's learner",
        url: () => `/api/school/learners/${id.aLearner}/archive`,
        expect: { adminB: 404, teacherB: 403 },
      },
    ],
    'POST /api/school/learners/:learnerId/restore': [
      {
        name: "Alpha's learner",
        url: () => `/api/school/learners/${id.aLearner}/restore`,
        expect: { adminB: 404, teacherB: 403 },
      },
    ],
    'GET /api/school/learners/:learnerId/guardians': [
      {
        name: "Alpha's learner",
        url: () => `/api/school/learners/${id.aLearner}/guardians`,
        expect: { adminB: 404, teacherB: 404 },
      },
    ],
    'POST /api/school/learners/:learnerId/guardians': [
      {
        name: "a guardian for Alpha's learner",
        url: () => `/api/school/learners/${id.aLearner}/guardians`,
        payload: () => guardianBody,
        expect: { adminB: 404, teacherB: 403 },
      },
    ],
    'PUT /api/school/learners/:learnerId/guardians/:guardianId': [
      {
        name: "Alpha's guardian of Alpha's learner",
        url: () => `/api/school/learners/${id.aLearner}/guardians/${id.aGuardian}`,
        payload: () => guardianBody,
        expect: { adminB: 404, teacherB: 403 },
      },
      {
        name: "Alpha's guardian through Bravo's learner",
        url: () => `/api/school/learners/${id.bLearner}/guardians/${id.aGuardian}`,
        payload: () => guardianBody,
        expect: { adminB: 404, teacherB: 403 },
      },
    ],
    'DELETE /api/school/learners/:learnerId/guardians/:guardianId': [
      {
        name: "Alpha's guardian of Alpha's learner",
        url: () => `/api/school/learners/${id.aLearner}/guardians/${id.aGuardian}`,
        expect: { adminB: 404, teacherB: 403 },
      },
    ],
    'POST /api/school/learners/:learnerId/guardians/:guardianId/invite': [
      {
        name: "Alpha's guardian",
        url: () => `/api/school/learners/${id.aLearner}/guardians/${id.aGuardian}/invite`,
        expect: { adminB: 404, teacherB: 403 },
      },
    ],
    'GET /api/school/learners/:learnerId/account': [
      {
        name: "Alpha's learner",
        url: () => `/api/school/learners/${id.aLearner}/account`,
        expect: { adminB: 404, teacherB: 404 },
      },
    ],
    'POST /api/school/learners/:learnerId/account': [
      {
        name: "an account for Alpha's learner",
        url: () => `/api/school/learners/${id.aLearner}/account`,
        payload: () => ({ email: 'bravo.pupil@example.test' }),
        expect: { adminB: 404, teacherB: 403 },
      },
      {
        name: "Alpha's learner's address for Bravo's learner",
        url: () => `/api/school/learners/${id.bLearner}/account`,
        payload: () => ({ email: people.studentA!.email }),
        expect: { adminB: 409, teacherB: 403 },
      },
    ],
    'DELETE /api/school/learners/:learnerId/account': [
      {
        name: "Alpha's learner's account",
        url: () => `/api/school/learners/${id.aLearner}/account`,
        expect: { adminB: 404, teacherB: 403 },
      },
    ],
    'GET /api/school/learners/:learnerId/consents': [
      {
        name: "Alpha's learner",
        url: () => `/api/school/learners/${id.aLearner}/consents`,
        expect: { adminB: 404, teacherB: 404 },
      },
    ],
    'POST /api/school/learners/:learnerId/consents': [
      {
        name: "Alpha's learner and guardian",
        url: () => `/api/school/learners/${id.aLearner}/consents`,
        payload: () => ({
          guardianId: id.aGuardian,
          policyVersion: PRIVACY_POLICY_VERSION,
          signedOn: PRIVACY_POLICY_VERSION,
        }),
        expect: { adminB: 404, teacherB: 403 },
      },
      {
        name: "Alpha's guardian for Bravo's learner",
        url: () => `/api/school/learners/${id.bLearner}/consents`,
        payload: () => ({
          guardianId: id.aGuardian,
          policyVersion: PRIVACY_POLICY_VERSION,
          signedOn: PRIVACY_POLICY_VERSION,
        }),
        expect: { adminB: 400, teacherB: 403 },
      },
    ],
    'POST /api/school/learners/:learnerId/consents/:consentId/withdraw': [
      {
        name: "Alpha's consent",
        url: () => `/api/school/learners/${id.aLearner}/consents/${id.aConsent}/withdraw`,
        expect: { adminB: 404, teacherB: 403 },
      },
      {
        name: "Alpha's consent through Bravo's learner",
        url: () => `/api/school/learners/${id.bLearner}/consents/${id.aConsent}/withdraw`,
        expect: { adminB: 404, teacherB: 403 },
      },
    ],
    'POST /api/school/my-children/:learnerId/consent': [
      {
        name: "Alpha's learner",
        url: () => `/api/school/my-children/${id.aLearner}/consent`,
        payload: () => ({ policyVersion: PRIVACY_POLICY_VERSION, agreed: true }),
        expect: { parentB: 404, adminB: 403 },
      },
    ],
    'POST /api/school/my-children/:learnerId/consent/withdraw': [
      {
        name: "Alpha's learner",
        url: () => `/api/school/my-children/${id.aLearner}/consent/withdraw`,
        expect: { parentB: 404, adminB: 403 },
      },
    ],
    'GET /api/school/my-children/:learnerId/overview': [
      {
        name: "Alpha's learner",
        url: () => `/api/school/my-children/${id.aLearner}/overview`,
        expect: { parentB: 404, adminB: 403, studentB: 403 },
      },
    ],
    'POST /api/school/staff/:userId/invitation': [
      {
        name: "Alpha's teacher",
        url: () => `/api/school/staff/${people.teacherA!.id}/invitation`,
        expect: { adminB: 404, teacherB: 403 },
      },
    ],
    'PUT /api/school/staff/:userId/role': [
      {
        name: "Alpha's teacher",
        url: () => `/api/school/staff/${people.teacherA!.id}/role`,
        payload: () => ({ role: 'driver' }),
        expect: { adminB: 404, teacherB: 403 },
      },
    ],
    'DELETE /api/school/staff/:userId': [
      {
        name: "Alpha's teacher",
        url: () => `/api/school/staff/${people.teacherA!.id}`,
        expect: { adminB: 404, teacherB: 403 },
      },
    ],
    'PUT /api/school/attendance/classes/:classId/teacher': [
      {
        name: "Alpha's class",
        url: () => `/api/school/attendance/classes/${id.aClass}/teacher`,
        payload: () => ({ userId: people.teacherB!.id }),
        expect: { adminB: 404, teacherB: 403 },
      },
      {
        name: "Alpha's teacher for Bravo's class",
        url: () => `/api/school/attendance/classes/${id.bClass}/teacher`,
        payload: () => ({ userId: people.teacherA!.id }),
        expect: { adminB: 400, teacherB: 403 },
      },
    ],
    'GET /api/school/attendance/classes/:classId/register/:date': [
      {
        name: "Alpha's register",
        url: () => `/api/school/attendance/classes/${id.aClass}/register/${REGISTER_DATE}`,
        expect: { adminB: 404, teacherB: 404 },
      },
    ],
    'PUT /api/school/attendance/classes/:classId/register/:date': [
      {
        name: "Alpha's register",
        url: () => `/api/school/attendance/classes/${id.aClass}/register/${REGISTER_DATE}`,
        payload: () => ({ marks: [{ learnerId: id.aLearner, status: 'present' }] }),
        expect: { adminB: 404, teacherB: 404 },
      },
      {
        name: "Alpha's learner in Bravo's register",
        url: () => `/api/school/attendance/classes/${id.bClass}/register/${REGISTER_DATE}`,
        payload: () => ({ marks: [{ learnerId: id.aLearner, status: 'present' }] }),
        expect: { adminB: 400, teacherB: 400 },
      },
    ],
    'GET /api/school/attendance/classes/:classId/month': [
      {
        name: "Alpha's class",
        url: () => `/api/school/attendance/classes/${id.aClass}/month?month=${REGISTER_MONTH}`,
        expect: { adminB: 404, teacherB: 404 },
      },
    ],
    'GET /api/school/attendance/learners/:learnerId': [
      {
        name: "Alpha's learner",
        url: () => `/api/school/attendance/learners/${id.aLearner}?${RANGE}`,
        expect: { adminB: 404, teacherB: 404 },
      },
    ],
    'GET /api/school/attendance/export.csv': [
      {
        name: "Alpha's class",
        url: () => `/api/school/attendance/export.csv?${RANGE}&classId=${id.aClass}`,
        expect: { adminB: 404, teacherB: 404 },
      },
    ],
    'GET /api/school/timetable/view': [
      {
        name: "Alpha's class",
        url: () => `/api/school/timetable/view?kind=class&id=${id.aClass}`,
        expect: { adminB: 404, teacherB: 404, parentB: 404 },
      },
      {
        name: "Alpha's teacher",
        url: () => `/api/school/timetable/view?kind=teacher&id=${people.teacherA!.id}`,
        expect: { adminB: 404, teacherB: 404, parentB: 404 },
      },
      {
        name: "Alpha's room",
        url: () => `/api/school/timetable/view?kind=room&id=${id.aRoom}`,
        expect: { adminB: 404, teacherB: 404, parentB: 404 },
      },
    ],
    'DELETE /api/school/timetable/periods/:id': [
      {
        name: "Alpha's period",
        url: () => `/api/school/timetable/periods/${id.aPeriod}`,
        expect: { adminB: 404, teacherB: 403 },
      },
    ],
    'DELETE /api/school/timetable/rooms/:id': [
      {
        name: "Alpha's room",
        url: () => `/api/school/timetable/rooms/${id.aRoom}`,
        expect: { adminB: 404, teacherB: 403 },
      },
    ],
    'DELETE /api/school/timetable/subject-classes/:id': [
      {
        name: "Alpha's subject class",
        url: () => `/api/school/timetable/subject-classes/${id.aSubjectClass}`,
        expect: { adminB: 404, teacherB: 403 },
      },
    ],
    'PUT /api/school/timetable/subject-classes/:id': [
      {
        name: "Alpha's subject class",
        url: () => `/api/school/timetable/subject-classes/${id.aSubjectClass}`,
        payload: () => ({ teacherId: people.teacherB!.id, groupName: '' }),
        expect: { adminB: 404, teacherB: 403 },
      },
      {
        name: "Alpha's teacher",
        url: () => `/api/school/timetable/subject-classes/${id.bSubjectClass}`,
        payload: () => ({ teacherId: people.teacherA!.id, groupName: '' }),
        expect: { adminB: 400, teacherB: 403 },
      },
    ],
    'DELETE /api/school/timetable/lessons/:id': [
      {
        name: "Alpha's lesson",
        url: () => `/api/school/timetable/lessons/${id.aLesson}`,
        expect: { adminB: 404, teacherB: 403 },
      },
    ],
    'POST /api/school/timetable/subject-classes': [
      {
        name: "Alpha's class",
        url: () => '/api/school/timetable/subject-classes',
        payload: () => ({ subject: 'english', teacherId: people.teacherB!.id, registerClassId: id.aClass }),
        expect: { adminB: 400, teacherB: 403 },
      },
      {
        name: "Alpha's teacher",
        url: () => '/api/school/timetable/subject-classes',
        payload: () => ({ subject: 'english', teacherId: people.teacherA!.id, registerClassId: id.bClass }),
        expect: { adminB: 400, teacherB: 403 },
      },
    ],
    'POST /api/school/timetable/lessons': [
      {
        name: "Alpha's subject class",
        url: () => '/api/school/timetable/lessons',
        payload: () => ({ subjectClassId: id.aSubjectClass, day: 2, periodId: id.bPeriod, roomId: null }),
        expect: { adminB: 400, teacherB: 403 },
      },
      {
        name: "Alpha's period",
        url: () => '/api/school/timetable/lessons',
        payload: () => ({ subjectClassId: id.bSubjectClass, day: 2, periodId: id.aPeriod, roomId: null }),
        expect: { adminB: 400, teacherB: 403 },
      },
      {
        name: "Alpha's room",
        url: () => '/api/school/timetable/lessons',
        payload: () => ({ subjectClassId: id.bSubjectClass, day: 2, periodId: id.bPeriod, roomId: id.aRoom }),
        expect: { adminB: 400, teacherB: 403 },
      },
    ],
    'GET /api/school/timetable/eligible-learners': [
      {
        name: "Alpha's class",
        url: () => `/api/school/timetable/eligible-learners?registerClassId=${id.aClass}`,
        expect: { adminB: 404, teacherB: 404, parentB: 403 },
      },
    ],
    'GET /api/school/timetable/subject-classes/:id/learners': [
      {
        name: "Alpha's subject class",
        url: () => `/api/school/timetable/subject-classes/${id.aSubjectClass}/learners`,
        expect: { adminB: 404, teacherB: 404, parentB: 403 },
      },
    ],
    'PUT /api/school/timetable/subject-classes/:id/learners': [
      {
        name: "Alpha's subject class",
        url: () => `/api/school/timetable/subject-classes/${id.aSubjectClass}/learners`,
        payload: () => ({ learnerIds: [id.bLearner] }),
        expect: { adminB: 404, teacherB: 403 },
      },
    ],
    'POST /api/school/timetable/subject-classes/:id/learners': [
      {
        name: "Alpha's subject class",
        url: () => `/api/school/timetable/subject-classes/${id.aSubjectClass}/learners`,
        payload: () => ({ learnerIds: [id.bLearner] }),
        expect: { adminB: 404, teacherB: 403 },
      },
    ],
    'DELETE /api/school/timetable/subject-classes/:id/learners/:learnerId': [
      {
        name: "Alpha's subject class and learner",
        url: () => `/api/school/timetable/subject-classes/${id.aSubjectClass}/learners/${id.aLearner}`,
        expect: { adminB: 404, teacherB: 403 },
      },
    ],
    'GET /api/school/assessment/subject-classes/:id/gradebook': [
      {
        name: "Alpha's subject class",
        url: () => `/api/school/assessment/subject-classes/${id.aSubjectClass}/gradebook?year=2026&term=1`,
        expect: { adminB: 404, teacherB: 404, parentB: 403 },
      },
    ],
    'PUT /api/school/assessment/subject-classes/:id/gradebook': [
      {
        name: "Alpha's subject class and learner",
        url: () => `/api/school/assessment/subject-classes/${id.aSubjectClass}/gradebook`,
        payload: () => ({
          year: 2026,
          term: 1,
          cells: [{ learnerId: id.aLearner, taskId: id.aLesson, value: 10, was: null }],
        }),
        expect: { adminB: 404, teacherB: 404, parentB: 403 },
      },
      {
        name: "Alpha's learner in Bravo's class",
        url: () => `/api/school/assessment/subject-classes/${id.bSubjectClass}/gradebook`,
        payload: () => ({
          year: 2026,
          term: 1,
          cells: [{ learnerId: id.aLearner, taskId: id.aLesson, value: 10, was: null }],
        }),
        expect: { adminB: 400, teacherB: 400 },
      },
    ],
    'POST /api/school/assessment/subject-classes/:id/gradebook/release': [
      {
        name: "Alpha's subject class",
        url: () => `/api/school/assessment/subject-classes/${id.aSubjectClass}/gradebook/release`,
        payload: () => ({ year: 2026, term: 1 }),
        expect: { adminB: 404, teacherB: 404, parentB: 403 },
      },
    ],
    'GET /api/school/assessment/subject-classes/:id/gradebook/changes': [
      {
        name: "Alpha's subject class",
        url: () => `/api/school/assessment/subject-classes/${id.aSubjectClass}/gradebook/changes?year=2026&term=1`,
        expect: { adminB: 404, teacherB: 404 },
      },
    ],
    'POST /api/school/assignments': [
      {
        name: "Alpha's subject class",
        url: () => '/api/school/assignments',
        payload: () => ({
          subjectClassIds: [id.aSubjectClass],
          title: 'Intrusion',
          dueAt: '2030-03-06T14:00:00+02:00',
          totalMarks: 10,
          latePolicy: 'refuse',
        }),
        expect: { adminB: 400, teacherB: 400, parentB: 403 },
      },
    ],
    'GET /api/school/assignments/:id/marking': [
      {
        name: "Alpha's assignment",
        url: () => `/api/school/assignments/${id.aAssignment}/marking`,
        expect: { adminB: 404, teacherB: 404, parentB: 403 },
      },
    ],
    'PUT /api/school/assignments/:id/marks': [
      {
        name: "Alpha's assignment",
        url: () => `/api/school/assignments/${id.aAssignment}/marks`,
        payload: () => ({ marks: [{ learnerId: id.aLearner, mark: 1 }] }),
        expect: { adminB: 404, teacherB: 404 },
      },
    ],
    'POST /api/school/assignments/:id/release': [
      {
        name: "Alpha's assignment",
        url: () => `/api/school/assignments/${id.aAssignment}/release`,
        expect: { adminB: 404, teacherB: 404 },
      },
    ],
    'PUT /api/school/assignments/:id/submission': [
      {
        name: "Alpha's assignment",
        url: () => `/api/school/assignments/${id.aAssignment}/submission`,
        payload: () => ({ text: 'Not mine' }),
        expect: { studentB: 404, adminB: 403 },
      },
    ],
    'POST /api/school/report-cards/generate': [
      {
        name: "Alpha's class",
        url: () => '/api/school/report-cards/generate',
        payload: () => ({ year: 2026, term: 1, registerClassId: id.aClass }),
        expect: { adminB: 400, teacherB: 403 },
      },
      {
        name: "Alpha's learner",
        url: () => '/api/school/report-cards/generate',
        payload: () => ({ year: 2026, term: 1, learnerId: id.aLearner }),
        expect: { adminB: 400 },
      },
    ],
    'PUT /api/school/report-cards/:id/comments': [
      {
        name: "Alpha's report card",
        url: () => `/api/school/report-cards/${id.aReportCard}/comments`,
        payload: () => ({ classTeacherComment: 'Intruder', principalComment: '' }),
        expect: { adminB: 404, teacherB: 403 },
      },
    ],
    'POST /api/school/report-cards/publish': [
      {
        name: "Alpha's class",
        url: () => '/api/school/report-cards/publish',
        payload: () => ({ year: 2026, term: 1, registerClassId: id.aClass }),
        expect: { adminB: 409, teacherB: 403 },
      },
    ],
    'GET /api/school/report-cards/:id/pdf': [
      {
        name: "Alpha's report card",
        url: () => `/api/school/report-cards/${id.aReportCard}/pdf`,
        expect: { adminB: 404, parentB: 404, studentB: 404, teacherB: 403 },
      },
    ],
    'GET /api/school/report-cards/bundle': [
      {
        name: "Alpha's class's cards",
        url: () => `/api/school/report-cards/bundle?year=2026&term=1&registerClassId=${id.aClass}&format=pdf`,
        expect: { adminB: 404, teacherB: 403 },
      },
    ],
    'GET /api/school/report-cards/runs/:runId': [
      {
        name: "Alpha's report card run",
        url: () => `/api/school/report-cards/runs/${id.aReportCardRun}`,
        expect: { adminB: 404, teacherB: 403 },
      },
    ],
    'GET /api/school/report-cards/promotions': [
      {
        name: "Alpha's class's year-end decisions",
        url: () => `/api/school/report-cards/promotions?year=2026&registerClassId=${id.aClass}`,
        expect: { adminB: 404, teacherB: 404 },
      },
    ],
    'PUT /api/school/report-cards/promotions/:learnerId': [
      {
        name: "Alpha's learner's decision",
        url: () => `/api/school/report-cards/promotions/${id.aLearner}`,
        payload: () => ({ year: 2026, decision: 'not_promoted', reason: 'Intruder' }),
        expect: { adminB: 404, teacherB: 404 },
      },
    ],
    'GET /api/school/curriculum/subject-classes/:id': [
      {
        name: "Alpha's subject class's coverage",
        url: () => `/api/school/curriculum/subject-classes/${id.aSubjectClass}?year=2026`,
        expect: { adminB: 404, teacherB: 404, parentB: 403 },
      },
    ],
    'PUT /api/school/curriculum/subject-classes/:id/topics/:topicId': [
      {
        name: "Alpha's subject class",
        url: () =>
          `/api/school/curriculum/subject-classes/${id.aSubjectClass}/topics/00000000-0000-4000-8000-000000000000`,
        payload: () => ({ taughtOn: '2026-02-02' }),
        expect: { adminB: 404, teacherB: 404, parentB: 403 },
      },
    ],
    'DELETE /api/school/curriculum/subject-classes/:id/topics/:topicId': [
      {
        name: "Alpha's subject class",
        url: () =>
          `/api/school/curriculum/subject-classes/${id.aSubjectClass}/topics/00000000-0000-4000-8000-000000000000?year=2026`,
        expect: { adminB: 404, teacherB: 404, parentB: 403 },
      },
    ],
    'GET /api/school/assessment/subject-classes/:id/mark-schedule.csv': [
      {
        name: "Alpha's subject class",
        url: () => `/api/school/assessment/subject-classes/${id.aSubjectClass}/mark-schedule.csv?year=2026&term=1`,
        expect: { adminB: 404, teacherB: 404, parentB: 403 },
      },
    ],
    'PUT /api/school/timetable/terms': [
      {
        name: "Bravo's own 2026 terms (Alpha's stay)",
        url: () => '/api/school/timetable/terms',
        payload: () => ({ year: 2026, terms: BRAVO_TERMS_2026 }),
        expect: { adminB: 200, teacherB: 403 },
      },
    ],
  };

  /** Routes that take no id of a school: the caller's own school (or own children) is all they reach. */
  const NO_SCHOOL_ID: Record<string, string> = {
    'GET /api/school/overview': 'lists',
    'GET /api/school/attendance/report':
      'counts the caller’s school (reports.api.test.ts: a second school sees its own)',
    'GET /api/school/attendance/report/absentees.csv': 'lists the caller’s school',
    'GET /api/school/attendance/report.pdf': 'reports on the caller’s school',
    'GET /api/school/curriculum/plan': 'reads the caller’s school’s plan (curriculum.api.test.ts)',
    'PUT /api/school/curriculum/plan': 'writes the caller’s school’s plan',
    'GET /api/school/curriculum/coverage': 'lists the caller’s school (curriculum.api.test.ts)',
    'GET /api/school/classes': 'lists',
    'POST /api/school/classes': 'creates in the caller’s school; names are unique per school only',
    'GET /api/school/learners': 'lists',
    'GET /api/school/learners/export.csv': 'lists',
    'POST /api/school/learners/import': 'classes are matched by name in the caller’s school (checked below)',
    'GET /api/school/my-children': 'lists (the parent’s own)',
    'GET /api/school/my-children/consents': 'lists (the parent’s own)',
    'GET /api/school/my-learner': 'lists (the learner’s own record)',
    'GET /api/school/attendance/class-teachers': 'lists',
    'GET /api/school/timetable/teaching-today': 'lists (the teacher’s own day)',
    'GET /api/school/staff': 'lists',
    'POST /api/school/staff': 'creates a new account in the caller’s school',
    'GET /api/school/attendance/classes': 'lists',
    'GET /api/school/attendance/today': 'lists',
    'GET /api/school/attendance/rates': 'lists',
    'GET /api/school/attendance/my-children/absences': 'lists (the parent’s own)',
    'GET /api/school/timetable/setup': 'lists',
    'GET /api/school/timetable/terms': 'lists',
    'POST /api/school/timetable/periods': 'creates in the caller’s school',
    'POST /api/school/timetable/rooms': 'creates in the caller’s school',
    'GET /api/school/assessment/programme': 'the caller’s school’s programme of a subject and grade',
    'PUT /api/school/assessment/programme': 'edits the caller’s school’s programme; task ids are checked against it',
    'GET /api/school/assessment/subject-classes': 'lists',
    'GET /api/school/assessment/my-results': 'lists (the learner’s own)',
    'GET /api/school/assessment/my-children/results': 'lists (the parent’s own)',
    'GET /api/school/assignments': 'lists',
    'GET /api/school/assignments/mine': 'lists (the learner’s own)',
    'GET /api/school/assignments/my-children': 'lists (the parent’s own)',
    'GET /api/school/report-cards': 'lists',
    'GET /api/school/assessment/reports/distributions': 'lists',
    'GET /api/school/assessment/reports/at-risk': 'lists',
    'GET /api/school/report-cards/my-children': 'lists (the parent’s own)',
    'GET /api/school/report-cards/mine': 'lists (the learner’s own)',
    'GET /api/school/report-cards/runs': 'lists',
    'POST /api/school/report-cards/runs': 'runs over the caller’s school',
    'GET /api/school/settings/profile': 'the caller’s school’s own',
    'PUT /api/school/settings/profile': 'the caller’s school’s own (the logo: an upload of the caller’s own)',
    'GET /api/school/settings/calendar': 'lists',
    'POST /api/school/settings/closures': 'creates in the caller’s school',
    'GET /api/school/settings/notifications': 'the caller’s school’s own',
    'PUT /api/school/settings/notifications': 'the caller’s school’s own',
    'GET /api/school/settings/payout-account': 'the caller’s school’s own',
    'POST /api/school/settings/payout-account': 'the caller’s school’s own',
    'DELETE /api/school/settings/payout-account/pending': 'the caller’s school’s own',
    'POST /api/school/settings/payout-account/confirm':
      'a token of the caller’s school only (school-settings.api.test.ts)',
    'GET /api/school/settings/role-permissions': 'the caller’s school’s table',
    'PUT /api/school/settings/role-permissions': 'the caller’s school’s table (school-settings.api.test.ts)',
  };

  /** What Bravo's people list and export: nothing of Alpha, and (where it names anything) Bravo's own. */
  const bravoLists = (): { who: TCallerKey; url: string; namesBravo: boolean }[] => [
    { who: 'adminB', url: '/api/school/overview', namesBravo: true },
    { who: 'adminB', url: '/api/school/classes', namesBravo: true },
    { who: 'adminB', url: '/api/school/learners', namesBravo: true },
    { who: 'adminB', url: '/api/school/learners?q=alpha', namesBravo: false },
    { who: 'adminB', url: '/api/school/learners?status=archived', namesBravo: false },
    { who: 'adminB', url: '/api/school/learners/export.csv', namesBravo: true },
    { who: 'adminB', url: '/api/school/staff', namesBravo: true },
    { who: 'adminB', url: '/api/school/attendance/classes', namesBravo: true },
    { who: 'adminB', url: `/api/school/attendance/today?date=${REGISTER_DATE}`, namesBravo: true },
    { who: 'adminB', url: `/api/school/attendance/rates?${RANGE}`, namesBravo: false },
    { who: 'adminB', url: `/api/school/attendance/export.csv?${RANGE}`, namesBravo: true },
    { who: 'adminB', url: '/api/school/timetable/setup', namesBravo: true },
    { who: 'adminB', url: '/api/school/timetable/terms?year=2026', namesBravo: false },
    { who: 'teacherB', url: '/api/school/learners', namesBravo: true },
    { who: 'teacherB', url: '/api/school/attendance/classes', namesBravo: true },
    { who: 'teacherB', url: '/api/school/timetable/setup', namesBravo: true },
    { who: 'adminB', url: '/api/school/attendance/class-teachers', namesBravo: true },
    { who: 'teacherB', url: `/api/school/timetable/teaching-today?date=${REGISTER_DATE}`, namesBravo: false },
    { who: 'parentB', url: '/api/school/my-children', namesBravo: true },
    { who: 'parentB', url: '/api/school/my-children/consents', namesBravo: true },
    { who: 'parentB', url: `/api/school/my-children/${id.bLearner}/overview`, namesBravo: true },
    { who: 'studentB', url: '/api/school/my-learner', namesBravo: true },
    { who: 'parentB', url: '/api/school/attendance/my-children/absences', namesBravo: true },
    { who: 'parentB', url: '/api/school/timetable/setup', namesBravo: true },
    { who: 'adminB', url: '/api/school/assessment/subject-classes', namesBravo: true },
    { who: 'adminB', url: '/api/school/assignments', namesBravo: true },
    { who: 'teacherB', url: '/api/school/assignments', namesBravo: true },
    { who: 'studentB', url: '/api/school/assignments/mine', namesBravo: true },
    { who: 'parentB', url: '/api/school/assignments/my-children', namesBravo: true },
    { who: 'studentB', url: '/api/school/assessment/my-results?year=2026', namesBravo: true },
    { who: 'parentB', url: '/api/school/assessment/my-children/results?year=2026', namesBravo: true },
    { who: 'adminB', url: '/api/school/report-cards?year=2026&term=1', namesBravo: true },
    { who: 'adminB', url: '/api/school/assessment/reports/distributions?year=2026&term=1', namesBravo: true },
    { who: 'teacherB', url: '/api/school/assessment/reports/at-risk?year=2026&term=1', namesBravo: false },
    { who: 'parentB', url: '/api/school/report-cards/my-children', namesBravo: true },
    { who: 'studentB', url: '/api/school/report-cards/mine', namesBravo: true },
  ];

  it('every /api/school route is considered: cross-tenant cases or no school id', () => {
    // The fee routes have their own table of roles and second school (modules/finance/finance-access.api.test.ts).
    const served = routeTable(t.app, '/api/school/').filter(
      (route) =>
        !FINANCE_ROUTE.test(route) &&
        !COMMUNICATION_ROUTE.test(route) &&
        !FACILITY_ROUTE.test(route) &&
        !OPERATIONS_ROUTE.test(route),
    );
    const considered = [...Object.keys(CROSS_TENANT), ...Object.keys(NO_SCHOOL_ID)];
    expect({
      notConsidered: served.filter((route) => !considered.includes(route)),
      notServed: considered.filter((route) => !served.includes(route)),
    }).toEqual({ notConsidered: [], notServed: [] });
  });

  it("Bravo's admin, teacher and parent reach nothing of Alpha by id; Alpha's data is unchanged", async () => {
    const before = await alphaSnapshot();
    const wrong: string[] = [];
    for (const [route, cases] of Object.entries(CROSS_TENANT)) {
      const method = route.split(' ')[0] as TMethod;
      for (const c of cases) {
        for (const [who, expected] of Object.entries(c.expect)) {
          const response = await call(who, method, c.url(), c.payload?.());
          if (response.statusCode !== expected) {
            wrong.push(
              `${route} (${c.name}) as ${who}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 160)}`,
            );
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await alphaSnapshot()).toEqual(before);
    // Nothing was sent to Alpha's parent on Bravo's behalf (the invitation was refused).
    expect(await t.outbox(people.parentA!.email)).toEqual([]);
  });

  it("Bravo's lists and exports hold nothing of Alpha", async () => {
    const alphaIds = Object.entries(id)
      .filter(([key]) => key.startsWith('a'))
      .map(([, value]) => value)
      .concat([people.adminA!.id, people.teacherA!.id, people.parentA!.id]);
    const wrong: string[] = [];
    for (const { who, url, namesBravo } of bravoLists()) {
      const response = await call(who, 'GET', url);
      if (response.statusCode !== 200) {
        wrong.push(`${who} ${url}: ${response.statusCode} ${response.body.slice(0, 160)}`);
        continue;
      }
      const body = response.body;
      if (/alpha/i.test(body)) wrong.push(`${who} ${url} names Alpha: ${body.slice(0, 200)}`);
      const leaked = alphaIds.filter((alphaId) => body.includes(alphaId));
      if (leaked.length) wrong.push(`${who} ${url} holds Alpha's ids ${leaked.join(', ')}`);
      if (namesBravo && !/bravo/i.test(body))
        wrong.push(`${who} ${url} should list Bravo's own: ${body.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("a CSV import matches classes in the importer's school only", async () => {
    const csv = `first_name,last_name,date_of_birth,gender,grade,class,admission_number\nBravo,Import,${birthDateForGrade('8', { monthDay: '07-07' })},female,8,Alpha 8,BI1\n`;
    const response = await call('adminB', 'POST', '/api/school/learners/import', { csv, mode: 'check' });
    expect(response.statusCode).toBe(200);
    const report = response.json().report;
    expect(report).toMatchObject({ totalRows: 1, validRows: 0, invalidRows: 1, imported: 0 });
    expect(report.errors[0].errors.map((e: { field: string }) => e.field)).toEqual(['class']);
  });
});
