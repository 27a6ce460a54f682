import { eq } from 'drizzle-orm';
import type { TSeeder } from './seeder.ts';
import { newsletterSubscriptions } from '../platform/db/schema/index.ts';
import {
  createContactMessage,
  createDemoBooking,
  createNewsletterSubscription,
  futureWeekday,
} from '../test/factories/public-site.ts';

/**
 * Demo data for the public site: newsletter subscribers in each state, contact messages of both
 * kinds and demo bookings, built with the same factories the API tests use. No logins.
 */
export const seedPublicSite: TSeeder = async ({ database }) => {
  const { db } = database;
  await db.transaction(async (tx) => {
    // Seeding again (db:seed --force) keeps what an earlier seed loaded rather than failing on it.
    const already = await tx
      .select({ id: newsletterSubscriptions.id })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'lerato.khumalo@example.co.za'));
    if (already.length > 0) return;
    await createNewsletterSubscription(tx, {
      email: 'lerato.khumalo@example.co.za',
      status: 'confirmed',
      source: 'seed',
    });
    await createNewsletterSubscription(tx, { email: 'johan.botha@example.co.za', status: 'confirmed', source: 'seed' });
    await createNewsletterSubscription(tx, { email: 'ayesha.patel@example.co.za', status: 'pending', source: 'seed' });
    await createNewsletterSubscription(tx, {
      email: 'kagiso.molefe@example.co.za',
      status: 'unsubscribed',
      source: 'seed',
    });

    await createContactMessage(tx, {
      name: 'Nomsa Zulu',
      email: 'nomsa.zulu@example.co.za',
      organisation: 'Durban North Primary',
      subject: 'Moving our records from spreadsheets',
      message: 'We keep learner records in spreadsheets. Can you help us import them when we start?',
    });
    await createContactMessage(tx, {
      kind: 'specialists',
      name: 'Pieter van der Merwe',
      email: 'pieter.vdmerwe@example.co.za',
      phone: '+27215550199',
      organisation: 'Cape Schools Trust',
      subject: 'Custom solution enquiry',
      schoolSize: '10001_to_50000',
      numberOfSchools: 14,
      message: 'We run 14 schools in the Western Cape and want one platform for fees, attendance and reports.',
      status: 'in_progress',
    });

    await createDemoBooking(tx, {
      name: 'Sipho Dlamini',
      email: 'sipho.dlamini@example.co.za',
      schoolName: 'Soweto Combined School',
      role: 'principal',
      learnerCount: 850,
      preferredDate: futureWeekday(3),
      preferredTime: '10:00',
    });
    await createDemoBooking(tx, {
      name: 'Fatima Essop',
      email: 'fatima.essop@example.co.za',
      schoolName: 'Greenside High School',
      role: 'bursar',
      learnerCount: 1200,
      preferredDate: futureWeekday(7),
      preferredTime: '14:00',
      notes: 'Mostly interested in fee collection and payouts.',
      status: 'confirmed',
    });
  });
  return [];
};
