import net from 'node:net';
import { and, eq } from 'drizzle-orm';
import { birthDateForGrade } from '@sekolo/shared/schemas/school';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import { createGuardian, createLearner } from '../../test/factories/school.ts';
import type { TestApp } from '../../test/test-app.ts';
import { learnerGuardians } from '../../platform/db/schema/index.ts';
import type { DbExecutor } from '../../platform/db/client.ts';

/**
 * A school for finance tests: an admin, an accountant and a parent with an account; the Dube
 * family (three children, the parent pays), the Naidoo family (one child) and a learner whose
 * guardian does not pay (no account). Tests of this module share it.
 */
export type TFinanceSchool = Awaited<ReturnType<typeof createFinanceSchool>>;

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function setPaysFees(db: DbExecutor, learnerId: string, guardianId: string) {
  await db
    .update(learnerGuardians)
    .set({ paysFees: true })
    .where(and(eq(learnerGuardians.learnerId, learnerId), eq(learnerGuardians.guardianId, guardianId)));
}

export async function linkGuardian(
  db: DbExecutor,
  organizationId: string,
  learnerId: string,
  guardianId: string,
  paysFees = true,
) {
  await db.insert(learnerGuardians).values({ organizationId, learnerId, guardianId, relation: 'parent', paysFees });
}

export async function createFinanceSchool(t: TestApp, name = 'Alpha Primary') {
  const db = t.database.db;
  const school = { name, type: 'school' as const };
  const admin = await createUser(db, { role: 'school_admin', organization: school });
  const accountant = await createUser(db, { role: 'accountant', organization: school });
  const parent = await createUser(db, { role: 'parent', organization: school, firstName: 'Lindiwe', lastName: 'Dube' });
  const org = admin.organizationId!;
  const word = name.split(' ')[0]!;

  const eldest = await createLearner(db, org, {
    firstName: 'Ayanda',
    lastName: `Dube ${word}`,
    grade: 7,
    dateOfBirth: birthDateForGrade(7),
    admissionNumber: `${word.toUpperCase()}-101`,
  });
  const middle = await createLearner(db, org, {
    firstName: 'Buhle',
    lastName: `Dube ${word}`,
    grade: 5,
    dateOfBirth: birthDateForGrade(5),
    admissionNumber: `${word.toUpperCase()}-102`,
  });
  const youngest = await createLearner(db, org, {
    firstName: 'Celo',
    lastName: `Dube ${word}`,
    grade: 3,
    dateOfBirth: birthDateForGrade(3),
    admissionNumber: `${word.toUpperCase()}-103`,
  });
  const dube = await createGuardian(db, org, eldest.id, {
    firstName: 'Lindiwe',
    lastName: `Dube ${word}`,
    email: `lindiwe.${word.toLowerCase()}@example.test`,
    userId: parent.id,
  });
  await setPaysFees(db, eldest.id, dube.id);
  await linkGuardian(db, org, middle.id, dube.id);
  await linkGuardian(db, org, youngest.id, dube.id);

  const naidooChild = await createLearner(db, org, {
    firstName: 'Priya',
    lastName: `Naidoo ${word}`,
    grade: 5,
    dateOfBirth: birthDateForGrade(5),
    admissionNumber: `${word.toUpperCase()}-201`,
  });
  const naidoo = await createGuardian(db, org, naidooChild.id, {
    firstName: 'Kavitha',
    lastName: `Naidoo ${word}`,
    email: `kavitha.${word.toLowerCase()}@example.test`,
  });
  await setPaysFees(db, naidooChild.id, naidoo.id);

  const unpaid = await createLearner(db, org, {
    firstName: 'Thabo',
    lastName: `Mokoena ${word}`,
    grade: 5,
    dateOfBirth: birthDateForGrade(5),
    admissionNumber: `${word.toUpperCase()}-301`,
  });
  await createGuardian(db, org, unpaid.id, { firstName: 'Sello', lastName: `Mokoena ${word}` });

  const cookies: Record<'admin' | 'accountant' | 'parent', string> = {
    admin: (await signIn(t.app, admin.email, admin.password)).cookie,
    accountant: (await signIn(t.app, accountant.email, accountant.password)).cookie,
    parent: (await signIn(t.app, parent.email, parent.password)).cookie,
  };
  const users: Record<string, TCreatedUser> = { admin, accountant, parent };
  return {
    org,
    users,
    cookies,
    learners: { eldest, middle, youngest, naidooChild, unpaid },
    guardians: { dube, naidoo },
  };
}

/** A year's structure for a grade: tuition R2 150 a month (10), a termly levy, optional transport. */
export function structureBody(year: number, grade: string) {
  return {
    year,
    grade,
    items: [
      { name: 'Tuition', kind: 'tuition', amountCents: 2_150_00 * 10, plan: 'monthly_10' },
      { name: 'Sport and culture levy', kind: 'levy', amountCents: 1_200_00, plan: 'termly' },
      { name: 'Bus transport', kind: 'optional', amountCents: 650_00 * 10, plan: 'monthly_10' },
    ],
  };
}
