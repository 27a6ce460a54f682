import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { decodeCsvBytes } from '@sekolo/shared/domain/csv-text';
import { luhnCheckDigit } from '@sekolo/shared/domain/sa-id';
import { schoolToday } from '@sekolo/shared/schemas/attendance';
import { birthDateForGrade, LEARNER_LIST_FIELDS, SCHOOL_MESSAGES } from '@sekolo/shared/schemas/school';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import { auditEvents } from '../../platform/db/schema/index.ts';
import { createLearner, setInClassSince } from '../../test/factories/school.ts';
import { BAD_CURSOR_MESSAGE } from './list-learners.ts';

const SCHOOL_A = { name: 'Umhlanga Primary', type: 'school' as const };
const SCHOOL_B = { name: 'Karoo High', type: 'school' as const };

function saId(birth: string, sequence = '5009'): string {
  const first12 = `${birth.slice(2, 4)}${birth.slice(5, 7)}${birth.slice(8, 10)}${sequence}08`;
  return first12 + luhnCheckDigit(first12);
}

/** A Grade 8 learner's date of birth in the year the test runs (birthDateForGrade), on `monthDay`. */
const grade8Born = (monthDay = '03-15') => birthDateForGrade('8', { monthDay });

const learner = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Sipho',
  lastName: 'Ndlovu',
  dateOfBirth: grade8Born(),
  gender: 'male',
  grade: '8',
  admissionNumber: 'A001',
  ...overrides,
});

describe('school API: learners, classes, import, export, tenant isolation', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const people: Record<string, TCreatedUser> = {};
  let ip = 0;
  let classA8: string;
  let classB8: string;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    people.admin = await createUser(db, { role: 'school_admin', organization: SCHOOL_A });
    people.teacher = await createUser(db, { role: 'teacher', organization: SCHOOL_A });
    people.staff = await createUser(db, { role: 'school_staff', organization: SCHOOL_A });
    people.driver = await createUser(db, { role: 'driver', organization: SCHOOL_A });
    people.parent = await createUser(db, { role: 'parent', organization: SCHOOL_A });
    people.student = await createUser(db, { role: 'student', organization: SCHOOL_A });
    people.otherAdmin = await createUser(db, { role: 'school_admin', organization: SCHOOL_B });
    people.customer = await createUser(db, { role: 'customer' });
    people.vendor = await createUser(db, {
      role: 'business_partner',
      organization: { name: 'Stationers', type: 'business' },
    });
    for (const [key, person] of Object.entries(people)) {
      const { response, cookie } = await signIn(t.app, person.email, person.password, { ip: `10.6.0.${++ip}` });
      expect(response.statusCode).toBe(200);
      cookies[key] = cookie;
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: who ? { cookie: cookies[who]! } : {},
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });

  it('creates register classes; names are unique per school', async () => {
    const a = await call('POST', '/api/school/classes', 'admin', { name: '8A', grade: '8' });
    expect(a.statusCode).toBe(201);
    classA8 = a.json().class.id;
    expect((await call('POST', '/api/school/classes', 'admin', { name: '8a', grade: '8' })).json()).toEqual({
      error: {
        code: 'CONFLICT',
        message: SCHOOL_MESSAGES.classNameTaken,
        fields: { name: SCHOOL_MESSAGES.classNameTaken },
      },
    });
    // Another school may use the same name.
    const b = await call('POST', '/api/school/classes', 'otherAdmin', { name: '8A', grade: '8' });
    expect(b.statusCode).toBe(201);
    classB8 = b.json().class.id;
    const list = (await call('GET', '/api/school/classes', 'teacher')).json();
    expect(list.classes).toEqual([
      { id: classA8, name: '8A', grade: '8', learnerCount: 0, teacherId: null, teacherName: null },
    ]);
  });

  it('creates a learner with a checked SA ID number and audits the read of the record', async () => {
    const id = saId(grade8Born());
    const res = await call(
      'POST',
      '/api/school/learners',
      'admin',
      learner({
        idType: 'sa_id',
        idNumber: id,
        registerClassId: classA8,
        homeLanguage: 'isizulu',
        admissionNumber: ' a001 ',
      }),
    );
    expect(res.statusCode).toBe(201);
    const created = res.json().learner;
    expect(created).toMatchObject({
      admissionNumber: 'A001',
      grade: '8',
      registerClassName: '8A',
      idNumber: id,
      homeLanguage: 'isizulu',
      archivedAt: null,
    });

    // The list carries only what it shows: the ID number, home language, medical notes and address
    // come with the audited read of one record, never unaudited in a page of them.
    const listed = (await call('GET', '/api/school/learners?q=a001', 'teacher')).json().learners;
    expect(listed).toHaveLength(1);
    expect(Object.keys(listed[0]).sort()).toEqual([...LEARNER_LIST_FIELDS].sort());
    expect(JSON.stringify(listed)).not.toContain(id);

    // A teacher's record has no ID: their page does not show it, and the answer does not carry it.
    const read = await call('GET', `/api/school/learners/${created.id}`, 'teacher');
    expect(read.statusCode).toBe(200);
    expect(read.json().learner).toMatchObject({ id: created.id, homeLanguage: 'isizulu', gender: 'male' });
    expect(read.json().learner).not.toHaveProperty('idNumber');
    expect(read.json().learner).not.toHaveProperty('idType');
    expect(read.body).not.toContain(id);
    const staffRead = await call('GET', `/api/school/learners/${created.id}`, 'staff');
    expect(staffRead.statusCode).toBe(200);
    expect(staffRead.body).not.toContain(id);
    expect(staffRead.json().learner).not.toHaveProperty('idType');
    // The admin, who manages learners, reads the whole record.
    const adminRead = await call('GET', `/api/school/learners/${created.id}`, 'admin');
    expect(adminRead.json().learner).toMatchObject({ idType: 'sa_id', idNumber: id, homeLanguage: 'isizulu' });
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target, `learner:${created.id}`));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'learner.created',
      'learner.read',
      'learner.read',
      'learner.read',
    ]);
    expect(audits.filter((a) => a.action === 'learner.read').map((a) => a.actorUserId)).toEqual(
      expect.arrayContaining([people.teacher!.id, people.staff!.id, people.admin!.id]),
    );
  });

  it('accepts what the web form posts: the shared schema output, blanks as null', async () => {
    const res = await call(
      'POST',
      '/api/school/learners',
      'admin',
      learner({
        firstName: 'Form',
        lastName: 'Posted',
        admissionNumber: 'FORM1',
        preferredName: '',
        registerClassId: null,
        idType: 'none',
        idNumber: null,
        homeLanguage: null,
        medicalNotes: '',
        address: '',
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().learner).toMatchObject({ homeLanguage: null, idNumber: null, registerClassId: null });
  });

  it('answers validation messages from the shared schema', async () => {
    const bad = await call(
      'POST',
      '/api/school/learners',
      'admin',
      learner({ firstName: ' ', grade: '13', idType: 'sa_id', idNumber: '8001015009086', admissionNumber: 'A002' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      firstName: SCHOOL_MESSAGES.firstNameRequired,
      grade: SCHOOL_MESSAGES.gradeRequired,
    });
    const mismatch = await call(
      'POST',
      '/api/school/learners',
      'admin',
      learner({ idType: 'sa_id', idNumber: saId(birthDateForGrade('8', { yearsOlder: 1 })), admissionNumber: 'A002' }),
    );
    expect(mismatch.json().error.fields).toEqual({ idNumber: SCHOOL_MESSAGES.idBirthDateMismatch });
    const checksum = await call(
      'POST',
      '/api/school/learners',
      'admin',
      learner({ idType: 'sa_id', idNumber: '8001015009086', dateOfBirth: '1980-01-01', admissionNumber: 'A002' }),
    );
    expect(checksum.json().error.fields.idNumber).toBe('ID number is not valid (check digit does not match)');
    const taken = await call('POST', '/api/school/learners', 'admin', learner());
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toEqual({
      code: 'CONFLICT',
      message: SCHOOL_MESSAGES.admissionNumberTaken,
      fields: { admissionNumber: SCHOOL_MESSAGES.admissionNumberTaken },
    });
    const wrongGrade = await call(
      'POST',
      '/api/school/learners',
      'admin',
      learner({ admissionNumber: 'A002', grade: '9', registerClassId: classA8 }),
    );
    expect(wrongGrade.json().error.fields).toEqual({ registerClassId: SCHOOL_MESSAGES.classGradeMismatch });
  });

  it('refuses an SA ID of the other gender and an age far from the grade’s, on their fields', async () => {
    // The tester's cases: a male's ID (digits 7-10 5123) entered as Female; Grade 8 at one year old.
    const maleId = '1203155123085';
    const female = await call(
      'POST',
      '/api/school/learners',
      'admin',
      learner({ gender: 'female', idType: 'sa_id', idNumber: maleId, admissionNumber: 'G001' }),
    );
    expect(female.statusCode).toBe(400);
    expect(female.json().error.fields).toEqual({ idNumber: SCHOOL_MESSAGES.idGenderMismatch });
    const year = Number(schoolToday().slice(0, 4));
    const baby = await call(
      'POST',
      '/api/school/learners',
      'admin',
      learner({ dateOfBirth: `${year - 1}-06-01`, admissionNumber: 'G001' }),
    );
    expect(baby.statusCode).toBe(400);
    expect(baby.json().error.fields).toEqual({
      dateOfBirth: SCHOOL_MESSAGES.dateOfBirthImplausibleForGrade('8', 1),
    });
    expect(baby.json().error.fields.dateOfBirth).toContain('usually turn 14 this year (we accept 11 to 18)');
    const impossible = await call(
      'POST',
      '/api/school/learners',
      'admin',
      learner({ dateOfBirth: '2012-02-30', admissionNumber: 'G001' }),
    );
    expect(impossible.json().error.fields).toEqual({ dateOfBirth: SCHOOL_MESSAGES.dateOfBirthNotADate });
    // Nothing of them was saved.
    expect((await call('GET', '/api/school/learners?q=G001', 'admin')).json().learners).toEqual([]);
  });

  it('lets each role do only what section 6 allows', async () => {
    const [first] = (await call('GET', '/api/school/learners', 'admin')).json().learners;
    const routes: [string, 'GET' | 'POST' | 'PUT', string, unknown?][] = [
      ['view', 'GET', '/api/school/overview'],
      ['view', 'GET', '/api/school/classes'],
      ['view', 'GET', '/api/school/learners'],
      ['view', 'GET', `/api/school/learners/${first.id}`],
      ['manage', 'POST', '/api/school/classes', { name: '9Z', grade: '9' }],
      ['manage', 'POST', '/api/school/learners', learner({ admissionNumber: 'ROLE1' })],
      [
        'manage',
        'PUT',
        `/api/school/learners/${first.id}`,
        learner({ admissionNumber: 'A001', registerClassId: classA8 }),
      ],
      ['manage', 'POST', `/api/school/learners/${first.id}/archive`],
      ['manage', 'POST', `/api/school/learners/${first.id}/restore`],
      ['manage', 'POST', '/api/school/learners/import', { csv: 'first_name\n', mode: 'check' }],
      ['manage', 'GET', '/api/school/learners/export.csv'],
    ];
    const viewers = ['admin', 'teacher', 'staff'];
    for (const [kind, method, url, body] of routes) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url} signed out`).toBe(401);
      for (const who of ['admin', 'teacher', 'staff', 'driver', 'parent', 'student', 'customer', 'vendor']) {
        const allowed = kind === 'manage' ? who === 'admin' : viewers.includes(who);
        const res = await call(method, url, who, body);
        if (allowed) expect(res.statusCode, `${who} ${method} ${url}`).toBeLessThan(300);
        else expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
      }
    }
    // A member of a business is told why.
    expect((await call('GET', '/api/school/learners', 'vendor')).json().error.message).toBe(
      SCHOOL_MESSAGES.notASchoolMember,
    );
  });

  it('keeps schools apart: the second school reads and changes nothing of the first', async () => {
    const mine = (await call('GET', '/api/school/learners?limit=100', 'admin')).json().learners;
    expect(mine.length).toBeGreaterThan(0);
    const target = mine[0];
    expect((await call('GET', '/api/school/learners', 'otherAdmin')).json().learners).toEqual([]);
    expect((await call('GET', `/api/school/learners/${target.id}`, 'otherAdmin')).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/school/learners/${target.id}`, 'otherAdmin', learner({ admissionNumber: 'HACK' })))
        .statusCode,
    ).toBe(404);
    expect((await call('POST', `/api/school/learners/${target.id}/archive`, 'otherAdmin')).statusCode).toBe(404);
    // The first school's class cannot be used by the second, nor its admission numbers seen as taken.
    expect(
      (await call('POST', '/api/school/learners', 'otherAdmin', learner({ registerClassId: classA8 }))).json().error
        .fields,
    ).toEqual({
      registerClassId: SCHOOL_MESSAGES.classNotFound,
    });
    const own = await call('POST', '/api/school/learners', 'otherAdmin', learner({ registerClassId: classB8 }));
    expect(own.statusCode).toBe(201);
    expect((await call('GET', '/api/school/classes', 'otherAdmin')).json().classes).toEqual([
      { id: classB8, name: '8A', grade: '8', learnerCount: 1, teacherId: null, teacherName: null },
    ]);
    const exported = (await call('GET', '/api/school/learners/export.csv', 'otherAdmin')).body;
    expect(exported).not.toContain(target.lastName === 'Ndlovu' ? 'ROLE1' : target.admissionNumber);
    const overview = (await call('GET', '/api/school/overview', 'otherAdmin')).json();
    expect(overview.learners.enrolled).toBe(1);
    expect(overview.recentActivity.every((a: { summary: string }) => !a.summary.includes('ROLE1'))).toBe(true);
    // Nothing of school A changed.
    const after = (await call('GET', `/api/school/learners/${target.id}`, 'admin')).json().learner;
    expect(after.admissionNumber).toBe(target.admissionNumber);
    expect(after.archivedAt).toBeNull();
  });

  it('links parents and guardians to learners, one record per family, within the school only', async () => {
    const kid1 = (
      await call(
        'POST',
        '/api/school/learners',
        'admin',
        learner({ firstName: 'Bongi', lastName: 'Family', admissionNumber: 'FAM1' }),
      )
    ).json().learner;
    const kid2 = (
      await call(
        'POST',
        '/api/school/learners',
        'admin',
        learner({ firstName: 'Jabu', lastName: 'Family', admissionNumber: 'FAM2' }),
      )
    ).json().learner;
    const mom = {
      firstName: 'Nandi',
      lastName: 'Family',
      email: 'Nandi@Example.test',
      phone: '0821234567',
      relation: 'parent',
      paysFees: true,
    };
    const linked = await call('POST', `/api/school/learners/${kid1.id}/guardians`, 'admin', mom);
    expect(linked.statusCode).toBe(201);
    expect(linked.json().guardians).toEqual([
      expect.objectContaining({
        email: 'nandi@example.test',
        phone: '082 123 4567',
        relation: 'parent',
        paysFees: true,
        receivesCommunications: true,
        hasAccount: false,
      }),
    ]);
    const sibling = (
      await call('POST', `/api/school/learners/${kid2.id}/guardians`, 'admin', { ...mom, relation: 'guardian' })
    ).json().guardians;
    expect(sibling[0].id).toBe(linked.json().guardians[0].id);
    const again = await call('POST', `/api/school/learners/${kid1.id}/guardians`, 'admin', mom);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(SCHOOL_MESSAGES.guardianAlreadyLinked);
    const invalid = await call('POST', `/api/school/learners/${kid1.id}/guardians`, 'admin', {
      firstName: 'Gogo',
      lastName: 'Family',
      relation: 'grandparent',
    });
    expect(invalid.json().error.fields).toEqual({ email: SCHOOL_MESSAGES.guardianContactRequired });

    const guardianId = sibling[0].id;
    expect((await call('GET', `/api/school/learners/${kid1.id}/guardians`, 'teacher')).json().guardians).toHaveLength(
      1,
    );
    expect((await call('POST', `/api/school/learners/${kid1.id}/guardians`, 'teacher', mom)).statusCode).toBe(403);
    expect((await call('GET', `/api/school/learners/${kid1.id}/guardians`, 'parent')).statusCode).toBe(403);
    // The other school sees nothing and changes nothing.
    expect((await call('GET', `/api/school/learners/${kid1.id}/guardians`, 'otherAdmin')).statusCode).toBe(404);
    expect((await call('POST', `/api/school/learners/${kid1.id}/guardians`, 'otherAdmin', mom)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/school/learners/${kid1.id}/guardians/${guardianId}`, 'otherAdmin', mom)).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/school/learners/${kid1.id}/guardians/${guardianId}`,
          headers: { cookie: cookies.otherAdmin! },
        })
      ).statusCode,
    ).toBe(404);

    const updated = (
      await call('PUT', `/api/school/learners/${kid1.id}/guardians/${guardianId}`, 'admin', {
        ...mom,
        paysFees: false,
        receivesCommunications: false,
      })
    ).json().guardians;
    expect(updated[0]).toMatchObject({ paysFees: false, receivesCommunications: false });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/school/learners/${kid1.id}/guardians/${guardianId}`,
      headers: { cookie: cookies.admin! },
    });
    expect(removed.json().guardians).toEqual([]);
    // Still the sibling's guardian.
    expect((await call('GET', `/api/school/learners/${kid2.id}/guardians`, 'admin')).json().guardians).toHaveLength(1);
  });

  it('refuses a learner save based on a record someone else saved since (If-Match), and writes nothing of it', async () => {
    const body = { firstName: 'Nandi', lastName: 'Concurrent', admissionNumber: 'CONC1' };
    const created = (await call('POST', '/api/school/learners', 'admin', learner(body))).json().learner;
    const opened = (await call('GET', `/api/school/learners/${created.id}`, 'admin')).json().learner;
    const put = (values: Record<string, unknown>, ifMatch?: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/school/learners/${created.id}`,
        headers: { cookie: cookies.admin!, ...(ifMatch ? { 'if-match': ifMatch } : {}) },
        payload: learner({ ...body, ...values }),
      });
    // One secretary adds the medical notes...
    const first = await put({ medicalNotes: 'Asthma: inhaler in her school bag' }, opened.updatedAt);
    expect(first.statusCode).toBe(200);
    // ...another, on the record as it was opened, saves a new address: refused, the notes kept.
    const stale = await put({ address: '12 Long Street, Durban' }, `"${opened.updatedAt}"`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toEqual({ code: 'SAVED_MEANWHILE', message: SCHOOL_MESSAGES.learnerChangedMeanwhile });
    const now = (await call('GET', `/api/school/learners/${created.id}`, 'admin')).json().learner;
    expect(now).toMatchObject({ medicalNotes: 'Asthma: inhaler in her school bag', address: '' });
    expect(now.updatedAt).toBe(first.json().learner.updatedAt);
    // Based on the record read again, the address is saved beside the notes (an entity tag, quoted, too).
    const merged = await put(
      { medicalNotes: 'Asthma: inhaler in her school bag', address: '12 Long Street, Durban' },
      `"${now.updatedAt}"`,
    );
    expect(merged.statusCode).toBe(200);
    expect(merged.json().learner).toMatchObject({
      medicalNotes: 'Asthma: inhaler in her school bag',
      address: '12 Long Street, Durban',
    });
    // Without If-Match the save is the last writer, as before.
    expect((await put({ address: 'PO Box 1' })).json().learner).toMatchObject({
      medicalNotes: '',
      address: 'PO Box 1',
    });
  });

  it('checks an old record’s age only when its date of birth or grade changes, and a new one’s always', async () => {
    // Saved as Grade 8 six years ago and never moved up (or imported so): it turns 20 this year.
    const bornThen = birthDateForGrade('8', { yearsOlder: 6 });
    const old = await createLearner(t.database.db, people.admin!.organizationId!, {
      firstName: 'Lerato',
      lastName: 'Kept-Back',
      admissionNumber: 'OLD1',
      dateOfBirth: bornThen,
      grade: 8,
    });
    const record = learner({
      firstName: 'Lerato',
      lastName: 'Kept-Back',
      admissionNumber: 'OLD1',
      dateOfBirth: bornThen,
    });
    const put = (values: Record<string, unknown>) =>
      call('PUT', `/api/school/learners/${old.id}`, 'admin', { ...record, ...values });
    // The secretary corrects the address: saved, not refused for the age.
    const address = await put({ address: '7 Protea Road, Soweto' });
    expect(address.statusCode, address.body).toBe(200);
    expect(address.json().learner).toMatchObject({
      address: '7 Protea Road, Soweto',
      dateOfBirth: bornThen,
      grade: '8',
    });
    // A new grade or date of birth is held to the rule, on the date of birth's field; nothing is saved.
    const tooOld = SCHOOL_MESSAGES.dateOfBirthImplausibleForGrade('9', 20);
    const grade = await put({ grade: '9', address: 'Moved' });
    expect(grade.statusCode).toBe(400);
    expect(grade.json().error).toEqual({ code: 'VALIDATION_ERROR', message: tooOld, fields: { dateOfBirth: tooOld } });
    const dateOfBirth = await put({ dateOfBirth: birthDateForGrade('8', { yearsOlder: 6, monthDay: '04-15' }) });
    expect(dateOfBirth.json().error.fields).toEqual({
      dateOfBirth: SCHOOL_MESSAGES.dateOfBirthImplausibleForGrade('8', 20),
    });
    expect((await call('GET', `/api/school/learners/${old.id}`, 'admin')).json().learner).toMatchObject({
      grade: '8',
      dateOfBirth: bornThen,
      address: '7 Protea Road, Soweto',
    });
    // Moved up to a grade the age fits: saved.
    const movedUp = await put({ grade: '12' });
    expect(movedUp.statusCode, movedUp.body).toBe(200);
    expect(movedUp.json().learner.grade).toBe('12');
    // The same learner added anew, by the form or a file, is refused for the age.
    const added = await call('POST', '/api/school/learners', 'admin', { ...record, admissionNumber: 'OLD2' });
    expect(added.json().error.fields).toEqual({ dateOfBirth: SCHOOL_MESSAGES.dateOfBirthImplausibleForGrade('8', 20) });
    const csv = `first_name,last_name,date_of_birth,gender,grade,admission_number\nLerato,Kept-Back,${bornThen},female,8,OLD3\n`;
    const report = (await call('POST', '/api/school/learners/import', 'admin', { csv, mode: 'check' })).json().report;
    expect(report.errors).toEqual([
      {
        row: 2,
        admissionNumber: 'OLD3',
        errors: [{ field: 'date_of_birth', message: SCHOOL_MESSAGES.dateOfBirthImplausibleForGrade('8', 20) }],
      },
    ]);
  });

  it('refuses a guardian save based on what someone else saved since (If-Match), and a taken e-mail on its field', async () => {
    const kid = (
      await call('POST', '/api/school/learners', 'admin', learner({ lastName: 'Guarded', admissionNumber: 'GRD1' }))
    ).json().learner;
    const dad = { firstName: 'Sipho', lastName: 'Guarded', email: 'sipho@example.test', relation: 'parent' };
    const [opened] = (await call('POST', `/api/school/learners/${kid.id}/guardians`, 'admin', dad)).json().guardians;
    expect(opened.updatedAt).toEqual(expect.any(String));
    const put = (values: Record<string, unknown>, ifMatch?: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/school/learners/${kid.id}/guardians/${opened.id}`,
        headers: { cookie: cookies.admin!, ...(ifMatch ? { 'if-match': ifMatch } : {}) },
        payload: { ...dad, ...values },
      });
    // One secretary records the new phone number...
    const first = await put({ phone: '082 555 0101' }, `"${opened.updatedAt}"`);
    expect(first.statusCode).toBe(200);
    const saved = first.json().guardians[0];
    expect(saved).toMatchObject({ phone: '082 555 0101' });
    expect(saved.updatedAt > opened.updatedAt).toBe(true);
    // ...another, on the guardian as first opened, marks him as paying: refused, the phone kept.
    const stale = await put({ paysFees: true }, opened.updatedAt);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toEqual({ code: 'SAVED_MEANWHILE', message: SCHOOL_MESSAGES.guardianChangedMeanwhile });
    const now = (await call('GET', `/api/school/learners/${kid.id}/guardians`, 'admin')).json().guardians[0];
    expect(now).toMatchObject({ phone: '082 555 0101', paysFees: false, updatedAt: saved.updatedAt });
    // Based on the reading after the first save, both are kept.
    const merged = await put({ phone: '082 555 0101', paysFees: true }, saved.updatedAt);
    expect(merged.json().guardians[0]).toMatchObject({ phone: '082 555 0101', paysFees: true });
    // An e-mail address another guardian of the school has is refused on the field, and nothing changes.
    await call('POST', `/api/school/learners/${kid.id}/guardians`, 'admin', {
      ...dad,
      firstName: 'Zodwa',
      email: 'zodwa@example.test',
    });
    const taken = await put({ email: 'Zodwa@Example.test' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({ email: SCHOOL_MESSAGES.guardianEmailTaken });
    const after = (await call('GET', `/api/school/learners/${kid.id}/guardians`, 'admin')).json().guardians;
    expect(after.find((g: { id: string }) => g.id === opened.id)).toMatchObject({ email: 'sipho@example.test' });
    // Removed meanwhile: the edit finds no such guardian of the learner.
    await t.app.inject({
      method: 'DELETE',
      url: `/api/school/learners/${kid.id}/guardians/${opened.id}`,
      headers: { cookie: cookies.admin! },
    });
    const gone = await put({ phone: '082 555 0102' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(SCHOOL_MESSAGES.guardianNotFound);
  });

  it('archives and restores a learner; archived learners leave the active list', async () => {
    const created = (
      await call(
        'POST',
        '/api/school/learners',
        'admin',
        learner({ firstName: 'Lerato', lastName: 'Archer', admissionNumber: 'ARC1' }),
      )
    ).json().learner;
    await call('POST', `/api/school/learners/${created.id}/archive`, 'admin');
    const active = (await call('GET', '/api/school/learners?q=archer', 'admin')).json().learners;
    expect(active).toEqual([]);
    const archived = (await call('GET', '/api/school/learners?q=archer&status=archived', 'admin')).json().learners;
    expect(archived.map((l: { id: string }) => l.id)).toEqual([created.id]);
    expect(
      (await call('POST', `/api/school/learners/${created.id}/restore`, 'admin')).json().learner.archivedAt,
    ).toBeNull();
  });

  it('pages with a stable keyset order in every sort, and searches by name or admission number', async () => {
    const surnames = ['Botha', 'Mokoena', 'Naidoo', 'Pillay', 'Zulu', 'Botha', 'Mokoena', 'Dlamini', 'Khumalo', 'Smit'];
    for (const [i, lastName] of surnames.entries()) {
      const res = await call(
        'POST',
        '/api/school/learners',
        'admin',
        learner({
          firstName: `Kid${String.fromCharCode(65 + i)}`,
          lastName,
          admissionNumber: `K${100 + i}`,
          grade: String((i % 3) + 6),
        }),
      );
      expect(res.statusCode).toBe(201);
    }
    /** Every id of a list, following its pages of `limit` rows from cursor to cursor. */
    const walk = async (query: string, limit: number): Promise<string[]> => {
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { learners: { id: string }[]; nextCursor: string | null } = (
          await call('GET', `/api/school/learners?limit=${limit}&${query}${cursor ? `&cursor=${cursor}` : ''}`, 'admin')
        ).json();
        expect(page.learners.length).toBeLessThanOrEqual(limit);
        walked.push(...page.learners.map((l) => l.id));
        cursor = page.nextCursor;
      } while (cursor);
      return walked;
    };
    for (const sort of ['name', 'grade', 'admissionNumber'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const all = (await call('GET', `/api/school/learners?limit=100&sort=${sort}&dir=${dir}`, 'admin')).json()
          .learners as { id: string }[];
        const walked = await walk(`sort=${sort}&dir=${dir}`, 3);
        expect(walked, `${sort} ${dir}`).toEqual(all.map((l) => l.id));
        expect(new Set(walked).size).toBe(walked.length);
      }
    }
    const byName = (await call('GET', '/api/school/learners?limit=100', 'admin')).json().learners as {
      lastName: string;
      firstName: string;
    }[];
    const keys = byName.map((l) => `${l.lastName}|${l.firstName}`);
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    // A learner added before the cursor's position does not shift the next page.
    const first = (await call('GET', '/api/school/learners?limit=4', 'admin')).json();
    await call('POST', '/api/school/learners', 'admin', learner({ lastName: 'Aardvark', admissionNumber: 'K999' }));
    const second = (await call('GET', `/api/school/learners?limit=4&cursor=${first.nextCursor}`, 'admin')).json();
    expect(second.learners.map((l: { lastName: string }) => l.lastName)).not.toContain('Aardvark');
    expect(second.learners[0].lastName >= first.learners[3].lastName).toBe(true);

    const search = async (q: string) =>
      (
        (await call('GET', `/api/school/learners?q=${encodeURIComponent(q)}`, 'admin')).json().learners as {
          admissionNumber: string;
        }[]
      )
        .map((l) => l.admissionNumber)
        .sort();
    expect(await search('moko')).toEqual(['K101', 'K106']);
    expect(await search('kidb moko')).toEqual(['K101']);
    // A word other than the leading (longest) one matches an admission number too.
    expect(await search('mokoena k106')).toEqual(['K106']);
    // The number's digits find it without its letters, but not from inside a part.
    expect(await search('106')).toEqual(['K106']);
    expect(await search('06')).toEqual([]);
    // A surname after an apostrophe, typed with a phone's curly one, and a name as the list writes it.
    await call('POST', '/api/school/learners', 'admin', learner({ lastName: "D'Almeida", admissionNumber: 'K777' }));
    expect(await search('almeida')).toEqual(['K777']);
    expect(await search('D’Almeida')).toEqual(['K777']);
    expect(await search('Mokoena, Kidb')).toEqual(['K101']);
    // A learner matching a search by three of their names is one row: on a page of two, with
    // the rest of the matches on the next.
    const thrice = await call(
      'POST',
      '/api/school/learners',
      'admin',
      learner({ firstName: 'Mokgadi', lastName: 'Mokaba', preferredName: 'Moki', admissionNumber: 'K990' }),
    );
    expect(thrice.statusCode, thrice.body).toBe(201);
    const mok = await walk('q=mok', 2);
    expect(mok).toHaveLength(3);
    expect(mok[0]).toBe(thrice.json().learner.id);
    expect(await search('mok')).toEqual(['K101', 'K106', 'K990']);
    expect(await search('k10')).toEqual([
      'K100',
      'K101',
      'K102',
      'K103',
      'K104',
      'K105',
      'K106',
      'K107',
      'K108',
      'K109',
    ]);
    expect(await search('%')).toEqual([]);

    // A search's pages, in every sort, walk exactly its matches in the order of the unsearched list.
    for (const sort of ['name', 'grade', 'admissionNumber'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const everyone = (await call('GET', `/api/school/learners?limit=100&sort=${sort}&dir=${dir}`, 'admin')).json()
          .learners as { id: string; firstName: string; lastName: string; admissionNumber: string }[];
        for (const q of ['kid', 'k10', 'kid bot', 'botha k']) {
          const tokens = q.split(' ');
          const expected = everyone
            .filter((l) =>
              tokens.every((t) =>
                [l.lastName, l.firstName, l.admissionNumber].some((v) => v.toLowerCase().startsWith(t)),
              ),
            )
            .map((l) => l.id);
          expect(expected.length, q).toBeGreaterThan(1);
          const walked = await walk(`sort=${sort}&dir=${dir}&q=${encodeURIComponent(q)}`, 2);
          expect(walked, `${q} ${sort} ${dir}`).toEqual(expected);
        }
      }
    }
    const bad = await call('GET', '/api/school/learners?cursor=garbage', 'admin');
    expect(bad.json().error).toEqual({ code: 'VALIDATION_ERROR', message: BAD_CURSOR_MESSAGE });
  });

  it('imports a CSV only when clean, or the valid rows when asked, with a row-by-row report', async () => {
    const header = 'First Name,Last Name,date_of_birth,gender,grade,class,admission_number,id_number\n';
    const csv =
      header +
      `Ayanda,Cele,${grade8Born('05-01')},female,Grade 8,8A,CSV1,${saId(grade8Born('05-01'), '0123')}\n` +
      'Bongani,Cele,2013-02-30,male,8,,CSV2,\n' +
      `Chris,Cele,${grade8Born('01-01')},male,8,9Z,CSV3,\n` +
      `Dudu,Cele,${grade8Born('01-01')},female,8,,CSV1,\n` +
      `Eli,Cele,${grade8Born('01-01')},male,8,,A001,\n` +
      `Fikile,Cele,${Number(schoolToday().slice(0, 4)) - 6}-01-01,female,R,,CSV6,\n`;
    const check = (await call('POST', '/api/school/learners/import', 'admin', { csv, mode: 'check' })).json().report;
    expect(check).toMatchObject({ totalRows: 6, validRows: 2, invalidRows: 4, imported: 0, fileError: null });
    expect(check.errors).toEqual([
      {
        row: 3,
        admissionNumber: 'CSV2',
        // In the form asked for, but 30 February does not exist: said so, not "as YYYY-MM-DD".
        errors: [{ field: 'date_of_birth', message: SCHOOL_MESSAGES.dateOfBirthNotADate }],
      },
      { row: 4, admissionNumber: 'CSV3', errors: [{ field: 'class', message: SCHOOL_MESSAGES.classGradeMismatch }] },
      {
        row: 5,
        admissionNumber: 'CSV1',
        errors: [{ field: 'admission_number', message: SCHOOL_MESSAGES.csvDuplicateInFile(2) }],
      },
      {
        row: 6,
        admissionNumber: 'A001',
        errors: [{ field: 'admission_number', message: SCHOOL_MESSAGES.admissionNumberTaken }],
      },
    ]);
    // 'all' imports nothing while any row is wrong.
    expect(
      (await call('POST', '/api/school/learners/import', 'admin', { csv, mode: 'all' })).json().report.imported,
    ).toBe(0);
    expect((await call('GET', '/api/school/learners?q=cele', 'admin')).json().learners).toEqual([]);
    const partial = (await call('POST', '/api/school/learners/import', 'admin', { csv, mode: 'valid_only' })).json()
      .report;
    expect(partial.imported).toBe(2);
    const imported = (await call('GET', '/api/school/learners?q=cele', 'admin')).json().learners;
    expect(imported.map((l: { admissionNumber: string }) => l.admissionNumber).sort()).toEqual(['CSV1', 'CSV6']);
    expect(imported.find((l: { admissionNumber: string }) => l.admissionNumber === 'CSV1').registerClassName).toBe(
      '8A',
    );

    const clean = header + `Gugu,Zwane,${birthDateForGrade('6', { monthDay: '07-07' })},female,6,,CSV7,\n`;
    expect(
      (await call('POST', '/api/school/learners/import', 'admin', { csv: clean, mode: 'all' })).json().report,
    ).toMatchObject({ imported: 1, invalidRows: 0 });
    expect(
      (await call('POST', '/api/school/learners/import', 'admin', { csv: 'name,surname\nA,B\n', mode: 'check' })).json()
        .report.fileError,
    ).toBe(
      SCHOOL_MESSAGES.csvMissingColumns([
        'first_name',
        'last_name',
        'date_of_birth',
        'gender',
        'grade',
        'admission_number',
      ]),
    );
  });

  it('keeps accented names of a file in any encoding the web reads, and never saves an unreadable character', async () => {
    // Excel's "CSV (Comma delimited)": Windows-1252, é as the one byte E9. The web decodes it
    // (decodeCsvBytes, as the import screen does) before it sends the text.
    const header = 'first_name,last_name,date_of_birth,gender,grade,admission_number\r\n';
    const bytes = Uint8Array.from(
      `${header}Ren\u00e9e,Gouws,${grade8Born('04-18')},female,8,ENC1\r\nZo\u00eb,M\u00f4ller,${grade8Born('05-18')},female,8,ENC2\r\n`,
      (c) => c.charCodeAt(0),
    );
    const { text, encoding } = decodeCsvBytes(bytes);
    expect(encoding).toBe('windows-1252');
    const imported = (await call('POST', '/api/school/learners/import', 'admin', { csv: text, mode: 'all' })).json()
      .report;
    expect(imported).toMatchObject({ imported: 2, invalidRows: 0 });
    const saved = (await call('GET', '/api/school/learners?q=ENC', 'admin')).json().learners as {
      firstName: string;
      lastName: string;
    }[];
    expect(saved.map((l) => `${l.firstName} ${l.lastName}`).sort()).toEqual(['Renée Gouws', 'Zoë Môller']);

    // A file read as UTF-8 that was not ("Ren\uFFFDe", what File.text() made of it): refused on its
    // cells, the other rows checked as usual, nothing saved with the replacement character.
    const born = grade8Born('04-18');
    const damaged = `${header}Ren\uFFFDe,Gouws,${born},female,8,ENC3\r\nAnn,M\uFFFDller,${born},female,8,ENC4\r\nLeo,Botha,${born},male,8,ENC5\r\n`;
    const report = (
      await call('POST', '/api/school/learners/import', 'admin', { csv: damaged, mode: 'valid_only' })
    ).json().report;
    expect(report).toMatchObject({ totalRows: 3, validRows: 1, invalidRows: 2, imported: 1 });
    expect(report.errors).toEqual([
      {
        row: 2,
        admissionNumber: 'ENC3',
        errors: [{ field: 'first_name', message: SCHOOL_MESSAGES.csvUnreadableCharacter }],
      },
      {
        row: 3,
        admissionNumber: 'ENC4',
        errors: [{ field: 'last_name', message: SCHOOL_MESSAGES.csvUnreadableCharacter }],
      },
    ]);
    const all = (await call('GET', '/api/school/learners?limit=100', 'admin')).body;
    expect(all).not.toContain('\uFFFD');
  });

  it('exports the active learners as CSV in the import columns, audited', async () => {
    const res = await call('GET', '/api/school/learners/export.csv', 'admin');
    expect(res.headers['content-type']).toContain('text/csv');
    // Named by the school's date, not UTC's (they differ from 22:00 to midnight UTC).
    expect(res.headers['content-disposition']).toBe(`attachment; filename="learners-${schoolToday()}.csv"`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'first_name,last_name,preferred_name,date_of_birth,gender,grade,class,admission_number,id_type,id_number,home_language,medical_notes,address,in_class_since',
    );
    expect(lines.some((line) => line.includes('CSV7'))).toBe(true);
    // In class 8A since the day of its import (this school year): the import takes the day back.
    expect(lines.find((line) => line.includes('CSV1'))).toMatch(new RegExp(`,8A,CSV1,.*,${schoolToday()}$`));
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'learners.exported'));
    expect(row!.n).toBeGreaterThan(0);
    // The export imports back into another school.
    const back = (
      await call('POST', '/api/school/learners/import', 'otherAdmin', { csv: res.body, mode: 'check' })
    ).json().report;
    expect(back.fileError).toBeNull();
  });

  it('shows the overview with real figures and recent activity', async () => {
    const overview = (await call('GET', '/api/school/overview', 'admin')).json();
    const list = (await call('GET', '/api/school/learners?limit=100', 'admin')).json().learners;
    expect(overview.learners.enrolled).toBe(list.length);
    expect(overview.classes).toBe(2);
    expect(overview.recentActivity[0]).toMatchObject({ action: 'learners.exported' });
    const summaries = overview.recentActivity.map((a: { summary: string }) => a.summary);
    expect(summaries).toContain('2 learners imported from CSV');
    expect(summaries).toContain('1 learner imported from CSV');
  });

  it('tells the school what its staff did: invitations, roles, class teachers, corrected registers', async () => {
    const invited = await call('POST', '/api/school/staff', 'admin', {
      firstName: 'Feed',
      lastName: 'Coach',
      email: 'feed.coach@example.test',
      role: 'coach',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const coach = invited.json().member.id as string;
    expect((await call('PUT', `/api/school/staff/${coach}/role`, 'admin', { role: 'teacher' })).statusCode).toBe(200);
    const teacher = await call('PUT', `/api/school/attendance/classes/${classA8}/teacher`, 'admin', { userId: coach });
    expect(teacher.statusCode, teacher.body).toBe(200);
    // A register kept, then corrected.
    const inClass = (await call('GET', '/api/school/learners?limit=100', 'admin'))
      .json()
      .learners.filter((l: { registerClassId: string | null }) => l.registerClassId === classA8)
      .map((l: { id: string }) => l.id) as string[];
    expect(inClass.length).toBeGreaterThan(0);
    await setInClassSince(t.database.db, inClass); // added today, in 8A before the day of the register
    const register = `/api/school/attendance/classes/${classA8}/register/2026-03-02`;
    const marks = (first: string) =>
      inClass.map((learnerId) => ({
        learnerId,
        status: learnerId === first ? first && 'late' : 'present',
        reason: '',
      }));
    expect((await call('PUT', register, 'admin', { marks: marks('') })).statusCode).toBe(200);
    expect((await call('PUT', register, 'admin', { marks: marks(inClass[0]!) })).statusCode).toBe(200);

    const feed = (await call('GET', '/api/school/overview', 'admin')).json().recentActivity as {
      summary: string;
      actorName: string | null;
    }[];
    expect(feed.slice(0, 4).map((a) => a.summary)).toEqual([
      '1 mark corrected in 8A’s register of Monday, 2 March 2026',
      'Class teacher set for class 8A',
      'A staff member’s role changed from Coach to Teacher',
      'A staff member was invited as Coach',
    ]);
    expect(feed[0]!.actorName).toEqual(expect.any(String));
    // The other school's feed has none of it.
    const other = (await call('GET', '/api/school/overview', 'otherAdmin')).json().recentActivity as {
      summary: string;
    }[];
    expect(other.some((a) => /staff member|class teacher|corrected/i.test(a.summary))).toBe(false);
  });

  it('exports what the list shows: its grade, class, status and search, in its order', async () => {
    const archived = (
      await call(
        'POST',
        '/api/school/learners',
        'admin',
        learner({ firstName: 'Exit', lastName: 'Mokoena', admissionNumber: 'EXP1', grade: '7' }),
      )
    ).json().learner;
    await call('POST', `/api/school/learners/${archived.id}/archive`, 'admin');
    // A word longer than the prefix rows hold (SEARCH_PREFIX_MAX): found among those of its start.
    await call(
      'POST',
      '/api/school/learners',
      'admin',
      learner({ firstName: 'Long', lastName: 'van Oosthuizenberg', admissionNumber: 'EXP2' }),
    );
    const listed = async (query: string) =>
      (
        (await call('GET', `/api/school/learners?limit=100&${query}`, 'admin')).json().learners as {
          admissionNumber: string;
        }[]
      ).map((l) => l.admissionNumber);
    const exported = async (query: string) => {
      const res = await call('GET', `/api/school/learners/export.csv?${query}`, 'admin');
      expect(res.statusCode, res.body).toBe(200);
      return Papa.parse<Record<string, string>>(res.body.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true })
        .data;
    };
    const everyone = await listed('');
    for (const query of [
      'grade=7',
      `classId=${classA8}`,
      'q=moko',
      'q=kidb%20moko',
      'grade=7&q=botha',
      'status=archived',
      'status=archived&q=mok',
      'q=oosthuizenberg',
      'q=k',
      'q=k%20moko',
      `classId=${classA8}&q=sip`,
      'sort=grade&dir=desc',
      'sort=admissionNumber&grade=8',
      '',
    ]) {
      const rows = await exported(query);
      // The same learners in the same order as the list's pages.
      expect(
        rows.map((r) => r.admission_number),
        query,
      ).toEqual(await listed(query));
      if (query && !query.startsWith('sort=grade')) expect(rows.length, query).toBeLessThan(everyone.length);
    }
    expect((await exported('grade=7')).every((r) => r.grade === '7')).toBe(true);
    expect((await exported('grade=7')).length).toBeGreaterThan(0);
    expect((await exported('status=archived')).map((r) => r.admission_number)).toContain('EXP1');
    expect((await exported('')).map((r) => r.admission_number)).not.toContain('EXP1');
    expect((await exported('q=oosthuizenberg')).map((r) => r.admission_number)).toEqual(['EXP2']);
    expect((await exported(`classId=${classA8}`)).every((r) => r.class === '8A')).toBe(true);
    // The audit says what was exported.
    const [last] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'learners.exported'))
      .orderBy(sql`${auditEvents.id} desc`)
      .limit(1);
    expect(last!.details).toMatchObject({
      rows: (await listed(`classId=${classA8}`)).length,
      filters: { classId: classA8 },
    });
    // A filter the list would refuse is refused here too.
    expect((await call('GET', '/api/school/learners/export.csv?grade=13', 'admin')).statusCode).toBe(400);
  });
});
