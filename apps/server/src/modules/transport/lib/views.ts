import { and, asc, count, eq, inArray, min } from 'drizzle-orm';
import { gradeLabel } from '@sekolo/shared/constants/enumerations';
import { gradeFromNumber } from '@sekolo/shared/schemas/school';
import {
  roadworthyStatus,
  type TRider,
  type TRouteDetail,
  type TRouteSummary,
  type TStop,
  TRANSPORT_MESSAGES as M,
} from '@sekolo/shared/schemas/transport';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { DbExecutor } from '../../../platform/db/client.ts';
import {
  feeItems,
  feeStructures,
  learners,
  transportRiders,
  transportRoutes,
  transportStops,
  transportVehicles,
  users,
} from '../../../platform/db/schema/index.ts';
import { notFound } from '../../../platform/http/errors.ts';

export const personName = (first: string, last: string) => `${first} ${last}`.trim();
export const gradeName = (grade: number) => gradeLabel(gradeFromNumber(grade)) ?? `Grade ${grade}`;

/** The route of the school, or 404 (another school's id included). */
export async function routeOfSchool(db: DbExecutor, organizationId: string, routeId: string) {
  const [route] = await db
    .select()
    .from(transportRoutes)
    .where(and(eq(transportRoutes.id, routeId), eq(transportRoutes.organizationId, organizationId)));
  if (!route) throw notFound(M.routeNotFound);
  return route;
}

/** The routes as the school's list shows them: vehicle, driver, fee item, stops and riders. */
export async function routeSummaries(
  db: DbExecutor,
  organizationId: string,
  routeIds?: string[],
): Promise<TRouteSummary[]> {
  const where = routeIds
    ? and(eq(transportRoutes.organizationId, organizationId), inArray(transportRoutes.id, routeIds))
    : eq(transportRoutes.organizationId, organizationId);
  if (routeIds && routeIds.length === 0) return [];
  const rows = await db
    .select({
      route: transportRoutes,
      vehicle: transportVehicles,
      driverFirst: users.firstName,
      driverLast: users.lastName,
      feeName: feeItems.name,
      feeYear: feeStructures.year,
    })
    .from(transportRoutes)
    .leftJoin(transportVehicles, eq(transportVehicles.id, transportRoutes.vehicleId))
    .leftJoin(users, eq(users.id, transportRoutes.driverUserId))
    .leftJoin(feeItems, eq(feeItems.id, transportRoutes.feeItemId))
    .leftJoin(feeStructures, eq(feeStructures.id, feeItems.structureId))
    .where(where)
    .orderBy(asc(transportRoutes.name));
  const ids = rows.map((r) => r.route.id);
  if (ids.length === 0) return [];
  const stops = await db
    .select({ routeId: transportStops.routeId, stops: count(), first: min(transportStops.morningTime) })
    .from(transportStops)
    .where(inArray(transportStops.routeId, ids))
    .groupBy(transportStops.routeId);
  const riders = await db
    .select({ routeId: transportRiders.routeId, riders: count() })
    .from(transportRiders)
    .where(inArray(transportRiders.routeId, ids))
    .groupBy(transportRiders.routeId);
  const today = todayInSouthAfrica();
  return rows.map(({ route, vehicle, driverFirst, driverLast, feeName, feeYear }) => {
    const s = stops.find((x) => x.routeId === route.id);
    return {
      id: route.id,
      name: route.name,
      vehicle: vehicle
        ? {
            id: vehicle.id,
            registration: vehicle.registration,
            capacity: vehicle.capacity,
            roadworthy: roadworthyStatus(vehicle.roadworthyExpiresOn, today),
          }
        : null,
      driver: route.driverUserId
        ? { id: route.driverUserId, name: personName(driverFirst ?? '', driverLast ?? '') }
        : null,
      feeItem: route.feeItemId && feeName ? { id: route.feeItemId, name: feeName, year: feeYear ?? 0 } : null,
      stops: s?.stops ?? 0,
      riders: riders.find((x) => x.routeId === route.id)?.riders ?? 0,
      firstPickUp: s?.first ?? null,
    };
  });
}

export const stopView = (row: typeof transportStops.$inferSelect): TStop => ({
  id: row.id,
  position: row.position,
  name: row.name,
  morningTime: row.morningTime,
  afternoonTime: row.afternoonTime,
});

export async function stopsOf(db: DbExecutor, routeId: string): Promise<TStop[]> {
  const rows = await db
    .select()
    .from(transportStops)
    .where(eq(transportStops.routeId, routeId))
    .orderBy(asc(transportStops.position));
  return rows.map(stopView);
}

export async function ridersOf(db: DbExecutor, routeId: string, learnerId?: string): Promise<TRider[]> {
  const rows = await db
    .select({ rider: transportRiders, learner: learners })
    .from(transportRiders)
    .innerJoin(learners, eq(learners.id, transportRiders.learnerId))
    .where(
      learnerId
        ? and(eq(transportRiders.routeId, routeId), eq(transportRiders.learnerId, learnerId))
        : eq(transportRiders.routeId, routeId),
    )
    .orderBy(asc(learners.lastName), asc(learners.firstName));
  return rows.map(({ rider, learner }) => ({
    learnerId: learner.id,
    name: personName(learner.preferredName || learner.firstName, learner.lastName),
    grade: gradeName(learner.grade),
    admissionNumber: learner.admissionNumber,
    morningStopId: rider.morningStopId,
    afternoonStopId: rider.afternoonStopId,
  }));
}

export async function routeDetail(db: DbExecutor, organizationId: string, routeId: string): Promise<TRouteDetail> {
  await routeOfSchool(db, organizationId, routeId);
  const [route] = await routeSummaries(db, organizationId, [routeId]);
  return { route: route!, stops: await stopsOf(db, routeId), riders: await ridersOf(db, routeId) };
}
