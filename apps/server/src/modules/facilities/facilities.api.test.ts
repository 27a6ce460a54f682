import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { TBookingRequest, TFacilityInput } from '@sekolo/shared/schemas/facilities';
import {
  auditEvents,
  facilityBookings,
  ledgerJournals,
  paymentOrders,
  schoolClosures,
  schoolTerms,
} from '../../platform/db/schema/index.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import {
  createLesson,
  createPeriod,
  createRegisterClass,
  createRoom,
  createSubjectClass,
} from '../../test/factories/school.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { balanceOf, findUnbalancedJournals } from '../ledger/index.ts';
import { creditOrder } from '../payments/index.ts';
import { expireHolds, remindBookers } from './bookings.ts';
import { isoWeekday } from './lib/time.ts';

/**
 * Facility rentals (D22) end to end through the API: a school lists its facilities, the public
 * sees their availability (the school's own use taken out) and books; the checkout pays the school
 * (D18: the booker pays the price + 6.8 %, the school is owed the price less 5 %); double booking is
 * refused by the database; approval, declines, cancellation refunds and expiring holds.
 */
describe('facility rentals', () => {
  let t: TestApp;
  let admin: TCreatedUser;
  let business: TCreatedUser;
  let customer: TCreatedUser;
  const cookie: Record<string, string> = {};
  let hallId: string;
  let fieldId: string;
  let roomId: string;
  /** A Tuesday at least two weeks ahead, in a term of the school's calendar. */
  let tuesday: string;
  let closureDay: string;

  const send = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: cookie[who]! }, ...(payload ? { payload } : {}) });
  const book = (who: string, request: Partial<TBookingRequest>) =>
    send(who, 'POST', '/api/facilities/bookings', { acceptRules: true, ...request });
  const bookingRow = async (id: string) =>
    (await t.database.db.select().from(facilityBookings).where(eq(facilityBookings.id, id)))[0]!;
  const pay = async (bookingId: string) => {
    const row = await bookingRow(bookingId);
    return creditOrder(t.database.db, {
      orderId: row.paymentOrderId!,
      provider: 'sandbox',
      providerTransactionId: `sbx_${row.paymentOrderId}`,
    });
  };
  const subjects = async (email: string) => (await t.outbox(email)).map((m) => m.subject);

  const HALL: TFacilityInput = {
    name: 'School Hall',
    kind: 'hall',
    description: 'Seats 400, with a stage and sound system.',
    capacity: 400,
    hourlyRateCents: 45_000,
    dailyRateCents: 320_000,
    rules: 'No alcohol. Leave the hall as you found it.',
    requiresApproval: true,
    cancellationNoticeHours: 48,
    openingHours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens: '07:00', closes: '22:00' })),
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    admin = await createUser(db, {
      role: 'school_admin',
      organization: { name: 'Rietvlei High School', type: 'school', slug: 'rietvlei-high' },
    });
    business = await createUser(db, {
      role: 'business_partner',
      organization: { name: 'Soweto Netball Club', type: 'business' },
    });
    customer = await createUser(db, { role: 'customer', firstName: 'Lerato', lastName: 'Dlamini' });
    let ip = 1;
    for (const [key, user] of Object.entries({ admin, business, customer }))
      cookie[key] = (await signIn(t.app, user.email, user.password, { ip: `10.47.0.${ip++}` })).cookie;

    tuesday = addDays(todayInSouthAfrica(), 14);
    while (isoWeekday(tuesday) !== 2) tuesday = addDays(tuesday, 1);
    closureDay = addDays(tuesday, 1);
    const year = Number(tuesday.slice(0, 4));
    const org = admin.organizationId!;
    await db.insert(schoolTerms).values([
      { organizationId: org, year, term: 1, startsOn: addDays(tuesday, -3), endsOn: addDays(tuesday, 3) },
      { organizationId: org, year, term: 2, startsOn: `${year}-01-01`, endsOn: `${year}-01-02` },
      { organizationId: org, year, term: 3, startsOn: `${year}-01-03`, endsOn: `${year}-01-04` },
      { organizationId: org, year, term: 4, startsOn: `${year}-01-05`, endsOn: `${year}-01-06` },
    ]);
    await db
      .insert(schoolClosures)
      .values({ organizationId: org, name: 'Staff development day', startsOn: closureDay, endsOn: closureDay });
    // Grade 11 has Life Orientation in the hall on Tuesdays, 08:00 to 09:00.
    const room = await createRoom(db, org, 'Hall');
    roomId = room.id;
    const period = await createPeriod(db, org, { name: 'Period 1', startsAt: '08:00', endsAt: '09:00' });
    const teacher = await createUser(db, {
      role: 'teacher',
      organization: { name: 'Rietvlei High School', type: 'school', slug: 'rietvlei-high' },
    });
    const klass = await createRegisterClass(db, org, '11A', 11);
    const subjectClass = await createSubjectClass(db, org, {
      subject: 'life_orientation',
      teacherUserId: teacher.id,
      registerClassId: klass.id,
    });
    await createLesson(db, org, subjectClass, { day: 2, periodId: period.id, roomId: room.id });
  }, 300_000);
  afterAll(() => t.close());

  it('lets the school list its facilities, link the hall to its timetable room and block dates', async () => {
    const hall = await send('admin', 'POST', '/api/school/facilities', { ...HALL, roomId });
    expect(hall.statusCode).toBe(201);
    hallId = hall.json().facility.id;
    expect(hall.json().facility).toMatchObject({ name: 'School Hall', roomName: 'Hall', requiresApproval: true });
    const field = await send('admin', 'POST', '/api/school/facilities', {
      ...HALL,
      name: 'Sports Field',
      kind: 'sports_field',
      hourlyRateCents: 30_000,
      dailyRateCents: null,
      requiresApproval: false,
      openingHours: [2, 6].map((day) => ({ day, opens: '06:00', closes: '18:00' })),
    });
    expect(field.statusCode).toBe(201);
    fieldId = field.json().facility.id;

    const again = await send('admin', 'POST', '/api/school/facilities', { ...HALL, name: 'school hall' });
    expect(again.statusCode).toBe(409);
    const noRate = await send('admin', 'POST', '/api/school/facilities', {
      ...HALL,
      name: 'Lab',
      hourlyRateCents: null,
      dailyRateCents: null,
    });
    expect(noRate.statusCode).toBe(400);
    expect(noRate.json().error.fields.hourlyRateCents).toBe('Give a rate per hour, per day or both');

    const blocked = await send('admin', 'POST', `/api/school/facilities/${hallId}/blocked-dates`, {
      startsOn: addDays(tuesday, 7),
      endsOn: addDays(tuesday, 7),
      reason: 'Matric farewell',
    });
    expect(blocked.statusCode).toBe(201);

    const list = await send('admin', 'GET', '/api/school/facilities');
    expect(list.json().facilities.map((f: { name: string }) => f.name)).toEqual(['School Hall', 'Sports Field']);
    expect(list.json().publicPath).toBe('/schools/rietvlei-high/facilities');
    expect(list.json().facilities[0].blockedDates).toHaveLength(1);
  });

  it('shows the public the facilities and their availability without the school’s own use', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/facilities/schools/rietvlei-high' });
    expect(page.statusCode).toBe(200);
    expect(page.json().school.name).toBe('Rietvlei High School');
    expect(page.json().facilities.map((f: { name: string }) => f.name)).toEqual(['School Hall', 'Sports Field']);

    const week = await t.app.inject({
      method: 'GET',
      url: `/api/facilities/${hallId}/availability?from=${tuesday}&days=8`,
    });
    const days = week.json().days as {
      date: string;
      opens: string | null;
      closedReason: string | null;
      busy: object[];
    }[];
    expect(days[0]).toMatchObject({
      date: tuesday,
      opens: '07:00',
      busy: [{ from: '08:00', to: '09:00', why: 'school' }],
    });
    expect(days[1]).toMatchObject({
      opens: null,
      closedReason: 'The school is closed that day (Staff development day)',
    });
    expect(days[7]!.closedReason).toBe('The school keeps the facility for itself that day: Matric farewell');
    // Outside the term the lesson does not take the hall.
    expect(days.find((d) => d.date === addDays(tuesday, 7))!.busy).toEqual([]);
  });

  it('refuses a slot the school uses, a closure, closed hours, the past, and a booking without the rules accepted', async () => {
    const cases: [Partial<TBookingRequest>, string][] = [
      [
        { facilityId: hallId, date: tuesday, unit: 'hour', startTime: '08:30', hours: 2 },
        'The school uses the facility for lessons at that time',
      ],
      [{ facilityId: hallId, date: closureDay, unit: 'day' }, 'The school is closed that day (Staff development day)'],
      [
        { facilityId: hallId, date: tuesday, unit: 'hour', startTime: '21:00', hours: 2 },
        'The facility is not open for all of that time',
      ],
      [
        { facilityId: fieldId, date: addDays(tuesday, 2), unit: 'hour', startTime: '10:00', hours: 1 },
        'The facility is not open on that day',
      ],
      [{ facilityId: fieldId, date: tuesday, unit: 'day' }, 'This facility is not rented by the day'],
      [
        { facilityId: hallId, date: addDays(todayInSouthAfrica(), -1), unit: 'day' },
        'Choose a time that has not passed',
      ],
    ];
    for (const [request, message] of cases) {
      const res = await book('customer', request);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const noRules = await book('customer', {
      facilityId: hallId,
      date: tuesday,
      unit: 'day',
      acceptRules: false as true,
    });
    expect(noRules.statusCode).toBe(400);
    expect(noRules.json().error.fields.acceptRules).toBe('Accept the facility’s rules to book it');
  });

  it('books and pays a field at once; the school is owed the price less 5 % and every journal balances', async () => {
    const res = await book('business', {
      facilityId: fieldId,
      date: tuesday,
      unit: 'hour',
      startTime: '14:00',
      hours: 2,
      purpose: 'Netball practice',
    });
    expect(res.statusCode).toBe(201);
    const { booking, checkout } = res.json();
    expect(booking).toMatchObject({
      status: 'awaiting_payment',
      priceCents: 60_000,
      payCents: 64_080,
      startTime: '14:00',
      endTime: '16:00',
      canPay: true,
    });
    expect(checkout.redirect.url).toContain('/payments/sandbox/');
    const [order] = await t.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, (await bookingRow(booking.id)).paymentOrderId!));
    expect(order!.amountCents).toBe(64_080);

    expect((await pay(booking.id)).credited).toBe(true);
    expect((await bookingRow(booking.id)).status).toBe('paid');
    expect(await balanceOf(t.database.db, 'organization_payable', admin.organizationId!)).toBe(57_000);
    expect(await findUnbalancedJournals(t.database.db)).toEqual([]);
    expect(await subjects(business.email)).toContain(`Sports Field: booking confirmed (${booking.reference})`);
    expect(await subjects(admin.email)).toContain(`Sports Field: booking paid (${booking.reference})`);

    const school = await send('admin', 'GET', '/api/school/facility-bookings');
    expect(school.json().bookings[0]).toMatchObject({
      reference: booking.reference,
      status: 'paid',
      booker: { email: business.email },
    });
    const mine = await send('business', 'GET', '/api/facilities/my-bookings');
    expect(mine.json().bookings.map((b: { reference: string }) => b.reference)).toEqual([booking.reference]);
    const taken = await t.app.inject({
      method: 'GET',
      url: `/api/facilities/${fieldId}/availability?from=${tuesday}&days=1`,
    });
    expect(taken.json().days[0].busy).toEqual([{ from: '14:00', to: '16:00', why: 'booked' }]);
  });

  it('lets exactly one of several requests for one slot win; the database refuses the others', async () => {
    const request = { facilityId: fieldId, date: tuesday, unit: 'hour' as const, startTime: '09:00', hours: 1 };
    const answers = await Promise.all(
      ['business', 'customer', 'business', 'customer', 'business'].map((who, i) =>
        book(who, { ...request, startTime: i % 2 ? '09:00' : '09:30' }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error.message).toBe(
      'Someone else has booked that time. Choose another.',
    );
    // Straight into the table, as the database sees it: still refused.
    const winner = answers.find((a) => a.statusCode === 201)!.json().booking;
    const row = await bookingRow(winner.id);
    await expect(
      t.database.db.insert(facilityBookings).values({ ...row, id: undefined, reference: 'FB-DIRECT01' }),
    ).rejects.toThrow();
  });

  it('holds a request for approval, mails both sides, then the booker pays an approved booking within its time', async () => {
    const res = await book('customer', {
      facilityId: hallId,
      date: tuesday,
      unit: 'hour',
      startTime: '18:00',
      hours: 3,
      purpose: 'Choir concert',
      attendees: 250,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().checkout).toBeNull();
    const booking = res.json().booking;
    expect(booking).toMatchObject({ status: 'pending_approval', priceCents: 135_000, canPay: false, canCancel: true });
    expect(await subjects(customer.email)).toContain(`School Hall: booking request sent (${booking.reference})`);
    expect(await subjects(admin.email)).toContain(`School Hall: new booking request (${booking.reference})`);
    // The request holds its slot.
    expect(
      (await book('business', { facilityId: hallId, date: tuesday, unit: 'hour', startTime: '19:00', hours: 1 }))
        .statusCode,
    ).toBe(409);
    // The booker cannot pay before approval.
    expect((await send('customer', 'POST', `/api/facilities/my-bookings/${booking.id}/pay`)).statusCode).toBe(409);

    const approved = await send('admin', 'POST', `/api/school/facility-bookings/${booking.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().booking).toMatchObject({ status: 'awaiting_payment', canPay: true });
    expect(await subjects(customer.email)).toContain(
      `School Hall: booking approved: please pay (${booking.reference})`,
    );
    expect((await send('admin', 'POST', `/api/school/facility-bookings/${booking.id}/approve`)).statusCode).toBe(409);

    const payNow = await send('customer', 'POST', `/api/facilities/my-bookings/${booking.id}/pay`);
    expect(payNow.statusCode).toBe(200);
    expect(payNow.json().checkout.redirect.url).toContain('/payments/sandbox/');
    const before = await balanceOf(t.database.db, 'organization_payable', admin.organizationId!);
    await pay(booking.id);
    expect((await bookingRow(booking.id)).status).toBe('paid');
    expect(await balanceOf(t.database.db, 'organization_payable', admin.organizationId!)).toBe(before + 128_250);
  });

  it('declines a request with a reason, which frees the slot', async () => {
    const res = await book('business', {
      facilityId: hallId,
      date: tuesday,
      unit: 'hour',
      startTime: '10:00',
      hours: 2,
    });
    const booking = res.json().booking;
    const noReason = await send('admin', 'POST', `/api/school/facility-bookings/${booking.id}/decline`, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    const declined = await send('admin', 'POST', `/api/school/facility-bookings/${booking.id}/decline`, {
      reason: 'The hall is being painted that week.',
    });
    expect(declined.json().booking).toMatchObject({
      status: 'declined',
      declineReason: 'The hall is being painted that week.',
    });
    const mail = (await t.outbox(business.email)).find((m) => m.subject.includes('booking declined'))!;
    expect(mail.text).toContain('The hall is being painted that week.');
    expect(
      (await book('customer', { facilityId: hallId, date: tuesday, unit: 'hour', startTime: '10:00', hours: 1 }))
        .statusCode,
    ).toBe(201);
  });

  it('refunds a paid booking cancelled before the notice period, and refuses one inside it', async () => {
    const res = await book('business', {
      facilityId: fieldId,
      date: addDays(tuesday, 4),
      unit: 'hour',
      startTime: '08:00',
      hours: 1,
    });
    const booking = res.json().booking;
    const payableBefore = await balanceOf(t.database.db, 'organization_payable', admin.organizationId!);
    await pay(booking.id);
    expect(await balanceOf(t.database.db, 'organization_payable', admin.organizationId!)).toBe(payableBefore + 28_500);
    const cancelled = await send('business', 'POST', `/api/facilities/my-bookings/${booking.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().booking).toMatchObject({ status: 'cancelled', refundedCents: 30_000, canCancel: false });
    expect(await balanceOf(t.database.db, 'organization_payable', admin.organizationId!)).toBe(payableBefore);
    const refunds = await t.database.db
      .select()
      .from(ledgerJournals)
      .where(and(eq(ledgerJournals.kind, 'refund'), eq(ledgerJournals.reference, `${booking.reference}-refund`)));
    expect(refunds).toHaveLength(1);
    expect(await findUnbalancedJournals(t.database.db)).toEqual([]);
    expect((await send('business', 'POST', `/api/facilities/my-bookings/${booking.id}/cancel`)).statusCode).toBe(409);

    // Inside the notice: a paid booking starting within 48 hours.
    const soon = await book('business', {
      facilityId: fieldId,
      date: addDays(tuesday, 4),
      unit: 'hour',
      startTime: '12:00',
      hours: 1,
    });
    await pay(soon.json().booking.id);
    await t.database.db
      .update(facilityBookings)
      .set({ startsAt: new Date(Date.now() + 24 * 3600_000), endsAt: new Date(Date.now() + 25 * 3600_000) })
      .where(eq(facilityBookings.id, soon.json().booking.id));
    const late = await send('business', 'POST', `/api/facilities/my-bookings/${soon.json().booking.id}/cancel`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      'Paid bookings can be cancelled with a refund up to 48 hours before the start. Please contact the school.',
    );
  });

  it('expires an unpaid hold, freeing its slot; a payment that arrives after someone took the slot is refunded', async () => {
    const request = {
      facilityId: fieldId,
      date: addDays(tuesday, 4),
      unit: 'hour' as const,
      startTime: '15:00',
      hours: 1,
    };
    const held = (await book('customer', request)).json().booking;
    expect(
      await expireHolds(
        t.database.db,
        { mailer: t.mailer, publicUrl: t.config.publicUrl },
        new Date(Date.now() + 31 * 60_000),
      ),
    ).toBeGreaterThanOrEqual(1);
    expect((await bookingRow(held.id)).status).toBe('expired');
    expect(await subjects(customer.email)).toContain(`Sports Field: booking expired (${held.reference})`);
    const other = await book('business', request);
    expect(other.statusCode).toBe(201);

    // The first booker's checkout completes late: the money goes back at once.
    const payableBefore = await balanceOf(t.database.db, 'organization_payable', admin.organizationId!);
    expect((await pay(held.id)).credited).toBe(true);
    expect(await bookingRow(held.id)).toMatchObject({ status: 'expired', refundedCents: 30_000 });
    expect(await balanceOf(t.database.db, 'organization_payable', admin.organizationId!)).toBe(payableBefore);
    expect(await findUnbalancedJournals(t.database.db)).toEqual([]);
  });

  it('reminds each paid booker once, the day before', async () => {
    const res = await book('customer', {
      facilityId: fieldId,
      date: addDays(tuesday, 4),
      unit: 'hour',
      startTime: '16:00',
      hours: 1,
    });
    const booking = res.json().booking;
    await pay(booking.id);
    const dayBefore = new Date(new Date(booking.startsAt).getTime() - 20 * 3600_000);
    expect(
      await remindBookers(t.database.db, { mailer: t.mailer, publicUrl: t.config.publicUrl }, dayBefore),
    ).toBeGreaterThanOrEqual(1);
    expect(await remindBookers(t.database.db, { mailer: t.mailer, publicUrl: t.config.publicUrl }, dayBefore)).toBe(0);
    const reminders = (await subjects(customer.email)).filter(
      (s) => s === `Sports Field: your booking is tomorrow (${booking.reference})`,
    );
    expect(reminders).toHaveLength(1);
  });

  it('lets the school cancel a paid booking with its reason: refunded in full once (D18 undone), the booker mailed, audited', async () => {
    const res = await book('customer', {
      facilityId: fieldId,
      date: addDays(tuesday, 4),
      unit: 'hour',
      startTime: '09:00',
      hours: 2,
    });
    const booking = res.json().booking;
    const payableBefore = await balanceOf(t.database.db, 'organization_payable', admin.organizationId!);
    await pay(booking.id);
    // R600 rent: the school is owed R570 (less 5 %).
    expect(await balanceOf(t.database.db, 'organization_payable', admin.organizationId!)).toBe(payableBefore + 57_000);
    let list = (await send('admin', 'GET', '/api/school/facility-bookings')).json().bookings;
    expect(list.find((b: { id: string }) => b.id === booking.id)).toMatchObject({
      status: 'paid',
      schoolCanCancel: true,
    });

    expect(
      (await send('admin', 'POST', `/api/school/facility-bookings/${booking.id}/cancel`, { reason: '' })).statusCode,
    ).toBe(400);
    const reason = 'A burst pipe flooded the change rooms; the field is closed.';
    const cancelled = await send('admin', 'POST', `/api/school/facility-bookings/${booking.id}/cancel`, { reason });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().booking).toMatchObject({
      status: 'cancelled',
      refundedCents: 60_000,
      cancelledBy: 'school',
      cancelReason: reason,
      schoolCanCancel: false,
      booker: { email: customer.email },
    });
    // Asked again: nothing more is refunded.
    expect(
      (await send('admin', 'POST', `/api/school/facility-bookings/${booking.id}/cancel`, { reason })).statusCode,
    ).toBe(409);
    expect(await balanceOf(t.database.db, 'organization_payable', admin.organizationId!)).toBe(payableBefore);
    const refunds = await t.database.db
      .select()
      .from(ledgerJournals)
      .where(and(eq(ledgerJournals.kind, 'refund'), eq(ledgerJournals.reference, `${booking.reference}-refund`)));
    expect(refunds).toHaveLength(1);
    expect(await findUnbalancedJournals(t.database.db)).toEqual([]);
    // The booker sees it and is told why, with the refund.
    const mine = (await send('customer', 'GET', '/api/facilities/my-bookings')).json().bookings;
    expect(mine.find((b: { id: string }) => b.id === booking.id)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'school',
      cancelReason: reason,
      refundedCents: 60_000,
    });
    const mails = (await t.outbox(customer.email)).filter(
      (m) => m.subject === `Sports Field: booking cancelled by the school (${booking.reference})`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(reason);
    expect(mails[0]!.text).toContain('R600,00');
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'facility_booking.cancelled_by_school'),
          eq(auditEvents.target, `facility_booking:${booking.id}`),
        ),
      );
    expect(audit).toMatchObject({ actorUserId: admin.id });
    // The slot is free again.
    const again = await book('business', {
      facilityId: fieldId,
      date: addDays(tuesday, 4),
      unit: 'hour',
      startTime: '09:00',
      hours: 1,
    });
    expect(again.statusCode, again.body).toBe(201);
    // An unpaid hold is cancelled without a refund.
    const unpaid = await send('admin', 'POST', `/api/school/facility-bookings/${again.json().booking.id}/cancel`, {
      reason: 'Field closed',
    });
    expect(unpaid.json().booking).toMatchObject({ status: 'cancelled', refundedCents: 0, cancelledBy: 'school' });
    list = (await send('admin', 'GET', '/api/school/facility-bookings')).json().bookings;
    expect(
      list.filter((b: { id: string; schoolCanCancel: boolean }) => b.id === booking.id && b.schoolCanCancel),
    ).toEqual([]);
  });

  it('shows a second school nothing of the first’s facilities or bookings', async () => {
    const other = await createUser(t.database.db, {
      role: 'school_admin',
      organization: { name: 'Other Primary', type: 'school' },
    });
    const otherCookie = (await signIn(t.app, other.email, other.password, { ip: '10.47.1.1' })).cookie;
    const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: otherCookie }, ...(payload ? { payload } : {}) });
    expect((await as('GET', '/api/school/facilities')).json().facilities).toEqual([]);
    expect((await as('GET', '/api/school/facility-bookings')).json().bookings).toEqual([]);
    const [pending] = await t.database.db
      .select()
      .from(facilityBookings)
      .where(and(eq(facilityBookings.status, 'paid'), eq(facilityBookings.bookerUserId, business.id)));
    expect((await as('POST', `/api/school/facility-bookings/${pending!.id}/approve`)).statusCode).toBe(404);
    expect(
      (await as('POST', `/api/school/facility-bookings/${pending!.id}/decline`, { reason: 'Not ours' })).statusCode,
    ).toBe(404);
    expect(
      (await as('POST', `/api/school/facility-bookings/${pending!.id}/cancel`, { reason: 'Not ours' })).statusCode,
    ).toBe(404);
    expect((await bookingRow(pending!.id)).status).toBe('paid');
    expect((await as('PUT', `/api/school/facilities/${hallId}`, HALL)).statusCode).toBe(404);
    expect(
      (await as('POST', `/api/school/facilities/${hallId}/blocked-dates`, { startsOn: tuesday, endsOn: tuesday }))
        .statusCode,
    ).toBe(404);
    // A booker sees only their own bookings, and cannot pay or cancel another's.
    expect((await send('customer', 'POST', `/api/facilities/my-bookings/${pending!.id}/cancel`)).statusCode).toBe(404);
  });
});
