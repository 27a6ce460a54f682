import { eq } from 'drizzle-orm';
import { addDays, dayOfWeek, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { publicHolidayOn } from '@sekolo/shared/domain/sa-public-holidays';
import { organizations, users } from '../platform/db/schema/auth.ts';
import {
  bookingAvailability,
  bookingProviders,
  bookingServices,
  bookingSessions,
  bookings,
} from '../platform/db/schema/bookings.ts';
import { marketplaceSellers } from '../platform/db/schema/marketplace.ts';
import { creditOrder, createOrder, onOrderPurpose } from '../modules/payments/index.ts';
import { BOOKING_PURPOSE } from '../modules/bookings/index.ts';
import { bookingOrderHooks } from '../modules/bookings/book.ts';
import { bookingCommission } from '../modules/bookings/provider.ts';
import { instantOf } from '../modules/bookings/slots.ts';
import { DEMO_BUSINESS } from './seed-accounts.ts';
import type { TSeeder } from './seeder.ts';

/** The demo tutor's services (fixed ids, so a second run changes nothing). */
export const DEMO_BOOKING_SERVICES = {
  maths: 'b0c4a000-0000-4000-8000-000000000001',
  science: 'b0c4a000-0000-4000-8000-000000000002',
  revision: 'b0c4a000-0000-4000-8000-000000000003',
} as const;

/** A weekday that is not a public holiday, `ahead` days from `from` (negative: before). */
function workingDay(from: string, ahead: number): string {
  let date = addDays(from, ahead);
  const step = ahead < 0 ? -1 : 1;
  while (dayOfWeek(date) === 0 || dayOfWeek(date) === 6 || publicHolidayOn(date)) date = addDays(date, step);
  return date;
}
function nextSaturday(from: string, weeks: number): string {
  let date = addDays(from, 1);
  while (dayOfWeek(date) !== 6) date = addDays(date, 1);
  return addDays(date, 7 * weeks);
}
const at = (date: string, hour: number) => new Date(instantOf(date, hour * 60));

/**
 * Bookings' demo data (D22): the demo business partner (Demo Supplies, a product vendor and tutor)
 * teaches Mathematics (online, R350 an hour) and Physical Sciences (in Braamfontein, R350 an hour)
 * weekday afternoons and Saturday mornings, and runs an online Grade 12 Maths revision class (10
 * seats) on Saturday afternoons. The demo parent and customer have paid bookings, past and
 * upcoming, paid through the checkout (the sandbox) so the ledger holds their money once.
 */
export const seedBookings: TSeeder = async ({ config, database, mailer }) => {
  const { db } = database;
  const [business] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, DEMO_BUSINESS.slug));
  if (!business) return [];
  const [profile] = await db
    .select()
    .from(marketplaceSellers)
    .where(eq(marketplaceSellers.organizationId, business.id));
  if (!profile) return [];
  if (!profile.partnerTypes.includes('tutor'))
    await db
      .update(marketplaceSellers)
      .set({ partnerTypes: [...profile.partnerTypes, 'tutor'] })
      .where(eq(marketplaceSellers.organizationId, business.id));
  const organizationId = business.id;

  await db.insert(bookingProviders).values({ organizationId }).onConflictDoNothing();
  const [hasHours] = await db
    .select({ id: bookingAvailability.id })
    .from(bookingAvailability)
    .where(eq(bookingAvailability.organizationId, organizationId));
  if (!hasHours)
    await db
      .insert(bookingAvailability)
      .values([
        ...[1, 2, 3, 4, 5].map((weekday) => ({ organizationId, weekday, startMinute: 15 * 60, endMinute: 19 * 60 })),
        { organizationId, weekday: 6, startMinute: 9 * 60, endMinute: 13 * 60 },
      ]);
  await db
    .insert(bookingServices)
    .values([
      {
        id: DEMO_BOOKING_SERVICES.maths,
        organizationId,
        title: 'Mathematics lesson, Grades 8 to 12',
        description:
          'One-to-one Mathematics on CAPS: algebra, functions, trigonometry, calculus and exam technique. Bring your homework or a past paper.',
        category: 'tutoring',
        online: true,
        meetingUrl: 'https://meet.jit.si/sekolo-demo-maths-lesson',
        durationMinutes: 60,
        priceCents: 35_000,
        noticeHours: 24,
      },
      {
        id: DEMO_BOOKING_SERVICES.science,
        organizationId,
        title: 'Physical Sciences lesson, Grades 10 to 12',
        description:
          'Mechanics, electricity, chemical change and practical write-ups, one-to-one at our Braamfontein study room.',
        category: 'tutoring',
        online: false,
        location: '12 De Korte Street, Braamfontein, Johannesburg',
        durationMinutes: 60,
        priceCents: 35_000,
        noticeHours: 24,
      },
      {
        id: DEMO_BOOKING_SERVICES.revision,
        organizationId,
        title: 'Grade 12 Maths revision class (online)',
        description:
          'A two-hour online revision class for matrics: Paper 1 and Paper 2 past-paper questions worked through together.',
        category: 'tutoring',
        kind: 'group',
        online: true,
        meetingUrl: 'https://meet.jit.si/sekolo-demo-grade12-revision',
        durationMinutes: 120,
        priceCents: 15_000,
        seatLimit: 10,
        noticeHours: 48,
      },
    ])
    .onConflictDoNothing({ target: bookingServices.id });

  const today = todayInSouthAfrica();
  const sessionIds: string[] = [];
  for (const weeks of [0, 1]) {
    const id = `b0c4a5e5-0000-4000-8000-00000000000${weeks + 1}`;
    const startsAt = at(nextSaturday(today, weeks), 14);
    await db
      .insert(bookingSessions)
      .values({
        id,
        serviceId: DEMO_BOOKING_SERVICES.revision,
        organizationId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 120 * 60_000),
        seatLimit: 10,
      })
      .onConflictDoNothing();
    sessionIds.push(id);
  }

  const people = Object.fromEntries(
    (await db.select({ id: users.id, email: users.email }).from(users)).map((u) => [u.email, u.id]),
  );
  const parent = people['parent@demo-school.sekolo.test'];
  const customer = people['customer@sekolo.test'];
  if (!parent || !customer) return [];

  // The checkout's hooks confirm the bookings as they are paid (as the app registers them).
  onOrderPurpose(BOOKING_PURPOSE, bookingOrderHooks({ mailer, publicUrl: config.publicUrl }));
  const plan: {
    reference: string;
    who: string;
    service: keyof typeof DEMO_BOOKING_SERVICES;
    startsAt: Date;
    session?: string;
    seat?: number;
  }[] = [
    { reference: 'BK-DEMO00001', who: parent, service: 'maths', startsAt: at(workingDay(today, -7), 16) },
    { reference: 'BK-DEMO00002', who: parent, service: 'maths', startsAt: at(workingDay(today, 3), 16) },
    { reference: 'BK-DEMO00003', who: customer, service: 'science', startsAt: at(workingDay(today, 4), 17) },
    { reference: 'BK-DEMO00004', who: customer, service: 'science', startsAt: at(workingDay(today, -3), 15) },
    {
      reference: 'BK-DEMO00005',
      who: parent,
      service: 'revision',
      startsAt: at(nextSaturday(today, 0), 14),
      session: sessionIds[0],
      seat: 1,
    },
  ];
  for (const item of plan) {
    const [exists] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.reference, item.reference));
    if (exists) continue;
    const [service] = await db
      .select()
      .from(bookingServices)
      .where(eq(bookingServices.id, DEMO_BOOKING_SERVICES[item.service]));
    const commission = await bookingCommission(db, organizationId, service!, service!.priceCents);
    const [held] = await db
      .insert(bookings)
      .values({
        reference: item.reference,
        organizationId,
        serviceId: service!.id,
        sessionId: item.session ?? null,
        seatNumber: item.seat ?? null,
        seatLimit: item.session ? service!.seatLimit : null,
        customerUserId: item.who,
        startsAt: item.startsAt,
        endsAt: new Date(item.startsAt.getTime() + service!.durationMinutes * 60_000),
        status: 'held',
        holdExpiresAt: new Date(Date.now() + 15 * 60_000),
        priceCents: service!.priceCents,
        ...commission,
      })
      .returning();
    const { order } = await createOrder(
      { config, database },
      {
        kind: 'basket',
        grossCents: service!.priceCents,
        payeeOrganizationId: organizationId,
        description: `Booking ${item.reference}: ${service!.title} with ${DEMO_BUSINESS.name}`,
        returnPath: '/dashboard/bookings',
        cancelPath: `/marketplace/services/${service!.id}`,
        buyerUserId: item.who,
        context: { purpose: BOOKING_PURPOSE, bookingId: held!.id, sellerCommission: commission },
      },
    );
    await db.update(bookings).set({ paymentOrderId: order.id }).where(eq(bookings.id, held!.id));
    await creditOrder(db, {
      orderId: order.id,
      provider: order.provider,
      providerTransactionId: `demo_${item.reference}`,
    });
  }
  return [];
};
