import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { TEventInput } from '@sekolo/shared/schemas/events';
import { eventTicketOrders, eventTickets, events, notifications, paymentOrders } from '../../platform/db/schema/index.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import { createGuardian, createLearner } from '../../test/factories/school.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { balanceOf, findUnbalancedJournals } from '../ledger/index.ts';
import { creditOrder, failOrder } from '../payments/index.ts';
import { sendEventReminders } from './reminders.ts';
import { releaseExpiredHolds } from './tickets.ts';

/**
 * School events end to end through the API: the school publishes events for its audiences, each
 * member sees only theirs; free tickets are issued at once, paid ones through the checkout (D18:
 * the buyer pays the price + 6.8 %, the school is owed the price less 5 %); capacity never
 * oversells under concurrent purchases; signed tokens; the door's check-ins, first wins.
 */
describe('school events and tickets', () => {
  let t: TestApp;
  let admin: TCreatedUser;
  let parent8: TCreatedUser;
  let parent11: TCreatedUser;
  let learner11: TCreatedUser;
  let staff: TCreatedUser;
  let customer: TCreatedUser;
  let otherAdmin: TCreatedUser;
  const cookie: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const day = addDays(todayInSouthAfrica(), 20);
  let address = 1;

  const send = (who: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      remoteAddress: `10.56.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
      headers: who ? { cookie: cookie[who]! } : {},
      ...(payload ? { payload } : {}),
    });
  const event = (overrides: Partial<TEventInput> = {}): TEventInput => ({
    title: 'Heritage Day concert',
    description: 'Music and dance from every culture of our school.',
    place: 'School hall',
    startDate: day,
    startTime: '18:00',
    endDate: day,
    endTime: '20:30',
    capacity: 300,
    audience: 'school',
    grades: [],
    status: 'published',
    ticketTypes: [{ name: 'General', priceCents: 0, limit: null }],
    ...overrides,
  });
  const create = async (input: TEventInput, who = 'admin') => {
    const res = await send(who, 'POST', '/api/school/events', input);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().event;
  };
  const buy = (who: string, eventId: string, tickets: { ticketTypeId: string; holderName: string }[]) =>
    send(who, 'POST', `/api/events/${eventId}/tickets`, { tickets });
  const pay = (paymentOrderId: string) =>
    creditOrder(t.database.db, {
      orderId: paymentOrderId,
      provider: 'sandbox',
      providerTransactionId: `sbx_${paymentOrderId}`,
    });
  const orderRow = async (id: string) =>
    (await t.database.db.select().from(eventTicketOrders).where(eq(eventTicketOrders.id, id)))[0]!;
  let deviceScan = 0;
  const scan = (eventId: string, deviceId: string, value: string, scanId = `scan-${deviceId}-${deviceScan++}`) => ({
    eventId,
    deviceId,
    check: { value, scannedAt: new Date().toISOString(), scanId },
  });
  const checkIn = async (
    eventId: string,
    deviceId: string,
    checks: { value: string; scannedAt: string; scanId: string }[],
  ) => {
    const res = await send('admin', 'POST', `/api/school/events/${eventId}/check-ins`, { deviceId, checks });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results as {
      outcome: string;
      holder: string | null;
      ticketType: string | null;
      checkedInAt: string | null;
    }[];
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const school = { name: 'Rietvlei High School', type: 'school' as const, slug: 'rietvlei-high' };
    admin = await createUser(db, { role: 'school_admin', organization: school });
    parent8 = await createUser(db, { role: 'parent', firstName: 'Nomsa', lastName: 'Dlamini', organization: school });
    parent11 = await createUser(db, { role: 'parent', firstName: 'Pieter', lastName: 'van Wyk', organization: school });
    learner11 = await createUser(db, {
      role: 'student',
      firstName: 'Lwazi',
      lastName: 'Khumalo',
      organization: school,
    });
    staff = await createUser(db, { role: 'school_staff', organization: school });
    customer = await createUser(db, { role: 'customer', firstName: 'Thabo', lastName: 'Mokoena' });
    otherAdmin = await createUser(db, { role: 'school_admin', organization: { name: 'Other School', type: 'school' } });
    const org = admin.organizationId!;
    const child8 = await createLearner(db, org, { grade: 8, firstName: 'Ayanda' });
    await createGuardian(db, org, child8.id, { userId: parent8.id, email: parent8.email });
    const child11 = await createLearner(db, org, { grade: 11, firstName: 'Anke' });
    await createGuardian(db, org, child11.id, { userId: parent11.id, email: parent11.email });
    await createLearner(db, org, { grade: 11, userId: learner11.id });
    let ip = 1;
    for (const [key, user] of Object.entries({ admin, parent8, parent11, learner11, staff, customer, otherAdmin }))
      cookie[key] = (await signIn(t.app, user.email, user.password, { ip: `10.56.200.${ip++}` })).cookie;
  }, 300_000);
  afterAll(() => t.close());

  it('lets the school create events with ticket types and refuses bad input with clear messages', async () => {
    const concert = await create(event());
    ids.concert = concert.id;
    expect(concert).toMatchObject({
      title: 'Heritage Day concert',
      startDate: day,
      startTime: '18:00',
      endTime: '20:30',
      audience: 'school',
      status: 'published',
      capacity: 300,
      available: 300,
      sold: 0,
      publicPath: null,
    });
    expect(concert.startsAt).toBe(new Date(`${day}T16:00:00.000Z`).toISOString());

    const evening = await create(
      event({ title: 'Grade 8 parents’ evening', audience: 'grades', grades: ['8'], capacity: 120 }),
    );
    ids.grade8 = evening.id;
    const dance = await create(
      event({
        title: 'Matric dance',
        audience: 'grades',
        grades: ['12', '11'],
        capacity: 4,
        ticketTypes: [{ name: 'Couple', priceCents: 35_000, limit: 3 }],
      }),
    );
    ids.dance = dance.id;
    expect(dance.grades).toEqual(['11', '12']);
    expect(dance.ticketTypes[0]).toMatchObject({
      name: 'Couple',
      priceCents: 35_000,
      payCents: 37_380,
      limit: 3,
      available: 3,
    });
    const run = await create(
      event({
        title: 'Fun run',
        audience: 'public',
        place: 'Sports field',
        capacity: 500,
        ticketTypes: [
          { name: 'Adult', priceCents: 6_000, limit: null },
          { name: 'Child', priceCents: 3_000, limit: null },
        ],
      }),
    );
    ids.run = run.id;
    expect(run.publicPath).toBe(`/schools/rietvlei-high/events/${run.id}`);
    ids.draft = (await create(event({ title: 'Prize giving', status: 'draft' }))).id;

    const bad = await send('admin', 'POST', '/api/school/events', {
      ...event({ audience: 'grades', grades: [], endTime: '17:00' }),
      ticketTypes: [
        { name: 'Adult', priceCents: 100, limit: 400 },
        { name: 'adult', priceCents: 100, limit: null },
      ],
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().error.fields;
    expect(fields).toMatchObject({
      endTime: 'The event must end after it starts',
      grades: 'Choose at least one grade',
      'ticketTypes.1.name': 'Each ticket type needs its own name',
      'ticketTypes.0.limit': 'A ticket type’s limit cannot be more than the event’s capacity',
    });
  });

  it('shows each member only the events of their audience; drafts to nobody; the public only public events', async () => {
    const titles = async (who: string) => {
      const res = await send(who, 'GET', `/api/events/calendar?from=${addDays(day, -1)}&to=${addDays(day, 1)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .events.map((e: { title: string }) => e.title)
        .sort();
    };
    expect(await titles('parent8')).toEqual(['Fun run', 'Grade 8 parents’ evening', 'Heritage Day concert']);
    expect(await titles('parent11')).toEqual(['Fun run', 'Heritage Day concert', 'Matric dance']);
    expect(await titles('learner11')).toEqual(['Fun run', 'Heritage Day concert', 'Matric dance']);
    const all = ['Fun run', 'Grade 8 parents’ evening', 'Heritage Day concert', 'Matric dance'];
    expect(await titles('staff')).toEqual(all);
    expect(await titles('admin')).toEqual(all);
    expect(await titles('otherAdmin')).toEqual([]);
    expect((await send('customer', 'GET', `/api/events/calendar?from=${day}&to=${day}`)).statusCode).toBe(403);

    expect((await send('parent8', 'GET', `/api/events/calendar/${ids.dance}`)).statusCode).toBe(404);
    expect((await send('parent11', 'GET', `/api/events/calendar/${ids.dance}`)).statusCode).toBe(200);
    expect((await send('parent11', 'GET', `/api/events/calendar/${ids.draft}`)).statusCode).toBe(404);

    const publicList = await send(null, 'GET', '/api/events/schools/rietvlei-high');
    expect(publicList.json().events.map((e: { title: string }) => e.title)).toEqual(['Fun run']);
    expect((await send(null, 'GET', `/api/events/public/${ids.run}`)).statusCode).toBe(200);
    expect((await send(null, 'GET', `/api/events/public/${ids.concert}`)).statusCode).toBe(404);
    // Tickets for an event outside one's audience: as if it did not exist.
    const concert = (await send('admin', 'GET', '/api/school/events'))
      .json()
      .events.find((e: { id: string }) => e.id === ids.dance);
    expect(
      (await buy('parent8', ids.dance!, [{ ticketTypeId: concert.ticketTypes[0].id, holderName: 'Nomsa Dlamini' }]))
        .statusCode,
    ).toBe(404);
    expect(
      (await buy('customer', ids.concert!, [{ ticketTypeId: concert.ticketTypes[0].id, holderName: 'Thabo Mokoena' }]))
        .statusCode,
    ).toBe(404);
    // Another school's admin sees and changes nothing of this school.
    expect((await send('otherAdmin', 'GET', '/api/school/events')).json().events).toEqual([]);
    expect((await send('otherAdmin', 'PUT', `/api/school/events/${ids.concert}`, event())).statusCode).toBe(404);
    expect((await send('otherAdmin', 'GET', `/api/school/events/${ids.concert}/attendees`)).statusCode).toBe(404);
    expect((await send('otherAdmin', 'GET', `/api/school/events/${ids.concert}/door-list`)).statusCode).toBe(404);
  });

  it('issues free tickets at once with a QR code, mailed with the QR code as an image', async () => {
    const list = (await send('admin', 'GET', '/api/school/events')).json().events;
    const evening = list.find((e: { id: string }) => e.id === ids.grade8);
    const res = await buy('parent8', ids.grade8!, [
      { ticketTypeId: evening.ticketTypes[0].id, holderName: 'Nomsa Dlamini' },
      { ticketTypeId: evening.ticketTypes[0].id, holderName: 'Sizwe Dlamini' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { order, tickets, checkout } = res.json();
    expect(checkout).toBeNull();
    expect(order).toMatchObject({ status: 'confirmed', totalCents: 0, payCents: 0 });
    expect(tickets).toHaveLength(2);
    expect(tickets[0]).toMatchObject({ status: 'valid', ticketType: 'General' });
    expect(tickets[0].token).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{22}$/);
    expect(tickets[0].qrSvg).toContain('<svg');
    const mail = (await t.outbox(parent8.email)).find((m) =>
      m.subject.includes('Grade 8 parents’ evening: your tickets'),
    )!;
    expect(mail.html).toContain('<img src="data:image/png;base64,');
    expect(mail.text).toContain(tickets[0].code);
    const mine = (await send('parent8', 'GET', '/api/events/my-tickets')).json().tickets;
    expect(mine.map((x: { holderName: string }) => x.holderName).sort()).toEqual(['Nomsa Dlamini', 'Sizwe Dlamini']);
    expect((await send('parent11', 'GET', '/api/events/my-tickets')).json().tickets).toEqual([]);
  });

  it('reminds each ticket holder once, the day before the event, with its time and place', async () => {
    const [row] = await t.database.db.select().from(events).where(eq(events.id, ids.grade8!));
    const startsAt = row!.startsAt.getTime();
    const reminders = async (userId: string) =>
      t.database.db
        .select({ title: notifications.title, body: notifications.body, link: notifications.link })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'event')));
    // Three days before: too early.
    expect(await sendEventReminders(t.database.db, null, new Date(startsAt - 3 * 86_400_000))).toBe(0);
    // Two hours before, twice: the buyer of two tickets is told once; a parent without tickets is not.
    expect(await sendEventReminders(t.database.db, null, new Date(startsAt - 2 * 3_600_000))).toBe(1);
    expect(await sendEventReminders(t.database.db, null, new Date(startsAt - 3_600_000))).toBe(0);
    const told = await reminders(parent8.id);
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toMatch(/^Reminder: Grade 8 parents’ evening, \d{1,2} [A-Z][a-z]+ at 18:00$/);
    expect(told[0]!.body).toContain('is at School hall on');
    expect(told[0]!.link).toBe('/dashboard/tickets');
    expect(await reminders(parent11.id)).toEqual([]);
  });

  it('sells paid tickets through the checkout: the buyer pays the price + 6.8 %, the school is owed it less 5 %', async () => {
    const run = (await send('admin', 'GET', '/api/school/events'))
      .json()
      .events.find((e: { id: string }) => e.id === ids.run);
    const [adult, child] = run.ticketTypes;
    const res = await buy('customer', ids.run!, [
      { ticketTypeId: adult.id, holderName: 'Thabo Mokoena' },
      { ticketTypeId: child.id, holderName: 'Lebo Mokoena' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { order, tickets, checkout } = res.json();
    expect(order).toMatchObject({ status: 'awaiting_payment', totalCents: 9_000, payCents: 9_612 });
    expect(
      tickets.every((x: { status: string; token: string | null }) => x.status === 'held' && x.token === null),
    ).toBe(true);
    expect(checkout.redirect.url).toContain('/payments/sandbox/');
    const row = await orderRow(order.id);
    const [payment] = await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, row.paymentOrderId!));
    expect(payment!.amountCents).toBe(9_612);
    // Held seats count while the buyer pays.
    const during = (await send('admin', 'GET', '/api/school/events'))
      .json()
      .events.find((e: { id: string }) => e.id === ids.run);
    expect(during.available).toBe(498);
    expect(during.sold).toBe(0);

    expect((await pay(row.paymentOrderId!)).credited).toBe(true);
    expect((await orderRow(order.id)).status).toBe('confirmed');
    expect(await balanceOf(t.database.db, 'organization_payable', admin.organizationId!)).toBe(8_550);
    expect(await findUnbalancedJournals(t.database.db)).toEqual([]);
    const mine = (await send('customer', 'GET', '/api/events/my-tickets')).json().tickets;
    expect(mine).toHaveLength(2);
    expect(mine.every((x: { status: string; qrSvg: string | null }) => x.status === 'valid' && x.qrSvg)).toBe(true);
    const mail = (await t.outbox(customer.email)).find((m) => m.subject.startsWith('Fun run: your tickets'))!;
    expect(mail.html!.match(/<img src="data:image\/png;base64,/g)).toHaveLength(2);
    const after = (await send('admin', 'GET', '/api/school/events'))
      .json()
      .events.find((e: { id: string }) => e.id === ids.run);
    expect(after).toMatchObject({ sold: 2, revenueCents: 9_000, schoolReceivesCents: 8_550, available: 498 });
  });

  it('gives an unpaid order’s seats back: a failed payment at once, an abandoned one when its hold runs out', async () => {
    const dance = (await send('admin', 'GET', '/api/school/events'))
      .json()
      .events.find((e: { id: string }) => e.id === ids.dance);
    const couple = dance.ticketTypes[0].id;
    const first = (await buy('parent11', ids.dance!, [{ ticketTypeId: couple, holderName: 'Anke van Wyk' }])).json();
    await failOrder(t.database.db, (await orderRow(first.order.id)).paymentOrderId!);
    expect((await orderRow(first.order.id)).status).toBe('released');
    const second = (await buy('parent11', ids.dance!, [{ ticketTypeId: couple, holderName: 'Anke van Wyk' }])).json();
    const stillHeld = (await send('admin', 'GET', '/api/school/events'))
      .json()
      .events.find((e: { id: string }) => e.id === ids.dance);
    expect(stillHeld.ticketTypes[0].available).toBe(2);
    expect(await releaseExpiredHolds(t.database.db, new Date(Date.now() + 31 * 60_000))).toBe(1);
    const freed = (await send('admin', 'GET', '/api/school/events'))
      .json()
      .events.find((e: { id: string }) => e.id === ids.dance);
    expect(freed.ticketTypes[0].available).toBe(3);
    expect((await orderRow(second.order.id)).status).toBe('released');
  });

  it('never oversells: of concurrent purchases only as many as the limit get tickets', async () => {
    const dance = (await send('admin', 'GET', '/api/school/events'))
      .json()
      .events.find((e: { id: string }) => e.id === ids.dance);
    const couple = dance.ticketTypes[0].id;
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        buy(i % 2 ? 'parent11' : 'learner11', ids.dance!, [{ ticketTypeId: couple, holderName: `Guest Number${i}` }]),
      ),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    expect(responses.find((r) => r.statusCode === 409)!.json().error.message).toBe(
      'Sorry, there are not enough Couple tickets left. Choose fewer.',
    );
    const held = await t.database.db.select().from(eventTickets).where(eq(eventTickets.eventId, ids.dance!));
    expect(held.filter((x) => x.status === 'held')).toHaveLength(3);
  });

  it('verifies signed tokens at the door: valid once, then already used; tampered or typed codes', async () => {
    const mine = (await send('customer', 'GET', '/api/events/my-tickets')).json().tickets as {
      token: string;
      code: string;
      holderName: string;
    }[];
    const adult = mine.find((x) => x.holderName === 'Thabo Mokoena')!;
    const child = mine.find((x) => x.holderName === 'Lebo Mokoena')!;
    const door = await send('admin', 'GET', `/api/school/events/${ids.run}/door-list`);
    expect(door.statusCode).toBe(200);
    expect(door.json().tickets).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ token: adult.token, holder: 'Thabo M.', ticketType: 'Adult', checkedInAt: null }),
      ]),
    );
    const { check } = scan(ids.run!, 'phone-a-0001', adult.token);
    const [valid] = await checkIn(ids.run!, 'phone-a-0001', [check]);
    expect(valid).toMatchObject({ outcome: 'valid', holder: 'Thabo M.', ticketType: 'Adult' });
    // The same scan sent again (a retried sync) is the same check-in; a new scan is 'already used'.
    const [retried] = await checkIn(ids.run!, 'phone-a-0001', [check]);
    expect(retried!.outcome).toBe('valid');
    const [again] = await checkIn(ids.run!, 'phone-a-0001', [scan(ids.run!, 'phone-a-0001', adult.token).check]);
    expect(again).toMatchObject({ outcome: 'already_used', checkedInAt: valid!.checkedInAt });

    const last = adult.token.slice(-1) === 'A' ? 'B' : 'A';
    const tampered = `${adult.token.slice(0, -1)}${last}`;
    const otherId = `${child.token.split('.')[0]}.${adult.token.split('.')[1]}`;
    const results = await checkIn(ids.run!, 'phone-a-0001', [
      scan(ids.run!, 'phone-a-0001', tampered).check,
      scan(ids.run!, 'phone-a-0001', otherId).check,
      scan(ids.run!, 'phone-a-0001', 'not a ticket').check,
      scan(ids.run!, 'phone-a-0001', child.code.toLowerCase().replace('-', ' ')).check,
    ]);
    expect(results.map((r) => r.outcome)).toEqual(['invalid', 'invalid', 'invalid', 'valid']);
    // A valid ticket of another event is invalid at this door.
    const eveningTicket = (await send('parent8', 'GET', '/api/events/my-tickets')).json().tickets[0];
    expect(
      (await checkIn(ids.run!, 'phone-a-0001', [scan(ids.run!, 'phone-a-0001', eveningTicket.token).check]))[0]!
        .outcome,
    ).toBe('invalid');
  });

  it('syncs offline queues: a ticket checked in on two phones, the first to reach the server wins', async () => {
    const evening = (await send('parent8', 'GET', '/api/events/my-tickets')).json().tickets as {
      token: string;
      holderName: string;
    }[];
    const nomsa = evening.find((x) => x.holderName === 'Nomsa Dlamini')!;
    const sizwe = evening.find((x) => x.holderName === 'Sizwe Dlamini')!;
    // Both phones were offline and each admitted Nomsa; phone B also admitted Sizwe.
    const fromA = [scan(ids.grade8!, 'phone-a-0001', nomsa.token).check];
    const fromB = [
      scan(ids.grade8!, 'phone-b-0002', nomsa.token).check,
      scan(ids.grade8!, 'phone-b-0002', sizwe.token).check,
    ];
    const [a, b] = await Promise.all([
      checkIn(ids.grade8!, 'phone-a-0001', fromA),
      checkIn(ids.grade8!, 'phone-b-0002', fromB),
    ]);
    const nomsaOutcomes = [a[0]!.outcome, b[0]!.outcome].sort();
    expect(nomsaOutcomes).toEqual(['already_used', 'valid']);
    expect(b[1]!.outcome).toBe('valid');
    // Each phone syncing its queue again is told the same.
    expect((await checkIn(ids.grade8!, 'phone-a-0001', fromA))[0]!.outcome).toBe(a[0]!.outcome);
    expect((await checkIn(ids.grade8!, 'phone-b-0002', fromB)).map((r) => r.outcome)).toEqual(b.map((r) => r.outcome));
    const rows = await t.database.db.select().from(eventTickets).where(eq(eventTickets.eventId, ids.grade8!));
    expect(rows.filter((r) => r.checkedInAt)).toHaveLength(2);

    const figures = (await send('admin', 'GET', '/api/school/events'))
      .json()
      .events.find((e: { id: string }) => e.id === ids.grade8);
    expect(figures).toMatchObject({ sold: 2, checkedIn: 2 });
    const csv = await send('admin', 'GET', `/api/school/events/${ids.grade8}/attendees.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Ticket code,Name,Ticket type');
    expect(csv.body).toContain('Nomsa Dlamini');
  });

  it('cancelling an event refunds its paid tickets in full and tells the buyers', async () => {
    const run = (await send('admin', 'GET', '/api/school/events'))
      .json()
      .events.find((e: { id: string }) => e.id === ids.run);
    const payableBefore = await balanceOf(t.database.db, 'organization_payable', admin.organizationId!);
    const res = await send('admin', 'PUT', `/api/school/events/${ids.run}`, {
      ...event({ title: 'Fun run', audience: 'public', place: 'Sports field', capacity: 500, status: 'cancelled' }),
      ticketTypes: run.ticketTypes.map((x: { id: string; name: string; priceCents: number; limit: number | null }) => ({
        id: x.id,
        name: x.name,
        priceCents: x.priceCents,
        limit: x.limit,
      })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().event).toMatchObject({ status: 'cancelled', sold: 0 });
    expect(await balanceOf(t.database.db, 'organization_payable', admin.organizationId!)).toBe(payableBefore - 8_550);
    expect(await findUnbalancedJournals(t.database.db)).toEqual([]);
    expect((await t.outbox(customer.email)).map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Fun run: event cancelled/)]),
    );
    const mine = (await send('customer', 'GET', '/api/events/my-tickets')).json().tickets;
    expect(
      mine.every((x: { status: string; token: string | null }) => x.status === 'cancelled' && x.token === null),
    ).toBe(true);
    expect((await send('admin', 'PUT', `/api/school/events/${ids.run}`, event())).statusCode).toBe(409);
  });
});
