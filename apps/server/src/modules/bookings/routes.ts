import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingContracts as api } from '@sekolo/shared/contracts/bookings';
import { fromContract } from '../../platform/http/contract-route.ts';
import {
  defineGuard,
  getSessionUser,
  requireRole,
  requireSession,
  type TSessionUser,
} from '../../platform/auth/guards.ts';
import { limitPerClientAddress } from '../../platform/rate-limits/rate-limit.ts';
import { addSitemapSource } from '../listings/index.ts';
import { onOrderPurpose } from '../payments/index.ts';
import { BOOKING_PURPOSE, bookingOrderHooks, bookService } from './book.ts';
import {
  cancelByProvider,
  cancelMine,
  cancelSession,
  myBookings,
  myCalendarFile,
  providerBookings,
  rescheduleMine,
} from './manage.ts';
import { providerOrganizationOf } from './provider.ts';
import {
  createService,
  createSession,
  ownServices,
  providerServices,
  publicService,
  publishedServiceIds,
  readAvailability,
  saveAvailability,
  serviceSlots,
  updateService,
} from './services.ts';

/**
 * Prefix /api/bookings. Public: a published service, its free times, a provider's services. Any
 * signed-in person: book (rate-limited), their own bookings (/mine; another's answers 404). The
 * provider (/own): business_partner of an approved business with a bookable partner type; another
 * provider's service, session or booking answers 404.
 */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const mail = { mailer: app.deps.mailer, publicUrl: app.deps.config.publicUrl, jobs: app.deps.jobs };
  const me = async (request: FastifyRequest) => (await getSessionUser(request)) as TSessionUser;
  const provider = async (request: FastifyRequest) => {
    const user = await me(request);
    return { userId: user.id, organizationId: await providerOrganizationOf(db, user) };
  };
  // The role, then the partner types: a product-only seller is refused (403) before its request is read.
  const businessPartner = requireRole('business_partner');
  const asProvider = defineGuard(async (request, reply) => {
    await businessPartner(request, reply);
    await providerOrganizationOf(db, await getSessionUser(request));
  });

  onOrderPurpose(BOOKING_PURPOSE, bookingOrderHooks(mail));
  addSitemapSource('bookings', async (executor) =>
    (await publishedServiceIds(executor)).map((s) => ({
      path: `/marketplace/services/${s.id}`,
      updatedAt: s.updatedAt,
    })),
  );

  // Public
  app.route({
    ...fromContract(app, api.service),
    handler: async (request) => ({ service: (await publicService(db, request.params.id)).service }),
  });
  app.route({
    ...fromContract(app, api.slots),
    handler: async (request) => serviceSlots(db, (await publicService(db, request.params.id)).row, request.query),
  });
  app.route({
    ...fromContract(app, api.providerServices),
    handler: async (request) => ({ services: await providerServices(db, request.params.slug) }),
  });

  // Any signed-in person
  app.route({
    ...fromContract(app, api.book),
    onRequest: requireSession,
    preHandler: limitPerClientAddress({ name: 'bookings-book', limit: 30, windowMs: 15 * 60 * 1000, what: 'bookings' }),
    handler: async (request, reply) =>
      reply.status(201).send(await bookService(app.deps, await me(request), request.params.id, request.body)),
  });
  app.route({
    ...fromContract(app, api.mine),
    onRequest: requireSession,
    handler: async (request) => ({ bookings: await myBookings(db, (await me(request)).id) }),
  });
  app.route({
    ...fromContract(app, api.calendar),
    onRequest: requireSession,
    handler: async (request, reply) => {
      const body = await myCalendarFile(db, (await me(request)).id, request.params.id, app.deps.config.publicUrl);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="sekolo-booking.ics"')
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  });
  app.route({
    ...fromContract(app, api.cancelMine),
    onRequest: requireSession,
    handler: async (request) => ({
      booking: await cancelMine(db, mail, (await me(request)).id, request.params.id, request.body.reason),
    }),
  });
  app.route({
    ...fromContract(app, api.reschedule),
    onRequest: requireSession,
    handler: async (request) => ({
      booking: await rescheduleMine(db, mail, (await me(request)).id, request.params.id, request.body.startsAt),
    }),
  });

  // The provider
  app.route({
    ...fromContract(app, api.ownServices),
    onRequest: asProvider,
    handler: async (request) => ({ services: await ownServices(db, (await provider(request)).organizationId) }),
  });
  app.route({
    ...fromContract(app, api.createService),
    onRequest: asProvider,
    handler: async (request, reply) =>
      reply.status(201).send({ service: await createService(db, await provider(request), request.body) }),
  });
  app.route({
    ...fromContract(app, api.updateService),
    onRequest: asProvider,
    handler: async (request) => ({
      service: await updateService(db, await provider(request), request.params.id, request.body),
    }),
  });
  app.route({
    ...fromContract(app, api.createSession),
    onRequest: asProvider,
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ service: await createSession(db, await provider(request), request.params.id, request.body.startsAt) }),
  });
  app.route({
    ...fromContract(app, api.cancelSession),
    onRequest: asProvider,
    handler: async (request) => ({
      cancelledBookings: await cancelSession(db, mail, await provider(request), request.params.id, request.body.reason),
    }),
  });
  app.route({
    ...fromContract(app, api.availability),
    onRequest: asProvider,
    handler: async (request) => readAvailability(db, (await provider(request)).organizationId),
  });
  app.route({
    ...fromContract(app, api.saveAvailability),
    onRequest: asProvider,
    handler: async (request) => saveAvailability(db, await provider(request), request.body),
  });
  app.route({
    ...fromContract(app, api.ownBookings),
    onRequest: asProvider,
    handler: async (request) => ({
      bookings: await providerBookings(db, (await provider(request)).organizationId, request.query),
    }),
  });
  app.route({
    ...fromContract(app, api.cancelOwn),
    onRequest: asProvider,
    handler: async (request) => ({
      booking: await cancelByProvider(db, mail, await provider(request), request.params.id, request.body.reason),
    }),
  });
};
