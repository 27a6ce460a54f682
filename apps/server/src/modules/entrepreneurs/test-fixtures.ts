import { randomBytes, createHash } from 'node:crypto';
import type { DbExecutor } from '../../platform/db/client.ts';
import { applications, guardianConsents } from '../../platform/db/schema/index.ts';
import { ensureOrganizationWithMember } from '../../platform/tenancy/organizations.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';

/**
 * A young entrepreneur as the console leaves them after approval: an active user, their shop
 * organisation, the approved application (shop, personal and guardian steps) and the guardian's
 * recorded consent. The shop itself (D23) is made by the module on first use. Used by tests and the seed.
 */
export async function createApprovedEntrepreneur(
  db: DbExecutor,
  options: {
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    dateOfBirth?: string;
    shopName?: string;
    shopSlug?: string;
    shopDescription?: string;
    shopCategory?: string;
    guardian: { firstName: string; lastName: string; email: string; relation?: string };
  },
): Promise<{ user: TCreatedUser; organizationId: string }> {
  const firstName = options.firstName ?? 'Lerato';
  const lastName = options.lastName ?? 'Mokoena';
  const shopName = options.shopName ?? `${firstName}'s Shop ${randomBytes(3).toString('hex')}`;
  const user = await createUser(db, {
    email: options.email,
    password: options.password,
    firstName,
    lastName,
    role: 'young_entrepreneur',
  });
  const organizationId = await ensureOrganizationWithMember(db, {
    name: shopName,
    slug: options.shopSlug,
    type: 'shop',
    userId: user.id,
    role: 'young_entrepreneur',
  });
  const [application] = await db
    .insert(applications)
    .values({
      userId: user.id,
      userType: 'young_entrepreneur',
      status: 'approved',
      currentStep: 5,
      organizationId,
      submittedAt: new Date(Date.now() - 14 * 86_400_000),
      decidedAt: new Date(Date.now() - 10 * 86_400_000),
      stepData: {
        '1': {
          shopName,
          shopDescription: options.shopDescription ?? 'Handmade goods made after school and on weekends.',
          shopCategory: options.shopCategory ?? 'crafts',
        },
        '2': {
          firstName,
          lastName,
          dateOfBirth: options.dateOfBirth ?? '2011-05-14',
          phoneNumber: '0821234567',
          schoolName: 'Demo High School',
          grade: 10,
        },
        '3': {
          relation: options.guardian.relation ?? 'mother',
          firstName: options.guardian.firstName,
          lastName: options.guardian.lastName,
          email: options.guardian.email,
        },
      },
    })
    .returning({ id: applications.id });
  await db.insert(guardianConsents).values({
    applicationId: application!.id,
    tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
    guardianName: `${options.guardian.firstName} ${options.guardian.lastName}`,
    guardianEmail: options.guardian.email.toLowerCase(),
    relation: options.guardian.relation ?? 'mother',
    expiresAt: new Date(Date.now() + 86_400_000),
    consentedAt: new Date(Date.now() - 12 * 86_400_000),
  });
  return { user, organizationId };
}
