import { eq } from 'drizzle-orm';
import type { TRole } from '@sekolo/shared/constants/roles';
import { users } from '../platform/db/schema/index.ts';
import { ensureOrganizationWithMember, type TOrganizationType } from '../platform/tenancy/organizations.ts';
import { createUser, passwordHashFor } from '../test/factories/accounts.ts';
import type { TDemoLogin, TSeeder } from './seeder.ts';

export const DEMO_SCHOOL = { name: 'Demo High School', slug: 'demo-high-school', type: 'school' } as const;
export const DEMO_BUSINESS = { name: 'Demo Supplies (Pty) Ltd', slug: 'demo-supplies', type: 'business' } as const;

type TDemoAccount = {
  email: string;
  role: TRole;
  firstName: string;
  lastName: string;
  organization?: { name: string; slug: string; type: TOrganizationType };
};

/** The demo logins, all e-mail-verified and active, with the password DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: TDemoAccount[] = [
  { email: 'operator@sekolo.test', role: 'platform_admin', firstName: 'Ayanda', lastName: 'Zulu' },
  {
    email: 'admin@demo-school.sekolo.test',
    role: 'school_admin',
    firstName: 'Nomvula',
    lastName: 'Dlamini',
    organization: DEMO_SCHOOL,
  },
  {
    email: 'teacher@demo-school.sekolo.test',
    role: 'teacher',
    firstName: 'Pieter',
    lastName: 'van der Merwe',
    organization: DEMO_SCHOOL,
  },
  {
    email: 'parent@demo-school.sekolo.test',
    role: 'parent',
    firstName: 'Lindiwe',
    lastName: 'Mokoena',
    organization: DEMO_SCHOOL,
  },
  {
    email: 'learner@demo-school.sekolo.test',
    role: 'student',
    firstName: 'Kabelo',
    lastName: 'Mokoena',
    organization: DEMO_SCHOOL,
  },
  {
    email: 'vendor@demo-business.sekolo.test',
    role: 'business_partner',
    firstName: 'Fatima',
    lastName: 'Patel',
    organization: DEMO_BUSINESS,
  },
  { email: 'customer@sekolo.test', role: 'customer', firstName: 'Johan', lastName: 'Botha' },
];

/**
 * Loads the demo accounts with the test factories (one scrypt hash for all: they share the
 * password). Safe to run again (db:seed --force): existing accounts are left as they are.
 */
export const seedAccounts: TSeeder = async ({ database, demoPassword }) => {
  const { db } = database;
  const logins: TDemoLogin[] = [];
  await passwordHashFor(demoPassword);
  for (const account of DEMO_ACCOUNTS) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    if (!existing) {
      await db.transaction(async (tx) => {
        const user = await createUser(tx, {
          email: account.email,
          password: demoPassword,
          firstName: account.firstName,
          lastName: account.lastName,
          role: account.role,
          status: 'active',
          emailVerified: true,
        });
        if (account.organization) {
          await ensureOrganizationWithMember(tx, { ...account.organization, userId: user.id, role: account.role });
        }
      });
    }
    logins.push({ role: account.role, email: account.email });
  }
  return logins;
};
