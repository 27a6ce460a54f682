/**
 * Bookings (D22): tutors, consultants and service providers publish services with a duration, a
 * price and weekly availability; customers and parents book and pay a slot. Times travel as ISO
 * instants and are shown in South African time (Africa/Johannesburg, UTC+2 all year).
 */

import { z } from 'zod';
import { ZCheckoutRedirectSchema } from './payments.ts';

export const BOOKING_MESSAGES = {
  serviceNotFound: 'That service was not found.',
  bookingNotFound: 'That booking was not found.',
  sessionNotFound: 'That class was not found.',
  notProvider: 'Only approved tutors, consultants and service providers take bookings.',
  slotTaken: 'Sorry, that time has just been booked. Please choose another.',
  slotUnavailable: 'That time is not available. Please choose one of the times shown.',
  sessionFull: 'Sorry, that class is full.',
  pickOne: 'Choose a time or a class session.',
  tooLate: (hours: number) =>
    `Bookings can only be changed or cancelled up to ${hours} hour${hours === 1 ? '' : 's'} before they start.`,
  notChangeable: 'Only a paid, upcoming booking can be changed.',
  notCancellable: 'This booking can no longer be cancelled.',
  meetingUrlNeeded: 'An online service needs a meeting link (https://…).',
  sessionOverlap: 'You already have a class or booking at that time.',
  sessionForGroupsOnly: 'Sessions are scheduled for group classes only.',
  availabilityOverlap: 'Those hours overlap on the same day.',
  ownService: 'You cannot book your own service.',
} as const;

export const BOOKING_CATEGORIES = [
  { id: 'tutoring', label: 'Tutoring' },
  { id: 'consulting', label: 'Consulting' },
  { id: 'other', label: 'Other service' },
] as const;
export type TBookingCategory = (typeof BOOKING_CATEGORIES)[number]['id'];
const CATEGORY_IDS = BOOKING_CATEGORIES.map((c) => c.id) as unknown as readonly [
  TBookingCategory,
  ...TBookingCategory[],
];

export const BOOKING_STATUS_LABELS = {
  held: 'Awaiting payment',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  expired: 'Not paid (released)',
} as const;
export type TBookingStatus = keyof typeof BOOKING_STATUS_LABELS;

export const WEEKDAY_LABELS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-12-31.');
const ZMinute = z.number().int().min(0).max(1440);

export const ZServiceInputSchema = z
  .object({
    title: z.string().trim().min(3, 'Give the service a title.').max(120),
    description: z.string().trim().max(2000).default(''),
    category: z.enum(CATEGORY_IDS).default('tutoring'),
    kind: z.enum(['one_to_one', 'group']).default('one_to_one'),
    online: z.boolean().default(false),
    meetingUrl: z
      .string()
      .trim()
      .max(500)
      .refine((v) => v === '' || /^https:\/\/[^\s]+$/.test(v), BOOKING_MESSAGES.meetingUrlNeeded)
      .default(''),
    location: z.string().trim().max(200).default(''),
    durationMinutes: z.number().int().min(15, 'At least 15 minutes.').max(480, 'At most 8 hours.'),
    priceCents: z.number().int().min(100, 'At least R1.').max(10_000_000),
    seatLimit: z.number().int().min(1).max(500).nullable().default(null),
    noticeHours: z.number().int().min(0).max(336).default(24),
    status: z.enum(['draft', 'published', 'archived']).default('published'),
  })
  .superRefine((value, ctx) => {
    if (value.online && !value.meetingUrl)
      ctx.addIssue({ code: 'custom', path: ['meetingUrl'], message: BOOKING_MESSAGES.meetingUrlNeeded });
    if (value.kind === 'group' && value.seatLimit === null)
      ctx.addIssue({ code: 'custom', path: ['seatLimit'], message: 'A group class needs a seat limit.' });
  });
export type TServiceInput = z.input<typeof ZServiceInputSchema>;

export const ZWeeklyHoursSchema = z
  .object({ weekday: z.number().int().min(0).max(6), startMinute: ZMinute, endMinute: ZMinute })
  .refine((h) => h.startMinute < h.endMinute, 'The end must be after the start.');
export const ZExceptionSchema = z
  .object({
    date: ZIsoDate,
    kind: z.enum(['day_off', 'extra']),
    startMinute: ZMinute.nullable().default(null),
    endMinute: ZMinute.nullable().default(null),
    note: z.string().trim().max(200).default(''),
  })
  .refine(
    (e) => e.kind === 'day_off' || (e.startMinute !== null && e.endMinute !== null && e.startMinute < e.endMinute),
    'Extra hours need a start and an end.',
  );
export const ZAvailabilitySchema = z.object({
  openOnPublicHolidays: z.boolean().default(false),
  weekly: z.array(ZWeeklyHoursSchema).max(70),
  exceptions: z.array(ZExceptionSchema).max(400).default([]),
});
export type TAvailability = z.output<typeof ZAvailabilitySchema>;
export type TAvailabilityInput = z.input<typeof ZAvailabilitySchema>;

export const ZPublicService = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  kind: z.enum(['one_to_one', 'group']),
  online: z.boolean(),
  location: z.string(),
  durationMinutes: z.number(),
  priceCents: z.number(),
  seatLimit: z.number().nullable(),
  noticeHours: z.number(),
  provider: z.object({ name: z.string(), slug: z.string() }),
});
export type TPublicService = z.infer<typeof ZPublicService>;

export const ZSessionView = z.object({
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  seatLimit: z.number(),
  seatsTaken: z.number(),
  status: z.enum(['scheduled', 'cancelled']),
});

export const ZOwnService = ZPublicService.omit({ provider: true }).extend({
  meetingUrl: z.string(),
  status: z.enum(['draft', 'published', 'archived']),
  sessions: z.array(ZSessionView),
});
export type TOwnService = z.infer<typeof ZOwnService>;

export const ZSlots = z.object({
  timeZone: z.literal('Africa/Johannesburg'),
  from: z.string(),
  days: z.number(),
  slots: z.array(z.object({ startsAt: z.string(), endsAt: z.string() })),
  sessions: z.array(z.object({ id: z.string(), startsAt: z.string(), endsAt: z.string(), seatsLeft: z.number() })),
  daysOff: z.array(z.object({ date: z.string(), reason: z.string() })),
});
export type TSlots = z.infer<typeof ZSlots>;
export const ZSlotsQuery = z.object({
  from: ZIsoDate.optional(),
  days: z.coerce.number().int().min(1).max(31).default(7),
});

export const ZBookSchema = z
  .object({ startsAt: z.iso.datetime({ offset: true }).optional(), sessionId: z.uuid().optional() })
  .refine((b) => (b.startsAt ? 1 : 0) + (b.sessionId ? 1 : 0) === 1, BOOKING_MESSAGES.pickOne);
export const ZBookAnswer = z.object({
  bookingId: z.string(),
  reference: z.string(),
  orderId: z.string(),
  redirect: ZCheckoutRedirectSchema,
});
export type TBookAnswer = z.infer<typeof ZBookAnswer>;

export const ZRescheduleSchema = z.object({ startsAt: z.iso.datetime({ offset: true }) });
export const ZCancelSchema = z.object({ reason: z.string().trim().max(500).default('') });

export const ZMyBooking = z.object({
  id: z.string(),
  reference: z.string(),
  serviceId: z.string(),
  serviceTitle: z.string(),
  providerName: z.string(),
  online: z.boolean(),
  location: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(['held', 'confirmed', 'cancelled', 'expired']),
  seatNumber: z.number().nullable(),
  priceCents: z.number(),
  refundedCents: z.number(),
  /** The meeting link: only on a paid booking of an online service. */
  joinUrl: z.string().nullable(),
  /** Until when the customer may cancel or reschedule (null: it cannot be changed). */
  changeUntil: z.string().nullable(),
  rescheduleable: z.boolean(),
});
export type TMyBooking = z.infer<typeof ZMyBooking>;

export const ZProviderBooking = z.object({
  id: z.string(),
  reference: z.string(),
  serviceId: z.string(),
  serviceTitle: z.string(),
  sessionId: z.string().nullable(),
  customerName: z.string(),
  customerEmail: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(['held', 'confirmed', 'cancelled', 'expired']),
  seatNumber: z.number().nullable(),
  priceCents: z.number(),
  refundedCents: z.number(),
  cancelledBy: z.string().nullable(),
});
export type TProviderBooking = z.infer<typeof ZProviderBooking>;
export const ZProviderBookingsQuery = z.object({ from: ZIsoDate.optional(), to: ZIsoDate.optional() });

/** 30 → "00:30"; minutes after midnight as a 24-hour clock. */
export function minuteToClock(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}
/** "08:30" → 510; null if it is not a time. */
export function clockToMinute(clock: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(clock.trim());
  if (!match) return null;
  const minute = Number(match[1]) * 60 + Number(match[2]);
  return Number(match[2]) < 60 && minute <= 1440 ? minute : null;
}
