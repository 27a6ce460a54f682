import { sql } from 'drizzle-orm';
import { PUBLISHED_DEMO_PASSWORD } from '../platform/config/env.ts';
import { systemSettings } from '../platform/db/schema/index.ts';
import { seedAccounts } from './seed-accounts.ts';
import { seedPublicSite } from './seed-public-site.ts';
import { seedApplications } from './seed-applications.ts';
import { seedSchool } from './seed-school.ts';
import { seedListings } from './seed-listings.ts';
import { seedMarketplace } from './seed-marketplace.ts';
import { seedMarketplaceOrders } from './seed-marketplace-orders.ts';
import { seedAttendance } from './seed-attendance.ts';
import { seedFamily } from './seed-family.ts';
import { seedConsents } from './seed-consents.ts';
import { seedFinance } from './seed-finance.ts';
import { seedFeeExemptions } from './seed-fee-exemptions.ts';
import { seedAssessment } from './seed-assessment.ts';
import { seedCurriculum } from './seed-curriculum.ts';
import { seedSchoolSettings } from './seed-school-settings.ts';
import { seedAdmissions } from './seed-admissions.ts';
import { seedMessages } from './seed-messages.ts';
import { seedAnnouncements } from './seed-announcements.ts';
import { seedBookings } from './seed-bookings.ts';
import { seedFacilities } from './seed-facilities.ts';
import { seedActivities } from './seed-activities.ts';
import { seedEvents } from './seed-events.ts';
import { seedSchoolShop } from './seed-school-shop.ts';
import { seedEntrepreneurs } from './seed-entrepreneurs.ts';
import { seedCampaigns } from './seed-campaigns.ts';
import { seedDirectory } from './seed-directory.ts';
import { seedPayouts } from './seed-payouts.ts';
import { seedLibrary } from './seed-library.ts';
import { seedTransport } from './seed-transport.ts';
import type { TDemoLogin, TSeedContext, TSeeder } from './seeder.ts';

export type { TDemoLogin, TSeedContext, TSeeder };

// Each module adds its seeder here, in dependency order.
const SEEDERS: TSeeder[] = [
  seedAccounts,
  seedPublicSite,
  seedApplications,
  seedSchool,
  seedListings,
  seedMarketplace,
  seedMarketplaceOrders,
  seedAttendance,
  seedFamily,
  seedConsents,
  seedFinance,
  seedAssessment,
  seedCurriculum,
  seedSchoolSettings,
  seedAdmissions,
  seedMessages,
  seedAnnouncements,
  seedBookings,
  seedFacilities,
  seedActivities,
  seedEvents,
  seedSchoolShop,
  seedEntrepreneurs,
  seedCampaigns,
  seedDirectory,
  seedPayouts,
  seedLibrary,
  seedTransport,
  seedFeeExemptions,
];

export class DemoPasswordError extends Error {
  constructor() {
    super(
      'Demo data in production needs a DEMO_PASSWORD of your own: the published demo password would let anyone sign in to the demo accounts. Set DEMO_PASSWORD and try again.',
    );
    this.name = 'DemoPasswordError';
  }
}

/** Production never holds demo accounts with the password everyone can read in the README. */
export function assertDemoPasswordAllowed(config: Pick<TSeedContext['config'], 'NODE_ENV'>, demoPassword: string) {
  if (config.NODE_ENV === 'production' && demoPassword === PUBLISHED_DEMO_PASSWORD) throw new DemoPasswordError();
}

export async function seedDemoData(ctx: TSeedContext): Promise<TDemoLogin[]> {
  assertDemoPasswordAllowed(ctx.config, ctx.demoPassword);
  const logins: TDemoLogin[] = [];
  for (const seeder of SEEDERS) {
    // Several seeders fill one demo organisation (the charity: its campaigns, payouts, profile): its login once.
    for (const login of await seeder(ctx)) if (!logins.some((l) => l.email === login.email)) logins.push(login);
  }
  await ctx.database.db
    .insert(systemSettings)
    .values({ key: 'seeded_at', value: sql`to_jsonb(now())` })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value: sql`to_jsonb(now())`, updatedAt: sql`now()` } });
  await ctx.database.db
    .insert(systemSettings)
    .values({ key: 'demo_logins', value: logins })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value: logins, updatedAt: sql`now()` } });
  return logins;
}
