import { and, eq } from 'drizzle-orm';
import { applications, directoryProfiles, organizationMembers, users } from '../platform/db/schema/index.ts';
import type { DbExecutor } from '../platform/db/client.ts';
import { transaction } from '../platform/db/transaction.ts';
import { ensureOrganizationWithMember } from '../platform/tenancy/organizations.ts';
import { createUser, passwordHashFor } from '../test/factories/accounts.ts';

/**
 * The demo charity (D24), one definition for every seeder that needs it (campaigns, payouts, the
 * directory): Ubuntu Reading Trust in Khayelitsha, a public benefit organisation with s18A approval,
 * approved like any other charity (its application holds what it registered).
 */
export const DEMO_CHARITY = {
  email: 'charity@ubuntu-reading.sekolo.test',
  firstName: 'Nomsa',
  lastName: 'Dube',
  organization: { name: 'Ubuntu Reading Trust', slug: 'ubuntu-reading-trust', type: 'charity' as const },
  registeredName: 'Ubuntu Reading Trust NPC',
  registrationNumber: '2014/098765/08',
  npoNumber: '219-884 NPO',
  pboNumber: '930067421',
  tagLine: 'Books and reading volunteers for township primary schools',
  streetAddress: '21 Ntlazane Road, Site C',
  suburb: 'Khayelitsha',
  town: 'Cape Town',
  postalCode: '7784',
  province: 'western_cape',
  phone: '021 361 0094',
} as const;

/** The application step 1 the charity registered with. */
export const DEMO_CHARITY_REGISTRATION = {
  registeredName: DEMO_CHARITY.registeredName,
  registrationNumber: DEMO_CHARITY.registrationNumber,
  tagLine: DEMO_CHARITY.tagLine,
  businessType: 'npo',
  streetAddress: DEMO_CHARITY.streetAddress,
  suburb: DEMO_CHARITY.suburb,
  town: DEMO_CHARITY.town,
  postalCode: DEMO_CHARITY.postalCode,
  country: 'south_africa',
  province: DEMO_CHARITY.province,
  displayName: DEMO_CHARITY.organization.name,
  googleMapsLink: '',
};

/**
 * The charity's login, organisation, approved application and public directory profile, made
 * once whichever seeder runs first; each part is added where missing. Answers the organisation.
 */
export async function ensureDemoCharity(db: DbExecutor, demoPassword: string): Promise<{ organizationId: string }> {
  await passwordHashFor(demoPassword);
  return transaction(db, async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, organizationId: organizationMembers.organizationId })
      .from(users)
      .leftJoin(organizationMembers, eq(organizationMembers.userId, users.id))
      .where(eq(users.email, DEMO_CHARITY.email));
    let userId = existing?.id;
    if (!userId)
      userId = (
        await createUser(tx, {
          email: DEMO_CHARITY.email,
          password: demoPassword,
          firstName: DEMO_CHARITY.firstName,
          lastName: DEMO_CHARITY.lastName,
          role: 'charity',
          status: 'active',
          emailVerified: true,
        })
      ).id;
    const organizationId =
      existing?.organizationId ??
      (await ensureOrganizationWithMember(tx, {
        name: DEMO_CHARITY.organization.name,
        slug: DEMO_CHARITY.organization.slug,
        type: 'charity',
        userId,
        role: 'charity',
      }));
    const [application] = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.organizationId, organizationId), eq(applications.status, 'approved')));
    if (!application)
      await tx.insert(applications).values({
        userId,
        userType: 'charity',
        status: 'approved',
        currentStep: 5,
        stepData: { '1': DEMO_CHARITY_REGISTRATION, '2': {}, '3': { termsAccepted: true, privacyAccepted: true } },
        submittedAt: new Date('2026-01-12T09:00:00+02:00'),
        decidedAt: new Date('2026-01-14T11:30:00+02:00'),
        organizationId,
      });
    await tx
      .insert(directoryProfiles)
      .values({ organizationId, showAddress: true, showMap: true, contactPhone: DEMO_CHARITY.phone })
      .onConflictDoNothing();
    return { organizationId };
  });
}
