import { and, asc, eq, inArray } from 'drizzle-orm';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import {
  tripStatusForGuardian,
  type TChildTransport,
  type TRiderMark,
  type TTripStatus,
} from '@sekolo/shared/schemas/transport';
import type { DbExecutor } from '../../platform/db/client.ts';
import {
  guardians,
  learnerGuardians,
  learners,
  transportMarks,
  transportRiders,
  transportRoutes,
  transportStops,
  transportTrips,
  transportVehicles,
  users,
} from '../../platform/db/schema/index.ts';
import { personName, stopView } from './lib/views.ts';

/**
 * A guardian's children who ride the school's transport: their route, its stops and times, their
 * own stops, and today's morning and afternoon trip as the driver marked it. Only the caller's own
 * children (a guardian record of theirs linked to the learner), in any school.
 */
export async function myChildrenTransport(db: DbExecutor, userId: string): Promise<TChildTransport[]> {
  const rows = await db
    .selectDistinct({
      rider: transportRiders,
      learner: learners,
      route: transportRoutes,
      vehicle: transportVehicles.registration,
      driverFirst: users.firstName,
      driverLast: users.lastName,
    })
    .from(guardians)
    .innerJoin(learnerGuardians, eq(learnerGuardians.guardianId, guardians.id))
    .innerJoin(transportRiders, eq(transportRiders.learnerId, learnerGuardians.learnerId))
    .innerJoin(learners, eq(learners.id, transportRiders.learnerId))
    .innerJoin(transportRoutes, eq(transportRoutes.id, transportRiders.routeId))
    .leftJoin(transportVehicles, eq(transportVehicles.id, transportRoutes.vehicleId))
    .leftJoin(users, eq(users.id, transportRoutes.driverUserId))
    .where(eq(guardians.userId, userId))
    .orderBy(asc(learners.firstName));
  if (!rows.length) return [];
  const routeIds = [...new Set(rows.map((r) => r.route.id))];
  const stops = await db
    .select()
    .from(transportStops)
    .where(inArray(transportStops.routeId, routeIds))
    .orderBy(asc(transportStops.position));
  const today = todayInSouthAfrica();
  const trips = await db
    .select()
    .from(transportTrips)
    .where(and(inArray(transportTrips.routeId, routeIds), eq(transportTrips.tripDate, today)));
  const marks = trips.length
    ? await db
        .select()
        .from(transportMarks)
        .where(
          and(
            inArray(
              transportMarks.tripId,
              trips.map((t) => t.id),
            ),
            inArray(
              transportMarks.learnerId,
              rows.map((r) => r.learner.id),
            ),
          ),
        )
    : [];
  return rows.map(({ rider, learner, route, vehicle, driverFirst, driverLast }) => {
    const routeStops = stops.filter((s) => s.routeId === route.id);
    const morning = routeStops.find((s) => s.id === rider.morningStopId);
    const afternoon = routeStops.find((s) => s.id === rider.afternoonStopId);
    return {
      learnerId: learner.id,
      name: personName(learner.preferredName || learner.firstName, learner.lastName),
      route: route.name,
      vehicle: vehicle ?? null,
      driver: route.driverUserId ? personName(driverFirst ?? '', driverLast ?? '') : null,
      morningStop: { name: morning?.name ?? '', time: morning?.morningTime ?? '' },
      afternoonStop: { name: afternoon?.name ?? '', time: afternoon?.afternoonTime ?? '' },
      stops: routeStops.map(stopView),
      today: (['morning', 'afternoon'] as const).map((period) => {
        const trip = trips.find((t) => t.routeId === route.id && t.period === period);
        const mark = trip ? marks.find((m) => m.tripId === trip.id && m.learnerId === learner.id) : undefined;
        const status = (trip?.status ?? 'not_started') as TTripStatus;
        const markView = mark ? { status: mark.status as TRiderMark, markedAt: mark.markedAt.toISOString() } : null;
        return {
          period,
          status,
          mark: markView?.status ?? null,
          markedAt: markView?.markedAt ?? null,
          label: tripStatusForGuardian({ status }, markView),
        };
      }),
    };
  });
}
