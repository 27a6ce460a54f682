import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { TRANSPORT_MESSAGES as M, type TTripDetail } from '@sekolo/shared/schemas/transport';
import {
  feeItems,
  feeStructures,
  learnerFeeOptions,
  notifications,
  transportMarkEvents,
  transportVehicles,
} from '../../platform/db/schema/index.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import { createGuardian, createLearner } from '../../test/factories/school.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { deliverPendingNotifications } from '../notifications/index.ts';

/**
 * School transport (D25) through the API: vehicles and their roadworthy certificate, routes with
 * ordered stops, riders within the vehicle's seats (also when added at once), the route's fee item
 * following the riders, and the driver's register: start, marks (idempotent, replaced with a
 * trail), "not boarded" told to the guardians at once, and what the guardian sees.
 */
describe('school transport', () => {
  let t: TestApp;
  let admin: TCreatedUser;
  let driver: TCreatedUser;
  let otherDriver: TCreatedUser;
  let parent: TCreatedUser;
  const cookie: Record<string, string> = {};
  const SCHOOL = { name: 'Soshanguve Secondary', type: 'school' as const, slug: 'soshanguve-secondary' };
  const today = todayInSouthAfrica();
  const year = Number(today.slice(0, 4));
  const learnerIds: string[] = [];
  let grade9Id: string;
  let childId: string;
  const feeItemOf: Record<number, string> = {};
  let busId: string;
  let routeId: string;
  let stopIds: string[] = [];

  const send = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: cookie[who]! }, ...(payload ? { payload } : {}) });
  const db = () => t.database.db;
  const optionsOf = (learnerId: string) =>
    db().select().from(learnerFeeOptions).where(eq(learnerFeeOptions.learnerId, learnerId));
  const addRider = (learnerId: string) =>
    send('admin', 'POST', `/api/school/transport/routes/${routeId}/riders`, {
      learnerId,
      morningStopId: stopIds[0],
      afternoonStopId: stopIds[2],
    });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(db(), { role: 'school_admin', organization: SCHOOL });
    driver = await createUser(db(), { role: 'driver', firstName: 'Thabo', lastName: 'Mahlangu', organization: SCHOOL });
    otherDriver = await createUser(db(), {
      role: 'driver',
      firstName: 'Jacob',
      lastName: 'Baloyi',
      organization: SCHOOL,
    });
    parent = await createUser(db(), { role: 'parent', firstName: 'Zanele', lastName: 'Khoza', organization: SCHOOL });
    const outsider = await createUser(db(), {
      role: 'school_admin',
      organization: { name: 'Akasia Primary', type: 'school', slug: 'akasia-primary' },
    });
    let ip = 1;
    for (const [key, user] of Object.entries({ admin, driver, otherDriver, parent, outsider }))
      cookie[key] = (await signIn(t.app, user.email, user.password, { ip: `10.53.0.${ip++}` })).cookie;
    const org = admin.organizationId!;
    for (const [i, name] of ['Lerato', 'Karabo', 'Neo', 'Tumelo', 'Palesa', 'Dineo'].entries()) {
      const learner = await createLearner(db(), org, { firstName: name, lastName: 'Mokoena', grade: 8 });
      learnerIds.push(learner.id);
      if (i === 0) childId = learner.id;
    }
    grade9Id = (await createLearner(db(), org, { firstName: 'Ayanda', lastName: 'Sithole', grade: 9 })).id;
    await createGuardian(db(), org, childId, { userId: parent.id, email: parent.email, firstName: 'Zanele' });
    for (const grade of [8, 9]) {
      const [structure] = await db().insert(feeStructures).values({ organizationId: org, year, grade }).returning();
      const [item] = await db()
        .insert(feeItems)
        .values({
          organizationId: org,
          structureId: structure!.id,
          position: 1,
          name: 'Bus transport',
          kind: 'optional',
          amountCents: 6_500_00,
          plan: 'monthly_10',
          dueDates: [],
        })
        .returning();
      feeItemOf[grade] = item!.id;
    }
  }, 300_000);
  afterAll(() => t.close());

  it('keeps vehicles with their roadworthy status and refuses an expired one on a route', async () => {
    const bus = await send('admin', 'POST', '/api/school/transport/vehicles', {
      registration: 'gp 123-456',
      description: 'Toyota Quantum',
      capacity: 3,
      roadworthyExpiresOn: addDays(today, 200),
    });
    expect(bus.statusCode).toBe(201);
    expect(bus.json().vehicle).toMatchObject({ registration: 'GP 123-456', roadworthy: 'valid' });
    busId = bus.json().vehicle.id;
    const soon = await send('admin', 'POST', '/api/school/transport/vehicles', {
      registration: 'ND 45678',
      capacity: 22,
      roadworthyExpiresOn: addDays(today, 12),
    });
    expect(soon.json().vehicle.roadworthy).toBe('expiring');
    const old = await send('admin', 'POST', '/api/school/transport/vehicles', {
      registration: 'HZ 11 BB GP',
      capacity: 60,
      roadworthyExpiresOn: addDays(today, -1),
    });
    expect(old.json().vehicle.roadworthy).toBe('expired');
    const again = await send('admin', 'POST', '/api/school/transport/vehicles', {
      registration: 'GP 123-456',
      capacity: 10,
      roadworthyExpiresOn: addDays(today, 100),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(M.vehicleExists);

    const refused = await send('admin', 'POST', '/api/school/transport/routes', {
      name: 'Route A – Soshanguve',
      vehicleId: old.json().vehicle.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(M.vehicleRoadworthyExpired('HZ 11 BB GP'));
    const notADriver = await send('admin', 'POST', '/api/school/transport/routes', {
      name: 'Route A – Soshanguve',
      driverUserId: parent.id,
    });
    expect(notADriver.json().error.message).toBe(M.driverNotFound);
  });

  it('creates a route with its driver, vehicle, fee item and ordered stops', async () => {
    const created = await send('admin', 'POST', '/api/school/transport/routes', {
      name: 'Route A – Soshanguve',
      vehicleId: busId,
      driverUserId: driver.id,
      feeItemId: feeItemOf[8],
    });
    expect(created.statusCode).toBe(201);
    routeId = created.json().route.id;
    expect(created.json().route).toMatchObject({
      driver: { name: 'Thabo Mahlangu' },
      vehicle: { registration: 'GP 123-456', capacity: 3 },
      feeItem: { name: 'Bus transport', year },
    });
    const outOfOrder = await send('admin', 'PUT', `/api/school/transport/routes/${routeId}/stops`, {
      stops: [
        { name: 'Block L taxi rank', morningTime: '06:30', afternoonTime: '15:10' },
        { name: 'Soshanguve Crossing Mall', morningTime: '06:20', afternoonTime: '14:55' },
      ],
    });
    expect(outOfOrder.statusCode).toBe(400);
    const saved = await send('admin', 'PUT', `/api/school/transport/routes/${routeId}/stops`, {
      stops: [
        { name: 'Block L taxi rank', morningTime: '06:20', afternoonTime: '15:10' },
        { name: 'Soshanguve Crossing Mall', morningTime: '06:35', afternoonTime: '14:55' },
        { name: 'Block H clinic', morningTime: '06:50', afternoonTime: '14:40' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    stopIds = saved.json().stops.map((s: { id: string }) => s.id);
    expect(saved.json().route).toMatchObject({ stops: 3, firstPickUp: '06:20' });
  });

  it('opts a rider into the route’s fee item of their grade, and out again when removed', async () => {
    const added = await addRider(learnerIds[0]!);
    expect(added.statusCode).toBe(201);
    expect(added.json().feeOption).toBe('Bus transport');
    expect((await optionsOf(learnerIds[0]!)).map((o) => o.itemId)).toEqual([feeItemOf[8]]);

    const grade9 = await addRider(grade9Id);
    expect(grade9.statusCode).toBe(201);
    expect((await optionsOf(grade9Id)).map((o) => o.itemId)).toEqual([feeItemOf[9]]);

    const twice = await addRider(grade9Id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(M.alreadyRiding('Route A – Soshanguve'));

    const removed = await send('admin', 'DELETE', `/api/school/transport/routes/${routeId}/riders/${grade9Id}`);
    expect(removed.json()).toEqual({ removed: true, feeOptionRemoved: 'Bus transport' });
    expect(await optionsOf(grade9Id)).toEqual([]);
  });

  it('never seats more riders than the vehicle has, also when they are added at once', async () => {
    // One rider so far, three seats: of five added at once exactly two get in.
    const answers = await Promise.all(learnerIds.slice(1).map((id) => addRider(id)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json().error.message).toBe(M.routeFull(3));
    const detail = await send('admin', 'GET', `/api/school/transport/routes/${routeId}`);
    expect(detail.json().riders).toHaveLength(3);
    const overview = await send('admin', 'GET', '/api/school/transport');
    expect(overview.json().routes[0]).toMatchObject({ riders: 3, vehicle: { capacity: 3 } });

    const shrink = await send('admin', 'PUT', `/api/school/transport/vehicles/${busId}`, {
      registration: 'GP 123-456',
      capacity: 2,
      roadworthyExpiresOn: addDays(today, 200),
    });
    expect(shrink.statusCode).toBe(409);
    expect(shrink.json().error.message).toBe(M.capacityBelowRiders('Route A – Soshanguve', 3));

    const inUse = await send('admin', 'PUT', `/api/school/transport/routes/${routeId}/stops`, {
      stops: [{ id: stopIds[1], name: 'Soshanguve Crossing Mall', morningTime: '06:35', afternoonTime: '14:55' }],
    });
    expect(inUse.statusCode).toBe(409);
  });

  it('lets the driver see and mark only the trips of the routes they drive', async () => {
    const mine = await send('driver', 'GET', '/api/school/transport/trips');
    expect(mine.json().trips.map((trip: { period: string }) => trip.period)).toEqual(['morning', 'afternoon']);
    expect(mine.json().trips[0]).toMatchObject({ status: 'not_started', riders: 3, startsAt: '06:20' });
    expect((await send('otherDriver', 'GET', '/api/school/transport/trips')).json().trips).toEqual([]);
    expect((await send('otherDriver', 'GET', `/api/school/transport/trips/${routeId}/morning`)).statusCode).toBe(404);
    expect((await send('otherDriver', 'POST', `/api/school/transport/trips/${routeId}/morning/start`)).statusCode).toBe(
      404,
    );
    // A driver does not manage routes (manage_transport alone is the driver's register).
    expect((await send('driver', 'GET', '/api/school/transport')).statusCode).toBe(403);
    // The school admin sees every route's trips.
    expect((await send('admin', 'GET', '/api/school/transport/trips')).json().trips).toHaveLength(2);
  });

  it('marks riders once, replaces a mark with a trail, and tells the guardians of "not boarded" at once', async () => {
    const mark = (status: string, learnerId = childId) =>
      send('driver', 'PUT', `/api/school/transport/trips/${routeId}/morning/marks/${learnerId}`, { status });
    const early = await mark('boarded');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(M.tripNotStarted);

    const started = await send('driver', 'POST', `/api/school/transport/trips/${routeId}/morning/start`);
    expect(started.statusCode).toBe(200);
    expect(started.json().trip.status).toBe('in_progress');
    const byStop = (started.json() as TTripDetail).stops.map((s) => [s.name, s.riders.length]);
    expect(byStop).toEqual([
      ['Block L taxi rank', 3],
      ['Soshanguve Crossing Mall', 0],
      ['Block H clinic', 0],
    ]);
    expect((await send('driver', 'POST', `/api/school/transport/trips/${routeId}/morning/start`)).statusCode).toBe(200);

    const first = await mark('not_boarded');
    expect(first.statusCode).toBe(200);
    const child = first.json().stops[0].riders.find((r: { learnerId: string }) => r.learnerId === childId);
    expect(child.mark).toBe('not_boarded');
    expect((await mark('not_boarded')).statusCode).toBe(200);

    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, parent.id), eq(notifications.kind, 'transport')));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: 'Lerato did not board the bus', channels: ['in_app', 'email'] });
    await deliverPendingNotifications(db(), t.mailer, t.config);
    const mail = (await t.outbox(parent.email)).filter((m) => m.tag === 'notification-transport');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Lerato did not board the bus');

    const family = await send('parent', 'GET', '/api/transport/my-children');
    expect(family.json().children).toHaveLength(1);
    expect(family.json().children[0]).toMatchObject({
      name: 'Lerato Mokoena',
      route: 'Route A – Soshanguve',
      morningStop: { name: 'Block L taxi rank', time: '06:20' },
      afternoonStop: { name: 'Block H clinic', time: '14:40' },
    });
    expect(family.json().children[0].today.map((d: { label: string }) => d.label)).toEqual([
      'Not boarded',
      'Trip not started',
    ]);

    // The learner turns up after all: the later mark replaces the earlier; both are kept.
    const boarded = await mark('boarded');
    expect(boarded.statusCode).toBe(200);
    const events = await db().select().from(transportMarkEvents).where(eq(transportMarkEvents.learnerId, childId));
    expect(events.map((e) => [e.previousStatus, e.status])).toEqual([
      [null, 'not_boarded'],
      ['not_boarded', 'boarded'],
    ]);
    const after = await send('parent', 'GET', '/api/transport/my-children');
    expect(after.json().children[0].today[0].label).toMatch(/^Boarded at \d\d:\d\d$/);

    const notRider = await mark('boarded', grade9Id);
    expect(notRider.statusCode).toBe(400);

    const done = await send('driver', 'POST', `/api/school/transport/trips/${routeId}/morning/complete`);
    expect(done.json().trip.status).toBe('completed');
    const late = await mark('dropped_off');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(M.tripCompleted);
  });

  it('does not take a vehicle past its roadworthy expiry on a trip', async () => {
    await db()
      .update(transportVehicles)
      .set({ roadworthyExpiresOn: addDays(today, -1) })
      .where(eq(transportVehicles.id, busId));
    const refused = await send('driver', 'POST', `/api/school/transport/trips/${routeId}/afternoon/start`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(M.vehicleRoadworthyExpired('GP 123-456'));
    const trips = await send('driver', 'GET', '/api/school/transport/trips');
    expect(trips.json().trips[1]).toMatchObject({ status: 'not_started', roadworthy: 'expired' });
  });

  it('shows another school nothing', async () => {
    expect((await send('outsider', 'GET', `/api/school/transport/routes/${routeId}`)).statusCode).toBe(404);
    expect((await send('outsider', 'GET', '/api/school/transport')).json()).toMatchObject({ routes: [], vehicles: [] });
    expect((await send('outsider', 'GET', '/api/school/transport/trips')).json().trips).toEqual([]);
    expect((await send('outsider', 'POST', `/api/school/transport/trips/${routeId}/morning/start`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await send('outsider', 'PUT', `/api/school/transport/vehicles/${busId}`, {
          registration: 'GP 123-456',
          capacity: 40,
          roadworthyExpiresOn: addDays(today, 100),
        })
      ).statusCode,
    ).toBe(404);
    expect((await send('outsider', 'GET', '/api/school/transport/learners?q=Mokoena')).json().learners).toEqual([]);
    expect((await send('admin', 'GET', '/api/school/transport/learners?q=Mokoena')).json().learners).toHaveLength(6);
  });
});
