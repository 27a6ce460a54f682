import { birthDateForGrade } from '@sekolo/shared/schemas/school';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { TAdmissionRoundInput } from '@sekolo/shared/schemas/admissions';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import type { TestApp } from '../../test/test-app.ts';
import { multipartBody, SAMPLE } from '../../test/uploads.ts';

let ipCounter = 1;
const nextIp = () => `10.88.${Math.floor(ipCounter / 200)}.${(ipCounter++ % 200) + 1}`;

export type TCaller = { cookie: string; email: string; id: string };

type TMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export function caller(t: TestApp) {
  return (who: TCaller | null, method: TMethod, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
}

/** A school with its admin signed in (member role school_admin, slug given). */
export async function createAdmissionsSchool(t: TestApp, name: string, slug: string): Promise<TCaller> {
  const admin = await createUser(t.database.db, { role: 'school_admin', organization: { name, type: 'school', slug } });
  const { cookie } = await signIn(t.app, admin.email, admin.password, { ip: nextIp() });
  return { cookie, email: admin.email, id: admin.id };
}

/** A guardian who signs up through the admissions page and signs in. */
export async function signUpGuardian(t: TestApp, firstName: string, lastName: string): Promise<TCaller> {
  const email = `${firstName}.${lastName}.${Math.random().toString(36).slice(2, 8)}@example.test`.toLowerCase();
  const password = 'Mamelodi-Sunrise-2027';
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admissions/account',
    payload: { firstName, lastName, email, password, schoolSlug: 'alpha-academy' },
    remoteAddress: nextIp(),
  });
  if (created.statusCode !== 201) throw new Error(`sign-up: ${created.statusCode} ${created.body}`);
  const mail = (await t.outbox(email)).find((m) => m.tag === 'auth-verify-email');
  const link = new URL(mail!.text.match(/https?:\/\/\S+verify-email\S+/)![0]);
  const verified = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
  if (
    verified.statusCode !== 302 ||
    !verified.headers.location?.toString().includes('/schools/alpha-academy/admissions')
  )
    throw new Error(`verify: ${verified.statusCode} ${String(verified.headers.location)}`);
  const { cookie } = await signIn(t.app, email, password, { ip: nextIp() });
  const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();
  return { cookie, email, id: me.user.id };
}

export function roundBody(overrides: Partial<TAdmissionRoundInput> = {}): TAdmissionRoundInput {
  const today = todayInSouthAfrica();
  return {
    name: `Admissions for ${Number(today.slice(0, 4)) + 1}`,
    year: Number(today.slice(0, 4)) + 1,
    opensOn: addDays(today, -10),
    closesOn: addDays(today, 30),
    grades: [
      { grade: '8', places: 2 },
      { grade: '9', places: 5 },
    ],
    questions: [
      {
        id: 'sibling',
        label: 'Does the child have a brother or sister at the school?',
        kind: 'yes_no',
        required: true,
      },
      {
        id: 'sport',
        label: 'Which summer sport interests the child?',
        kind: 'choice',
        options: ['Athletics', 'Cricket', 'Swimming'],
        required: false,
      },
    ],
    documents: [
      { id: 'birth_certificate', label: "Learner's birth certificate or ID", required: true },
      { id: 'latest_report', label: 'Latest school report', required: false },
    ],
    offerDays: 14,
    retentionDays: 90,
    ...overrides,
  };
}

export async function uploadPdf(t: TestApp, who: TCaller, name = 'birth-certificate.pdf'): Promise<string> {
  const { payload, headers } = multipartBody({ name, type: 'application/pdf', bytes: SAMPLE.pdf });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload,
    headers: { ...headers, cookie: who.cookie },
  });
  if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`);
  return response.json().id;
}

export function draftBody(childFirstName: string, grade = '8') {
  return {
    child: {
      firstName: childFirstName,
      lastName: 'Mokoena',
      dateOfBirth: birthDateForGrade(grade as '8', { monthDay: '05-20' }),
      gender: 'female',
      idType: 'none',
      homeLanguage: 'sesotho',
      address: '14 Jacaranda Street, Hatfield, Pretoria',
      currentSchool: 'Hatfield Primary School',
    },
    guardian: { firstName: 'Palesa', lastName: 'Mokoena', phone: '082 555 0101', relation: 'parent' },
    answers: { sibling: 'no', sport: 'Athletics' },
  };
}

/** A guardian's complete, submitted application to the round (answers the application's id). */
export async function submittedApplication(
  t: TestApp,
  guardian: TCaller,
  roundId: string,
  childFirstName: string,
  grade = '8',
): Promise<string> {
  const as = caller(t);
  const started = await as(guardian, 'POST', '/api/admissions/my-applications', {
    roundId,
    grade,
    relation: 'parent',
    consent: true,
  });
  if (started.statusCode !== 201) throw new Error(`start: ${started.statusCode} ${started.body}`);
  const id = started.json().application.id as string;
  const saved = await as(guardian, 'PUT', `/api/admissions/my-applications/${id}`, draftBody(childFirstName, grade));
  if (saved.statusCode !== 200) throw new Error(`save: ${saved.statusCode} ${saved.body}`);
  const uploadId = await uploadPdf(t, guardian);
  const added = await as(guardian, 'POST', `/api/admissions/my-applications/${id}/documents`, {
    documentKey: 'birth_certificate',
    uploadId,
  });
  if (added.statusCode !== 201) throw new Error(`document: ${added.statusCode} ${added.body}`);
  const submitted = await as(guardian, 'POST', `/api/admissions/my-applications/${id}/submit`);
  if (submitted.statusCode !== 200) throw new Error(`submit: ${submitted.statusCode} ${submitted.body}`);
  return id;
}
