import { z } from 'zod';
import {
  BOOKING_MESSAGES as M,
  ZAvailabilitySchema,
  ZBookAnswer,
  ZBookSchema,
  ZCancelSchema,
  ZMyBooking,
  ZOwnService,
  ZProviderBooking,
  ZProviderBookingsQuery,
  ZPublicService,
  ZRescheduleSchema,
  ZServiceInputSchema,
  ZSlots,
  ZSlotsQuery,
} from '../schemas/bookings.ts';
import { contract } from './contract.ts';

const ZServiceParams = z.object({ id: z.uuid({ error: M.serviceNotFound }) });
const ZBookingParams = z.object({ id: z.uuid({ error: M.bookingNotFound }) });
const ZSessionParams = z.object({ id: z.uuid({ error: M.sessionNotFound }) });
const ZSlugParams = z.object({ slug: z.string().trim().min(1).max(120) });

/**
 * Bookings (D22) under /api/bookings. Public: a service, its free times, a provider's services.
 * Any signed-in person: book (a hold and a checkout), their own bookings (/mine) with the join link
 * once paid, the .ics, cancel and reschedule. The provider (business_partner of an approved business
 * whose partner types include tutor, consultant or service_provider) under /own.
 */
export const bookingContracts = {
  service: contract({
    method: 'GET',
    path: '/api/bookings/services/:id',
    params: ZServiceParams,
    response: z.object({ service: ZPublicService }),
  }),
  slots: contract({
    method: 'GET',
    path: '/api/bookings/services/:id/slots',
    params: ZServiceParams,
    query: ZSlotsQuery,
    response: ZSlots,
  }),
  providerServices: contract({
    method: 'GET',
    path: '/api/bookings/providers/:slug/services',
    params: ZSlugParams,
    response: z.object({ services: z.array(ZPublicService) }),
  }),

  book: contract({
    method: 'POST',
    path: '/api/bookings/services/:id/book',
    params: ZServiceParams,
    body: ZBookSchema,
    status: 201,
    response: ZBookAnswer,
  }),
  mine: contract({
    method: 'GET',
    path: '/api/bookings/mine',
    response: z.object({ bookings: z.array(ZMyBooking) }),
  }),
  calendar: contract({
    method: 'GET',
    path: '/api/bookings/mine/:id/calendar.ics',
    params: ZBookingParams,
    response: z.string(),
    answer: 'file',
  }),
  cancelMine: contract({
    method: 'POST',
    path: '/api/bookings/mine/:id/cancel',
    params: ZBookingParams,
    body: ZCancelSchema,
    response: z.object({ booking: ZMyBooking }),
  }),
  reschedule: contract({
    method: 'POST',
    path: '/api/bookings/mine/:id/reschedule',
    params: ZBookingParams,
    body: ZRescheduleSchema,
    response: z.object({ booking: ZMyBooking }),
  }),

  ownServices: contract({
    method: 'GET',
    path: '/api/bookings/own/services',
    response: z.object({ services: z.array(ZOwnService) }),
  }),
  createService: contract({
    method: 'POST',
    path: '/api/bookings/own/services',
    body: ZServiceInputSchema,
    status: 201,
    response: z.object({ service: ZOwnService }),
  }),
  updateService: contract({
    method: 'PUT',
    path: '/api/bookings/own/services/:id',
    params: ZServiceParams,
    body: ZServiceInputSchema,
    response: z.object({ service: ZOwnService }),
  }),
  createSession: contract({
    method: 'POST',
    path: '/api/bookings/own/services/:id/sessions',
    params: ZServiceParams,
    body: z.object({ startsAt: z.iso.datetime({ offset: true }) }),
    status: 201,
    response: z.object({ service: ZOwnService }),
  }),
  cancelSession: contract({
    method: 'POST',
    path: '/api/bookings/own/sessions/:id/cancel',
    params: ZSessionParams,
    body: ZCancelSchema,
    response: z.object({ cancelledBookings: z.number() }),
  }),
  availability: contract({
    method: 'GET',
    path: '/api/bookings/own/availability',
    response: ZAvailabilitySchema,
  }),
  saveAvailability: contract({
    method: 'PUT',
    path: '/api/bookings/own/availability',
    body: ZAvailabilitySchema,
    response: ZAvailabilitySchema,
  }),
  ownBookings: contract({
    method: 'GET',
    path: '/api/bookings/own/bookings',
    query: ZProviderBookingsQuery,
    response: z.object({ bookings: z.array(ZProviderBooking) }),
  }),
  cancelOwn: contract({
    method: 'POST',
    path: '/api/bookings/own/bookings/:id/cancel',
    params: ZBookingParams,
    body: ZCancelSchema,
    response: z.object({ booking: ZProviderBooking }),
  }),
} as const;
