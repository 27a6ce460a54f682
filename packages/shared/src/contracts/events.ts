import { z } from 'zod';
import {
  EVENT_MESSAGES as M,
  ZAttendee,
  ZCalendarQuery,
  ZCheckInInput,
  ZCheckInResult,
  ZDoorList,
  ZEvent,
  ZEventInput,
  ZManagedEvent,
  ZMyTicket,
  ZPublicSchoolEvents,
  ZTicketOrderInput,
  ZTicketOrderResult,
} from '../schemas/events.ts';
import { contract } from './contract.ts';

const ZSlugParams = z.object({ slug: z.string().trim().min(1).max(120) });
const ZEventParams = z.object({ eventId: z.uuid({ error: M.eventNotFound }) });
const ZOrderParams = z.object({ orderId: z.uuid({ error: M.orderNotFound }) });

/**
 * School events and tickets (D25). Public: a school's public events and one public event. Members
 * of the school with view_events or manage_events: the calendar of their audience. Anyone signed in
 * with an active account: tickets and their own tickets. The school (manage_events): events, ticket
 * types, figures, attendees and the door.
 */
export const eventContracts = {
  schoolEvents: contract({
    method: 'GET',
    path: '/api/events/schools/:slug',
    params: ZSlugParams,
    response: ZPublicSchoolEvents,
  }),
  publicEvent: contract({
    method: 'GET',
    path: '/api/events/public/:eventId',
    params: ZEventParams,
    response: z.object({ event: ZEvent }),
  }),

  // Members of the school
  calendar: contract({
    method: 'GET',
    path: '/api/events/calendar',
    query: ZCalendarQuery,
    response: z.object({ events: z.array(ZEvent) }),
  }),
  calendarEvent: contract({
    method: 'GET',
    path: '/api/events/calendar/:eventId',
    params: ZEventParams,
    response: z.object({ event: ZEvent }),
  }),

  // Ticket buyers
  getTickets: contract({
    method: 'POST',
    path: '/api/events/:eventId/tickets',
    params: ZEventParams,
    body: ZTicketOrderInput,
    status: 201,
    response: ZTicketOrderResult,
  }),
  myTickets: contract({
    method: 'GET',
    path: '/api/events/my-tickets',
    response: z.object({ tickets: z.array(ZMyTicket) }),
  }),
  payOrder: contract({
    method: 'POST',
    path: '/api/events/my-orders/:orderId/pay',
    params: ZOrderParams,
    response: ZTicketOrderResult,
  }),

  // The school
  list: contract({
    method: 'GET',
    path: '/api/school/events',
    response: z.object({ events: z.array(ZManagedEvent) }),
  }),
  create: contract({
    method: 'POST',
    path: '/api/school/events',
    body: ZEventInput,
    status: 201,
    response: z.object({ event: ZManagedEvent }),
  }),
  update: contract({
    method: 'PUT',
    path: '/api/school/events/:eventId',
    params: ZEventParams,
    body: ZEventInput,
    response: z.object({ event: ZManagedEvent }),
  }),
  attendees: contract({
    method: 'GET',
    path: '/api/school/events/:eventId/attendees',
    params: ZEventParams,
    response: z.object({ attendees: z.array(ZAttendee) }),
  }),
  /** The attendee list as a CSV file (with a byte order mark, for spreadsheets). */
  attendeesCsv: contract({
    method: 'GET',
    path: '/api/school/events/:eventId/attendees.csv',
    params: ZEventParams,
    response: z.string(),
    answer: 'file',
  }),
  doorList: contract({
    method: 'GET',
    path: '/api/school/events/:eventId/door-list',
    params: ZEventParams,
    response: ZDoorList,
  }),
  checkIn: contract({
    method: 'POST',
    path: '/api/school/events/:eventId/check-ins',
    params: ZEventParams,
    body: ZCheckInInput,
    response: z.object({ results: z.array(ZCheckInResult) }),
  }),
};
