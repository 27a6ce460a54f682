import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { FREE_TRIAL_DAYS } from '@sekolo/shared/constants/packages';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { TConfig } from '../platform/config/env.ts';
import type { Database } from '../platform/db/client.ts';
import { applications, guardianConsents, paymentOrders, subscriptions, users } from '../platform/db/schema/index.ts';
import {
  attachSubscriptionToOrganization,
  findSubscription,
  packageById,
  recordRenewalCharge,
} from '../modules/payments/index.ts';
import { buildSchoolStepData, createApplicationWithApplicant, uploadTestFile } from '../test/factories/applications.ts';
import { findDemoSchoolId } from './demo-school.ts';
import type { TDemoLogin, TSeeder } from './seeder.ts';

/**
 * The package Demo High School chose when it applied: Enterprise, up to 5 000 learners, with SMS
 * (so the demo shows announcements by SMS through the school's sandbox account).
 */
export const DEMO_SCHOOL_PACKAGE_ID = 'enterprise';
const DEMO_SCHOOL_ADMIN = 'admin@demo-school.sekolo.test';
const OPERATOR = 'operator@sekolo.test';
/** Demo High School was approved this many days ago: its free trial is over and one month is paid. */
const APPROVED_DAYS_AGO = 30;

/** Applicants waiting in the review console's queue, so /console is not empty on `npm start`. */
export const DEMO_APPLICATIONS = [
  {
    email: 'applicant@sunrise-primary.sekolo.test',
    userType: 'school_admin',
    firstName: 'Sipho',
    lastName: 'Khumalo',
    name: 'Sunrise Primary School',
    loginLabel: 'applicant (school)',
  },
  {
    email: 'lerato@young-entrepreneur.sekolo.test',
    userType: 'young_entrepreneur',
    firstName: 'Lerato',
    lastName: 'Mahlangu',
    name: 'Lerato Bakes',
    loginLabel: 'applicant (shop)',
  },
] as const;

/**
 * One submitted school application (paid registration order, real uploaded PDFs) and one young
 * entrepreneur's, whose guardian has already confirmed consent. Existing applicants are left
 * as they are, so running the seed again changes nothing.
 */
export const seedApplications: TSeeder = async ({ database, config, demoPassword }) => {
  const { db } = database;
  const logins: TDemoLogin[] = [];
  await seedDemoSchoolApproval(db, config);
  for (const demo of DEMO_APPLICATIONS) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, demo.email));
    if (!existing) {
      const { applicationId } = await createApplicationWithApplicant(db, config, {
        userType: demo.userType,
        status: 'submitted',
        name: demo.name,
        guardianEmail: 'grace.mahlangu@example.test',
        user: {
          email: demo.email,
          password: demoPassword,
          firstName: demo.firstName,
          lastName: demo.lastName,
          emailVerified: true,
        },
      });
      if (demo.userType === 'young_entrepreneur') {
        await db.insert(guardianConsents).values({
          applicationId,
          tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
          guardianName: 'Grace Mahlangu',
          guardianEmail: 'grace.mahlangu@example.test',
          relation: 'parent',
          expiresAt: new Date(Date.now() + 14 * 24 * 60 * 60 * 1000),
          consentedAt: new Date(),
        });
      }
    }
    logins.push({ role: demo.loginLabel, email: demo.email });
  }
  return logins;
};

/**
 * Demo High School as an approval leaves a school: its approved application (Enterprise package),
 * the card set up at checkout (a paid R0 registration order), and the subscription that approval
 * gave it, past its 14-day trial with the first month charged and invoiced. Once: a school that
 * has a subscription is left alone.
 */
async function seedDemoSchoolApproval(db: Database, config: TConfig): Promise<void> {
  const schoolId = await findDemoSchoolId(db);
  const [admin] = await db.select().from(users).where(eq(users.email, DEMO_SCHOOL_ADMIN));
  const [operator] = await db.select({ id: users.id }).from(users).where(eq(users.email, OPERATOR));
  if (!schoolId || !admin || (await findSubscription(db, { organizationId: schoolId }))) return;
  const pkg = packageById(DEMO_SCHOOL_PACKAGE_ID)!;
  const approvedOn = addDays(todayInSouthAfrica(), -APPROVED_DAYS_AGO);
  const approvedAt = new Date(`${approvedOn}T10:30:00+02:00`);
  const paidAt = new Date(approvedAt.getTime() - 2 * 24 * 60 * 60 * 1000);
  const [setup] = await db
    .insert(paymentOrders)
    .values({
      reference: `SEK-DEMOHIGH${randomBytes(3).toString('hex').toUpperCase()}`,
      buyerUserId: admin.id,
      kind: 'subscription',
      amountCents: 0,
      description: `Sekolo ${pkg.name} package (monthly)`,
      status: 'paid',
      provider: 'sandbox',
      returnUrl: '/payment-success',
      cancelUrl: '/payment-cancel',
      metadata: {
        subscription: {
          recurringAmountCents: pkg.priceCents,
          frequency: 'monthly',
          billingDate: addDays(approvedOn, FREE_TRIAL_DAYS),
        },
        context: { purpose: 'registration', userType: 'school_admin', packageId: pkg.id, trialDays: FREE_TRIAL_DAYS },
      },
      providerTransactionId: `sbx_seed_setup_${randomBytes(4).toString('hex')}`,
      createdAt: paidAt,
      paidAt,
    })
    .returning();
  const stepData = await buildSchoolStepData((name) => uploadTestFile(db, config, admin, name), {
    name: 'Demo High School',
  });
  stepData['1'] = {
    ...stepData['1'],
    schoolType: 'high',
    town: 'Johannesburg',
    suburb: 'Parktown',
    postalCode: '2193',
  };
  stepData['2'] = { packageId: pkg.id };
  stepData['4'] = { transactionRef: setup!.id, packageData: { id: pkg.id } };
  await db.insert(applications).values({
    userId: admin.id,
    userType: 'school_admin',
    status: 'approved',
    currentStep: 5,
    stepData,
    submittedAt: paidAt,
    submissionKey: `seed-${randomBytes(8).toString('hex')}`,
    decidedBy: operator?.id ?? null,
    decidedAt: approvedAt,
    organizationId: schoolId,
    createdAt: paidAt,
    updatedAt: approvedAt,
  });
  const sub = await attachSubscriptionToOrganization(db, {
    userId: admin.id,
    organizationId: schoolId,
    packageId: pkg.id,
    approvedOn,
  });
  if (!sub) return;
  // The sandbox keeps the test card the school set up; renewals charge it.
  await db.update(subscriptions).set({ providerToken: 'sandbox_card_4242' }).where(eq(subscriptions.id, sub.id));
  await recordRenewalCharge(db, {
    subscriptionId: sub.id,
    provider: 'sandbox',
    providerTransactionId: `sbx_seed_renewal_${sub.id}`,
    amountCents: pkg.priceCents,
  });
}
