import { z } from 'zod';
import {
  FACILITY_MESSAGES as M,
  ZAvailability,
  ZAvailabilityQuery,
  ZBlockedDate,
  ZBlockedDateInput,
  ZBooking,
  ZBookingRequest,
  ZBookingWithCheckout,
  ZBookingsQuery,
  ZDeclineInput,
  ZFacility,
  ZFacilityInput,
  ZFacilityPhotoOrder,
  ZFacilityPhotoUpdate,
  ZPublicSchoolFacilities,
  ZSchoolFacilities,
} from '../schemas/facilities.ts';
import { contract } from './contract.ts';

const ZSlugParams = z.object({ slug: z.string().trim().min(1).max(120) });
const ZFacilityParams = z.object({ facilityId: z.uuid({ error: M.facilityNotFound }) });
const ZBookingParams = z.object({ bookingId: z.uuid({ error: M.bookingNotFound }) });
const ZBlockParams = ZFacilityParams.extend({ blockId: z.uuid({ error: M.blockedDateNotFound }) });
const ZPhotoParams = ZFacilityParams.extend({ photoId: z.uuid({ error: M.photoNotFound }) });

/**
 * Facility rentals (D22). Public: a school's facilities and their availability. Anyone signed in:
 * booking and their own bookings under /api/facilities. The school: /api/school/facilities
 * (manage_events).
 */
export const facilityContracts = {
  schoolFacilities: contract({
    method: 'GET',
    path: '/api/facilities/schools/:slug',
    params: ZSlugParams,
    response: ZPublicSchoolFacilities,
  }),
  availability: contract({
    method: 'GET',
    path: '/api/facilities/:facilityId/availability',
    params: ZFacilityParams,
    query: ZAvailabilityQuery,
    response: ZAvailability,
  }),

  /** A facility's photo (WebP): public while the facility is listed; the school sees its others too. */
  photo: contract({
    method: 'GET',
    path: '/api/facilities/photos/:photoId',
    params: z.object({ photoId: z.uuid({ error: M.photoNotFound }) }),
    query: z.object({ size: z.enum(['full', 'thumb']).default('full') }),
    response: null,
    answer: 'file',
  }),

  // The booker
  book: contract({
    method: 'POST',
    path: '/api/facilities/bookings',
    body: ZBookingRequest,
    status: 201,
    response: ZBookingWithCheckout,
  }),
  myBookings: contract({
    method: 'GET',
    path: '/api/facilities/my-bookings',
    response: z.object({ bookings: z.array(ZBooking) }),
  }),
  pay: contract({
    method: 'POST',
    path: '/api/facilities/my-bookings/:bookingId/pay',
    params: ZBookingParams,
    response: ZBookingWithCheckout,
  }),
  cancel: contract({
    method: 'POST',
    path: '/api/facilities/my-bookings/:bookingId/cancel',
    params: ZBookingParams,
    response: z.object({ booking: ZBooking }),
  }),

  // The school
  list: contract({
    method: 'GET',
    path: '/api/school/facilities',
    response: ZSchoolFacilities,
  }),
  create: contract({
    method: 'POST',
    path: '/api/school/facilities',
    body: ZFacilityInput,
    status: 201,
    response: z.object({ facility: ZFacility }),
  }),
  update: contract({
    method: 'PUT',
    path: '/api/school/facilities/:facilityId',
    params: ZFacilityParams,
    body: ZFacilityInput,
    response: z.object({ facility: ZFacility }),
  }),
  addBlockedDate: contract({
    method: 'POST',
    path: '/api/school/facilities/:facilityId/blocked-dates',
    params: ZFacilityParams,
    body: ZBlockedDateInput,
    status: 201,
    response: z.object({ blockedDate: ZBlockedDate }),
  }),
  removeBlockedDate: contract({
    method: 'DELETE',
    path: '/api/school/facilities/:facilityId/blocked-dates/:blockId',
    params: ZBlockParams,
    response: z.object({ removed: z.boolean() }),
  }),
  /** multipart: one `file` (PNG, JPEG or WebP, up to 10 MB), with `alt` and `caption` fields first. */
  addPhoto: contract({
    method: 'POST',
    path: '/api/school/facilities/:facilityId/photos',
    params: ZFacilityParams,
    status: 201,
    response: z.object({ facility: ZFacility }),
  }),
  updatePhoto: contract({
    method: 'PATCH',
    path: '/api/school/facilities/:facilityId/photos/:photoId',
    params: ZPhotoParams,
    body: ZFacilityPhotoUpdate,
    response: z.object({ facility: ZFacility }),
  }),
  orderPhotos: contract({
    method: 'PUT',
    path: '/api/school/facilities/:facilityId/photo-order',
    params: ZFacilityParams,
    body: ZFacilityPhotoOrder,
    response: z.object({ facility: ZFacility }),
  }),
  removePhoto: contract({
    method: 'DELETE',
    path: '/api/school/facilities/:facilityId/photos/:photoId',
    params: ZPhotoParams,
    response: z.object({ facility: ZFacility }),
  }),
  bookings: contract({
    method: 'GET',
    path: '/api/school/facility-bookings',
    query: ZBookingsQuery,
    response: z.object({ bookings: z.array(ZBooking) }),
  }),
  approve: contract({
    method: 'POST',
    path: '/api/school/facility-bookings/:bookingId/approve',
    params: ZBookingParams,
    response: z.object({ booking: ZBooking }),
  }),
  decline: contract({
    method: 'POST',
    path: '/api/school/facility-bookings/:bookingId/decline',
    params: ZBookingParams,
    body: ZDeclineInput,
    response: z.object({ booking: ZBooking }),
  }),
  /** The school cancels a paid (refunded in full) or unpaid booking, with its reason for the booker. */
  schoolCancel: contract({
    method: 'POST',
    path: '/api/school/facility-bookings/:bookingId/cancel',
    params: ZBookingParams,
    body: ZDeclineInput,
    response: z.object({ booking: ZBooking }),
  }),
};
