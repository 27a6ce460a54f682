import { z } from 'zod';
import {
  TRANSPORT_MESSAGES as M,
  TRIP_PERIOD_IDS,
  ZAddRiderAnswer,
  ZChildTransport,
  ZLearnerMatch,
  ZLearnerSearchQuery,
  ZMarkInput,
  ZRider,
  ZRiderInput,
  ZRiderStopsInput,
  ZRouteDetail,
  ZRouteInput,
  ZStopsInput,
  ZTransportOverview,
  ZTripDetail,
  ZTripsQuery,
  ZTripSummary,
  ZVehicle,
  ZVehicleInput,
} from '../schemas/transport.ts';
import { contract } from './contract.ts';

const ZVehicleParams = z.object({ vehicleId: z.uuid({ error: M.vehicleNotFound }) });
const ZRouteParams = z.object({ routeId: z.uuid({ error: M.routeNotFound }) });
const ZRiderParams = ZRouteParams.extend({ learnerId: z.uuid({ error: M.riderNotFound }) });
const ZTripParams = ZRouteParams.extend({ period: z.enum(TRIP_PERIOD_IDS, { error: M.routeNotFound }) });
const ZMarkParams = ZTripParams.extend({ learnerId: z.uuid({ error: M.riderNotFound }) });

/**
 * School transport (D25). The transport office (manage_transport with manage_settings):
 * /api/school/transport routes, vehicles and riders. Drivers (manage_transport): today's trips of
 * the routes they drive under /api/school/transport/trips. Guardians: /api/transport/my-children.
 */
export const transportContracts = {
  overview: contract({ method: 'GET', path: '/api/school/transport', response: ZTransportOverview }),
  createVehicle: contract({
    method: 'POST',
    path: '/api/school/transport/vehicles',
    body: ZVehicleInput,
    status: 201,
    response: z.object({ vehicle: ZVehicle }),
  }),
  updateVehicle: contract({
    method: 'PUT',
    path: '/api/school/transport/vehicles/:vehicleId',
    params: ZVehicleParams,
    body: ZVehicleInput,
    response: z.object({ vehicle: ZVehicle }),
  }),
  createRoute: contract({
    method: 'POST',
    path: '/api/school/transport/routes',
    body: ZRouteInput,
    status: 201,
    response: ZRouteDetail,
  }),
  route: contract({
    method: 'GET',
    path: '/api/school/transport/routes/:routeId',
    params: ZRouteParams,
    response: ZRouteDetail,
  }),
  updateRoute: contract({
    method: 'PUT',
    path: '/api/school/transport/routes/:routeId',
    params: ZRouteParams,
    body: ZRouteInput,
    response: ZRouteDetail,
  }),
  saveStops: contract({
    method: 'PUT',
    path: '/api/school/transport/routes/:routeId/stops',
    params: ZRouteParams,
    body: ZStopsInput,
    response: ZRouteDetail,
  }),
  addRider: contract({
    method: 'POST',
    path: '/api/school/transport/routes/:routeId/riders',
    params: ZRouteParams,
    body: ZRiderInput,
    status: 201,
    response: ZAddRiderAnswer,
  }),
  updateRider: contract({
    method: 'PUT',
    path: '/api/school/transport/routes/:routeId/riders/:learnerId',
    params: ZRiderParams,
    body: ZRiderStopsInput,
    response: z.object({ rider: ZRider }),
  }),
  removeRider: contract({
    method: 'DELETE',
    path: '/api/school/transport/routes/:routeId/riders/:learnerId',
    params: ZRiderParams,
    response: z.object({ removed: z.boolean(), feeOptionRemoved: z.string().nullable() }),
  }),
  searchLearners: contract({
    method: 'GET',
    path: '/api/school/transport/learners',
    query: ZLearnerSearchQuery,
    response: z.object({ learners: z.array(ZLearnerMatch) }),
  }),

  // The driver's register
  trips: contract({
    method: 'GET',
    path: '/api/school/transport/trips',
    query: ZTripsQuery,
    response: z.object({ date: z.string(), trips: z.array(ZTripSummary) }),
  }),
  trip: contract({
    method: 'GET',
    path: '/api/school/transport/trips/:routeId/:period',
    params: ZTripParams,
    response: ZTripDetail,
  }),
  startTrip: contract({
    method: 'POST',
    path: '/api/school/transport/trips/:routeId/:period/start',
    params: ZTripParams,
    response: ZTripDetail,
  }),
  completeTrip: contract({
    method: 'POST',
    path: '/api/school/transport/trips/:routeId/:period/complete',
    params: ZTripParams,
    response: ZTripDetail,
  }),
  mark: contract({
    method: 'PUT',
    path: '/api/school/transport/trips/:routeId/:period/marks/:learnerId',
    params: ZMarkParams,
    body: ZMarkInput,
    response: ZTripDetail,
  }),

  // Guardians
  myChildren: contract({
    method: 'GET',
    path: '/api/transport/my-children',
    response: z.object({ children: z.array(ZChildTransport) }),
  }),
};
