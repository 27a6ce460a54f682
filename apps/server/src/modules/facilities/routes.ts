import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { facilityContracts as api } from '@sekolo/shared/contracts/facilities';
import { FACILITY_MESSAGES } from '@sekolo/shared/schemas/facilities';
import { MAX_UPLOAD_BYTES } from '@sekolo/shared/schemas/uploads';
import { fromContract } from '../../platform/http/contract-route.ts';
import { MULTIPART_BODY } from '../../platform/http/cross-site-requests.ts';
import { limitImageUploads, readImageUpload } from '../../platform/http/image-upload.ts';
import {
  defineGuard,
  getSessionUser,
  NO_PERMISSION_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  type TSessionUser,
} from '../../platform/auth/guards.ts';
import { forbidden, notFound, unauthorized } from '../../platform/http/errors.ts';
import { limitPerClientAddress } from '../../platform/rate-limits/rate-limit.ts';
import { requireSchoolPermission, schoolOf } from '../../platform/tenancy/school-context.ts';
import { onOrderPurpose } from '../payments/index.ts';
import { createFileStorage } from '../uploads/index.ts';
import { publicAvailability } from './availability.ts';
import {
  approveBooking,
  cancelBooking,
  cancelBySchool,
  declineBooking,
  FACILITY_BOOKING_PURPOSE,
  myBookings,
  paidHook,
  payBooking,
  releasedHook,
  requestBooking,
  schoolBookings,
} from './bookings.ts';
import {
  addBlockedDate,
  listFacilities,
  publicSchoolFacilities,
  removeBlockedDate,
  saveFacility,
  schoolFacility,
} from './manage-facilities.ts';
import {
  addFacilityPhoto,
  findFacilityPhoto,
  orderFacilityPhotos,
  removeFacilityPhoto,
  updateFacilityPhoto,
} from './facility-photos.ts';

/**
 * Anyone signed in with an active account books (customers, parents, business partners, staff):
 * an applicant whose account is not approved yet does not.
 */
const requireActiveAccount = defineGuard(async (request) => {
  const user = await getSessionUser(request);
  if (!user) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
  if (user.status !== 'active') throw forbidden(NO_PERMISSION_MESSAGE);
});

/** Who manages the school's facilities and their bookings (the school admin by default, D26). */
export const FACILITY_PERMISSION = 'manage_events' as const;

/**
 * The public side and the booker's (prefix /api/facilities): a school's facilities and their
 * availability are public; booking and the booker's own bookings need an active account.
 */
export const facilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const deps = {
    config: app.deps.config,
    database: app.deps.database,
    mailer: app.deps.mailer,
    publicUrl: app.deps.config.publicUrl,
  };
  onOrderPurpose(FACILITY_BOOKING_PURPOSE, { paid: paidHook(deps), released: releasedHook });
  const me = async (request: FastifyRequest) => (await getSessionUser(request)) as TSessionUser;
  const storage = createFileStorage(app.deps.config);

  app.route({
    ...fromContract(app, api.photo),
    handler: async (request, reply) => {
      const viewer = await getSessionUser(request);
      const key = await findFacilityPhoto(
        db,
        request.params.photoId,
        viewer?.organization?.id ?? null,
        request.query.size,
      );
      const stored = key ? await storage.get(key) : null;
      if (!stored) throw notFound(FACILITY_MESSAGES.photoNotFound);
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', String(stored.size))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=3600')
        .send(stored.body);
    },
  });
  app.route({
    ...fromContract(app, api.schoolFacilities),
    handler: async (request) => publicSchoolFacilities(db, request.params.slug),
  });
  app.route({
    ...fromContract(app, api.availability),
    handler: async (request) => publicAvailability(db, request.params.facilityId, request.query),
  });
  app.route({
    ...fromContract(app, api.book),
    onRequest: requireActiveAccount,
    preHandler: limitPerClientAddress({
      name: 'facility-booking',
      limit: 30,
      windowMs: 60 * 60 * 1000,
      what: 'bookings',
    }),
    handler: async (request, reply) =>
      reply.status(201).send(await requestBooking(deps, await me(request), request.body, request.ip)),
  });
  app.route({
    ...fromContract(app, api.myBookings),
    onRequest: requireActiveAccount,
    handler: async (request) => ({ bookings: await myBookings(db, (await me(request)).id) }),
  });
  app.route({
    ...fromContract(app, api.pay),
    onRequest: requireActiveAccount,
    handler: async (request) => payBooking(deps, await me(request), request.params.bookingId),
  });
  app.route({
    ...fromContract(app, api.cancel),
    onRequest: requireActiveAccount,
    handler: async (request) => ({
      booking: await cancelBooking(deps, await me(request), request.params.bookingId, request.ip),
    }),
  });
};

/** The school's facilities and their bookings (prefix /api/school; manage_events). */
export const schoolFacilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const deps = { database: app.deps.database, mailer: app.deps.mailer, publicUrl: app.deps.config.publicUrl };
  const canManage = requireSchoolPermission(FACILITY_PERMISSION);
  const storage = createFileStorage(app.deps.config);
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 400, headerPairs: 100 },
  });

  app.route({
    ...fromContract(app, api.list),
    onRequest: canManage,
    handler: async (request) => listFacilities(db, schoolOf(request)),
  });
  app.route({
    ...fromContract(app, api.create),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply.status(201).send({ facility: await saveFacility(db, schoolOf(request), null, request.body) }),
  });
  app.route({
    ...fromContract(app, api.update),
    onRequest: canManage,
    handler: async (request) => ({
      facility: await saveFacility(db, schoolOf(request), request.params.facilityId, request.body),
    }),
  });
  app.route({
    ...fromContract(app, api.addBlockedDate),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply.status(201).send({
        blockedDate: await addBlockedDate(db, schoolOf(request), request.params.facilityId, request.body),
      }),
  });
  app.route({
    ...fromContract(app, api.removeBlockedDate),
    onRequest: canManage,
    handler: async (request) => {
      await removeBlockedDate(db, schoolOf(request), request.params.facilityId, request.params.blockId);
      return { removed: true };
    },
  });
  app.route({
    ...fromContract(app, api.addPhoto, { bodyTypes: [MULTIPART_BODY] }),
    onRequest: canManage,
    preHandler: limitImageUploads(db, 'facility-photos', async (request) => schoolOf(request).user.id),
    handler: async (request, reply) => {
      const upload = await readImageUpload(request, {
        imageType: FACILITY_MESSAGES.photoType,
        imageTooLarge: FACILITY_MESSAGES.photoTooLarge,
      });
      await addFacilityPhoto(db, storage, schoolOf(request), request.params.facilityId, upload);
      return reply
        .status(201)
        .send({ facility: await schoolFacility(db, schoolOf(request), request.params.facilityId) });
    },
  });
  app.route({
    ...fromContract(app, api.updatePhoto),
    onRequest: canManage,
    handler: async (request) => {
      const { facilityId, photoId } = request.params;
      await updateFacilityPhoto(db, schoolOf(request), facilityId, photoId, request.body);
      return { facility: await schoolFacility(db, schoolOf(request), facilityId) };
    },
  });
  app.route({
    ...fromContract(app, api.orderPhotos),
    onRequest: canManage,
    handler: async (request) => {
      await orderFacilityPhotos(db, schoolOf(request), request.params.facilityId, request.body);
      return { facility: await schoolFacility(db, schoolOf(request), request.params.facilityId) };
    },
  });
  app.route({
    ...fromContract(app, api.removePhoto),
    onRequest: canManage,
    handler: async (request) => {
      const { facilityId, photoId } = request.params;
      await removeFacilityPhoto(db, storage, schoolOf(request), facilityId, photoId);
      return { facility: await schoolFacility(db, schoolOf(request), facilityId) };
    },
  });
  app.route({
    ...fromContract(app, api.bookings),
    onRequest: canManage,
    handler: async (request) => ({ bookings: await schoolBookings(db, schoolOf(request), request.query.status) }),
  });
  app.route({
    ...fromContract(app, api.approve),
    onRequest: canManage,
    handler: async (request) => ({ booking: await approveBooking(deps, schoolOf(request), request.params.bookingId) }),
  });
  app.route({
    ...fromContract(app, api.decline),
    onRequest: canManage,
    handler: async (request) => ({
      booking: await declineBooking(deps, schoolOf(request), request.params.bookingId, request.body.reason),
    }),
  });
  app.route({
    ...fromContract(app, api.schoolCancel),
    onRequest: canManage,
    handler: async (request) => ({
      booking: await cancelBySchool(deps, schoolOf(request), request.params.bookingId, request.body.reason),
    }),
  });
};
