import { and, count, eq } from 'drizzle-orm';
import { FACILITY_MESSAGES } from '@sekolo/shared/schemas/facilities';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { TOpeningHours } from '../platform/db/schema/facilities.ts';
import {
  facilities,
  facilityBookings,
  facilityPhotos,
  organizations,
  timetableRooms,
  users,
} from '../platform/db/schema/index.ts';
import { storePicture } from '../modules/listings/index.ts';
import { createFileStorage } from '../modules/uploads/index.ts';
import { demoFacilityPicture } from './demo-facility-pictures.ts';
import { createOrder, recordRefund } from '../modules/payments/index.ts';
import { creditOrder } from '../modules/payments/credit-order.ts';
import { FACILITY_BOOKING_PURPOSE } from '../modules/facilities/index.ts';
import { DEMO_SCHOOL } from './seed-accounts.ts';
import type { TSeeder } from './seeder.ts';

const WEEKDAYS_AND_SATURDAY: TOpeningHours = [
  ...[1, 2, 3, 4, 5].map((day) => ({ day, opens: '07:00', closes: '21:00' })),
  { day: 6, opens: '08:00', closes: '22:00' },
];

/** Demo High School's facilities: the hall (approval needed), the sports field and the computer lab. */
const FACILITIES = [
  {
    name: 'School Hall',
    kind: 'hall',
    description:
      'Our main hall seats 450 on chairs (300 at tables), with a stage, a sound system, a projector and a kitchen next door. Parking for 80 cars on the school grounds.',
    capacity: 450,
    hourlyRateCents: 45_000,
    dailyRateCents: 320_000,
    rules:
      'No alcohol, smoking or open flames. Decorations may not be fixed to walls. The hirer leaves the hall swept and the kitchen clean, and is liable for damage. Music ends at 21:30 on Saturdays.',
    requiresApproval: true,
    cancellationNoticeHours: 72,
    openingHours: WEEKDAYS_AND_SATURDAY,
  },
  {
    name: 'Sports Field',
    kind: 'sports_field',
    description: 'A full-size grass rugby and soccer field with floodlights, changing rooms and a small pavilion.',
    capacity: 200,
    hourlyRateCents: 30_000,
    dailyRateCents: null,
    rules: 'Studs only on the field; no vehicles on the grass. Floodlights switch off at 20:00.',
    requiresApproval: false,
    cancellationNoticeHours: 48,
    openingHours: [
      ...[1, 2, 3, 4, 5].map((day) => ({ day, opens: '14:00', closes: '20:00' })),
      { day: 6, opens: '07:00', closes: '18:00' },
      { day: 7, opens: '09:00', closes: '17:00' },
    ],
  },
  {
    name: 'Computer Lab',
    kind: 'computer_lab',
    description: '30 networked desktop computers with Microsoft Office, a data projector and fibre internet.',
    capacity: 30,
    hourlyRateCents: 35_000,
    dailyRateCents: 250_000,
    rules: 'No food or drink in the lab. Software may not be installed. A school technician is on site.',
    requiresApproval: true,
    cancellationNoticeHours: 48,
    openingHours: WEEKDAYS_AND_SATURDAY,
  },
];

/** The hall's and the field's photos, in their order (the first is the cover). */
const PHOTOS = {
  'School Hall': [
    {
      scene: 'hall-chairs',
      alt: 'The school hall from the back: rows of blue chairs on a wooden floor facing the stage with red curtains',
      caption: 'Set out for 450 on chairs, as for prize-giving',
    },
    {
      scene: 'hall-tables',
      alt: 'The school hall with round tables in white cloths, the stage behind them',
      caption: 'Set out with tables for a dinner of 300',
    },
  ],
  'Sports Field': [
    {
      scene: 'field-day',
      alt: 'The sports field from the touchline: striped grass, white lines, rugby posts, the pavilion on the left',
      caption: 'Full-size rugby and soccer field',
    },
    {
      scene: 'field-dusk',
      alt: 'The sports field at dusk with both floodlights on',
      caption: 'Floodlit until 20:00',
    },
  ],
} as const;

/** The next Saturday at least `days` days ahead. */
function saturdayAfter(days: number): string {
  let date = addDays(todayInSouthAfrica(), days);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 6) date = addDays(date, 1);
  return date;
}
const at = (date: string, time: string) => new Date(`${date}T${time}:00+02:00`);

export const DEMO_FACILITY_BOOKINGS = {
  paid: 'FB-DEMO0HALL1',
  pending: 'FB-DEMO0HALL2',
  fieldPaid: 'FB-DEMO0FLD01',
  fieldRefunded: 'FB-DEMO0FLD02',
} as const;

/**
 * Facility rentals at Demo High School: three facilities, a paid hall booking by the demo business
 * (its money in the school's payable, through the checkout's own crediting), a customer's request
 * waiting for the school's approval, and on the sports field this week one paid booking and one the
 * school cancelled and refunded (waterlogged). Idempotent.
 */
export const seedFacilities: TSeeder = async ({ database, config }) => {
  const db = database.db;
  const [school] = await db.select().from(organizations).where(eq(organizations.slug, DEMO_SCHOOL.slug));
  if (!school) return [];
  await db.insert(timetableRooms).values({ organizationId: school.id, name: 'Computer Lab' }).onConflictDoNothing();
  const [lab] = await db
    .select({ id: timetableRooms.id })
    .from(timetableRooms)
    .where(and(eq(timetableRooms.organizationId, school.id), eq(timetableRooms.name, 'Computer Lab')));
  await db
    .insert(facilities)
    .values(
      FACILITIES.map((f) => ({
        ...f,
        organizationId: school.id,
        roomId: f.name === 'Computer Lab' ? (lab?.id ?? null) : null,
      })),
    )
    .onConflictDoNothing();
  const [hall] = await db
    .select()
    .from(facilities)
    .where(and(eq(facilities.organizationId, school.id), eq(facilities.name, 'School Hall')));
  const [field] = await db
    .select()
    .from(facilities)
    .where(and(eq(facilities.organizationId, school.id), eq(facilities.name, 'Sports Field')));

  // Photos, through the facilities' picture pipeline (resized to WebP, stored), once per facility.
  const storage = createFileStorage(config);
  for (const facility of [hall, field]) {
    if (!facility) continue;
    const [have] = await db
      .select({ n: count() })
      .from(facilityPhotos)
      .where(eq(facilityPhotos.facilityId, facility.id));
    if (Number(have?.n ?? 0) > 0) continue;
    for (const [position, photo] of PHOTOS[facility.name as keyof typeof PHOTOS].entries()) {
      const bytes = await demoFacilityPicture(photo.scene, facility.name, `${school.name} · ${photo.caption}`);
      await storePicture(storage, bytes, FACILITY_MESSAGES.photoType, (picture) =>
        db.insert(facilityPhotos).values({
          organizationId: school.id,
          facilityId: facility.id,
          storageKey: picture.keys.full,
          thumbKey: picture.keys.thumb,
          width: picture.width,
          height: picture.height,
          alt: photo.alt,
          caption: photo.caption,
          position,
        }),
      );
    }
  }

  const [vendor] = await db.select().from(users).where(eq(users.email, 'vendor@demo-business.sekolo.test'));
  const [customer] = await db.select().from(users).where(eq(users.email, 'customer@sekolo.test'));
  if (!hall || !field || !vendor || !customer) return [];

  /** Pays a booking through the checkout's own crediting, then does what the paid hook would. */
  const payFor = async (booking: typeof facilityBookings.$inferSelect, facilityName: string) => {
    const { order } = await createOrder(
      { config, database },
      {
        kind: 'basket',
        grossCents: booking.priceCents,
        payeeOrganizationId: school.id,
        description: `${facilityName}: facility booking ${booking.reference}`,
        returnPath: '/dashboard/business/facility-bookings',
        cancelPath: '/dashboard/business/facility-bookings',
        buyerUserId: booking.bookerUserId,
        context: { purpose: FACILITY_BOOKING_PURPOSE, bookingId: booking.id },
      },
    );
    await creditOrder(db, {
      orderId: order.id,
      provider: 'sandbox',
      providerTransactionId: `sbx_demo_${booking.reference}`,
    });
    // Seeding runs without the app's order hooks: what the paid hook does, done here.
    await db
      .update(facilityBookings)
      .set({
        status: 'paid',
        paidAt: new Date(),
        paymentOrderId: order.id,
        paymentReference: order.reference,
        holdExpiresAt: null,
      })
      .where(eq(facilityBookings.id, booking.id));
    return order;
  };

  const expo = saturdayAfter(10);
  const existing = await db.select().from(facilityBookings).where(eq(facilityBookings.facilityId, hall.id));
  if (!existing.some((b) => b.reference === DEMO_FACILITY_BOOKINGS.paid)) {
    const [booking] = await db
      .insert(facilityBookings)
      .values({
        reference: DEMO_FACILITY_BOOKINGS.paid,
        organizationId: school.id,
        facilityId: hall.id,
        bookerUserId: vendor.id,
        startsAt: at(expo, '09:00'),
        endsAt: at(expo, '13:00'),
        unit: 'hour',
        priceCents: 4 * 45_000,
        status: 'awaiting_payment',
        purpose: 'Back-to-school stationery and uniform expo',
        attendees: 300,
        rulesAcceptedAt: new Date(),
        holdExpiresAt: at(expo, '09:00'),
        decidedBy: null,
        decidedAt: new Date(),
      })
      .returning();
    await payFor(booking!, 'School Hall');
  }
  if (!existing.some((b) => b.reference === DEMO_FACILITY_BOOKINGS.pending)) {
    const party = saturdayAfter(17);
    await db.insert(facilityBookings).values({
      reference: DEMO_FACILITY_BOOKINGS.pending,
      organizationId: school.id,
      facilityId: hall.id,
      bookerUserId: customer.id,
      startsAt: at(party, '08:00'),
      endsAt: at(party, '22:00'),
      unit: 'day',
      priceCents: 320_000,
      status: 'pending_approval',
      purpose: 'Botha family reunion lunch',
      attendees: 120,
      rulesAcceptedAt: new Date(),
    });
  }

  // The sports field this week: a paid afternoon, and one the school had to cancel and refund.
  const fieldBookings = await db.select().from(facilityBookings).where(eq(facilityBookings.facilityId, field.id));
  const fieldBooking = async (reference: string, bookerId: string, date: string, purpose: string) => {
    const [booking] = await db
      .insert(facilityBookings)
      .values({
        reference,
        organizationId: school.id,
        facilityId: field.id,
        bookerUserId: bookerId,
        startsAt: at(date, '14:00'),
        endsAt: at(date, '16:00'),
        unit: 'hour',
        priceCents: 2 * 30_000,
        status: 'awaiting_payment',
        purpose,
        rulesAcceptedAt: new Date(),
        holdExpiresAt: at(date, '14:00'),
      })
      .returning();
    return booking!;
  };
  if (!fieldBookings.some((b) => b.reference === DEMO_FACILITY_BOOKINGS.fieldPaid)) {
    const booking = await fieldBooking(
      DEMO_FACILITY_BOOKINGS.fieldPaid,
      vendor.id,
      addDays(todayInSouthAfrica(), 2),
      'Five-a-side soccer for the staff team',
    );
    await payFor(booking, 'Sports Field');
  }
  if (!fieldBookings.some((b) => b.reference === DEMO_FACILITY_BOOKINGS.fieldRefunded)) {
    const booking = await fieldBooking(
      DEMO_FACILITY_BOOKINGS.fieldRefunded,
      customer.id,
      addDays(todayInSouthAfrica(), 3),
      'Birthday soccer match',
    );
    const order = await payFor(booking, 'Sports Field');
    const [admin] = await db.select().from(users).where(eq(users.email, 'admin@demo-school.sekolo.test'));
    await recordRefund(db, {
      reference: `${booking.reference}-refund`,
      paymentReference: order.reference,
      grossCents: booking.priceCents,
      description: `Refund of facility booking ${booking.reference}, cancelled by the school`,
    });
    await db
      .update(facilityBookings)
      .set({
        status: 'cancelled',
        cancelledAt: new Date(),
        cancelledBy: 'school',
        cancelReason: 'The field is waterlogged after the heavy rain; we are sorry.',
        decidedBy: admin?.id ?? null,
        decidedAt: new Date(),
        refundedCents: booking.priceCents,
      })
      .where(eq(facilityBookings.id, booking.id));
  }
  return [];
};
