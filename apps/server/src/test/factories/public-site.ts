/**
 * Test data for the public-site tables, used by the API tests and the demo seed alike
 * (epic-stack: one set of factories). `build*` returns form input (what a visitor types),
 * `create*` writes rows straight to the database.
 */
import { randomUUID } from 'node:crypto';
import type { TContactMessageInput, TDemoBookingInput } from '@sekolo/shared/schemas/public-forms';
import { nextWeekday, todayInSouthAfrica, addDays } from '@sekolo/shared/domain/sa-calendar';
import type { DbExecutor } from '../../platform/db/client.ts';
import { contactMessages, demoBookings, newsletterSubscriptions } from '../../platform/db/schema/index.ts';
import { CONFIRM_TOKEN_TTL_MS, createToken } from '../../modules/newsletter/newsletter-tokens.ts';

/** A unique address, so parallel tests and repeated runs never collide. */
export function uniqueEmail(prefix = 'visitor') {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.co.za`;
}

/** The first weekday at least `daysAhead` days after today in South Africa. */
export function futureWeekday(daysAhead = 1): string {
  return nextWeekday(addDays(todayInSouthAfrica(), daysAhead - 1));
}

export function buildGeneralContactInput(overrides: Partial<Extract<TContactMessageInput, { kind: 'general' }>> = {}) {
  return {
    kind: 'general' as const,
    name: 'Thandi Mokoena',
    email: uniqueEmail('thandi'),
    phone: '082 123 4567',
    organisation: 'Rosebank Primary School',
    subject: 'Fee reminders for parents',
    message: 'Can Sekolo send parents a reminder before school fees are due each month?',
    ...overrides,
  };
}

export function buildSpecialistContactInput(overrides: Partial<Extract<TContactMessageInput, { kind: 'specialists' }>> = {}) {
  return {
    kind: 'specialists' as const,
    name: 'Pieter van der Merwe',
    email: uniqueEmail('pieter'),
    phone: '+27 21 555 0199',
    organisation: 'Cape Schools Trust',
    schoolSize: '10001_to_50000' as const,
    numberOfSchools: 14,
    message: 'We run 14 schools in the Western Cape and want one platform for fees, attendance and reports.',
    ...overrides,
  };
}

export function buildDemoBookingInput(overrides: Partial<TDemoBookingInput> = {}) {
  return {
    name: 'Sipho Dlamini',
    email: uniqueEmail('sipho'),
    phone: '083 555 0123',
    schoolName: 'Soweto Combined School',
    role: 'principal' as const,
    learnerCount: 850,
    preferredDate: futureWeekday(2),
    preferredTime: '10:00' as const,
    notes: 'We would like to see fee collection and the parent app.',
    ...overrides,
  };
}

type TNewsletterOverrides = Partial<typeof newsletterSubscriptions.$inferInsert>;

/** A subscription row plus the raw tokens its links would carry (only hashes are stored). */
export async function createNewsletterSubscription(db: DbExecutor, overrides: TNewsletterOverrides = {}) {
  const confirm = createToken();
  const unsubscribe = createToken();
  const now = new Date();
  const status = overrides.status ?? 'pending';
  const [subscription] = await db
    .insert(newsletterSubscriptions)
    .values({
      email: uniqueEmail('reader'),
      status,
      confirmTokenHash: confirm.hash,
      confirmTokenExpiresAt: new Date(now.getTime() + CONFIRM_TOKEN_TTL_MS),
      unsubscribeTokenHash: unsubscribe.hash,
      confirmationSentAt: now,
      confirmedAt: status === 'confirmed' ? now : null,
      unsubscribedAt: status === 'unsubscribed' ? now : null,
      ...overrides,
    })
    .returning();
  return { subscription: subscription!, confirmToken: confirm.token, unsubscribeToken: unsubscribe.token };
}

export async function createContactMessage(db: DbExecutor, overrides: Partial<typeof contactMessages.$inferInsert> = {}) {
  const input = buildGeneralContactInput();
  const [row] = await db
    .insert(contactMessages)
    .values({
      kind: 'general',
      name: input.name,
      email: input.email,
      phone: '+27821234567',
      organisation: input.organisation,
      subject: input.subject,
      message: input.message,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createDemoBooking(db: DbExecutor, overrides: Partial<typeof demoBookings.$inferInsert> = {}) {
  const [row] = await db
    .insert(demoBookings)
    .values({
      name: 'Sipho Dlamini',
      email: uniqueEmail('sipho'),
      phone: '+27835550123',
      schoolName: 'Soweto Combined School',
      role: 'principal',
      learnerCount: 850,
      preferredDate: futureWeekday(2),
      preferredTime: '10:00',
      notes: '',
      ...overrides,
    })
    .returning();
  return row!;
}
