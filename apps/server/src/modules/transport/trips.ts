import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { TPermission } from '@sekolo/shared/constants/roles';
import {
  roadworthyStatus,
  timeInSouthAfrica,
  TRANSPORT_MESSAGES as M,
  type TRiderMark,
  type TTripDetail,
  type TTripPeriod,
  type TTripStatus,
  type TTripSummary,
} from '@sekolo/shared/schemas/transport';
import type { Database, DbExecutor } from '../../platform/db/client.ts';
import {
  guardians,
  learnerGuardians,
  learners,
  transportMarkEvents,
  transportMarks,
  transportRiders,
  transportRoutes,
  transportStops,
  transportTrips,
  transportVehicles,
  users,
} from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { TTransportCaller } from './lib/caller.ts';
import { notify } from '../notifications/index.ts';
import { gradeName, personName } from './lib/views.ts';

/**
 * Who sees and marks which trips: holding one of these as well as manage_transport, every route of
 * the school (the transport office); holding manage_transport alone (a driver), only the routes the
 * caller drives. Another route is 404, as if it did not exist.
 */
export const ALL_TRIPS_PERMISSIONS: TPermission[] = ['manage_settings'];

const seesAllRoutes = (ctx: TTransportCaller) => ALL_TRIPS_PERMISSIONS.some((p) => ctx.user.permissions.includes(p));

/** The web page of the guardian's view and of the driver's register. */
export const PARENT_TRANSPORT_LINK = '/dashboard/parent#transport';

function routesInScope(ctx: TTransportCaller) {
  const ofSchool = eq(transportRoutes.organizationId, ctx.organizationId);
  return seesAllRoutes(ctx) ? ofSchool : and(ofSchool, eq(transportRoutes.driverUserId, ctx.user.id));
}

async function routeInScope(db: DbExecutor, ctx: TTransportCaller, routeId: string) {
  const [row] = await db
    .select({
      route: transportRoutes,
      vehicle: transportVehicles,
      driverFirst: users.firstName,
      driverLast: users.lastName,
    })
    .from(transportRoutes)
    .leftJoin(transportVehicles, eq(transportVehicles.id, transportRoutes.vehicleId))
    .leftJoin(users, eq(users.id, transportRoutes.driverUserId))
    .where(and(eq(transportRoutes.id, routeId), routesInScope(ctx)));
  if (!row) throw notFound(M.routeNotFound);
  return row;
}

async function tripRow(db: DbExecutor, routeId: string, date: string, period: TTripPeriod) {
  const [trip] = await db
    .select()
    .from(transportTrips)
    .where(
      and(eq(transportTrips.routeId, routeId), eq(transportTrips.tripDate, date), eq(transportTrips.period, period)),
    );
  return trip ?? null;
}

/** When a trip sets off: the first pick-up in the morning, the first drop-off in the afternoon. */
function startTime(stops: { morningTime: string; afternoonTime: string }[], period: TTripPeriod): string | null {
  const times = stops.map((s) => (period === 'morning' ? s.morningTime : s.afternoonTime)).sort();
  return times[0] ?? null;
}

/** Today's (or `date`'s) morning and afternoon trips of the routes in the caller's scope. */
export async function listTrips(
  db: DbExecutor,
  ctx: TTransportCaller,
  date: string = todayInSouthAfrica(),
): Promise<{ date: string; trips: TTripSummary[] }> {
  const routes = await db
    .select({
      route: transportRoutes,
      vehicle: transportVehicles,
      driverFirst: users.firstName,
      driverLast: users.lastName,
    })
    .from(transportRoutes)
    .leftJoin(transportVehicles, eq(transportVehicles.id, transportRoutes.vehicleId))
    .leftJoin(users, eq(users.id, transportRoutes.driverUserId))
    .where(routesInScope(ctx))
    .orderBy(asc(transportRoutes.name));
  const ids = routes.map((r) => r.route.id);
  if (!ids.length) return { date, trips: [] };
  const stops = await db.select().from(transportStops).where(inArray(transportStops.routeId, ids));
  const riders = await db
    .select({ routeId: transportRiders.routeId, n: count() })
    .from(transportRiders)
    .where(inArray(transportRiders.routeId, ids))
    .groupBy(transportRiders.routeId);
  const trips = await db
    .select()
    .from(transportTrips)
    .where(and(inArray(transportTrips.routeId, ids), eq(transportTrips.tripDate, date)));
  const marked = trips.length
    ? await db
        .select({ tripId: transportMarks.tripId, n: count() })
        .from(transportMarks)
        .where(
          inArray(
            transportMarks.tripId,
            trips.map((t) => t.id),
          ),
        )
        .groupBy(transportMarks.tripId)
    : [];
  const list: TTripSummary[] = [];
  for (const period of ['morning', 'afternoon'] as const) {
    for (const { route, vehicle, driverFirst, driverLast } of routes) {
      const trip = trips.find((t) => t.routeId === route.id && t.period === period);
      list.push({
        routeId: route.id,
        routeName: route.name,
        period,
        date,
        status: (trip?.status ?? 'not_started') as TTripStatus,
        startsAt: startTime(
          stops.filter((s) => s.routeId === route.id),
          period,
        ),
        riders: riders.find((r) => r.routeId === route.id)?.n ?? 0,
        marked: trip ? (marked.find((m) => m.tripId === trip.id)?.n ?? 0) : 0,
        vehicle: vehicle?.registration ?? null,
        roadworthy: vehicle ? roadworthyStatus(vehicle.roadworthyExpiresOn, date) : null,
        driver: route.driverUserId ? personName(driverFirst ?? '', driverLast ?? '') : null,
      });
    }
  }
  return { date, trips: list };
}

/** One trip's register: the riders grouped by their stop of that trip, in stop order, with their marks. */
export async function tripDetail(
  db: DbExecutor,
  ctx: TTransportCaller,
  routeId: string,
  period: TTripPeriod,
  date: string = todayInSouthAfrica(),
): Promise<TTripDetail> {
  await routeInScope(db, ctx, routeId);
  const [summary] = (await listTrips(db, ctx, date)).trips.filter((t) => t.routeId === routeId && t.period === period);
  const trip = await tripRow(db, routeId, date, period);
  const stops = await db
    .select()
    .from(transportStops)
    .where(eq(transportStops.routeId, routeId))
    .orderBy(asc(transportStops.position));
  const riders = await db
    .select({ rider: transportRiders, learner: learners })
    .from(transportRiders)
    .innerJoin(learners, eq(learners.id, transportRiders.learnerId))
    .where(eq(transportRiders.routeId, routeId))
    .orderBy(asc(learners.lastName), asc(learners.firstName));
  const marks = trip ? await db.select().from(transportMarks).where(eq(transportMarks.tripId, trip.id)) : [];
  // The afternoon drops learners off in the order of its times, which is usually the morning's reversed.
  const ordered =
    period === 'morning'
      ? stops
      : [...stops].sort((a, b) => a.afternoonTime.localeCompare(b.afternoonTime) || a.position - b.position);
  return {
    trip: summary!,
    startedAt: trip?.startedAt.toISOString() ?? null,
    completedAt: trip?.completedAt?.toISOString() ?? null,
    stops: ordered.map((stop) => ({
      id: stop.id,
      name: stop.name,
      time: period === 'morning' ? stop.morningTime : stop.afternoonTime,
      riders: riders
        .filter(({ rider }) => (period === 'morning' ? rider.morningStopId : rider.afternoonStopId) === stop.id)
        .map(({ learner }) => {
          const mark = marks.find((m) => m.learnerId === learner.id);
          return {
            learnerId: learner.id,
            name: personName(learner.preferredName || learner.firstName, learner.lastName),
            grade: gradeName(learner.grade),
            mark: (mark?.status ?? null) as TRiderMark | null,
            markedAt: mark?.markedAt.toISOString() ?? null,
          };
        }),
    })),
  };
}

/**
 * Starts today's trip: the route's vehicle and driver are recorded on it. A vehicle whose roadworthy
 * certificate has expired is not taken on a trip. Starting a started trip changes nothing.
 */
export async function startTrip(
  db: Database,
  ctx: TTransportCaller,
  routeId: string,
  period: TTripPeriod,
): Promise<TTripDetail> {
  const today = todayInSouthAfrica();
  await transaction(db, async (tx) => {
    const { route, vehicle } = await routeInScope(tx, ctx, routeId);
    if (await tripRow(tx, routeId, today, period)) return;
    if (!vehicle) throw conflict(M.noVehicle);
    if (roadworthyStatus(vehicle.roadworthyExpiresOn, today) === 'expired')
      throw conflict(M.vehicleRoadworthyExpired(vehicle.registration));
    if (!route.driverUserId) throw conflict(M.noDriver);
    const [trip] = await tx
      .insert(transportTrips)
      .values({
        organizationId: ctx.organizationId,
        routeId,
        tripDate: today,
        period,
        status: 'in_progress',
        vehicleId: vehicle.id,
        driverUserId: route.driverUserId,
        startedBy: ctx.user.id,
      })
      .onConflictDoNothing()
      .returning({ id: transportTrips.id });
    if (trip)
      await recordAudit(tx, {
        action: 'transport.trip_started',
        actorUserId: ctx.user.id,
        target: `transport_trip:${trip.id}`,
        ip: ctx.ip,
        details: { organizationId: ctx.organizationId, routeId, period, vehicleId: vehicle.id },
      });
  });
  return tripDetail(db, ctx, routeId, period, today);
}

/** Completes today's trip (again: nothing changes). */
export async function completeTrip(
  db: Database,
  ctx: TTransportCaller,
  routeId: string,
  period: TTripPeriod,
): Promise<TTripDetail> {
  const today = todayInSouthAfrica();
  await transaction(db, async (tx) => {
    await routeInScope(tx, ctx, routeId);
    const trip = await tripRow(tx, routeId, today, period);
    if (!trip) throw conflict(M.tripNotStarted);
    if (trip.status === 'completed') return;
    await tx
      .update(transportTrips)
      .set({ status: 'completed', completedAt: new Date() })
      .where(and(eq(transportTrips.id, trip.id), eq(transportTrips.status, 'in_progress')));
    await recordAudit(tx, {
      action: 'transport.trip_completed',
      actorUserId: ctx.user.id,
      target: `transport_trip:${trip.id}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, routeId, period },
    });
  });
  return tripDetail(db, ctx, routeId, period, today);
}

/**
 * Marks a rider on today's trip. The same mark again is one mark (nothing is written, nobody is
 * told twice); a different mark replaces it, and every mark given is kept in transport_mark_events.
 * "Not boarded" tells each guardian of the rider with an account at once (notify: in the app, and
 * e-mail through the outbox as their preferences say).
 */
export async function markRider(
  db: Database,
  jobs: JobQueue,
  ctx: TTransportCaller,
  routeId: string,
  period: TTripPeriod,
  learnerId: string,
  status: TRiderMark,
): Promise<TTripDetail> {
  const today = todayInSouthAfrica();
  await transaction(db, async (tx) => {
    const { route } = await routeInScope(tx, ctx, routeId);
    const trip = await tripRow(tx, routeId, today, period);
    if (!trip) throw conflict(M.tripNotStarted);
    if (trip.status === 'completed') throw conflict(M.tripCompleted);
    const [rider] = await tx
      .select({ rider: transportRiders, learner: learners })
      .from(transportRiders)
      .innerJoin(learners, eq(learners.id, transportRiders.learnerId))
      .where(and(eq(transportRiders.routeId, routeId), eq(transportRiders.learnerId, learnerId)));
    if (!rider) throw badRequest(M.riderNotFound);
    const now = new Date();
    const inserted = await tx
      .insert(transportMarks)
      .values({ tripId: trip.id, learnerId, status, markedBy: ctx.user.id, markedAt: now })
      .onConflictDoNothing()
      .returning({ status: transportMarks.status });
    let previous: string | null = null;
    if (!inserted.length) {
      const [current] = await tx
        .select()
        .from(transportMarks)
        .where(and(eq(transportMarks.tripId, trip.id), eq(transportMarks.learnerId, learnerId)))
        .for('update');
      if (current!.status === status) return;
      previous = current!.status;
      await tx
        .update(transportMarks)
        .set({ status, markedBy: ctx.user.id, markedAt: now })
        .where(and(eq(transportMarks.tripId, trip.id), eq(transportMarks.learnerId, learnerId)));
    }
    const [event] = await tx
      .insert(transportMarkEvents)
      .values({ tripId: trip.id, learnerId, status, previousStatus: previous, markedBy: ctx.user.id, markedAt: now })
      .returning({ id: transportMarkEvents.id });
    if (status !== 'not_boarded') return;
    const stopId = period === 'morning' ? rider.rider.morningStopId : rider.rider.afternoonStopId;
    const [stop] = await tx.select().from(transportStops).where(eq(transportStops.id, stopId));
    const child = rider.learner.preferredName || rider.learner.firstName;
    const trip_ = period === 'morning' ? 'morning pick-up' : 'afternoon drop-off';
    await notify(tx, jobs, {
      organizationId: ctx.organizationId,
      kind: 'transport',
      eventKey: `transport-not-boarded:${event!.id}`,
      recipients: sql`select ${guardians.userId} as user_id from ${learnerGuardians}
        join ${guardians} on ${guardians.id} = ${learnerGuardians.guardianId}
        where ${learnerGuardians.learnerId} = ${learnerId} and ${guardians.userId} is not null`,
      title: `${child} did not board the bus`,
      body:
        `${child} was marked not boarded on the ${trip_} of ${route.name} at ${timeInSouthAfrica(now)}` +
        (stop ? ` (stop: ${stop.name}, ${period === 'morning' ? stop.morningTime : stop.afternoonTime})` : '') +
        `. If ${child} is with you, nothing more is needed; otherwise please contact ${ctx.schoolName} at once.`,
      link: PARENT_TRANSPORT_LINK,
    });
  });
  return tripDetail(db, ctx, routeId, period, today);
}
