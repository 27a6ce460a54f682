import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import { eventContracts as api } from '@sekolo/shared/contracts/events';
import { EVENT_MESSAGES as M } from '@sekolo/shared/schemas/events';
import { fromContract } from '../../platform/http/contract-route.ts';
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
import { csvDateTime, toCsv } from '../../platform/lib/csv.ts';
import { events } from '../../platform/db/schema/index.ts';
import { onOrderPurpose } from '../payments/index.ts';
import { calendar, calendarEvent, publicEvent, publicSchoolEvents } from './audience.ts';
import { checkIn, doorList } from './door.ts';
import { ticketSigner } from './lib/ticket-token.ts';
import { listEvents, saveEvent } from './manage-events.ts';
import { EVENT_TICKETS_PURPOSE, getTickets, myTickets, paidHook, payOrder, releasedHook } from './tickets.ts';
import { attendees } from './attendees.ts';

/** Who manages the school's events, their tickets and the door (the school admin by default, D26). */
export const EVENTS_MANAGE_PERMISSION = 'manage_events' as const;

/** Anyone signed in with an active account gets tickets (parents, customers, staff, partners). */
const requireActiveAccount = defineGuard(async (request) => {
  const user = await getSessionUser(request);
  if (!user) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
  if (user.status !== 'active') throw forbidden(NO_PERMISSION_MESSAGE);
});

/**
 * The public side, the members' calendar and the buyer's tickets (prefix /api/events): a school's
 * public events are public; the calendar takes view_events or manage_events at the school; tickets
 * take an active account.
 */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const signer = await ticketSigner(app.deps.config, db);
  const deps = {
    config: app.deps.config,
    database: app.deps.database,
    mailer: app.deps.mailer,
    publicUrl: app.deps.config.publicUrl,
    signer,
  };
  onOrderPurpose(EVENT_TICKETS_PURPOSE, { paid: paidHook(deps), released: releasedHook });
  const me = async (request: FastifyRequest) => (await getSessionUser(request)) as TSessionUser;
  const canView = requireSchoolPermission('view_events', EVENTS_MANAGE_PERMISSION);

  app.route({
    ...fromContract(app, api.schoolEvents),
    handler: async (request) => publicSchoolEvents(db, request.params.slug),
  });
  app.route({
    ...fromContract(app, api.publicEvent),
    handler: async (request) => ({ event: await publicEvent(db, request.params.eventId) }),
  });
  app.route({
    ...fromContract(app, api.calendar),
    onRequest: canView,
    handler: async (request) => ({ events: await calendar(db, schoolOf(request), request.query) }),
  });
  app.route({
    ...fromContract(app, api.calendarEvent),
    onRequest: canView,
    handler: async (request) => ({ event: await calendarEvent(db, schoolOf(request), request.params.eventId) }),
  });
  app.route({
    ...fromContract(app, api.getTickets),
    onRequest: requireActiveAccount,
    preHandler: limitPerClientAddress({
      name: 'event-tickets',
      limit: 30,
      windowMs: 60 * 60 * 1000,
      what: 'ticket orders',
    }),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await getTickets(deps, await me(request), request.params.eventId, request.body, request.ip)),
  });
  app.route({
    ...fromContract(app, api.myTickets),
    onRequest: requireActiveAccount,
    handler: async (request) => ({ tickets: await myTickets(deps, (await me(request)).id) }),
  });
  app.route({
    ...fromContract(app, api.payOrder),
    onRequest: requireActiveAccount,
    handler: async (request) => payOrder(deps, await me(request), request.params.orderId),
  });
};

/** The school's events, figures, attendees and door (prefix /api/school; manage_events). */
export const schoolEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const signer = await ticketSigner(app.deps.config, db);
  const deps = { db, mailer: app.deps.mailer, publicUrl: app.deps.config.publicUrl, signer };
  const canManage = requireSchoolPermission(EVENTS_MANAGE_PERMISSION);

  app.route({
    ...fromContract(app, api.list),
    onRequest: canManage,
    handler: async (request) => ({ events: await listEvents(db, schoolOf(request)) }),
  });
  app.route({
    ...fromContract(app, api.create),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply.status(201).send({ event: await saveEvent(deps, schoolOf(request), null, request.body) }),
  });
  app.route({
    ...fromContract(app, api.update),
    onRequest: canManage,
    handler: async (request) => ({
      event: await saveEvent(deps, schoolOf(request), request.params.eventId, request.body),
    }),
  });
  app.route({
    ...fromContract(app, api.attendees),
    onRequest: canManage,
    handler: async (request) => ({ attendees: await attendees(db, schoolOf(request), request.params.eventId) }),
  });
  app.route({
    ...fromContract(app, api.attendeesCsv),
    onRequest: canManage,
    handler: async (request, reply) => {
      const ctx = schoolOf(request);
      const [event] = await db
        .select({ title: events.title })
        .from(events)
        .where(and(eq(events.id, request.params.eventId), eq(events.organizationId, ctx.organizationId)))
        .orderBy(asc(events.startsAt));
      if (!event) throw notFound(M.eventNotFound);
      const list = await attendees(db, ctx, request.params.eventId);
      const csv = toCsv(
        ['Ticket code', 'Name', 'Ticket type', 'Price (R)', 'Status', 'Checked in', 'Bought by', 'E-mail', 'Order'],
        list.map((a) => [
          a.code,
          a.holderName,
          a.ticketType,
          (a.priceCents / 100).toFixed(2),
          a.statusLabel,
          a.checkedInAt ? csvDateTime(new Date(a.checkedInAt)) : '',
          a.buyerName,
          a.buyerEmail,
          a.orderReference,
        ]),
      );
      const name = `${
        event.title
          .replace(/[^A-Za-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')
          .toLowerCase() || 'event'
      }-attendees.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(`\uFEFF${csv}`);
    },
  });
  app.route({
    ...fromContract(app, api.doorList),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply
        .header('cache-control', 'private, no-store')
        .send(await doorList(db, signer, schoolOf(request), request.params.eventId)),
  });
  app.route({
    ...fromContract(app, api.checkIn),
    onRequest: canManage,
    handler: async (request) => ({
      results: await checkIn(db, signer, schoolOf(request), request.params.eventId, request.body),
    }),
  });
};
