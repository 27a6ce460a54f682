/**
 * School events and tickets (D25): a school publishes events for the whole school, chosen grades or
 * the public, with free or paid ticket types; families and the public get tickets (paid ones
 * through the checkout, D18 fees); each ticket carries a signed QR code checked at the door from a
 * phone. Forms and the server share these schemas and messages. Times are South African (UTC+2, no
 * daylight saving), dates 'YYYY-MM-DD', money in VAT-inclusive cents (D13).
 */

import { z } from 'zod';
import { isIsoDate } from '../domain/sa-calendar.ts';
import { SCHOOL_GRADE_IDS } from '../constants/enumerations.ts';
import { ZCheckoutRedirectSchema } from './payments.ts';

export const EVENT_MESSAGES = {
  titleRequired: 'Give the event a title, e.g. Heritage Day concert',
  tooLong: (max: number) => `Must be ${max} characters or fewer`,
  placeRequired: 'Say where the event takes place, e.g. School hall',
  dateInvalid: 'Enter a date',
  timeInvalid: 'Enter a time as HH:MM, e.g. 18:00',
  endsBeforeStart: 'The event must end after it starts',
  capacityInvalid: 'Capacity must be a whole number of people from 1 to 100 000',
  audienceRequired: 'Choose who the event is for',
  gradesRequired: 'Choose at least one grade',
  statusRequired: 'Choose a status',
  ticketTypesRequired: 'Add at least one ticket type, e.g. Adult',
  ticketTypeNameRequired: 'Name the ticket type, e.g. Adult',
  ticketTypeNameRepeated: 'Each ticket type needs its own name',
  priceInvalid: 'Enter a price in rand (0 for a free ticket)',
  limitInvalid: 'A limit must be a whole number from 1 up to the event’s capacity',
  limitAboveCapacity: 'A ticket type’s limit cannot be more than the event’s capacity',
  eventNotFound: 'That event does not exist',
  ticketTypeNotFound: 'That ticket type is not sold for this event',
  ticketTypeInUse: 'Tickets of this type have been issued: it cannot be removed',
  capacityBelowSold: (sold: number) => `${sold} tickets have been issued: capacity cannot be lower`,
  limitBelowSold: (name: string, sold: number) => `${sold} ${name} tickets have been issued: the limit cannot be lower`,
  cannotEditCancelled: 'A cancelled event cannot be changed',
  cannotUnpublish: 'Tickets have been issued: the event can be cancelled but not put back to draft',
  notOnSale: 'Tickets for this event are not on sale',
  eventOver: 'This event has already started',
  chooseTickets: 'Choose at least one ticket',
  tooManyTickets: 'You can get up to 10 tickets at a time',
  holderNameRequired: 'Enter the name of the person for each ticket',
  soldOut: 'Sorry, there are not enough tickets left. Choose fewer.',
  typeSoldOut: (name: string) => `Sorry, there are not enough ${name} tickets left. Choose fewer.`,
  orderNotFound: 'That ticket order does not exist',
  cannotPay: 'This order cannot be paid now',
  checkInEmpty: 'Scan or type a ticket code',
  outcomeValid: 'Valid',
  outcomeUsed: 'Already used',
  outcomeInvalid: 'Invalid ticket',
} as const;

const M = EVENT_MESSAGES;

export const EVENT_AUDIENCES = [
  { id: 'school', label: 'Whole school' },
  { id: 'grades', label: 'Chosen grades' },
  { id: 'public', label: 'Public (anyone may come)' },
] as const;
export type TEventAudience = (typeof EVENT_AUDIENCES)[number]['id'];
const AUDIENCE_IDS = EVENT_AUDIENCES.map((a) => a.id) as [TEventAudience, ...TEventAudience[]];
export const eventAudienceLabel = (id: string) => EVENT_AUDIENCES.find((a) => a.id === id)?.label ?? id;

export const EVENT_STATUSES = [
  { id: 'draft', label: 'Draft' },
  { id: 'published', label: 'Published' },
  { id: 'cancelled', label: 'Cancelled' },
] as const;
export type TEventStatus = (typeof EVENT_STATUSES)[number]['id'];
const STATUS_IDS = EVENT_STATUSES.map((s) => s.id) as [TEventStatus, ...TEventStatus[]];
export const eventStatusLabel = (id: string) => EVENT_STATUSES.find((s) => s.id === id)?.label ?? id;

export const TICKET_STATUSES = [
  { id: 'held', label: 'Awaiting payment' },
  { id: 'valid', label: 'Valid' },
  { id: 'released', label: 'Not paid (released)' },
  { id: 'cancelled', label: 'Cancelled' },
] as const;
export type TTicketStatus = (typeof TICKET_STATUSES)[number]['id'];
export const ticketStatusLabel = (id: string) => TICKET_STATUSES.find((s) => s.id === id)?.label ?? id;

/** How long an unpaid ticket order holds its seats while the buyer pays. */
export const TICKET_HOLD_MINUTES = 30;
/** Tickets in one order. */
export const MAX_TICKETS_PER_ORDER = 10;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const ZTime = z.string({ error: M.timeInvalid }).regex(TIME, M.timeInvalid);
const ZIsoDate = z.string({ error: M.dateInvalid }).refine(isIsoDate, M.dateInvalid);

export const ZTicketTypeInput = z.object({
  /** An existing type's id when editing; absent for a new one. */
  id: z.uuid().optional(),
  name: z.string({ error: M.ticketTypeNameRequired }).trim().min(1, M.ticketTypeNameRequired).max(60, M.tooLong(60)),
  priceCents: z
    .number({ error: M.priceInvalid })
    .int(M.priceInvalid)
    .min(0, M.priceInvalid)
    .max(10_000_000, M.priceInvalid),
  limit: z
    .number({ error: M.limitInvalid })
    .int(M.limitInvalid)
    .min(1, M.limitInvalid)
    .max(100_000, M.limitInvalid)
    .nullable()
    .default(null),
});
export type TTicketTypeInput = z.input<typeof ZTicketTypeInput>;

/** The school's event form. */
export const ZEventInput = z
  .object({
    title: z.string({ error: M.titleRequired }).trim().min(3, M.titleRequired).max(120, M.tooLong(120)),
    description: z.string().trim().max(4000, M.tooLong(4000)).default(''),
    place: z.string({ error: M.placeRequired }).trim().min(2, M.placeRequired).max(160, M.tooLong(160)),
    startDate: ZIsoDate,
    startTime: ZTime,
    endDate: ZIsoDate,
    endTime: ZTime,
    capacity: z
      .number({ error: M.capacityInvalid })
      .int(M.capacityInvalid)
      .min(1, M.capacityInvalid)
      .max(100_000, M.capacityInvalid),
    audience: z.enum(AUDIENCE_IDS, { error: M.audienceRequired }),
    grades: z.array(z.enum(SCHOOL_GRADE_IDS)).max(13).default([]),
    status: z.enum(STATUS_IDS, { error: M.statusRequired }),
    ticketTypes: z.array(ZTicketTypeInput).min(1, M.ticketTypesRequired).max(10),
  })
  .superRefine((e, ctx) => {
    if (`${e.endDate}T${e.endTime}` <= `${e.startDate}T${e.startTime}`)
      ctx.addIssue({ code: 'custom', message: M.endsBeforeStart, path: ['endTime'] });
    if (e.audience === 'grades' && e.grades.length === 0)
      ctx.addIssue({ code: 'custom', message: M.gradesRequired, path: ['grades'] });
    const names = e.ticketTypes.map((t) => t.name.trim().toLowerCase());
    names.forEach((name, i) => {
      if (names.indexOf(name) !== i)
        ctx.addIssue({ code: 'custom', message: M.ticketTypeNameRepeated, path: ['ticketTypes', i, 'name'] });
    });
    e.ticketTypes.forEach((t, i) => {
      if (t.limit != null && t.limit > e.capacity)
        ctx.addIssue({ code: 'custom', message: M.limitAboveCapacity, path: ['ticketTypes', i, 'limit'] });
    });
  });
export type TEventInput = z.input<typeof ZEventInput>;

export const ZTicketType = z.object({
  id: z.string(),
  name: z.string(),
  priceCents: z.number(),
  /** What the buyer pays for one ticket online: the price plus the 6.8 % processing fee (D18); 0 when free. */
  payCents: z.number(),
  limit: z.number().nullable(),
  sold: z.number(),
  /** Tickets of this type still to be had (the event's and the type's limit). */
  available: z.number(),
});
export type TTicketType = z.infer<typeof ZTicketType>;

const ZEventFields = {
  id: z.string(),
  title: z.string(),
  description: z.string(),
  place: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** South African wall clock, for display and the form. */
  startDate: z.string(),
  startTime: z.string(),
  endDate: z.string(),
  endTime: z.string(),
  audience: z.enum(AUDIENCE_IDS),
  audienceLabel: z.string(),
  grades: z.array(z.string()),
  status: z.enum(STATUS_IDS),
  statusLabel: z.string(),
  capacity: z.number(),
  available: z.number(),
  ticketTypes: z.array(ZTicketType),
  school: z.object({ name: z.string(), slug: z.string() }),
  /** The public page, for a published public event. */
  publicPath: z.string().nullable(),
};

/** An event as a member of the school (or the public) sees it. */
export const ZEvent = z.object({ ...ZEventFields, onSale: z.boolean() });
export type TEvent = z.infer<typeof ZEvent>;

/** An event as the school manages it: with its sales and attendance figures. */
export const ZManagedEvent = z.object({
  ...ZEventFields,
  sold: z.number(),
  checkedIn: z.number(),
  revenueCents: z.number(),
  /** What the school is owed: the ticket prices less the 5 % fee on paid tickets (D18). */
  schoolReceivesCents: z.number(),
});
export type TManagedEvent = z.infer<typeof ZManagedEvent>;

export const ZCalendarQuery = z.object({
  from: ZIsoDate,
  to: ZIsoDate,
});
export type TCalendarQuery = z.infer<typeof ZCalendarQuery>;

export const ZPublicSchoolEvents = z.object({
  school: z.object({ name: z.string(), slug: z.string(), city: z.string() }),
  events: z.array(ZEvent),
});
export type TPublicSchoolEvents = z.infer<typeof ZPublicSchoolEvents>;

/** Getting tickets: one line per ticket, each with the name of the person it is for. */
export const ZTicketOrderInput = z.object({
  tickets: z
    .array(
      z.object({
        ticketTypeId: z.uuid({ error: M.ticketTypeNotFound }),
        holderName: z
          .string({ error: M.holderNameRequired })
          .trim()
          .min(2, M.holderNameRequired)
          .max(80, M.tooLong(80)),
      }),
    )
    .min(1, M.chooseTickets)
    .max(MAX_TICKETS_PER_ORDER, M.tooManyTickets),
});
export type TTicketOrderInput = z.input<typeof ZTicketOrderInput>;

export const ZMyTicket = z.object({
  id: z.string(),
  code: z.string(),
  holderName: z.string(),
  ticketType: z.string(),
  priceCents: z.number(),
  status: z.string(),
  statusLabel: z.string(),
  checkedInAt: z.string().nullable(),
  /** The signed token the QR code holds (valid tickets only). */
  token: z.string().nullable(),
  /** The QR code as an SVG document (valid tickets only). */
  qrSvg: z.string().nullable(),
  orderId: z.string(),
  orderReference: z.string(),
  canPay: z.boolean(),
  event: z.object({
    id: z.string(),
    title: z.string(),
    place: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    status: z.string(),
    schoolName: z.string(),
  }),
});
export type TMyTicket = z.infer<typeof ZMyTicket>;

export const ZTicketOrderResult = z.object({
  order: z.object({
    id: z.string(),
    reference: z.string(),
    status: z.string(),
    totalCents: z.number(),
    payCents: z.number(),
  }),
  tickets: z.array(ZMyTicket),
  checkout: z.object({ redirect: ZCheckoutRedirectSchema }).nullable(),
});
export type TTicketOrderResult = z.infer<typeof ZTicketOrderResult>;

export const ZAttendee = z.object({
  id: z.string(),
  code: z.string(),
  holderName: z.string(),
  ticketType: z.string(),
  priceCents: z.number(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  orderReference: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  checkedInAt: z.string().nullable(),
});
export type TAttendee = z.infer<typeof ZAttendee>;

/** What the door phone keeps for offline checks: every issued ticket's token and how to greet it. */
export const ZDoorList = z.object({
  event: z.object({ id: z.string(), title: z.string(), startsAt: z.string(), place: z.string() }),
  generatedAt: z.string(),
  tickets: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      token: z.string(),
      /** First name and initial, e.g. 'Thabo M.': enough to greet, no more. */
      holder: z.string(),
      ticketType: z.string(),
      checkedInAt: z.string().nullable(),
    }),
  ),
});
export type TDoorList = z.infer<typeof ZDoorList>;

/** One scan from a door phone: the QR code's token, or the code typed from the ticket. */
export const ZCheckIn = z.object({
  /** The phone's own id for this scan: the same scan sent again (a retried sync) is one check-in. */
  scanId: z.string().trim().min(8).max(64),
  /** A token from the QR code, or a ticket code such as T-7KQ2M9XD typed by hand. */
  value: z.string().trim().min(1, M.checkInEmpty).max(200),
  /** When the phone scanned it (ISO); the server clamps it to the last day. */
  scannedAt: z.iso.datetime({ offset: true }),
});
export const ZCheckInInput = z.object({
  /** The door phone's id (kept with the check-in). */
  deviceId: z.string().trim().min(8).max(64),
  checks: z.array(ZCheckIn).min(1).max(500),
});
export type TCheckInInput = z.infer<typeof ZCheckInInput>;

export const CHECK_IN_OUTCOMES = ['valid', 'already_used', 'invalid'] as const;
export type TCheckInOutcome = (typeof CHECK_IN_OUTCOMES)[number];

export const ZCheckInResult = z.object({
  value: z.string(),
  outcome: z.enum(CHECK_IN_OUTCOMES),
  ticketId: z.string().nullable(),
  holder: z.string().nullable(),
  ticketType: z.string().nullable(),
  /** When the ticket was checked in (by this scan when valid, by the first one when already used). */
  checkedInAt: z.string().nullable(),
});
export type TCheckInResult = z.infer<typeof ZCheckInResult>;

/** 'Thabo Mokoena' → 'Thabo M.' */
export function shortHolderName(name: string): string {
  const parts = name.trim().split(/\s+/);
  if (parts.length < 2) return parts[0] ?? '';
  return `${parts[0]} ${parts[parts.length - 1]!.charAt(0).toUpperCase()}.`;
}
