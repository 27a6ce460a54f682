import { and, eq, inArray } from 'drizzle-orm';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { PERMISSIONS } from '@sekolo/shared/constants/roles';
import {
  feeItems,
  feeStructures,
  learners,
  organizations,
  transportMarkEvents,
  transportMarks,
  transportRoutes,
  transportTrips,
  users,
} from '../platform/db/schema/index.ts';
import { transaction } from '../platform/db/transaction.ts';
import { ensureOrganizationWithMember } from '../platform/tenancy/organizations.ts';
import { createUser } from '../test/factories/accounts.ts';
import { addRider, DRIVER_ROLE, saveRoute, saveStops, saveVehicle } from '../modules/transport/index.ts';
import { DEMO_SCHOOL } from './seed-accounts.ts';
import type { TDemoLogin, TSeeder } from './seeder.ts';

export const DEMO_DRIVER_EMAIL = 'driver@demo-school.sekolo.test';
const SECOND_DRIVER_EMAIL = 'jacob.baloyi@demo-school.sekolo.test';

const VEHICLES = [
  { registration: 'GP 48-21 TX', description: 'Toyota Quantum 2.5 D-4D, white', capacity: 14, validDays: 240 },
  { registration: 'HX 92 KL GP', description: 'Mercedes-Benz Sprinter 516, yellow', capacity: 22, validDays: 18 },
  { registration: 'JR 15 MN GP', description: 'Nissan NV350 Impendulo, silver', capacity: 15, validDays: 310 },
];

type TStopSeed = [name: string, morning: string, afternoon: string];

/** Three routes to Demo High, their stops in order with the morning pick-up and afternoon drop-off. */
const ROUTES: {
  name: string;
  vehicle: string;
  driver: string;
  stops: TStopSeed[];
  riders: [admission: string, stop: number][];
}[] = [
  {
    name: 'Route A – Soshanguve',
    vehicle: 'GP 48-21 TX',
    driver: DEMO_DRIVER_EMAIL,
    stops: [
      ['Block VV, Aubrey Matlala Road', '06:05', '15:40'],
      ['Block UU taxi rank', '06:14', '15:31'],
      ['Soshanguve Crossing Mall', '06:25', '15:20'],
      ['Block M community hall', '06:36', '15:09'],
      ['Block L, Mabopane Highway', '06:44', '15:00'],
      ['Block H clinic', '06:52', '14:52'],
      ['Soshanguve South station', '07:05', '14:40'],
    ],
    riders: [
      ['DHS-0004', 0],
      ['DHS-0008', 1],
      ['DHS-0012', 2],
      ['DHS-0015', 3],
      ['DHS-0018', 4],
      ['DHS-0001', 5],
      ['DHS-0021', 6],
      ['DHS-0024', 6],
    ],
  },
  {
    name: 'Route B – Mabopane',
    vehicle: 'HX 92 KL GP',
    driver: SECOND_DRIVER_EMAIL,
    stops: [
      ['Mabopane station', '06:00', '15:45'],
      ['Block X shops', '06:12', '15:33'],
      ['Morula View, Morula Drive', '06:24', '15:21'],
      ['Block U4 Road', '06:33', '15:12'],
      ['Mabopane Square', '06:45', '15:00'],
      ['Winterveldt Road four-way stop', '06:58', '14:47'],
    ],
    riders: [
      ['DHS-0002', 0],
      ['DHS-0005', 1],
      ['DHS-0009', 2],
      ['DHS-0013', 3],
      ['DHS-0016', 4],
      ['DHS-0019', 5],
    ],
  },
  {
    name: 'Route C – Akasia',
    vehicle: 'JR 15 MN GP',
    driver: DEMO_DRIVER_EMAIL,
    stops: [
      ['Karenpark, Heinrich Avenue', '06:30', '15:15'],
      ['Theresapark, Zambesi Drive', '06:41', '15:05'],
      ['Akasia municipal offices', '06:50', '14:56'],
      ['Rosslyn, Bosveld Street', '07:00', '14:48'],
      ['Chantelle, Brits Road', '07:10', '14:40'],
    ],
    riders: [
      ['DHS-0003', 0],
      ['DHS-0006', 1],
      ['DHS-0010', 2],
      ['DHS-0022', 3],
      ['DHS-0026', 4],
    ],
  },
];

/** Today's morning trip of Route A has reached this stop: the riders up to it boarded at its time. */
const ROUTE_A_REACHED = 'Block H clinic';

async function ensureDriver(
  db: Parameters<TSeeder>[0]['database']['db'],
  email: string,
  name: [string, string],
  password: string,
) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) return existing.id;
  return transaction(db, async (tx) => {
    const user = await createUser(tx, {
      email,
      password,
      firstName: name[0],
      lastName: name[1],
      role: DRIVER_ROLE,
      status: 'active',
      emailVerified: true,
    });
    await ensureOrganizationWithMember(tx, { ...DEMO_SCHOOL, userId: user.id, role: DRIVER_ROLE });
    return user.id;
  });
}

/** An instant of today at 'HH:MM' South African time, never later than now. */
function todayAt(time: string): Date {
  const at = new Date(`${todayInSouthAfrica()}T${time}:00+02:00`);
  return at.getTime() > Date.now() ? new Date() : at;
}

/**
 * School transport at Demo High: two drivers (the demo driver login drives Routes A and C), three
 * vehicles (the Sprinter's roadworthy expires within the month), three routes with their stops and
 * riders (the demo parent's child Kabelo rides Route A), each route linked to the "Bus transport"
 * fee item so its riders are opted into it, and today's morning trip of Route A partly marked.
 * Idempotent: a school that has routes is left as it is (the drivers' logins are still listed).
 */
export const seedTransport: TSeeder = async ({ database, demoPassword }) => {
  const db = database.db;
  const [school] = await db.select().from(organizations).where(eq(organizations.slug, DEMO_SCHOOL.slug));
  const [admin] = await db.select().from(users).where(eq(users.email, 'admin@demo-school.sekolo.test'));
  if (!school || !admin) return [];
  const logins: TDemoLogin[] = [{ role: DRIVER_ROLE, email: DEMO_DRIVER_EMAIL }];
  const driverIds: Record<string, string> = {
    [DEMO_DRIVER_EMAIL]: await ensureDriver(db, DEMO_DRIVER_EMAIL, ['Thabo', 'Mahlangu'], demoPassword),
    [SECOND_DRIVER_EMAIL]: await ensureDriver(db, SECOND_DRIVER_EMAIL, ['Jacob', 'Baloyi'], demoPassword),
  };
  const existing = await db.select().from(transportRoutes).where(eq(transportRoutes.organizationId, school.id));
  if (existing.length) return logins;

  const caller = {
    organizationId: school.id,
    schoolName: school.name,
    ip: '127.0.0.1',
    user: { id: admin.id, permissions: PERMISSIONS.school_admin },
  };
  const today = todayInSouthAfrica();
  const vehicleIds: Record<string, string> = {};
  for (const v of VEHICLES) {
    const vehicle = await saveVehicle(db, caller, null, {
      registration: v.registration,
      description: v.description,
      capacity: v.capacity,
      roadworthyExpiresOn: addDays(today, v.validDays),
    });
    vehicleIds[v.registration] = vehicle.id;
  }
  const year = Number(today.slice(0, 4));
  const [busFee] = await db
    .select({ id: feeItems.id })
    .from(feeItems)
    .innerJoin(feeStructures, eq(feeStructures.id, feeItems.structureId))
    .where(
      and(
        eq(feeItems.organizationId, school.id),
        eq(feeStructures.year, year),
        eq(feeStructures.grade, 8),
        eq(feeItems.name, 'Bus transport'),
      ),
    );
  const admissions = ROUTES.flatMap((r) => r.riders.map(([admission]) => admission));
  const learnerRows = await db
    .select({ id: learners.id, admissionNumber: learners.admissionNumber })
    .from(learners)
    .where(and(eq(learners.organizationId, school.id), inArray(learners.admissionNumber, admissions)));
  const learnerOf = new Map(learnerRows.map((l) => [l.admissionNumber, l.id]));

  for (const seed of ROUTES) {
    const { route } = await saveRoute(db, caller, null, {
      name: seed.name,
      vehicleId: vehicleIds[seed.vehicle]!,
      driverUserId: driverIds[seed.driver]!,
      feeItemId: busFee?.id ?? null,
    });
    const { stops } = await saveStops(db, caller, route.id, {
      stops: seed.stops.map(([name, morningTime, afternoonTime]) => ({ id: null, name, morningTime, afternoonTime })),
    });
    const riders: { learnerId: string; stop: (typeof stops)[number] }[] = [];
    for (const [admission, index] of seed.riders) {
      const learnerId = learnerOf.get(admission);
      if (!learnerId) continue;
      // In the afternoon each rider is dropped off where they were picked up.
      const stop = stops[index]!;
      await addRider(db, caller, route.id, { learnerId, morningStopId: stop.id, afternoonStopId: stop.id });
      riders.push({ learnerId, stop });
    }
    if (seed.name !== ROUTES[0]!.name) continue;

    // Today's morning trip of Route A, under way: the first riders boarded at their stops.
    await transaction(db, async (tx) => {
      const [trip] = await tx
        .insert(transportTrips)
        .values({
          organizationId: school.id,
          routeId: route.id,
          tripDate: today,
          period: 'morning',
          status: 'in_progress',
          vehicleId: vehicleIds[seed.vehicle]!,
          driverUserId: driverIds[seed.driver]!,
          startedBy: driverIds[seed.driver]!,
          startedAt: todayAt('05:58'),
        })
        .onConflictDoNothing()
        .returning();
      if (!trip) return;
      const reached = stops.find((s) => s.name === ROUTE_A_REACHED)!;
      const marked = riders.filter((r) => r.stop.position <= reached.position);
      for (const { learnerId, stop } of marked) {
        const markedAt = todayAt(stop.morningTime);
        const values = { tripId: trip.id, learnerId, status: 'boarded', markedBy: trip.driverUserId, markedAt };
        await tx.insert(transportMarks).values(values);
        await tx.insert(transportMarkEvents).values(values);
      }
    });
  }
  return logins;
};
