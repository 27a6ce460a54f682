/**
 * Facility rentals (D22): a school lists its halls, fields and classrooms with rates, rules and
 * opening hours; anyone signed in books a slot by the hour or the day and pays through the
 * checkout. Forms and the server share these schemas and messages. Times are South African
 * (UTC+2, no daylight saving), dates 'YYYY-MM-DD', money in VAT-inclusive cents (D13).
 */

import { z } from 'zod';
import { isIsoDate } from '../domain/sa-calendar.ts';
import { ZCheckoutRedirectSchema } from './payments.ts';

/** Photos a facility may show: enough for each angle of a hall or a field, few enough to load on a phone. */
export const MAX_FACILITY_PHOTOS = 8;
/** The largest photo accepted (the uploads module's limit, 10 MB). */
export const MAX_FACILITY_PHOTO_BYTES = 10 * 1024 * 1024;
export const FACILITY_PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const FACILITY_MESSAGES = {
  nameRequired: 'Name the facility, e.g. School hall',
  tooLong: (max: number) => `Must be ${max} characters or fewer`,
  kindRequired: 'Choose the kind of facility',
  rateRequired: 'Give a rate per hour, per day or both',
  rateInvalid: 'Enter an amount in rand, e.g. 450',
  capacityInvalid: 'Capacity must be a whole number of people',
  noticeInvalid: 'Notice must be from 0 to 720 hours',
  openingHoursRequired: 'Open the facility on at least one day',
  timeInvalid: 'Enter a time as HH:MM, e.g. 08:00',
  closesBeforeOpens: 'Closing time must be after opening time',
  dayRepeated: 'Each day may appear once',
  dateInvalid: 'Enter a date',
  endsBeforeStart: 'The last day must be on or after the first day',
  facilityExists: 'The school already has a facility with that name',
  facilityNotFound: 'That facility does not exist',
  roomNotFound: 'That room is not on the school’s timetable',
  blockedDateNotFound: 'That blocked date no longer exists',
  bookingNotFound: 'That booking does not exist',
  rulesMustBeAccepted: 'Accept the facility’s rules to book it',
  unitRequired: 'Choose whether to book by the hour or the day',
  hoursInvalid: 'Book from 1 to 12 hours',
  noHourlyRate: 'This facility is not rented by the hour',
  noDailyRate: 'This facility is not rented by the day',
  inThePast: 'Choose a time that has not passed',
  tooFarAhead: 'Bookings open up to a year ahead',
  closedThatDay: 'The facility is not open on that day',
  outsideOpeningHours: 'The facility is not open for all of that time',
  schoolClosure: (name: string) => `The school is closed that day (${name})`,
  blockedDate: 'The school keeps the facility for itself that day',
  schoolUse: 'The school uses the facility for lessons at that time',
  slotTaken: 'Someone else has booked that time. Choose another.',
  notAwaitingApproval: 'Only a booking waiting for approval can be approved or declined',
  reasonRequired: 'Tell the booker why the booking is declined',
  cannotPay: 'This booking cannot be paid now',
  cannotCancel: 'This booking can no longer be cancelled',
  schoolCannotCancel: 'Only a booking that is paid or awaiting payment, and has not ended, can be cancelled',
  tooLateToCancel: (hours: number) =>
    `Paid bookings can be cancelled with a refund up to ${hours} hours before the start. Please contact the school.`,
  facilityInactive: 'This facility is not taking bookings',
  photoType: 'Please choose a PNG, JPEG or WebP photo',
  photoTooLarge: 'The photo is too large. Maximum size 10MB.',
  tooManyPhotos: `A facility can have at most ${MAX_FACILITY_PHOTOS} photos. Remove one to add another.`,
  photoNotFound: 'That photo no longer exists',
  altRequired: 'Describe the photo for people who cannot see it, e.g. The hall set out with chairs',
  photoOrderInvalid: 'List each of the facility’s photos once to order them',
} as const;

const M = FACILITY_MESSAGES;

export const FACILITY_KINDS = [
  { id: 'hall', label: 'Hall' },
  { id: 'sports_field', label: 'Sports field' },
  { id: 'classroom', label: 'Classroom' },
  { id: 'computer_lab', label: 'Computer lab' },
  { id: 'pool', label: 'Swimming pool' },
  { id: 'other', label: 'Other' },
] as const;
export type TFacilityKind = (typeof FACILITY_KINDS)[number]['id'];
const KIND_IDS = FACILITY_KINDS.map((k) => k.id) as [TFacilityKind, ...TFacilityKind[]];
export const facilityKindLabel = (id: string) => FACILITY_KINDS.find((k) => k.id === id)?.label ?? 'Other';

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const BOOKING_STATUSES = [
  { id: 'pending_approval', label: 'Waiting for approval' },
  { id: 'awaiting_payment', label: 'Awaiting payment' },
  { id: 'paid', label: 'Confirmed and paid' },
  { id: 'declined', label: 'Declined' },
  { id: 'cancelled', label: 'Cancelled' },
  { id: 'expired', label: 'Expired' },
] as const;
export type TBookingStatus = (typeof BOOKING_STATUSES)[number]['id'];
export const bookingStatusLabel = (id: string) => BOOKING_STATUSES.find((s) => s.id === id)?.label ?? id;
/** The statuses that hold their slot (the database's exclusion constraint covers these). */
export const ACTIVE_BOOKING_STATUSES: readonly TBookingStatus[] = ['pending_approval', 'awaiting_payment', 'paid'];

/** How long an approved or instant booking holds its slot unpaid. */
export const INSTANT_HOLD_MINUTES = 30;
export const APPROVED_HOLD_HOURS = 48;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const ZTime = z.string({ error: M.timeInvalid }).regex(TIME, M.timeInvalid);
const ZIsoDate = z.string({ error: M.dateInvalid }).refine(isIsoDate, M.dateInvalid);

export const ZOpeningHours = z
  .array(
    z
      .object({ day: z.number().int().min(1).max(7), opens: ZTime, closes: ZTime })
      .refine((h) => h.closes > h.opens, { message: M.closesBeforeOpens, path: ['closes'] }),
  )
  .min(1, M.openingHoursRequired)
  .max(7)
  .refine((hours) => new Set(hours.map((h) => h.day)).size === hours.length, M.dayRepeated);
export type TOpeningHoursInput = z.infer<typeof ZOpeningHours>;

const ZRate = z
  .number({ error: M.rateInvalid })
  .int(M.rateInvalid)
  .positive(M.rateInvalid)
  .max(10_000_000, M.rateInvalid);

/** The school's facility form (rates in cents). */
export const ZFacilityInput = z
  .object({
    name: z.string({ error: M.nameRequired }).trim().min(2, M.nameRequired).max(80, M.tooLong(80)),
    kind: z.enum(KIND_IDS, { error: M.kindRequired }),
    description: z.string().trim().max(2000, M.tooLong(2000)).default(''),
    capacity: z
      .number({ error: M.capacityInvalid })
      .int(M.capacityInvalid)
      .positive(M.capacityInvalid)
      .max(100_000)
      .nullable()
      .default(null),
    hourlyRateCents: ZRate.nullable().default(null),
    dailyRateCents: ZRate.nullable().default(null),
    rules: z.string().trim().max(4000, M.tooLong(4000)).default(''),
    requiresApproval: z.boolean().default(false),
    cancellationNoticeHours: z
      .number({ error: M.noticeInvalid })
      .int(M.noticeInvalid)
      .min(0, M.noticeInvalid)
      .max(720, M.noticeInvalid)
      .default(48),
    openingHours: ZOpeningHours,
    roomId: z.uuid({ error: M.roomNotFound }).nullable().default(null),
    active: z.boolean().default(true),
  })
  .refine((f) => f.hourlyRateCents !== null || f.dailyRateCents !== null, {
    message: M.rateRequired,
    path: ['hourlyRateCents'],
  });
export type TFacilityInput = z.input<typeof ZFacilityInput>;

export const ZBlockedDateInput = z
  .object({
    startsOn: ZIsoDate,
    endsOn: ZIsoDate,
    reason: z.string().trim().max(200, M.tooLong(200)).default(''),
  })
  .refine((b) => b.endsOn >= b.startsOn, { message: M.endsBeforeStart, path: ['endsOn'] });
export type TBlockedDateInput = z.input<typeof ZBlockedDateInput>;

export const ZBlockedDate = z.object({ id: z.string(), startsOn: z.string(), endsOn: z.string(), reason: z.string() });
export type TBlockedDate = z.infer<typeof ZBlockedDate>;

/** A facility's photo: the page-sized WebP (`url`, `width` × `height`) and its thumbnail (480 px). */
export const ZFacilityPhoto = z.object({
  id: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number(),
  height: z.number(),
  alt: z.string(),
  caption: z.string(),
});
export type TFacilityPhoto = z.infer<typeof ZFacilityPhoto>;

/** The school changes a photo's alt text and caption. */
export const ZFacilityPhotoUpdate = z.object({
  alt: z.string({ error: M.altRequired }).trim().min(3, M.altRequired).max(200, M.tooLong(200)),
  caption: z.string().trim().max(300, M.tooLong(300)).default(''),
});
export type TFacilityPhotoUpdate = z.input<typeof ZFacilityPhotoUpdate>;

/** The facility's photos in their new order: each of them once. */
export const ZFacilityPhotoOrder = z.object({
  photoIds: z
    .array(z.uuid({ error: M.photoNotFound }), { error: M.photoOrderInvalid })
    .min(1, M.photoOrderInvalid)
    .max(MAX_FACILITY_PHOTOS, M.photoOrderInvalid)
    .refine((ids) => new Set(ids).size === ids.length, M.photoOrderInvalid),
});

const ZPublicFacilityFields = {
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  kindLabel: z.string(),
  description: z.string(),
  capacity: z.number().nullable(),
  hourlyRateCents: z.number().nullable(),
  dailyRateCents: z.number().nullable(),
  rules: z.string(),
  requiresApproval: z.boolean(),
  cancellationNoticeHours: z.number(),
  openingHours: z.array(z.object({ day: z.number(), opens: z.string(), closes: z.string() })),
  /** In the school's order; the first is the facility's cover. */
  photos: z.array(ZFacilityPhoto),
};

/** A facility as the school manages it. */
export const ZFacility = z.object({
  ...ZPublicFacilityFields,
  roomId: z.string().nullable(),
  roomName: z.string().nullable(),
  active: z.boolean(),
  blockedDates: z.array(ZBlockedDate),
});
export type TFacility = z.infer<typeof ZFacility>;

export const ZPublicFacility = z.object(ZPublicFacilityFields);
export type TPublicFacility = z.infer<typeof ZPublicFacility>;

export const ZPublicSchoolFacilities = z.object({
  school: z.object({ name: z.string(), slug: z.string(), city: z.string() }),
  facilities: z.array(ZPublicFacility),
});
export type TPublicSchoolFacilities = z.infer<typeof ZPublicSchoolFacilities>;

export const ZSchoolFacilities = z.object({
  facilities: z.array(ZFacility),
  rooms: z.array(z.object({ id: z.string(), name: z.string() })),
  publicPath: z.string(),
});
export type TSchoolFacilities = z.infer<typeof ZSchoolFacilities>;

/** One day of a facility's availability: when it opens and the times already taken. */
export const ZAvailabilityDay = z.object({
  date: z.string(),
  opens: z.string().nullable(),
  closes: z.string().nullable(),
  /** Why the whole day is closed, when it is. */
  closedReason: z.string().nullable(),
  busy: z.array(z.object({ from: z.string(), to: z.string(), why: z.enum(['booked', 'school']) })),
});
export type TAvailabilityDay = z.infer<typeof ZAvailabilityDay>;

export const ZAvailabilityQuery = z.object({
  from: ZIsoDate.optional(),
  days: z.coerce.number().int().min(1).max(31).default(7),
});

export const ZAvailability = z.object({ facilityId: z.string(), days: z.array(ZAvailabilityDay) });
export type TAvailability = z.infer<typeof ZAvailability>;

/** The booker's request. */
export const ZBookingRequest = z
  .object({
    facilityId: z.uuid({ error: M.facilityNotFound }),
    date: ZIsoDate,
    unit: z.enum(['hour', 'day'], { error: M.unitRequired }),
    /** For hourly bookings: the start, on the hour or half hour. */
    startTime: ZTime.optional(),
    hours: z
      .number({ error: M.hoursInvalid })
      .int(M.hoursInvalid)
      .min(1, M.hoursInvalid)
      .max(12, M.hoursInvalid)
      .optional(),
    purpose: z.string().trim().max(300, M.tooLong(300)).default(''),
    attendees: z.number().int().positive().max(100_000).nullable().default(null),
    acceptRules: z.literal(true, { error: M.rulesMustBeAccepted }),
  })
  .refine((b) => b.unit === 'day' || (b.startTime !== undefined && b.hours !== undefined), {
    message: M.hoursInvalid,
    path: ['hours'],
  });
export type TBookingRequest = z.input<typeof ZBookingRequest>;

export const ZDeclineInput = z.object({
  reason: z.string({ error: M.reasonRequired }).trim().min(3, M.reasonRequired).max(500, M.tooLong(500)),
});

export const ZBooking = z.object({
  id: z.string(),
  reference: z.string(),
  /** The facility booked, with its cover photo (null when it has none). */
  facility: z.object({ id: z.string(), name: z.string(), photo: ZFacilityPhoto.nullable() }),
  school: z.object({ name: z.string(), slug: z.string() }),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  unit: z.enum(['hour', 'day']),
  /** The rental price; the booker pays it plus the 6.8 % processing fee. */
  priceCents: z.number(),
  payCents: z.number(),
  status: z.string(),
  statusLabel: z.string(),
  holdExpiresAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  purpose: z.string(),
  attendees: z.number().nullable(),
  refundedCents: z.number(),
  canPay: z.boolean(),
  canCancel: z.boolean(),
  /** Who cancelled it ('school': the school, which refunded what was paid) and the school's reason. */
  cancelledBy: z.enum(['booker', 'school']).nullable(),
  cancelReason: z.string().nullable(),
  /** The school's view: it may still cancel it (paid or awaiting payment, not yet ended), refunding what was paid. */
  schoolCanCancel: z.boolean(),
  /** The school's view only. */
  booker: z.object({ name: z.string(), email: z.string() }).nullable(),
  createdAt: z.string(),
});
export type TBooking = z.infer<typeof ZBooking>;

export const ZBookingsQuery = z.object({
  status: z.enum(['pending_approval', 'awaiting_payment', 'paid', 'declined', 'cancelled', 'expired']).optional(),
});

export const ZBookingWithCheckout = z.object({
  booking: ZBooking,
  /** Where to send the booker to pay; null while the school has still to approve. */
  checkout: z.object({ redirect: ZCheckoutRedirectSchema }).nullable(),
});
export type TBookingWithCheckout = z.infer<typeof ZBookingWithCheckout>;
