import { randomUUID } from 'node:crypto';
import { birthDateForGrade } from '@sekolo/shared/schemas/school';
import { paymentOrders, subscriptions } from '../../platform/db/schema/index.ts';
import type { DbExecutor } from '../../platform/db/client.ts';
import { signIn } from '../auth-helpers.ts';
import { createUser } from './accounts.ts';
import { createGuardian, createLearner, createRegisterClass } from './school.ts';
import type { TestApp } from '../test-app.ts';

/** A live subscription of the school to a package (Enterprise includes SMS; Advanced does not). */
export async function subscribeSchool(db: DbExecutor, userId: string, organizationId: string, packageId: string) {
  const [order] = await db
    .insert(paymentOrders)
    .values({
      reference: `T${randomUUID().slice(0, 10)}`,
      buyerUserId: userId,
      kind: 'subscription',
      amountCents: 100,
      description: 'Test subscription',
      status: 'paid',
      paidAt: new Date(),
      provider: 'sandbox',
      returnUrl: '/',
      cancelUrl: '/',
    })
    .returning();
  await db.insert(subscriptions).values({
    userId,
    organizationId,
    packageId,
    status: 'active',
    provider: 'sandbox',
    setupOrderId: order!.id,
    amountCents: 599900,
    currentPeriodStart: '2026-01-01',
    currentPeriodEnd: '2026-12-31',
  });
}

/**
 * A school for communication tests: an admin, an administrator, a teacher and a driver; Grade 7
 * (class 7A: the Dube family with an account and a cell number, the Naidoo family without an
 * account) and Grade 5 (the Mokoena family with an account). Word makes names unique per school.
 */
export async function createCommSchool(t: TestApp, name: string, packageId = 'enterprise', ipBase = 1) {
  const db = t.database.db;
  const school = { name, type: 'school' as const };
  const word = name.split(' ')[0]!.toLowerCase();
  const admin = await createUser(db, { role: 'school_admin', organization: school });
  const administrator = await createUser(db, { role: 'administrator', organization: school });
  const teacher = await createUser(db, { role: 'teacher', organization: school });
  const driver = await createUser(db, { role: 'driver', organization: school });
  const dubeUser = await createUser(db, {
    role: 'parent',
    organization: school,
    firstName: 'Lindiwe',
    lastName: 'Dube',
  });
  const mokoenaUser = await createUser(db, {
    role: 'parent',
    organization: school,
    firstName: 'Thabo',
    lastName: 'Mokoena',
  });
  const org = admin.organizationId!;
  await subscribeSchool(db, admin.id, org, packageId);
  const class7a = await createRegisterClass(db, org, '7A', 7);
  const ayanda = await createLearner(db, org, {
    firstName: 'Ayanda',
    lastName: 'Dube',
    grade: 7,
    registerClassId: class7a.id,
    dateOfBirth: birthDateForGrade(7),
    admissionNumber: `${word}-1`,
  });
  const priya = await createLearner(db, org, {
    firstName: 'Priya',
    lastName: 'Naidoo',
    grade: 7,
    registerClassId: class7a.id,
    dateOfBirth: birthDateForGrade(7),
    admissionNumber: `${word}-2`,
  });
  const kagiso = await createLearner(db, org, {
    firstName: 'Kagiso',
    lastName: 'Mokoena',
    grade: 5,
    dateOfBirth: birthDateForGrade(5),
    admissionNumber: `${word}-3`,
  });
  const dube = await createGuardian(db, org, ayanda.id, {
    firstName: 'Lindiwe',
    lastName: 'Dube',
    email: dubeUser.email,
    phone: '082 123 4567',
    userId: dubeUser.id,
  });
  const naidoo = await createGuardian(db, org, priya.id, {
    firstName: 'Kavitha',
    lastName: 'Naidoo',
    email: `kavitha.${word}@example.test`,
    phone: '+27 83 555 0101',
  });
  const mokoena = await createGuardian(db, org, kagiso.id, {
    firstName: 'Thabo',
    lastName: 'Mokoena',
    email: mokoenaUser.email,
    phone: '27845550202',
    userId: mokoenaUser.id,
  });
  const cookies: Record<string, string> = {};
  let ip = ipBase;
  for (const [key, user] of Object.entries({
    admin,
    administrator,
    teacher,
    driver,
    dube: dubeUser,
    mokoena: mokoenaUser,
  })) {
    cookies[key] = (await signIn(t.app, user.email, user.password, { ip: `10.88.${ipBase}.${ip++}` })).cookie;
  }
  return {
    org,
    users: { admin, administrator, teacher, driver, dube: dubeUser, mokoena: mokoenaUser },
    class7a,
    learners: { ayanda, priya, kagiso },
    guardians: { dube, naidoo, mokoena },
    cookies,
  };
}
export type TCommSchool = Awaited<ReturnType<typeof createCommSchool>>;
