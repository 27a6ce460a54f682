import { and, eq } from 'drizzle-orm';
import { schoolClosures, schoolPayoutAccounts, schoolProfiles } from '../platform/db/schema/index.ts';
import { findDemoSchoolId } from './demo-school.ts';
import type { TSeeder } from './seeder.ts';

/** The demo school's closures besides its terms: days a South African school typically closes. */
export const DEMO_CLOSURES = [
  { name: 'Staff development day', startsOn: '2026-05-15', endsOn: '2026-05-15' },
  { name: 'Inter-house athletics (school closes at 11:00)', startsOn: '2026-02-20', endsOn: '2026-02-20' },
  { name: 'Matric exam venue preparation', startsOn: '2026-10-23', endsOn: '2026-10-23' },
  { name: 'Staff development day', startsOn: '2027-02-12', endsOn: '2027-02-12' },
];

/**
 * The demo school's settings (modules/school-settings): its profile (EMIS number, quintile, fee
 * status, address and contacts), closures on its calendar, and a payout bank account its admin
 * confirmed, so finance's payouts have somewhere to go. Each piece only when missing, so an
 * admin's own changes survive a restart.
 */
export const seedSchoolSettings: TSeeder = async ({ database }) => {
  const db = database.db;
  const org = await findDemoSchoolId(db);
  if (!org) return [];
  await db
    .insert(schoolProfiles)
    .values({
      organizationId: org,
      emisNumber: '700251234',
      quintile: 5,
      feeStatus: 'fee_paying',
      streetAddress: '41 Jacaranda Avenue',
      suburb: 'Hatfield',
      city: 'Pretoria',
      province: 'gauteng',
      postalCode: '0083',
      phone: '012 362 4410',
      email: 'office@demo-school.sekolo.test',
      website: 'https://demo-school.sekolo.test',
      principalName: 'Dr N. Dlamini',
    })
    .onConflictDoNothing();
  await db
    .insert(schoolClosures)
    .values(DEMO_CLOSURES.map((closure) => ({ organizationId: org, ...closure })))
    .onConflictDoNothing();
  const [confirmed] = await db
    .select({ id: schoolPayoutAccounts.id })
    .from(schoolPayoutAccounts)
    .where(and(eq(schoolPayoutAccounts.organizationId, org), eq(schoolPayoutAccounts.status, 'confirmed')));
  if (!confirmed)
    await db
      .insert(schoolPayoutAccounts)
      .values({
        organizationId: org,
        bankName: 'FNB',
        branchCode: '250655',
        accountNumber: '62845017723',
        accountHolder: 'Demo High School SGB',
        accountType: 'current',
        status: 'confirmed',
        expiresAt: new Date('2026-01-10T08:00:00Z'),
        requestedAt: new Date('2026-01-08T08:00:00Z'),
        confirmedAt: new Date('2026-01-08T09:15:00Z'),
      })
      .onConflictDoNothing();
  return [];
};
