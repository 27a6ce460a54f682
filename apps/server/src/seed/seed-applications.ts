import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { guardianConsents, users } from '../platform/db/schema/index.ts';
import { createApplicationWithApplicant } from '../test/factories/applications.ts';
import type { TDemoLogin, TSeeder } from './seeder.ts';

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
  for (const demo of DEMO_APPLICATIONS) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, demo.email));
    if (!existing) {
      const { applicationId } = await createApplicationWithApplicant(db, config, {
        userType: demo.userType,
        status: 'submitted',
        name: demo.name,
        guardianEmail: 'grace.mahlangu@example.test',
        user: { email: demo.email, password: demoPassword, firstName: demo.firstName, lastName: demo.lastName, emailVerified: true },
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
