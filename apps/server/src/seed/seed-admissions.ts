import { and, eq } from 'drizzle-orm';
import { PRIVACY_POLICY_VERSION } from '@sekolo/shared/constants/privacy';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import {
  admissionConsentText,
  STANDARD_ADMISSION_DOCUMENTS,
  type TAdmissionStatus,
} from '@sekolo/shared/schemas/admissions';
import { birthDateForGrade } from '@sekolo/shared/schemas/school';
import {
  admissionApplications,
  admissionDocumentRequests,
  admissionDocuments,
  admissionRoundGrades,
  admissionRounds,
  admissionStatusEvents,
  organizations,
  uploads,
  users,
} from '../platform/db/schema/index.ts';
import { newReference } from '../modules/admissions/index.ts';
import { createUser } from '../test/factories/accounts.ts';
import { uploadTestFile } from '../test/factories/applications.ts';
import { DEMO_SCHOOL } from './seed-accounts.ts';
import type { TSeeder } from './seeder.ts';

/** The demo guardian: a family applying to the demo school, with a Grade 8 application in draft. */
export const DEMO_APPLICANT = { email: 'applicant@demo-school.sekolo.test', firstName: 'Nomvula', lastName: 'Sithole' };
export const demoRoundName = (year: number) => `Grade 8 admissions for ${year}`;

const QUESTIONS = [
  {
    id: 'sibling',
    label: 'Does the child have a brother or sister at Demo High School?',
    kind: 'yes_no',
    options: [],
    required: true,
  },
  {
    id: 'language',
    label: 'Language of learning and teaching',
    kind: 'choice',
    options: ['English', 'Afrikaans'],
    required: true,
  },
  {
    id: 'support',
    label: 'Anything the school should know about the learning support your child needs?',
    kind: 'text',
    options: [],
    required: false,
  },
];
const DOCUMENTS = STANDARD_ADMISSION_DOCUMENTS.map((d) => ({
  id: d.id,
  label: d.label,
  required: d.id !== 'immunisation_card',
}));
const REQUIRED_DOCUMENTS = DOCUMENTS.filter((d) => d.required);

/** A dozen families, their child, the primary school, and where their application stands. */
const FAMILIES: {
  guardian: [string, string];
  child: [string, string, 'female' | 'male'];
  school: string;
  status: TAdmissionStatus;
}[] = [
  {
    guardian: ['Lindiwe', 'Nkosi'],
    child: ['Sibusiso', 'Nkosi', 'male'],
    school: 'Laerskool Die Wilgers',
    status: 'submitted',
  },
  {
    guardian: ['Pieter', 'van Wyk'],
    child: ['Annika', 'van Wyk', 'female'],
    school: 'Waterkloof Primary School',
    status: 'submitted',
  },
  {
    guardian: ['Fatima', 'Patel'],
    child: ['Zaid', 'Patel', 'male'],
    school: 'Lynnwood Primary School',
    status: 'submitted',
  },
  {
    guardian: ['Themba', 'Mahlangu'],
    child: ['Karabo', 'Mahlangu', 'female'],
    school: 'Mamelodi Primary School',
    status: 'documents_requested',
  },
  {
    guardian: ['Refilwe', 'Molefe'],
    child: ['Tumelo', 'Molefe', 'male'],
    school: 'Hatfield Primary School',
    status: 'under_review',
  },
  {
    guardian: ['Johan', 'Pretorius'],
    child: ['Lize', 'Pretorius', 'female'],
    school: 'Laerskool Menlopark',
    status: 'under_review',
  },
  {
    guardian: ['Nandi', 'Khoza'],
    child: ['Lwazi', 'Khoza', 'male'],
    school: 'Brooklyn Primary School',
    status: 'offered',
  },
  {
    guardian: ['Ayesha', 'Adams'],
    child: ['Imaan', 'Adams', 'female'],
    school: 'Lynnwood Primary School',
    status: 'offered',
  },
  {
    guardian: ['Sello', 'Mokgadi'],
    child: ['Neo', 'Mokgadi', 'male'],
    school: 'Garsfontein Primary School',
    status: 'waitlisted',
  },
  {
    guardian: ['Grace', 'Mbatha'],
    child: ['Thando', 'Mbatha', 'female'],
    school: 'Sunnyside Primary School',
    status: 'waitlisted',
  },
  {
    guardian: ['David', 'Naidoo'],
    child: ['Kiran', 'Naidoo', 'male'],
    school: 'Queenswood Primary School',
    status: 'declined',
  },
  {
    guardian: ['Busisiwe', 'Zwane'],
    child: ['Anele', 'Zwane', 'female'],
    school: 'Hatfield Primary School',
    status: 'accepted',
  },
];

const PATH: Record<TAdmissionStatus, TAdmissionStatus[]> = {
  draft: [],
  submitted: ['submitted'],
  documents_requested: ['submitted', 'documents_requested'],
  under_review: ['submitted', 'under_review'],
  offered: ['submitted', 'under_review', 'offered'],
  waitlisted: ['submitted', 'under_review', 'waitlisted'],
  declined: ['submitted', 'under_review', 'declined'],
  accepted: ['submitted', 'under_review', 'offered', 'accepted'],
  enrolled: [],
  lapsed: [],
};

/**
 * Admissions at the demo school: an open Grade 8 round for next year, a dozen families' applications
 * in every state the school meets (with their documents, real files in storage), and the demo
 * guardian's own application in draft. Safe to run again: a school that has the round keeps it.
 */
export const seedAdmissions: TSeeder = async ({ database, config, demoPassword }) => {
  const { db } = database;
  const [school] = await db.select().from(organizations).where(eq(organizations.slug, DEMO_SCHOOL.slug));
  if (!school) return [];
  const today = todayInSouthAfrica();
  const year = Number(today.slice(0, 4)) + 1;
  const logins = [{ role: 'parent (admissions)', email: DEMO_APPLICANT.email }];
  const [existing] = await db
    .select({ id: admissionRounds.id })
    .from(admissionRounds)
    .where(and(eq(admissionRounds.organizationId, school.id), eq(admissionRounds.name, demoRoundName(year))));
  if (existing) return logins;

  const [round] = await db
    .insert(admissionRounds)
    .values({
      organizationId: school.id,
      name: demoRoundName(year),
      year,
      opensOn: addDays(today, -30),
      closesOn: addDays(today, 60),
      questions: QUESTIONS,
      documents: DOCUMENTS,
      offerDays: 14,
      retentionDays: 180,
    })
    .returning();
  await db
    .insert(admissionRoundGrades)
    .values({ roundId: round!.id, organizationId: school.id, grade: 8, places: 120 });

  const familyUser = async (email: string, firstName: string, lastName: string) => {
    const [found] = await db.select({ id: users.id, status: users.status }).from(users).where(eq(users.email, email));
    if (found) return found;
    const created = await createUser(db, {
      email,
      password: demoPassword,
      firstName,
      lastName,
      role: 'parent',
      status: 'active',
      emailVerified: true,
    });
    return { id: created.id, status: created.status };
  };

  const applicant = await familyUser(DEMO_APPLICANT.email, DEMO_APPLICANT.firstName, DEMO_APPLICANT.lastName);
  const guardianName = `${DEMO_APPLICANT.firstName} ${DEMO_APPLICANT.lastName}`;
  await db.insert(admissionApplications).values({
    organizationId: school.id,
    roundId: round!.id,
    grade: 8,
    reference: newReference(),
    guardianUserId: applicant.id,
    consentGivenAt: new Date(),
    consentPolicyVersion: PRIVACY_POLICY_VERSION,
    consentGuardianName: guardianName,
    consentText: admissionConsentText(guardianName, school.name),
    child: {
      firstName: 'Amahle',
      lastName: 'Sithole',
      dateOfBirth: birthDateForGrade(7, { monthDay: '08-14' }),
      gender: 'female',
      homeLanguage: 'isizulu',
      currentSchool: 'Arcadia Primary School',
    },
    guardian: {
      firstName: DEMO_APPLICANT.firstName,
      lastName: DEMO_APPLICANT.lastName,
      phone: '072 418 3307',
      relation: 'parent',
    },
    answers: { sibling: 'no' },
  });

  let waitlist = 0;
  for (const [i, family] of FAMILIES.entries()) {
    const [first, last] = family.guardian;
    const email = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + '@families.sekolo.test';
    const user = await familyUser(email, first, last);
    const name = `${first} ${last}`;
    const submittedAt = new Date(Date.now() - (25 - i) * 86_400_000);
    const status = family.status;
    const [app] = await db
      .insert(admissionApplications)
      .values({
        organizationId: school.id,
        roundId: round!.id,
        grade: 8,
        reference: newReference(),
        guardianUserId: user.id,
        status,
        consentGivenAt: new Date(submittedAt.getTime() - 3_600_000),
        consentPolicyVersion: PRIVACY_POLICY_VERSION,
        consentGuardianName: name,
        consentText: admissionConsentText(name, school.name),
        child: {
          firstName: family.child[0],
          lastName: family.child[1],
          dateOfBirth: birthDateForGrade(7, { monthDay: `0${(i % 9) + 1}-1${i % 9}` }),
          gender: family.child[2],
          homeLanguage: '',
          currentSchool: family.school,
          address: `${10 + i} Jacaranda Street, Hatfield, Pretoria`,
        },
        guardian: {
          firstName: first,
          lastName: last,
          phone: `082 555 01${String(i).padStart(2, '0')}`,
          relation: 'parent',
        },
        answers: { sibling: i % 4 === 0 ? 'yes' : 'no', language: i % 3 === 0 ? 'Afrikaans' : 'English' },
        childKey: `${family.child[0].toLowerCase()}|${birthDateForGrade(7, { monthDay: `0${(i % 9) + 1}-1${i % 9}` })}`,
        waitlistPosition: status === 'waitlisted' ? ++waitlist : null,
        offerExpiresOn: status === 'offered' || status === 'accepted' ? addDays(today, 10 - (i % 3)) : null,
        submittedAt,
        statusChangedAt: new Date(submittedAt.getTime() + 2 * 86_400_000),
      })
      .returning();
    for (const document of REQUIRED_DOCUMENTS) {
      const file = await uploadTestFile(db, config, user, `${document.id.replace(/_/g, '-')}.pdf`);
      await db.insert(admissionDocuments).values({
        organizationId: school.id,
        applicationId: app!.id,
        documentKey: document.id,
        label: document.label,
        uploadId: file.id,
      });
    }
    // Submitted: the school's admins may open the family's files.
    await db.update(uploads).set({ organizationId: school.id }).where(eq(uploads.ownerUserId, user.id));
    if (status === 'documents_requested') {
      await db.insert(admissionDocumentRequests).values({
        organizationId: school.id,
        applicationId: app!.id,
        label: 'Latest school report',
        note: 'The report you uploaded is from Term 2; please upload the Term 3 report.',
      });
    }
    for (const [step, event] of PATH[status].entries()) {
      await db.insert(admissionStatusEvents).values({
        organizationId: school.id,
        applicationId: app!.id,
        status: event,
        at: new Date(submittedAt.getTime() + step * 86_400_000),
      });
    }
  }
  return logins;
};
