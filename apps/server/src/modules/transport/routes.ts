import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { transportContracts as api } from '@sekolo/shared/contracts/transport';
import { fromContract } from '../../platform/http/contract-route.ts';
import { getSessionUser, requirePermission } from '../../platform/auth/guards.ts';
import { requireSchoolPermission, requireSchoolPermissions, schoolOf } from '../../platform/tenancy/school-context.ts';
import { myChildrenTransport } from './family.ts';
import {
  addRider,
  removeRider,
  saveRoute,
  saveStops,
  saveVehicle,
  searchLearners,
  transportOverview,
  updateRider,
} from './manage-transport.ts';
import { ALL_TRIPS_PERMISSIONS, completeTrip, listTrips, markRider, startTrip, tripDetail } from './trips.ts';
import { routeDetail } from './lib/views.ts';

/** Drives the school's routes and keeps their boarding registers (the driver; the school admin). */
export const TRANSPORT_PERMISSION = 'manage_transport' as const;

/**
 * The school's transport under /api/school/transport. Routes, vehicles and riders are the transport
 * office's: manage_transport together with manage_settings (the school admin by default), because a
 * driver holds manage_transport too. The trips (the boarding register) take manage_transport; a
 * caller without manage_settings sees only the routes they drive (trips.ts).
 */
export const schoolTransportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const jobs = app.deps.jobs;
  const office = requireSchoolPermissions([TRANSPORT_PERMISSION], ALL_TRIPS_PERMISSIONS);
  const driver = requireSchoolPermission(TRANSPORT_PERMISSION);

  app.route({
    ...fromContract(app, api.overview),
    onRequest: office,
    handler: async (request) => transportOverview(db, schoolOf(request)),
  });
  app.route({
    ...fromContract(app, api.createVehicle),
    onRequest: office,
    handler: async (request, reply) =>
      reply.status(201).send({ vehicle: await saveVehicle(db, schoolOf(request), null, request.body) }),
  });
  app.route({
    ...fromContract(app, api.updateVehicle),
    onRequest: office,
    handler: async (request) => ({
      vehicle: await saveVehicle(db, schoolOf(request), request.params.vehicleId, request.body),
    }),
  });
  app.route({
    ...fromContract(app, api.createRoute),
    onRequest: office,
    handler: async (request, reply) =>
      reply.status(201).send(await saveRoute(db, schoolOf(request), null, request.body)),
  });
  app.route({
    ...fromContract(app, api.route),
    onRequest: office,
    handler: async (request) => routeDetail(db, schoolOf(request).organizationId, request.params.routeId),
  });
  app.route({
    ...fromContract(app, api.updateRoute),
    onRequest: office,
    handler: async (request) => saveRoute(db, schoolOf(request), request.params.routeId, request.body),
  });
  app.route({
    ...fromContract(app, api.saveStops),
    onRequest: office,
    handler: async (request) => saveStops(db, schoolOf(request), request.params.routeId, request.body),
  });
  app.route({
    ...fromContract(app, api.addRider),
    onRequest: office,
    handler: async (request, reply) =>
      reply.status(201).send(await addRider(db, schoolOf(request), request.params.routeId, request.body)),
  });
  app.route({
    ...fromContract(app, api.updateRider),
    onRequest: office,
    handler: async (request) => ({
      rider: await updateRider(db, schoolOf(request), request.params.routeId, request.params.learnerId, request.body),
    }),
  });
  app.route({
    ...fromContract(app, api.removeRider),
    onRequest: office,
    handler: async (request) => removeRider(db, schoolOf(request), request.params.routeId, request.params.learnerId),
  });
  app.route({
    ...fromContract(app, api.searchLearners),
    onRequest: office,
    handler: async (request) => ({ learners: await searchLearners(db, schoolOf(request), request.query.q) }),
  });

  // The boarding register.
  app.route({
    ...fromContract(app, api.trips),
    onRequest: driver,
    handler: async (request) => listTrips(db, schoolOf(request), request.query.date),
  });
  app.route({
    ...fromContract(app, api.trip),
    onRequest: driver,
    handler: async (request) => tripDetail(db, schoolOf(request), request.params.routeId, request.params.period),
  });
  app.route({
    ...fromContract(app, api.startTrip),
    onRequest: driver,
    handler: async (request) => startTrip(db, schoolOf(request), request.params.routeId, request.params.period),
  });
  app.route({
    ...fromContract(app, api.completeTrip),
    onRequest: driver,
    handler: async (request) => completeTrip(db, schoolOf(request), request.params.routeId, request.params.period),
  });
  app.route({
    ...fromContract(app, api.mark),
    onRequest: driver,
    handler: async (request) =>
      markRider(
        db,
        jobs,
        schoolOf(request),
        request.params.routeId,
        request.params.period,
        request.params.learnerId,
        request.body.status,
      ),
  });
};

/** A guardian's children on the school's transport (prefix /api/transport; view_child_profile). */
export const familyTransportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  app.route({
    ...fromContract(app, api.myChildren),
    onRequest: requirePermission('view_child_profile'),
    handler: async (request) => ({ children: await myChildrenTransport(db, (await getSessionUser(request))!.id) }),
  });
};
