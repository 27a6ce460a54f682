import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { bookings } from '../../platform/db/schema/bookings.ts';
import { ledgerJournals } from '../../platform/db/schema/ledger.ts';
import { outboxMessages } from '../../platform/db/schema/index.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { balanceOf, findUnbalancedJournals } from '../ledger/index.ts';
import { createSeller } from '../../test/factories/marketplace.ts';
import { expireHolds } from './book.ts';
import { sendReminders } from './manage.ts';
import { at, bookingRequests, workingDay } from './test-fixtures.ts';

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 8 * 60, endMinute: 17 * 60 }));

describe('bookings: services, availability, holds, payment, cancellation, the database refusing double booking (API)', () => {
  let t: TestApp;
  let tutor: Awaited<ReturnType<typeof createSeller>>;
  let consultant: Awaited<ReturnType<typeof createSeller>>;
  let vendor: Awaited<ReturnType<typeof createSeller>>;
  let r: ReturnType<typeof bookingRequests>;
  const ids = { maths: '', group: '', session: '', advice: '' };
  // Three different working days: the bookings', a day off, and the group class's.
  const day = workingDay(3);
  const offDay = workingDay(1, day);
  const classDay = workingDay(1, offDay);

  const customer = async () => {
    const user = await createUser(t.database.db, { role: 'parent' });
    return { user, cookie: (await signIn(t.app, user.email, user.password)).cookie };
  };
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp();
    r = bookingRequests(t);
    tutor = await createSeller(t, { name: 'Thandi Maths Tutoring', partnerTypes: ['tutor'], tier: 'free' });
    consultant = await createSeller(t, { name: 'Karoo Career Advice', partnerTypes: ['consultant'], tier: 'standard' });
    vendor = await createSeller(t, { name: 'Only Stationery', partnerTypes: ['product_vendor'] });
  }, 600_000);
  afterAll(() => t.close());

  it('a tutor publishes a lesson, an online group class and weekly hours; the public sees no meeting link', async () => {
    let res = await r.send('PUT', '/api/bookings/own/availability', tutor.cookie, {
      openOnPublicHolidays: false,
      weekly: EVERY_DAY,
      exceptions: [
        { date: offDay, kind: 'day_off', note: 'Moderation' },
        { date: day, kind: 'extra', startMinute: 18 * 60, endMinute: 19 * 60 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    res = await r.send('POST', '/api/bookings/own/services', tutor.cookie, {
      title: 'Mathematics lesson (Grade 10–12)',
      category: 'tutoring',
      durationMinutes: 60,
      priceCents: 35_000,
      online: true,
      meetingUrl: 'https://meet.example.test/thandi-maths',
      noticeHours: 24,
    });
    expect(res.statusCode, res.body).toBe(201);
    ids.maths = res.json().service.id;
    res = await r.send('POST', '/api/bookings/own/services', tutor.cookie, {
      title: 'Grade 12 Maths revision class',
      kind: 'group',
      seatLimit: 3,
      durationMinutes: 120,
      priceCents: 15_000,
      online: true,
      meetingUrl: 'https://meet.example.test/revision',
    });
    expect(res.statusCode, res.body).toBe(201);
    ids.group = res.json().service.id;
    res = await r.send('POST', `/api/bookings/own/services/${ids.group}/sessions`, tutor.cookie, {
      startsAt: at(classDay, '18:00'),
    });
    expect(res.statusCode, res.body).toBe(201);
    ids.session = res.json().service.sessions[0].id;
    // A second session over the first: the database refuses the overlap.
    res = await r.send('POST', `/api/bookings/own/services/${ids.group}/sessions`, tutor.cookie, {
      startsAt: at(classDay, '19:00'),
    });
    expect(res.statusCode).toBe(409);

    const page = await r.send('GET', `/api/bookings/services/${ids.maths}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().service).toMatchObject({
      title: 'Mathematics lesson (Grade 10–12)',
      priceCents: 35_000,
      online: true,
    });
    expect(page.body).not.toContain('meet.example.test');
    const group = await r.send('GET', `/api/bookings/services/${ids.group}/slots?days=14`);
    expect(group.body).not.toContain('meet.example.test');
    expect(group.json().sessions).toEqual([expect.objectContaining({ id: ids.session, seatsLeft: 3 })]);
    const listed = await r.send('GET', `/api/bookings/providers/${await slugOf(tutor.organizationId)}/services`);
    expect(
      listed
        .json()
        .services.map((s: { id: string }) => s.id)
        .sort(),
    ).toEqual([ids.maths, ids.group].sort());
    expect(listed.body).not.toContain('meet.example.test');
  });

  async function slugOf(organizationId: string) {
    const rows = await db().execute(sql`select slug from organizations where id = ${organizationId}`);
    return ((rows as unknown as { rows: { slug: string }[] }).rows ?? (rows as unknown as { slug: string }[]))[0]!.slug;
  }

  it('offers hourly slots in the weekly hours and extra hours, not on days off or public holidays', async () => {
    const res = await r.send('GET', `/api/bookings/services/${ids.maths}/slots?days=31`);
    expect(res.statusCode).toBe(200);
    const { slots, daysOff } = res.json() as {
      slots: { startsAt: string }[];
      daysOff: { date: string; reason: string }[];
    };
    const on = (date: string) => slots.filter((s) => s.startsAt.startsWith(date)).length;
    // 08:00–17:00 is nine lessons (UTC 06:00–15:00), and 18:00–19:00 extra on the first day.
    expect(on(day)).toBe(10);
    expect(slots.some((s) => s.startsAt === new Date(at(day, '08:00')).toISOString())).toBe(true);
    expect(on(offDay)).toBe(0);
    expect(daysOff).toContainEqual({ date: offDay, reason: 'Day off' });
    // Day of Reconciliation (16 December) is off by default.
    const holiday = daysOff.find((d) => d.reason === 'Day of Reconciliation');
    if (holiday) expect(on(holiday.date)).toBe(0);
  });

  it('many parallel requests for one slot: exactly one holds it, the rest are told it was just booked', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, customer));
    const answers = await Promise.all(
      people.map((p) =>
        r.send('POST', `/api/bookings/services/${ids.maths}/book`, p.cookie, { startsAt: at(day, '09:00') }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(
      answers.filter((a) => a.statusCode === 409).every((a) => a.json().error.message.includes('just been booked')),
    ).toBe(true);
    const active = await db()
      .select()
      .from(bookings)
      .where(and(eq(bookings.serviceId, ids.maths), inArray(bookings.status, ['held', 'confirmed'])));
    expect(active).toHaveLength(1);
    // A held slot is not offered.
    const slots = (await r.send('GET', `/api/bookings/services/${ids.maths}/slots?days=7`)).json().slots;
    expect(slots.map((s: { startsAt: string }) => s.startsAt)).not.toContain(new Date(at(day, '09:00')).toISOString());
  });

  it('N + k parallel requests for N seats: exactly N seats are taken, numbered 1..N', async () => {
    const people = await Promise.all(Array.from({ length: 7 }, customer));
    const answers = await Promise.all(
      people.map((p) =>
        r.send('POST', `/api/bookings/services/${ids.group}/book`, p.cookie, { sessionId: ids.session }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    expect(
      answers.filter((a) => a.statusCode === 409).every((a) => a.json().error.message === 'Sorry, that class is full.'),
    ).toBe(true);
    const seats = await db()
      .select({ seat: bookings.seatNumber })
      .from(bookings)
      .where(eq(bookings.sessionId, ids.session));
    expect(seats.map((s) => s.seat).sort()).toEqual([1, 2, 3]);
  });

  it('a parent books, pays through the checkout, sees the join link and the .ics, and is mailed; money is in the ledger once, at the tutor’s 8 %', async () => {
    const parent = await customer();
    let res = await r.send('POST', `/api/bookings/services/${ids.maths}/book`, parent.cookie, {
      startsAt: at(day, '10:00'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { bookingId, orderId, redirect } = res.json();
    expect(redirect.url).toContain(orderId);
    let mine = (await r.send('GET', '/api/bookings/mine', parent.cookie)).json().bookings;
    expect(mine[0]).toMatchObject({ id: bookingId, status: 'held', joinUrl: null });
    expect((await r.send('GET', `/api/bookings/mine/${bookingId}/calendar.ics`, parent.cookie)).statusCode).toBe(404);

    const order = await r.pay(orderId);
    expect(order.amountCents).toBe(37_380); // R350 + 6.8 %
    await r.pay(orderId).catch(() => undefined); // a duplicate notification changes nothing
    mine = (await r.send('GET', '/api/bookings/mine', parent.cookie)).json().bookings;
    expect(mine[0]).toMatchObject({ status: 'confirmed', joinUrl: 'https://meet.example.test/thandi-maths' });
    const ics = await r.send('GET', `/api/bookings/mine/${bookingId}/calendar.ics`, parent.cookie);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain(
      `DTSTART:${new Date(at(day, '10:00')).toISOString().replace(/[-:]/g, '').replace('.000', '')}`,
    );
    expect(ics.body).toContain('BEGIN:VEVENT');
    const mails = await db().select().from(outboxMessages).where(eq(outboxMessages.tag, 'booking-confirmed'));
    const mail = mails.find((m) => m.to === parent.user.email.toLowerCase());
    expect(mail?.text).toContain(`/api/bookings/mine/${bookingId}/calendar.ics`);
    expect(mail?.text).toContain('10:00');

    const journals = await db().select().from(ledgerJournals).where(eq(ledgerJournals.reference, order.reference));
    expect(journals.map((j) => j.kind).sort()).toEqual(['commission', 'fee', 'payment']);
    expect(await findUnbalancedJournals(db())).toEqual([]);
    // R350 owed to the tutor less 8 % (R28).
    expect(await balanceOf(db(), 'organization_payable', tutor.organizationId)).toBe(32_200);
    expect(await balanceOf(db(), 'commission_revenue')).toBe(2_800);
    expect(await balanceOf(db(), 'processing_fee_revenue')).toBe(2_380);

    // The provider sees the booking with the customer and its state.
    const own = (await r.send('GET', '/api/bookings/own/bookings', tutor.cookie)).json().bookings;
    expect(own.find((b: { id: string }) => b.id === bookingId)).toMatchObject({
      status: 'confirmed',
      customerEmail: parent.user.email,
      customerName: expect.stringMatching(/\S/),
    });

    // Rescheduling to a free time keeps the payment; to a taken time the database refuses.
    res = await r.send('POST', `/api/bookings/mine/${bookingId}/reschedule`, parent.cookie, {
      startsAt: at(day, '11:00'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking.startsAt).toBe(new Date(at(day, '11:00')).toISOString());
    res = await r.send('POST', `/api/bookings/mine/${bookingId}/reschedule`, parent.cookie, {
      startsAt: at(day, '09:00'),
    });
    expect(res.statusCode).toBe(409);

    // Cancelled before the notice period: refunded in full, once.
    res = await r.send('POST', `/api/bookings/mine/${bookingId}/cancel`, parent.cookie, { reason: 'Exam moved' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking).toMatchObject({ status: 'cancelled', refundedCents: 35_000, joinUrl: null });
    res = await r.send('POST', `/api/bookings/mine/${bookingId}/cancel`, parent.cookie, { reason: 'again' });
    expect(res.statusCode).toBe(409);
    const refunds = await db().select().from(ledgerJournals).where(eq(ledgerJournals.kind, 'refund'));
    expect(refunds).toHaveLength(1);
    expect(await findUnbalancedJournals(db())).toEqual([]);
    expect(await balanceOf(db(), 'organization_payable', tutor.organizationId)).toBe(0);
    expect(await balanceOf(db(), 'commission_revenue')).toBe(0);
    expect(await balanceOf(db(), 'processing_fee_revenue')).toBe(0);
    // The time is free again.
    const slots = (await r.send('GET', `/api/bookings/services/${ids.maths}/slots?days=7`)).json().slots;
    expect(slots.map((s: { startsAt: string }) => s.startsAt)).toContain(new Date(at(day, '11:00')).toISOString());
  });

  it('a consultant’s booking takes the seller’s tier (standard 10 %); the provider cancels with a full refund', async () => {
    await r.send('PUT', '/api/bookings/own/availability', consultant.cookie, { weekly: EVERY_DAY });
    let res = await r.send('POST', '/api/bookings/own/services', consultant.cookie, {
      title: 'Subject choice consultation',
      category: 'consulting',
      durationMinutes: 45,
      priceCents: 50_000,
      location: 'Beaufort West library',
    });
    ids.advice = res.json().service.id;
    const parent = await customer();
    res = await r.send('POST', `/api/bookings/services/${ids.advice}/book`, parent.cookie, {
      startsAt: at(day, '08:45'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { bookingId, orderId } = res.json();
    await r.pay(orderId);
    expect(await balanceOf(db(), 'organization_payable', consultant.organizationId)).toBe(45_000);
    // Not another provider's to cancel, nor the tutor's to see.
    expect((await r.send('POST', `/api/bookings/own/bookings/${bookingId}/cancel`, tutor.cookie, {})).statusCode).toBe(
      404,
    );
    res = await r.send('POST', `/api/bookings/own/bookings/${bookingId}/cancel`, consultant.cookie, { reason: 'Ill' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking).toMatchObject({ status: 'cancelled', refundedCents: 50_000, cancelledBy: 'provider' });
    expect(await balanceOf(db(), 'organization_payable', consultant.organizationId)).toBe(0);
    expect(await findUnbalancedJournals(db())).toEqual([]);
  });

  it('an abandoned checkout frees the slot: cancelled at the gateway (the released hook) or expired after 15 minutes (the job)', async () => {
    const parent = await customer();
    let res = await r.send('POST', `/api/bookings/services/${ids.maths}/book`, parent.cookie, {
      startsAt: at(day, '13:00'),
    });
    const first = res.json();
    res = await r.send('POST', '/api/payments/sandbox/cancel', parent.cookie, { orderId: first.orderId });
    expect(res.statusCode, res.body).toBe(200);
    const [released] = await db().select().from(bookings).where(eq(bookings.id, first.bookingId));
    expect(released!.status).toBe('expired');

    res = await r.send('POST', `/api/bookings/services/${ids.maths}/book`, parent.cookie, {
      startsAt: at(day, '13:00'),
    });
    expect(res.statusCode).toBe(201);
    const second = res.json();
    expect(await expireHolds(db())).toBe(0);
    expect(await expireHolds(db(), new Date(Date.now() + 16 * 60_000))).toBeGreaterThanOrEqual(1);
    // Someone else takes the freed time; the first payment then arrives late and is refunded at once.
    const other = await customer();
    res = await r.send('POST', `/api/bookings/services/${ids.maths}/book`, other.cookie, {
      startsAt: at(day, '13:00'),
    });
    expect(res.statusCode).toBe(201);
    await r.pay(second.orderId);
    const [late] = await db().select().from(bookings).where(eq(bookings.id, second.bookingId));
    expect(late).toMatchObject({ status: 'cancelled', cancelledBy: 'system', refundedCents: 35_000 });
    expect(await findUnbalancedJournals(db())).toEqual([]);
  });

  it('refuses changes within the notice period, and reminds a day before, once', async () => {
    const parent = await customer();
    const soon = new Date(Date.now() + 20 * 3_600_000);
    const [row] = await db()
      .insert(bookings)
      .values({
        reference: 'BK-SOONTEST1',
        organizationId: tutor.organizationId,
        serviceId: ids.maths,
        customerUserId: parent.user.id,
        startsAt: soon,
        endsAt: new Date(soon.getTime() + 3_600_000),
        status: 'confirmed',
        priceCents: 35_000,
        commissionBps: 800,
        commissionCents: 2_800,
      })
      .returning();
    const res = await r.send('POST', `/api/bookings/mine/${row!.id}/cancel`, parent.cookie, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('24 hours');
    const deps = { mailer: t.app.deps.mailer, publicUrl: t.app.deps.config.publicUrl };
    expect(await sendReminders(db(), deps)).toBeGreaterThanOrEqual(1);
    expect(await sendReminders(db(), deps)).toBe(0);
    const reminders = await db().select().from(outboxMessages).where(eq(outboxMessages.tag, 'booking-reminder'));
    expect(reminders.filter((m) => m.to === parent.user.email.toLowerCase())).toHaveLength(1);
  });

  it('keeps each person to their own: another customer’s booking is 404; only bookable partners manage services', async () => {
    const owner = await customer();
    const stranger = await customer();
    const res = await r.send('POST', `/api/bookings/services/${ids.maths}/book`, owner.cookie, {
      startsAt: at(day, '15:00'),
    });
    const { bookingId } = res.json();
    expect((await r.send('GET', `/api/bookings/mine/${bookingId}/calendar.ics`, stranger.cookie)).statusCode).toBe(404);
    expect((await r.send('POST', `/api/bookings/mine/${bookingId}/cancel`, stranger.cookie, {})).statusCode).toBe(404);
    expect((await r.send('GET', '/api/bookings/mine', stranger.cookie)).json().bookings).toEqual([]);
    // A product-only seller, a parent and nobody.
    expect((await r.send('GET', '/api/bookings/own/services', vendor.cookie)).statusCode).toBe(403);
    expect((await r.send('GET', '/api/bookings/own/services', stranger.cookie)).statusCode).toBe(403);
    expect((await r.send('GET', '/api/bookings/own/services')).statusCode).toBe(401);
    expect(
      (await r.send('POST', `/api/bookings/services/${ids.maths}/book`, undefined, { startsAt: at(day, '16:00') }))
        .statusCode,
    ).toBe(401);
    // Another provider's service is not theirs to change.
    expect(
      (
        await r.send('PUT', `/api/bookings/own/services/${ids.maths}`, consultant.cookie, {
          title: 'Mine now',
          durationMinutes: 60,
          priceCents: 100,
        })
      ).statusCode,
    ).toBe(404);
    // The tutor's list holds none of the consultant's bookings.
    const own = (await r.send('GET', '/api/bookings/own/bookings', tutor.cookie)).json().bookings;
    expect(own.every((b: { serviceId: string }) => b.serviceId !== ids.advice)).toBe(true);
  });

  it('lists each published service in the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.body).toContain(`/marketplace/services/${ids.maths}`);
    expect(res.body).toContain(`/marketplace/services/${ids.group}`);
  });
});
