import { randomBytes } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type { TRole } from '@sekolo/shared/constants/roles';
import type { DbExecutor } from '../../platform/db/client.ts';
import { createUserWithPassword } from '../../modules/auth/create-user-with-password.ts';
import { ensureOrganizationWithMember, type TOrganizationType } from '../../platform/tenancy/organizations.ts';

/**
 * Accounts for tests and the demo seed (DESIGN: factories build test data with overrides and the
 * seed reuses them). Passwords are hashed with Better Auth's own scrypt hasher, once per distinct
 * password: hashing is deliberately slow.
 */
export const DEFAULT_TEST_PASSWORD = 'correct-horse-battery-42';

export type TUserOverrides = {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  name?: string;
  role?: TRole;
  status?: 'active' | 'applicant' | 'suspended';
  emailVerified?: boolean;
  organization?: { name: string; type: TOrganizationType; slug?: string; memberRole?: string };
};

export type TCreatedUser = {
  id: string;
  email: string;
  password: string;
  role: TRole;
  status: string;
  organizationId: string | null;
};

const hashes = new Map<string, Promise<string>>();

export function passwordHashFor(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export async function createUser(db: DbExecutor, overrides: TUserOverrides = {}): Promise<TCreatedUser> {
  const firstName = overrides.firstName ?? 'Thandi';
  const lastName = overrides.lastName ?? 'Nkosi';
  const email = (overrides.email ?? `user-${randomBytes(5).toString('hex')}@example.test`).toLowerCase();
  const password = overrides.password ?? DEFAULT_TEST_PASSWORD;
  const role = overrides.role ?? 'customer';
  const status = overrides.status ?? 'active';
  const id = await createUserWithPassword(db, {
    email,
    passwordHash: await passwordHashFor(password),
    name: overrides.name ?? `${firstName} ${lastName}`,
    firstName,
    lastName,
    role,
    status,
    emailVerified: overrides.emailVerified ?? true,
  });
  const organizationId = overrides.organization
    ? await ensureOrganizationWithMember(db, {
        name: overrides.organization.name,
        type: overrides.organization.type,
        slug: overrides.organization.slug,
        userId: id,
        role: overrides.organization.memberRole ?? role,
      })
    : null;
  return { id, email, password, role, status, organizationId };
}
