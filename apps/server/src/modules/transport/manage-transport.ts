import { and, asc, count, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import {
  roadworthyStatus,
  TRANSPORT_MESSAGES as M,
  type TLearnerMatch,
  type TRider,
  type TRouteDetail,
  type TTransportOverview,
  type TVehicle,
  type ZRiderInput,
  type ZRiderStopsInput,
  type ZRouteInput,
  type ZStopsInput,
  type ZVehicleInput,
} from '@sekolo/shared/schemas/transport';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../platform/db/client.ts';
import {
  feeItems,
  feeStructures,
  learners,
  organizationMembers,
  transportRiders,
  transportRoutes,
  transportStops,
  transportVehicles,
  users,
} from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../platform/http/errors.ts';
import type { TTransportCaller } from './lib/caller.ts';
import { followFeeOption } from './lib/fee-option.ts';
import { gradeName, personName, ridersOf, routeDetail, routeOfSchool, routeSummaries } from './lib/views.ts';

/** The school role whose members drive the school's routes. */
export const DRIVER_ROLE = 'driver';

type TVehicleRow = typeof transportVehicles.$inferSelect;

async function vehicleViews(db: DbExecutor, rows: TVehicleRow[]): Promise<TVehicle[]> {
  const ids = rows.map((r) => r.id);
  const routes = ids.length
    ? await db
        .select({ vehicleId: transportRoutes.vehicleId, name: transportRoutes.name })
        .from(transportRoutes)
        .where(inArray(transportRoutes.vehicleId, ids))
        .orderBy(asc(transportRoutes.name))
    : [];
  const today = todayInSouthAfrica();
  return rows.map((row) => ({
    id: row.id,
    registration: row.registration,
    description: row.description,
    capacity: row.capacity,
    roadworthyExpiresOn: row.roadworthyExpiresOn,
    roadworthy: roadworthyStatus(row.roadworthyExpiresOn, today),
    routeNames: routes.filter((r) => r.vehicleId === row.id).map((r) => r.name),
  }));
}

/** The transport office's page: routes, vehicles, the school's drivers and the optional fee items. */
export async function transportOverview(db: DbExecutor, ctx: TTransportCaller): Promise<TTransportOverview> {
  const org = ctx.organizationId;
  const vehicles = await db
    .select()
    .from(transportVehicles)
    .where(eq(transportVehicles.organizationId, org))
    .orderBy(asc(transportVehicles.registration));
  const drivers = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, org), eq(organizationMembers.role, DRIVER_ROLE)))
    .orderBy(asc(users.lastName), asc(users.firstName));
  const items = await db
    .select({
      id: feeItems.id,
      name: feeItems.name,
      year: feeStructures.year,
      grade: feeStructures.grade,
      amountCents: feeItems.amountCents,
    })
    .from(feeItems)
    .innerJoin(feeStructures, eq(feeStructures.id, feeItems.structureId))
    .where(
      and(
        eq(feeItems.organizationId, org),
        eq(feeItems.kind, 'optional'),
        sql`${feeStructures.year} >= extract(year from now())::int - 1`,
      ),
    )
    .orderBy(asc(feeStructures.year), asc(feeStructures.grade), asc(feeItems.position));
  return {
    today: todayInSouthAfrica(),
    routes: await routeSummaries(db, org),
    vehicles: await vehicleViews(db, vehicles),
    drivers: drivers.map((d) => ({ id: d.id, name: personName(d.firstName, d.lastName) })),
    feeItems: items,
  };
}

// Vehicles

export async function saveVehicle(
  db: Database,
  ctx: TTransportCaller,
  vehicleId: string | null,
  input: z.output<typeof ZVehicleInput>,
): Promise<TVehicle> {
  try {
    return await transaction(db, async (tx) => {
      let row: TVehicleRow;
      if (vehicleId) {
        // Locked: a rider added meanwhile waits, so the seats checked here are the seats it meets.
        const [current] = await tx
          .select()
          .from(transportVehicles)
          .where(and(eq(transportVehicles.id, vehicleId), eq(transportVehicles.organizationId, ctx.organizationId)))
          .for('update');
        if (!current) throw notFound(M.vehicleNotFound);
        const loads = await tx
          .select({ name: transportRoutes.name, riders: count(transportRiders.learnerId) })
          .from(transportRoutes)
          .leftJoin(transportRiders, eq(transportRiders.routeId, transportRoutes.id))
          .where(eq(transportRoutes.vehicleId, vehicleId))
          .groupBy(transportRoutes.id, transportRoutes.name);
        const over = loads.find((l) => l.riders > input.capacity);
        if (over) throw conflict(M.capacityBelowRiders(over.name, over.riders));
        [row] = (await tx
          .update(transportVehicles)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(transportVehicles.id, vehicleId))
          .returning()) as [TVehicleRow];
      } else {
        [row] = (await tx
          .insert(transportVehicles)
          .values({ ...input, organizationId: ctx.organizationId })
          .returning()) as [TVehicleRow];
      }
      await recordAudit(tx, {
        action: vehicleId ? 'transport.vehicle_updated' : 'transport.vehicle_created',
        actorUserId: ctx.user.id,
        target: `transport_vehicle:${row.id}`,
        ip: ctx.ip,
        details: {
          organizationId: ctx.organizationId,
          capacity: row.capacity,
          roadworthyExpiresOn: row.roadworthyExpiresOn,
        },
      });
      return (await vehicleViews(tx, [row]))[0]!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(M.vehicleExists);
    throw error;
  }
}

// Routes

async function assertDriver(db: DbExecutor, organizationId: string, userId: string | null) {
  if (!userId) return;
  const [member] = await db
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.userId, userId),
        eq(organizationMembers.role, DRIVER_ROLE),
      ),
    );
  if (!member) throw badRequest(M.driverNotFound, { driverUserId: M.driverNotFound });
}

async function assertFeeItem(db: DbExecutor, organizationId: string, feeItemId: string | null) {
  if (!feeItemId) return;
  const [item] = await db
    .select({ id: feeItems.id })
    .from(feeItems)
    .where(and(eq(feeItems.id, feeItemId), eq(feeItems.organizationId, organizationId), eq(feeItems.kind, 'optional')));
  if (!item) throw badRequest(M.feeItemNotFound, { feeItemId: M.feeItemNotFound });
}

/** The vehicle a route is given: the school's, roadworthy today, with a seat for every rider. */
async function assertVehicleFor(db: DbExecutor, organizationId: string, vehicleId: string | null, riders: number) {
  if (!vehicleId) {
    if (riders > 0) throw badRequest(M.noVehicle, { vehicleId: M.noVehicle });
    return;
  }
  const [vehicle] = await db
    .select()
    .from(transportVehicles)
    .where(and(eq(transportVehicles.id, vehicleId), eq(transportVehicles.organizationId, organizationId)))
    .for('share');
  if (!vehicle) throw badRequest(M.vehicleNotFound, { vehicleId: M.vehicleNotFound });
  if (roadworthyStatus(vehicle.roadworthyExpiresOn, todayInSouthAfrica()) === 'expired') {
    const message = M.vehicleRoadworthyExpired(vehicle.registration);
    throw badRequest(message, { vehicleId: message });
  }
  if (riders > vehicle.capacity) {
    const message = M.vehicleTooSmall(vehicle.capacity, riders);
    throw conflict(message);
  }
}

async function lockRoute(tx: DbExecutor, organizationId: string, routeId: string) {
  const [route] = await tx
    .select()
    .from(transportRoutes)
    .where(and(eq(transportRoutes.id, routeId), eq(transportRoutes.organizationId, organizationId)))
    .for('update');
  if (!route) throw notFound(M.routeNotFound);
  return route;
}

async function riderCount(tx: DbExecutor, routeId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(transportRiders).where(eq(transportRiders.routeId, routeId));
  return row?.n ?? 0;
}

export async function saveRoute(
  db: Database,
  ctx: TTransportCaller,
  routeId: string | null,
  input: z.output<typeof ZRouteInput>,
): Promise<TRouteDetail> {
  const org = ctx.organizationId;
  try {
    return await transaction(db, async (tx) => {
      await assertDriver(tx, org, input.driverUserId);
      await assertFeeItem(tx, org, input.feeItemId);
      let id: string;
      if (routeId) {
        const current = await lockRoute(tx, org, routeId);
        const riders = await riderCount(tx, routeId);
        if (input.vehicleId !== current.vehicleId) await assertVehicleFor(tx, org, input.vehicleId, riders);
        await tx
          .update(transportRoutes)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(transportRoutes.id, routeId));
        if (input.feeItemId !== current.feeItemId && riders > 0) {
          // The riders follow the route's fee: out of the old item, into the new one.
          const rows = await tx
            .select({ id: learners.id, grade: learners.grade })
            .from(transportRiders)
            .innerJoin(learners, eq(learners.id, transportRiders.learnerId))
            .where(eq(transportRiders.routeId, routeId));
          for (const learner of rows) {
            await followFeeOption(tx, ctx, learner, current.feeItemId, false);
            await followFeeOption(tx, ctx, learner, input.feeItemId, true);
          }
        }
        id = routeId;
      } else {
        await assertVehicleFor(tx, org, input.vehicleId, 0);
        const [row] = await tx
          .insert(transportRoutes)
          .values({ ...input, organizationId: org })
          .returning({ id: transportRoutes.id });
        id = row!.id;
      }
      await recordAudit(tx, {
        action: routeId ? 'transport.route_updated' : 'transport.route_created',
        actorUserId: ctx.user.id,
        target: `transport_route:${id}`,
        ip: ctx.ip,
        details: { organizationId: org, vehicleId: input.vehicleId, driverUserId: input.driverUserId },
      });
      return routeDetail(tx, org, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(M.routeExists);
    throw error;
  }
}

/**
 * Replaces the route's stops with `input.stops` in that order: a stop with an id keeps it (and its
 * riders), one without is new, and a stop left out is removed unless a rider still uses it.
 */
export async function saveStops(
  db: Database,
  ctx: TTransportCaller,
  routeId: string,
  input: z.output<typeof ZStopsInput>,
): Promise<TRouteDetail> {
  const org = ctx.organizationId;
  return transaction(db, async (tx) => {
    await lockRoute(tx, org, routeId);
    const existing = await tx.select().from(transportStops).where(eq(transportStops.routeId, routeId));
    const kept = new Set(input.stops.map((s) => s.id).filter((id): id is string => id !== null));
    for (const id of kept) {
      if (!existing.some((s) => s.id === id)) throw badRequest(M.stopNotOnRoute, { stops: M.stopNotOnRoute });
    }
    const removed = existing.filter((s) => !kept.has(s.id));
    for (const stop of removed) {
      const [used] = await tx
        .select({ n: count() })
        .from(transportRiders)
        .where(or(eq(transportRiders.morningStopId, stop.id), eq(transportRiders.afternoonStopId, stop.id)));
      if (used && used.n > 0) throw conflict(M.stopInUse(stop.name, used.n));
    }
    if (removed.length)
      await tx.delete(transportStops).where(
        inArray(
          transportStops.id,
          removed.map((s) => s.id),
        ),
      );
    for (const [index, stop] of input.stops.entries()) {
      const values = {
        position: index + 1,
        name: stop.name,
        morningTime: stop.morningTime,
        afternoonTime: stop.afternoonTime,
      };
      if (stop.id) await tx.update(transportStops).set(values).where(eq(transportStops.id, stop.id));
      else await tx.insert(transportStops).values({ ...values, organizationId: org, routeId });
    }
    await recordAudit(tx, {
      action: 'transport.stops_saved',
      actorUserId: ctx.user.id,
      target: `transport_route:${routeId}`,
      ip: ctx.ip,
      details: { organizationId: org, stops: input.stops.length, removed: removed.length },
    });
    return routeDetail(tx, org, routeId);
  });
}

// Riders

async function assertStopsOfRoute(tx: DbExecutor, routeId: string, stopIds: string[]) {
  const rows = await tx
    .select({ id: transportStops.id })
    .from(transportStops)
    .where(and(eq(transportStops.routeId, routeId), inArray(transportStops.id, stopIds)));
  for (const id of stopIds) {
    if (!rows.some((r) => r.id === id)) throw badRequest(M.stopNotOnRoute, { morningStopId: M.stopNotOnRoute });
  }
}

/**
 * Adds a learner to the route. The route row is locked for the count, so of riders added at once
 * no more than the vehicle's seats get in; the rest are refused with "The route is full". The
 * learner is opted into the route's fee item (finance's learner options) in the same transaction.
 */
export async function addRider(
  db: Database,
  ctx: TTransportCaller,
  routeId: string,
  input: z.output<typeof ZRiderInput>,
): Promise<{ rider: TRider; feeOption: string | null }> {
  const org = ctx.organizationId;
  try {
    return await transaction(db, async (tx) => {
      const route = await lockRoute(tx, org, routeId);
      if (!route.vehicleId) throw conflict(M.noVehicle);
      const [vehicle] = await tx
        .select()
        .from(transportVehicles)
        .where(eq(transportVehicles.id, route.vehicleId))
        .for('share');
      const [learner] = await tx
        .select()
        .from(learners)
        .where(and(eq(learners.id, input.learnerId), eq(learners.organizationId, org), isNull(learners.archivedAt)));
      if (!learner) throw badRequest(M.learnerNotFound, { learnerId: M.learnerNotFound });
      const [riding] = await tx
        .select({ name: transportRoutes.name })
        .from(transportRiders)
        .innerJoin(transportRoutes, eq(transportRoutes.id, transportRiders.routeId))
        .where(eq(transportRiders.learnerId, learner.id));
      if (riding) throw conflict(M.alreadyRiding(riding.name));
      await assertStopsOfRoute(tx, routeId, [input.morningStopId, input.afternoonStopId]);
      if ((await riderCount(tx, routeId)) >= vehicle!.capacity) throw conflict(M.routeFull(vehicle!.capacity));
      await tx.insert(transportRiders).values({ ...input, organizationId: org, routeId });
      const feeOption = await followFeeOption(tx, ctx, learner, route.feeItemId, true);
      await recordAudit(tx, {
        action: 'transport.rider_added',
        actorUserId: ctx.user.id,
        target: `learner:${learner.id}`,
        ip: ctx.ip,
        details: { organizationId: org, routeId, feeOption },
      });
      const [rider] = await ridersOf(tx, routeId, learner.id);
      return { rider: rider!, feeOption };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(M.alreadyRiding('another route'));
    throw error;
  }
}

export async function updateRider(
  db: Database,
  ctx: TTransportCaller,
  routeId: string,
  learnerId: string,
  input: z.output<typeof ZRiderStopsInput>,
): Promise<TRider> {
  return transaction(db, async (tx) => {
    await routeOfSchool(tx, ctx.organizationId, routeId);
    await assertStopsOfRoute(tx, routeId, [input.morningStopId, input.afternoonStopId]);
    const updated = await tx
      .update(transportRiders)
      .set(input)
      .where(
        and(
          eq(transportRiders.routeId, routeId),
          eq(transportRiders.learnerId, learnerId),
          eq(transportRiders.organizationId, ctx.organizationId),
        ),
      )
      .returning();
    if (!updated.length) throw notFound(M.riderNotFound);
    const [rider] = await ridersOf(tx, routeId, learnerId);
    return rider!;
  });
}

/** Takes the learner off the route and out of the route's fee item. */
export async function removeRider(
  db: Database,
  ctx: TTransportCaller,
  routeId: string,
  learnerId: string,
): Promise<{ removed: boolean; feeOptionRemoved: string | null }> {
  const org = ctx.organizationId;
  return transaction(db, async (tx) => {
    const route = await lockRoute(tx, org, routeId);
    const [row] = await tx
      .delete(transportRiders)
      .where(
        and(
          eq(transportRiders.routeId, routeId),
          eq(transportRiders.learnerId, learnerId),
          eq(transportRiders.organizationId, org),
        ),
      )
      .returning();
    if (!row) throw notFound(M.riderNotFound);
    const [learner] = await tx
      .select({ id: learners.id, grade: learners.grade })
      .from(learners)
      .where(eq(learners.id, learnerId));
    const feeOptionRemoved = await followFeeOption(tx, ctx, learner!, route.feeItemId, false);
    await recordAudit(tx, {
      action: 'transport.rider_removed',
      actorUserId: ctx.user.id,
      target: `learner:${learnerId}`,
      ip: ctx.ip,
      details: { organizationId: org, routeId, feeOptionRemoved },
    });
    return { removed: true, feeOptionRemoved };
  });
}

/** Learners of the school by name or admission number, with the route each already rides. */
export async function searchLearners(db: DbExecutor, ctx: TTransportCaller, q: string): Promise<TLearnerMatch[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ learner: learners, route: transportRoutes.name })
    .from(learners)
    .leftJoin(transportRiders, eq(transportRiders.learnerId, learners.id))
    .leftJoin(transportRoutes, eq(transportRoutes.id, transportRiders.routeId))
    .where(
      and(
        eq(learners.organizationId, ctx.organizationId),
        isNull(learners.archivedAt),
        or(
          ilike(sql`${learners.firstName} || ' ' || ${learners.lastName}`, pattern),
          ilike(sql`${learners.preferredName} || ' ' || ${learners.lastName}`, pattern),
          ilike(learners.admissionNumber, pattern),
          and(ne(learners.preferredName, ''), ilike(learners.preferredName, pattern)),
        ),
      ),
    )
    .orderBy(asc(learners.lastName), asc(learners.firstName))
    .limit(20);
  return rows.map(({ learner, route }) => ({
    id: learner.id,
    name: personName(learner.preferredName || learner.firstName, learner.lastName),
    grade: gradeName(learner.grade),
    admissionNumber: learner.admissionNumber,
    ridesRoute: route ?? null,
  }));
}
